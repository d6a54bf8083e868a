//! Exactness of the token counter against its oracles, on both encodings:
//!
//! - counts: `tiktoken-rs` (tiktoken's algorithm with tiktoken's patterns) on every file of
//!   the corpus, on property-generated text and on long runs; `bpe-openai` on runs too long for
//!   tiktoken's quadratic merge;
//! - pieces: the split patterns run by `fancy-regex` (the engine tiktoken-rs runs them with),
//!   on every Unicode scalar value in several contexts and on generated text.
//!
//! Invalid UTF-8 counts one token per byte between valid runs (as documented on
//! `Encoding::count`), so the oracle counts each valid run on its own and adds the bytes.
//! The corpus is `../shared/corpus` (`CTX_CORPUS` overrides it, e.g. from a git worktree).

use ctx::tokens::pretok::{self, Pattern};
use ctx::tokens::{Encoding, StreamCounter};
use proptest::prelude::*;
use std::sync::OnceLock;

const CL100K_PATTERN: &str = r"'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s";

const BOTH: [Encoding; 2] = [Encoding::O200k, Encoding::Cl100k];

fn pattern(encoding: Encoding) -> Pattern {
    if encoding == Encoding::O200k { Pattern::O200k } else { Pattern::Cl100k }
}

fn regex(encoding: Encoding) -> &'static fancy_regex::Regex {
    static O200K: OnceLock<fancy_regex::Regex> = OnceLock::new();
    static CL100K: OnceLock<fancy_regex::Regex> = OnceLock::new();
    let (cell, pat) = match encoding {
        Encoding::O200k => (&O200K, tiktoken_rs::O200K_BASE_PAT_STR),
        _ => (&CL100K, CL100K_PATTERN),
    };
    cell.get_or_init(|| fancy_regex::Regex::new(pat).expect("tiktoken's pattern"))
}

fn oracle_pieces(encoding: Encoding, text: &str) -> Vec<&str> {
    regex(encoding).find_iter(text).map(|m| m.expect("no backtrack limit").as_str()).collect()
}

fn oracle_count(encoding: Encoding, text: &[u8]) -> u64 {
    let bpe = match encoding {
        Encoding::O200k => tiktoken_rs::o200k_base_singleton(),
        _ => tiktoken_rs::cl100k_base_singleton(),
    };
    text.utf8_chunks().map(|c| (bpe.encode_ordinary(c.valid()).len() + c.invalid().len()) as u64).sum()
}

fn streamed(encoding: Encoding, text: &[u8], piece: usize) -> u64 {
    let mut c = StreamCounter::new(encoding, u64::MAX);
    for p in text.chunks(piece) {
        c.push(p);
    }
    c.finish().0
}

/// Every check on one text: pieces, count, streamed count, `fits` at the count and below it.
fn check(encoding: Encoding, text: &[u8], stream_piece: usize) -> Result<(), String> {
    for chunk in text.utf8_chunks() {
        let ours: Vec<&str> = pretok::split(pattern(encoding), chunk.valid()).collect();
        if ours != oracle_pieces(encoding, chunk.valid()) {
            return Err(format!("{encoding} pieces differ: {ours:?}"));
        }
    }
    let want = oracle_count(encoding, text);
    let got = (encoding.count(text), streamed(encoding, text, stream_piece));
    if got != (want, want) {
        return Err(format!("{encoding}: count, streamed {got:?}, oracle {want}"));
    }
    if !encoding.fits(text, want) || (want > 0 && encoding.fits(text, want - 1)) {
        return Err(format!("{encoding}: fits disagrees with {want}"));
    }
    Ok(())
}

fn corpus() -> std::path::PathBuf {
    std::env::var_os("CTX_CORPUS").unwrap_or_else(|| "../shared/corpus".into()).into()
}

fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e} (set CTX_CORPUS)", dir.display()));
    for entry in entries {
        let path = entry.expect("corpus entry").path();
        if path.is_dir() { files(&path, out) } else { out.push(path) }
    }
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn every_shared_corpus_file_counts_as_the_oracle() {
    let mut all = Vec::new();
    files(&corpus(), &mut all);
    all.sort();
    assert!(all.len() >= 9, "the corpus has {} files", all.len());
    for path in all {
        let bytes = std::fs::read(&path).expect("corpus file");
        for enc in BOTH {
            check(enc, &bytes, 4096).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
    }
}

/// Every scalar value, alone and beside letters, marks, digits, spaces, newlines, apostrophes
/// and punctuation: the class tables and the case-insensitive contractions agree with the
/// regex engine's Unicode tables.
#[test]
fn every_character_splits_as_the_regex() {
    let chars: Vec<char> = (0..=0x10ffff).filter_map(char::from_u32).collect();
    let contexts: [&dyn Fn(char) -> String; 6] = [
        &|c| c.to_string(),
        &|c| format!("A{c}a "),
        &|c| format!("'{c}x'{c}{c} "),
        &|c| format!(" {c}{c}\u{301}1{c}"),
        &|c| format!("\n{c}  {c}\r\n"),
        &|c| format!("!{c}Ǆ{c}ʰ/{c}"),
    ];
    for enc in BOTH {
        for make in contexts {
            // In slices, so that a failure names a small text.
            for group in chars.chunks(4096) {
                let text: String = group.iter().map(|&c| make(c)).collect();
                let ours: Vec<&str> = pretok::split(pattern(enc), &text).collect();
                let want = oracle_pieces(enc, &text);
                if ours != want {
                    let at = ours.iter().zip(&want).position(|(a, b)| a != b).unwrap_or(0);
                    panic!("{enc}: piece {at}: {:?} against {:?}", ours.get(at), want.get(at));
                }
            }
        }
    }
}

/// Long runs, where tiktoken's merge is quadratic: 100 KB checked against bpe-openai, 6 KB
/// against tiktoken-rs.
#[test]
fn long_runs_count_as_the_oracles() {
    let runs = [
        "a".repeat(100_000),
        "7".repeat(100_000),
        "x1".repeat(50_000),
        " ".repeat(100_000),
        "\n".repeat(100_000),
        "\r\n".repeat(50_000),
        "Ab".repeat(50_000),
        "日本".repeat(20_000),
        "é".repeat(50_000),
        "😀".repeat(25_000),
        "ab'".repeat(30_000),
        "=".repeat(100_000),
    ];
    for run in &runs {
        for enc in BOTH {
            let bpe = if enc == Encoding::O200k { bpe_openai::o200k_base() } else { bpe_openai::cl100k_base() };
            assert_eq!(enc.count(run.as_bytes()), bpe.count(run) as u64, "{enc} {:?}", &run[..8]);
            let mut end = 6_000;
            while !run.is_char_boundary(end) {
                end -= 1;
            }
            check(enc, &run.as_bytes()[..end], 1000).unwrap_or_else(|e| panic!("{:?}: {e}", &run[..8]));
        }
    }
}

fn piece() -> impl Strategy<Value = Vec<u8>> {
    let fixed = prop::sample::select(vec![
        "a",
        "The ",
        "quick",
        "HTTPServer",
        "ALLCAPS",
        "mIxEd",
        "日本語",
        "总结。",
        "한국어",
        "😀",
        "👨\u{200d}👩\u{200d}👧",
        "👍🏽",
        "🇳🇿",
        "\r\n",
        "\r",
        "\n",
        "\n\n",
        " ",
        "   ",
        "\t",
        "\t\t ",
        "é",
        "e\u{301}",
        "\u{301}\u{302}",
        "ǅ",
        "ʰ",
        "ـ",
        "//",
        "/",
        "}",
        "123456",
        "٣٤٥",
        "Ⅻ",
        "½",
        "'s",
        "'S",
        "'ſ",
        "'ll",
        "'LL",
        "'Re",
        "'ve",
        "'d",
        "'M",
        "'t",
        "'x",
        "'",
        "''",
        "  x",
        "\u{3000}",
        "\u{a0}",
        "\u{2028}",
        "\u{85}",
        "\u{b}",
        "\u{c}",
        "Ω",
        "-->",
        "\u{feff}",
        "…",
        "0x1F",
        "3.14",
        "user@host",
        "ﬁ",
        "İ",
        "ß",
        "Σσς",
    ])
    .prop_map(|s| s.as_bytes().to_vec());
    let invalid = prop::sample::select(vec![
        &b"\xff"[..],
        b"\xfe\xfe",
        b"\xc3",
        b"\xe6\x97",
        b"\xf0\x9f\x98",
        b"\xed\xa0\x80",
        b"\x80\x80\x80",
        b"\xc0\xaf",
    ])
    .prop_map(<[u8]>::to_vec);
    let any = any::<char>().prop_map(|c| c.to_string().into_bytes());
    let runs = (prop::sample::select(vec![" ", "\n", "7", "a", "\r\n", "\t", "Z"]), 1usize..300)
        .prop_map(|(s, n)| s.repeat(n).into_bytes());
    prop_oneof![6 => fixed, 1 => invalid, 2 => any, 1 => runs]
}

fn text() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(piece(), 0..120).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn generated_text_counts_as_the_oracle(t in text(), stream_piece in 1usize..64) {
        for enc in BOTH {
            if let Err(e) = check(enc, &t, stream_piece) {
                return Err(TestCaseError::fail(format!("{e} on {:?}", String::from_utf8_lossy(&t))));
            }
        }
    }
}
