//! Token counting: exact `o200k` and `cl100k` BPE counts, and the common `estimate` heuristic.
//!
//! The vocabularies are compiled into the binary as tables that are read in place (see
//! [`tables`] and `build.rs`): nothing is parsed or allocated before the first count, so an exact
//! count of a small input costs about what reading it costs. Pre-tokenization follows the two
//! encodings' split patterns by hand ([`pretok`]), and each piece is merged as tiktoken merges it
//! ([`bpe`]); the tests check every count against tiktoken (`tiktoken-rs`).
//!
//! Text is counted in pieces split after a newline that is followed by a character that is
//! neither whitespace nor `/`: no pre-tokenization piece of either encoding can span such a
//! point, so the per-piece counts add up to the exact count of the whole and big inputs can be
//! counted as a stream.

mod bpe;
mod hash;
pub mod pretok;
mod tables;

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

/// How tokens are counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Encoding {
    /// OpenAI `o200k_base` (GPT-4o, GPT-4.1, o-series, GPT-5), exact.
    #[default]
    O200k,
    /// OpenAI `cl100k_base` (GPT-3.5, GPT-4), exact.
    Cl100k,
    /// CJK characters × 1.5 + other characters ÷ 4, rounded up; no vocabulary needed.
    Estimate,
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Encoding::O200k => "o200k",
            Encoding::Cl100k => "cl100k",
            Encoding::Estimate => "estimate",
        })
    }
}

impl Encoding {
    /// Whether counts in this encoding are exact rather than estimated.
    pub fn is_exact(self) -> bool {
        self != Encoding::Estimate
    }

    fn tokenizer(self) -> Option<Tokenizer> {
        match self {
            Encoding::O200k => Some(Tokenizer { vocab: &tables::O200K, pattern: pretok::Pattern::O200k }),
            Encoding::Cl100k => Some(Tokenizer { vocab: &tables::CL100K, pattern: pretok::Pattern::Cl100k }),
            Encoding::Estimate => None,
        }
    }

    /// Counts the tokens of `text`. Bytes that are not valid UTF-8 count one token each,
    /// as byte-level BPE encodes them.
    pub fn count(self, text: &[u8]) -> u64 {
        if text.is_empty() {
            return 0;
        }
        let Some(tok) = self.tokenizer() else {
            return estimate(text);
        };
        // Most text is valid UTF-8: checked a word at a time, where `utf8_chunks` goes a byte
        // at a time (7 instructions a byte, a tenth of a small count).
        if let Ok(valid) = std::str::from_utf8(text) {
            return tok.split(valid).map(|p| self.piece_count(tok, p)).sum();
        }
        text.utf8_chunks()
            .map(|c| tok.split(c.valid()).map(|p| self.piece_count(tok, p)).sum::<u64>() + c.invalid().len() as u64)
            .sum()
    }

    /// Whether `text` holds at most `limit` tokens. Text no longer in bytes than the limit is
    /// never tokenized (a token is at least one byte); otherwise counting stops at the limit.
    pub fn fits(self, text: &[u8], limit: u64) -> bool {
        if text.len() as u64 <= limit {
            return true;
        }
        let Some(tok) = self.tokenizer() else {
            return estimate(text) <= limit;
        };
        let mut used = 0u64;
        for chunk in text.utf8_chunks() {
            for piece in tok.split(chunk.valid()) {
                used += self.piece_count(tok, piece);
                if used > limit {
                    return false;
                }
            }
            used += chunk.invalid().len() as u64;
            if used > limit {
                return false;
            }
        }
        true
    }
}

/// One exact encoding: its vocabulary and its split pattern.
#[derive(Clone, Copy)]
struct Tokenizer {
    vocab: &'static tables::Vocab,
    pattern: pretok::Pattern,
}

impl Tokenizer {
    fn split(self, text: &str) -> pretok::Pieces<'_> {
        pretok::split(self.pattern, text)
    }
}

/// Pieces up to this many bytes have their counts cached: most are common words.
const CACHED_PIECE: usize = 24;

/// The cache holds at most this many pieces, then starts afresh.
const CACHE_ENTRIES: usize = 1 << 16;

/// A fast hash for short byte strings (the cache's keys are not attacker-chosen in a way that
/// matters: a flood of collisions only slows counting down).
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            self.0 = (self.0.rotate_left(5) ^ hash::word_of(chunk)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type PieceCache = HashMap<Box<[u8]>, u32, BuildHasherDefault<Fx>>;

thread_local! {
    static PIECES: RefCell<[PieceCache; 2]> = RefCell::new(Default::default());
}

impl Encoding {
    /// The tokens of one pre-tokenization piece: one when it is a token (most are), else from
    /// the cache when it is short.
    fn piece_count(self, tok: Tokenizer, piece: &str) -> u64 {
        let bytes = piece.as_bytes();
        if bytes.len() <= 1 || tok.vocab.rank(bytes).is_some() {
            return bytes.len().min(1) as u64;
        }
        if bytes.len() > CACHED_PIECE {
            return bpe::count(tok.vocab, bytes) as u64;
        }
        PIECES.with(|caches| {
            let mut caches = caches.borrow_mut();
            let cache = &mut caches[usize::from(self == Encoding::Cl100k)];
            if let Some(&n) = cache.get(bytes) {
                return u64::from(n);
            }
            let n = bpe::count(tok.vocab, bytes) as u32;
            if cache.len() >= CACHE_ENTRIES {
                cache.clear();
            }
            cache.insert(bytes.into(), n);
            u64::from(n)
        })
    }

    /// The ends of the pre-tokenization pieces of `text` with the tokens counted up to each,
    /// for as long as the count stays within `limit`. Counts at a piece end that is also a
    /// split point (see [`is_split_point`]) are exact for the prefix on its own; elsewhere they
    /// may differ by a token or so from a recount.
    pub fn prefix_counts(self, text: &[u8], limit: u64) -> Vec<(usize, u64)> {
        let mut out = Vec::new();
        // Counted in quarter tokens, so that the estimate (which rounds the whole up) fits too.
        let (mut quarters, mut pos) = (0u64, 0usize);
        let tok = self.tokenizer();
        for chunk in text.utf8_chunks() {
            let valid = chunk.valid();
            let pieces: Box<dyn Iterator<Item = (usize, u64)>> = match tok {
                Some(t) => Box::new(t.split(valid).map(move |p| (p.len(), 4 * self.piece_count(t, p)))),
                None => Box::new(valid.chars().map(|c| (c.len_utf8(), if is_cjk(c) { 6 } else { 1 }))),
            };
            let invalid = if tok.is_some() { 4 } else { 1 };
            for (len, q) in pieces.chain(chunk.invalid().iter().map(|_| (1, invalid))) {
                let used = (quarters + q).div_ceil(4);
                if used > limit {
                    return out;
                }
                quarters += q;
                pos += len;
                out.push((pos, used));
            }
        }
        out
    }
}

/// The `estimate` heuristic: CJK characters count 1.5 tokens, other characters 0.25, rounded up.
pub fn estimate(text: &[u8]) -> u64 {
    let (mut cjk, mut other) = (0u64, 0u64);
    for chunk in text.utf8_chunks() {
        for c in chunk.valid().chars() {
            if is_cjk(c) { cjk += 1 } else { other += 1 }
        }
        other += chunk.invalid().len() as u64;
    }
    (cjk * 6 + other).div_ceil(4)
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x11FF | 0x2E80..=0x2FDF | 0x3000..=0x303F | 0x3040..=0x30FF | 0x3100..=0x31FF
        | 0x3200..=0x33FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xA960..=0xA97F | 0xAC00..=0xD7AF
        | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFFEF | 0x20000..=0x3FFFF)
}

/// Whether `i` is a point where counting may be split exactly: just after a `\n` that is
/// followed by a character that is neither whitespace nor `/` (see [`last_split_point`]).
pub fn is_split_point(text: &[u8], i: usize) -> bool {
    i > 0 && i < text.len() && text[i - 1] == b'\n' && starts_non_whitespace(&text[i..])
}

/// The end of the last point in `text` where counting may be split exactly: just after a `\n`
/// that is followed by a character that is neither whitespace nor `/`. Returns 0 when there is
/// none.
pub fn last_split_point(text: &[u8]) -> usize {
    let mut end = text.len();
    while let Some(i) = memchr::memrchr(b'\n', &text[..end]) {
        if is_split_point(text, i + 1) {
            return i + 1;
        }
        end = i;
    }
    0
}

fn starts_non_whitespace(rest: &[u8]) -> bool {
    let Some(&b) = rest.first() else { return false };
    if b.is_ascii() {
        // o200k's punctuation pieces run on over newlines and slashes (`[\r\n/]*`).
        return !b.is_ascii_whitespace() && b != 0x0B && b != b'/';
    }
    // A multi-byte character: decode it; an incomplete one is not a safe point.
    let len = match b {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => return true,
    };
    match rest.get(..len).map(std::str::from_utf8) {
        Some(Ok(s)) => s.chars().next().is_some_and(|c| !c.is_whitespace()),
        Some(Err(_)) => true,
        None => false,
    }
}

/// Counts tokens of a stream fed in arbitrary pieces, exactly, by tokenizing only up to safe
/// split points and carrying the rest. After `exact_limit` bytes it stops tokenizing and
/// extrapolates from the tokens-per-byte ratio seen so far, and says so.
#[derive(Debug)]
pub struct StreamCounter {
    encoding: Encoding,
    carry: Vec<u8>,
    tokens: u64,
    counted_bytes: u64,
    skipped_bytes: u64,
    exact_limit: u64,
}

/// Carry at most this much text without a split point before counting it anyway.
const MAX_CARRY: usize = 1 << 20;

impl StreamCounter {
    /// A counter that stays exact for the first `exact_limit` bytes.
    pub fn new(encoding: Encoding, exact_limit: u64) -> Self {
        StreamCounter { encoding, carry: Vec::new(), tokens: 0, counted_bytes: 0, skipped_bytes: 0, exact_limit }
    }

    /// Feeds the next piece of the stream.
    pub fn push(&mut self, bytes: &[u8]) {
        if self.counted_bytes >= self.exact_limit {
            self.skipped_bytes += bytes.len() as u64;
            return;
        }
        // Fed a slice at a time, so that text without a split point is counted in parts of
        // about MAX_CARRY, which keeps the merge of one long piece small in memory.
        if bytes.len() > MAX_CARRY / 4 {
            bytes.chunks(MAX_CARRY / 4).for_each(|slice| self.push(slice));
            return;
        }
        self.carry.extend_from_slice(bytes);
        let split = last_split_point(&self.carry);
        let split = if split == 0 && self.carry.len() > MAX_CARRY { self.carry.len() } else { split };
        if split > 0 {
            self.tokens += self.encoding.count(&self.carry[..split]);
            self.counted_bytes += split as u64;
            self.carry.drain(..split);
        }
    }

    /// The count, and whether it is an estimate.
    pub fn finish(mut self) -> (u64, bool) {
        let carry = std::mem::take(&mut self.carry);
        self.tokens += self.encoding.count(&carry);
        self.counted_bytes += carry.len() as u64;
        if self.skipped_bytes == 0 {
            return (self.tokens, !self.encoding.is_exact());
        }
        let ratio = self.tokens as f64 / self.counted_bytes.max(1) as f64;
        let extra = (ratio * self.skipped_bytes as f64).round() as u64;
        (self.tokens + extra, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_counts() {
        assert_eq!(Encoding::O200k.count(b"Hello, world!"), 4);
        assert_eq!(Encoding::Cl100k.count(b"Hello, world!"), 4);
        assert_eq!(Encoding::O200k.count(b""), 0);
    }

    #[test]
    fn estimate_weights_cjk() {
        assert_eq!(estimate("abcd".as_bytes()), 1);
        assert_eq!(estimate("abcde".as_bytes()), 2);
        assert_eq!(estimate("总结".as_bytes()), 3);
    }

    #[test]
    fn invalid_bytes_count_one_each() {
        assert_eq!(Encoding::O200k.count(b"\xff\xfe"), 2);
    }

    #[test]
    fn fits_agrees_with_count() {
        let text = "The quick brown fox jumps over the lazy dog. ".repeat(20);
        let n = Encoding::O200k.count(text.as_bytes());
        assert!(Encoding::O200k.fits(text.as_bytes(), n));
        assert!(!Encoding::O200k.fits(text.as_bytes(), n - 1));
    }

    #[test]
    fn split_points_skip_whitespace_after_newline() {
        assert_eq!(last_split_point(b"a\n b\nc"), 5);
        assert_eq!(last_split_point(b"a\nb\n c"), 2);
        assert_eq!(last_split_point("a\n\u{3000}b".as_bytes()), 0);
        assert_eq!(last_split_point(b"abc\n"), 0);
        assert_eq!(last_split_point(b"}\n//x"), 0);
    }

    #[test]
    fn stream_count_is_exact_in_any_pieces() {
        let text = "fn main() {\n    println!(\"hi\");\n}\n\n// 总结: done\nend  \n\n  x\n".repeat(50);
        let whole = Encoding::O200k.count(text.as_bytes());
        for step in [1, 3, 7, 64, 1000] {
            let mut c = StreamCounter::new(Encoding::O200k, u64::MAX);
            for piece in text.as_bytes().chunks(step) {
                c.push(piece);
            }
            assert_eq!(c.finish(), (whole, false), "pieces of {step}");
        }
    }

    #[test]
    fn prefix_counts_are_exact_at_split_points() {
        let text = "fn a() {}\n// note: x\n  indented line\nplain 日本語 line\n/slash start\nend\n".repeat(20);
        let b = text.as_bytes();
        for enc in [Encoding::O200k, Encoding::Cl100k, Encoding::Estimate] {
            let counts = enc.prefix_counts(b, 10_000);
            assert_eq!(counts.last().map(|c| c.0), Some(b.len()));
            for &(end, n) in counts.iter().filter(|(e, _)| is_split_point(b, *e)) {
                assert_eq!(n, enc.count(&b[..end]), "{enc} at {end}");
            }
            let limited = enc.prefix_counts(b, 50);
            assert!(limited.last().is_some_and(|&(_, n)| n <= 50));
        }
    }

    #[test]
    fn stream_count_extrapolates_past_limit() {
        let text = "word\n".repeat(1000);
        let mut c = StreamCounter::new(Encoding::O200k, 100);
        for piece in text.as_bytes().chunks(50) {
            c.push(piece);
        }
        let (_, estimated) = c.finish();
        assert!(estimated);
    }
}
