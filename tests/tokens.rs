//! Token counts agree with tiktoken (through `tiktoken-rs`, the test oracle) on generated
//! multi-byte text and on the real corpus, for both encodings, whole and streamed.

use ctx::tokens::{Encoding, StreamCounter};
use proptest::prelude::*;

fn oracle(encoding: Encoding, text: &str) -> u64 {
    let bpe = match encoding {
        Encoding::O200k => tiktoken_rs::o200k_base_singleton(),
        _ => tiktoken_rs::cl100k_base_singleton(),
    };
    bpe.encode_ordinary(text).len() as u64
}

fn streamed(encoding: Encoding, text: &[u8], piece: usize) -> u64 {
    let mut c = StreamCounter::new(encoding, u64::MAX);
    for p in text.chunks(piece) {
        c.push(p);
    }
    c.finish().0
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn shared_corpus_counts_match_tiktoken() {
    let dir = std::path::PathBuf::from(std::env::var_os("CTX_CORPUS").unwrap_or_else(|| "../shared/corpus".into()));
    for file in [
        "outputs/npm.sh.raw",
        "outputs/clippy-CHANGELOG.md",
        "outputs/pytest-reportingdemo.rst",
        "outputs/paginate-issues.raw-fixture.json",
        "outputs/wikipedia-new-zealand.source.html",
        "transcripts/claude-code/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl",
    ] {
        let bytes = std::fs::read(dir.join(file)).expect("corpus file");
        let text = std::str::from_utf8(&bytes).expect("corpus is UTF-8");
        for enc in [Encoding::O200k, Encoding::Cl100k] {
            let want = oracle(enc, text);
            assert_eq!(enc.count(&bytes), want, "{file} {enc}");
            assert_eq!(streamed(enc, &bytes, 4096), want, "{file} {enc} streamed");
        }
    }
}

#[test]
fn numbers_example_matches_tiktoken() {
    let text: String = (1..=1000).map(|i| format!("{i}\n")).collect();
    assert_eq!(Encoding::O200k.count(text.as_bytes()), oracle(Encoding::O200k, &text));
    assert_eq!(Encoding::O200k.count(b"Hello, world!\n"), oracle(Encoding::O200k, "Hello, world!\n"));
}

fn text() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "a",
        "The ",
        "quick",
        "日本語",
        "总结。",
        "😀",
        "👨\u{200d}👩\u{200d}👧",
        "\r\n",
        "\n",
        "\n\n",
        " ",
        "   ",
        "\t",
        "é",
        "e\u{301}",
        "//",
        "/",
        "}",
        "123456",
        "'s",
        "  x",
        "\u{3000}",
        "\u{a0}",
        "Ω",
        "-->",
        "\u{feff}",
    ]);
    prop::collection::vec(pieces, 0..200).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn counts_agree_with_the_oracle(t in text(), piece in 1usize..40) {
        for enc in [Encoding::O200k, Encoding::Cl100k] {
            let want = oracle(enc, &t);
            prop_assert_eq!(enc.count(t.as_bytes()), want);
            prop_assert_eq!(streamed(enc, t.as_bytes(), piece), want);
            prop_assert!(enc.fits(t.as_bytes(), want));
            if want > 0 {
                prop_assert!(!enc.fits(t.as_bytes(), want - 1));
            }
        }
    }
}
