//! Test helpers shared by the unit tests of several modules.

use proptest::prelude::prop;
use proptest::strategy::Strategy;

/// Text built from pieces that stress cuts: CJK, emoji, ZWJ sequences, combining marks, CRLF,
/// blank lines, and the marker words of logs and summaries.
pub fn multibyte_text() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "a",
        "word ",
        "日本語",
        "总结。",
        "😀",
        "👨\u{200d}👩\u{200d}👧",
        "\r\n",
        "\n",
        "\n\n",
        " ",
        "e\u{301}",
        "é",
        "Hello. ",
        "error: bad\n",
        "  indented\n",
        "/",
        "1234567",
        "!",
    ]);
    prop::collection::vec(pieces, 0..300).prop_map(|v| v.concat())
}
