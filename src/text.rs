//! Units and sizes (bytes, chars, lines, tokens), budgets over them, and the one cut helper
//! that every tool uses to take a prefix or a suffix of text within a budget.
//!
//! Definitions, used everywhere: a *byte* is a byte; a *char* is a Unicode scalar value (in
//! invalid UTF-8, every byte that is not a continuation byte counts as one); a *line* is a run
//! of bytes ended by `\n`, plus a final unterminated run if there is one (so `a\nb` and
//! `a\nb\n` are both two lines); a *token* is a token of the chosen [`Encoding`].

use crate::tokens::Encoding;
use serde::Serialize;

/// Whether `b` continues a UTF-8 sequence (and so is not the start of a char).
pub fn is_continuation(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// Counts chars: bytes that are not UTF-8 continuation bytes. Additive over any split.
pub fn count_chars(text: &[u8]) -> u64 {
    (text.len() as u64) - count_continuations(text)
}

/// Counts UTF-8 continuation bytes (`10xxxxxx`) eight at a time in a `u64`, each byte lane
/// summing at most 255 rounds before the lanes are added up.
fn count_continuations(text: &[u8]) -> u64 {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const PAIRS: u64 = 0x00FF_00FF_00FF_00FF;
    let lanes_sum = |acc: u64| ((acc & PAIRS) + ((acc >> 8) & PAIRS)).wrapping_mul(0x0001_0001_0001_0001) >> 48;
    let (mut total, mut acc, mut rounds) = (0u64, 0u64, 0u32);
    let mut words = text.chunks_exact(8);
    for w in &mut words {
        let x = u64::from_le_bytes(w.try_into().unwrap_or([0; 8]));
        acc += (x >> 7) & !(x >> 6) & LOW;
        rounds += 1;
        if rounds == 255 {
            total += lanes_sum(acc);
            (acc, rounds) = (0, 0);
        }
    }
    total += lanes_sum(acc);
    total + words.remainder().iter().map(|&b| u64::from(is_continuation(b))).sum::<u64>()
}

/// Counts `\n` bytes.
pub fn count_newlines(text: &[u8]) -> u64 {
    memchr::memchr_iter(b'\n', text).count() as u64
}

/// Counts lines: newlines, plus one for a final line without one.
pub fn count_lines(text: &[u8]) -> u64 {
    count_newlines(text) + u64::from(text.last().is_some_and(|&b| b != b'\n'))
}

/// Moves `i` back to the start of the char it falls in. Never moves more than three bytes, so
/// runs of stray continuation bytes in invalid input are still cut somewhere.
pub fn floor_char_boundary(text: &[u8], mut i: usize) -> usize {
    i = i.min(text.len());
    let lowest = i.saturating_sub(3);
    while i > lowest && i < text.len() && is_continuation(text[i]) {
        i -= 1;
    }
    i
}

/// Moves `i` forward to the start of the next char (or the end).
pub fn ceil_char_boundary(text: &[u8], mut i: usize) -> usize {
    let highest = (i + 3).min(text.len());
    while i < highest && is_continuation(text[i]) {
        i += 1;
    }
    i.min(text.len())
}

/// The size of a text in every unit. `tokens` is present when it was counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Size {
    /// Bytes.
    pub bytes: u64,
    /// Unicode scalar values.
    pub chars: u64,
    /// Lines, as defined in this module.
    pub lines: u64,
    /// Tokens of the chosen encoding, when counted.
    pub tokens: Option<u64>,
    /// Whether `tokens` is an estimate rather than an exact count.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub tokens_estimated: bool,
}

impl Size {
    /// Measures `text`, counting tokens with `encoding` when given.
    pub fn of(text: &[u8], encoding: Option<Encoding>) -> Size {
        Size {
            bytes: text.len() as u64,
            chars: count_chars(text),
            lines: count_lines(text),
            tokens: encoding.map(|e| e.count(text)),
            tokens_estimated: encoding.is_some_and(|e| !e.is_exact()),
        }
    }
}

impl std::ops::Add for Size {
    type Output = Size;

    /// The size of two texts together (tokens summed where either was counted, which is an
    /// estimate at most a token or so off at the seam).
    fn add(self, o: Size) -> Size {
        Size {
            bytes: self.bytes + o.bytes,
            chars: self.chars + o.chars,
            lines: self.lines + o.lines,
            tokens: match (self.tokens, o.tokens) {
                (None, None) => None,
                (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
            },
            tokens_estimated: self.tokens_estimated || o.tokens_estimated,
        }
    }
}

/// Limits that a text must keep, in any combination of units; all given limits must hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// At most this many bytes.
    pub bytes: Option<u64>,
    /// At most this many chars.
    pub chars: Option<u64>,
    /// At most this many lines.
    pub lines: Option<u64>,
    /// At most this many tokens.
    pub tokens: Option<u64>,
}

/// The longest token of either encoding is under this many bytes, so a text of at most N tokens
/// is at most N × this long.
pub const MAX_TOKEN_BYTES: u64 = 256;

impl Budget {
    /// Whether no limit is set.
    pub fn is_unlimited(&self) -> bool {
        *self == Budget::default()
    }

    /// Whether `text` keeps every limit. Tokens are counted only when the bytes do not already
    /// prove the token limit, and only up to the limit.
    pub fn fits(&self, text: &[u8], encoding: Encoding) -> bool {
        let len = text.len() as u64;
        self.bytes.is_none_or(|b| len <= b)
            && self.chars.is_none_or(|c| len <= c || count_chars(text) <= c)
            && self.lines.is_none_or(|l| len <= l || count_lines(text) <= l)
            && self.tokens.is_none_or(|t| encoding.fits(text, t))
    }

    /// An upper bound on the bytes of any text that fits, if the budget bounds bytes at all.
    pub fn max_bytes(&self) -> Option<u64> {
        [self.bytes, self.chars.map(|c| c.saturating_mul(4)), self.tokens.map(|t| t.saturating_mul(MAX_TOKEN_BYTES))]
            .into_iter()
            .flatten()
            .min()
    }

    /// This budget less `size` in every unit, or `None` when `size` does not fit. Tokens are
    /// subtracted only when counted.
    pub fn minus(&self, size: &Size) -> Option<Budget> {
        let sub = |limit: Option<u64>, used: u64| match limit {
            None => Some(None),
            Some(l) => l.checked_sub(used).map(Some),
        };
        Some(Budget {
            bytes: sub(self.bytes, size.bytes)?,
            chars: sub(self.chars, size.chars)?,
            lines: sub(self.lines, size.lines)?,
            tokens: sub(self.tokens, size.tokens.unwrap_or(0))?,
        })
    }

    /// This budget scaled by `ratio` (0 to 1) in every unit, rounded down.
    pub fn scale(&self, ratio: f64) -> Budget {
        let f = |l: Option<u64>| l.map(|v| (v as f64 * ratio).floor() as u64);
        Budget { bytes: f(self.bytes), chars: f(self.chars), lines: f(self.lines), tokens: f(self.tokens) }
    }
}

/// Where cuts may fall.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Cut {
    /// On line boundaries; a char cut only when whole lines would keep less than half of what
    /// the budget allows (a single over-long line).
    #[default]
    Lines,
    /// On any char boundary.
    Chars,
}

/// The end of the longest prefix of `text` that fits `budget`: on a char boundary always, on a
/// line boundary when `cut` is [`Cut::Lines`] and whole lines keep at least half of it.
pub fn cut_prefix(text: &[u8], budget: &Budget, encoding: Encoding, cut: Cut) -> usize {
    let mut hi = text.len();
    if let Some(b) = budget.bytes {
        hi = hi.min(usize::try_from(b).unwrap_or(usize::MAX));
    }
    if let Some(c) = budget.chars {
        hi = hi.min(nth_char_start(text, c));
    }
    if let Some(l) = budget.lines.filter(|&l| l < text.len() as u64) {
        let after = usize::try_from(l).ok().and_then(|l| l.checked_sub(1));
        let nl = after.and_then(|n| memchr::memchr_iter(b'\n', text).nth(n));
        hi = hi.min(nl.map_or(if l == 0 { 0 } else { text.len() }, |i| i + 1));
    }
    let mut end = floor_char_boundary(text, hi);
    if let Some(t) = budget.tokens.filter(|&t| !encoding.fits(&text[..end], t)) {
        end = search_largest(end, |p| encoding.fits(&text[..floor_char_boundary(text, p)], t));
        end = floor_char_boundary(text, end);
    }
    if cut == Cut::Lines
        && end < text.len()
        && end > 0
        && text[end - 1] != b'\n'
        && let Some(nl) = memchr::memrchr(b'\n', &text[..end]).filter(|&i| i + 1 >= end / 2)
    {
        end = nl + 1;
    }
    end
}

/// The start of the longest suffix of `text` that fits `budget`, with the same rules as
/// [`cut_prefix`] mirrored.
pub fn cut_suffix(text: &[u8], budget: &Budget, encoding: Encoding, cut: Cut) -> usize {
    let len = text.len();
    let mut lo = 0usize;
    if let Some(b) = budget.bytes {
        lo = lo.max(len.saturating_sub(usize::try_from(b).unwrap_or(usize::MAX)));
    }
    if let Some(c) = budget.chars {
        lo = lo.max(nth_char_start_from_end(text, c));
    }
    if let Some(l) = budget.lines {
        lo = lo.max(nth_line_start_from_end(text, l));
    }
    let mut start = ceil_char_boundary(text, lo);
    if let Some(t) = budget.tokens.filter(|&t| !encoding.fits(&text[start..], t)) {
        let from = start;
        let keep = search_largest(len - from, |k| encoding.fits(&text[ceil_char_boundary(text, len - k)..], t));
        start = ceil_char_boundary(text, len - keep);
    }
    if cut == Cut::Lines && start > 0 && start < len && text[start - 1] != b'\n' {
        let kept = len - start;
        if let Some(nl) = memchr::memchr(b'\n', &text[start..]).filter(|&i| kept - i > kept / 2) {
            start += nl + 1;
        }
    }
    start
}

/// The largest `p` in `0..=hi` for which `ok(p)` holds, assuming `ok` holds for 0 and is
/// monotone (true up to some point). Binary search: O(log hi) calls.
fn search_largest(hi: usize, ok: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (0usize, hi);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if ok(mid) { lo = mid } else { hi = mid - 1 }
    }
    lo
}

/// The byte index where char number `n` (0-based) starts, or the length if there are fewer.
pub fn nth_char_start(text: &[u8], n: u64) -> usize {
    if n >= text.len() as u64 {
        return text.len();
    }
    // Skip whole blocks by counting them (vectorized), then walk the block that holds it.
    let (mut seen, mut base) = (0u64, 0usize);
    for block in text.chunks(4096) {
        let chars = count_chars(block);
        if seen + chars > n {
            break;
        }
        seen += chars;
        base += block.len();
    }
    for (i, &b) in text[base..].iter().enumerate() {
        if !is_continuation(b) {
            if seen == n {
                return base + i;
            }
            seen += 1;
        }
    }
    text.len()
}

/// The byte index where the last `n` chars start (0 if there are fewer).
fn nth_char_start_from_end(text: &[u8], n: u64) -> usize {
    if n == 0 {
        return text.len();
    }
    if n > text.len() as u64 {
        return 0;
    }
    // Skip whole blocks from the end by counting them (vectorized), then walk the block that
    // holds it: a long text under a budget that holds most of it is not walked byte by byte.
    let (mut seen, mut end) = (0u64, text.len());
    for block in text.rchunks(4096) {
        let chars = count_chars(block);
        if seen + chars >= n {
            break;
        }
        seen += chars;
        end -= block.len();
    }
    for (i, &b) in text[..end].iter().enumerate().rev() {
        if !is_continuation(b) {
            seen += 1;
            if seen == n {
                return i;
            }
        }
    }
    0
}

/// The byte index where the last `n` lines start (0 if there are fewer).
fn nth_line_start_from_end(text: &[u8], n: u64) -> usize {
    if n == 0 {
        return text.len();
    }
    let body = match text.last() {
        Some(b'\n') => &text[..text.len() - 1],
        _ => text,
    };
    let skip = usize::try_from(n - 1).unwrap_or(usize::MAX);
    memchr::memrchr_iter(b'\n', body).nth(skip).map_or(0, |i| i + 1)
}

/// Formats a number with thousands separators: `12345` → `12,345`.
pub fn group_digits(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// Size of the buffer reads go through.
const READ_BUFFER: usize = 256 << 10;

/// Reads `reader` to the end, handing each piece to `f`.
pub fn read_chunks(
    mut reader: impl std::io::Read,
    name: &str,
    mut f: impl FnMut(&[u8]) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let mut buf = vec![0u8; READ_BUFFER];
    loop {
        match reader.read(&mut buf) {
            Ok(0) => return Ok(()),
            Ok(n) => f(&buf[..n])?,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(anyhow::Error::new(e).context(format!("cannot read '{name}'"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(n: u64) -> Budget {
        Budget { chars: Some(n), ..Budget::default() }
    }

    #[test]
    fn counts() {
        let mixed = "aé日😀\u{301}".repeat(700);
        assert_eq!(count_chars(mixed.as_bytes()), mixed.chars().count() as u64);
        assert_eq!(count_chars(&[0x80; 3000]), 0);
        assert_eq!(count_lines(b""), 0);
        assert_eq!(count_lines(b"a"), 1);
        assert_eq!(count_lines(b"a\n"), 1);
        assert_eq!(count_lines(b"a\nb"), 2);
        assert_eq!(count_chars("日本a".as_bytes()), 3);
    }

    #[test]
    fn prefix_prefers_lines() {
        let t = b"aaaa\nbbbb\ncccc\n";
        assert_eq!(cut_prefix(t, &chars(12), Encoding::Estimate, Cut::Lines), 10);
        assert_eq!(cut_prefix(t, &chars(12), Encoding::Estimate, Cut::Chars), 12);
        // One over-long line: a char cut.
        assert_eq!(cut_prefix(b"abcdefghij\n", &chars(4), Encoding::Estimate, Cut::Lines), 4);
    }

    #[test]
    fn prefix_never_splits_a_char() {
        let t = "ab日本".as_bytes();
        let b = Budget { bytes: Some(4), ..Budget::default() };
        assert_eq!(cut_prefix(t, &b, Encoding::Estimate, Cut::Chars), 2);
    }

    #[test]
    fn suffix_prefers_lines() {
        let t = b"aaaa\nbbbb\ncccc\n";
        assert_eq!(cut_suffix(t, &chars(12), Encoding::Estimate, Cut::Lines), 5);
        assert_eq!(cut_suffix(t, &chars(7), Encoding::Estimate, Cut::Lines), 10);
        let l = Budget { lines: Some(2), ..Budget::default() };
        assert_eq!(cut_suffix(t, &l, Encoding::Estimate, Cut::Lines), 5);
        assert_eq!(cut_suffix(b"a\nb\nc", &l, Encoding::Estimate, Cut::Lines), 2);
    }

    /// The last `n` chars start where walking back over the chars says, whatever blocks of
    /// the text are skipped by counting: chars of 1 to 4 bytes across the 4,096-byte blocks.
    #[test]
    fn the_last_chars_start_where_a_walk_back_says() {
        let text: String = (0..3000).map(|i| ['a', 'é', '日', '🦀', '\n'][i % 5]).collect();
        let t = text.as_bytes();
        let starts: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
        for n in (0..=3001).step_by(7).chain([1, 2, 2999, 3000, 3001, 9000]) {
            let walked = match n {
                0 => t.len(),
                n if n > starts.len() => 0,
                n => starts[starts.len() - n],
            };
            assert_eq!(nth_char_start_from_end(t, n as u64), walked, "n = {n}");
        }
        assert_eq!(nth_char_start_from_end(b"", 3), 0);
        assert_eq!(nth_char_start_from_end(b"abc", 0), 3);
    }

    #[test]
    fn prefix_lines() {
        let l = Budget { lines: Some(2), ..Budget::default() };
        assert_eq!(cut_prefix(b"a\nb\nc\n", &l, Encoding::Estimate, Cut::Lines), 4);
    }

    #[test]
    fn token_prefix_fits() {
        let t = "one two three four five six seven\n".repeat(10);
        let b = Budget { tokens: Some(20), ..Budget::default() };
        let end = cut_prefix(t.as_bytes(), &b, Encoding::O200k, Cut::Chars);
        assert!(Encoding::O200k.count(&t.as_bytes()[..end]) <= 20);
        assert!(Encoding::O200k.count(&t.as_bytes()[..end + 1]) > 20);
    }

    #[test]
    fn digits() {
        assert_eq!(group_digits(0), "0");
        assert_eq!(group_digits(999), "999");
        assert_eq!(group_digits(1000), "1,000");
        assert_eq!(group_digits(4567890), "4,567,890");
    }
}

/// A unit of size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// Tokens of the chosen encoding.
    Tokens,
    /// Unicode scalar values.
    Chars,
    /// Bytes.
    Bytes,
    /// Lines.
    Lines,
}

impl Size {
    /// The size in one unit (tokens are 0 when not counted).
    pub fn get(&self, unit: Unit) -> u64 {
        match unit {
            Unit::Tokens => self.tokens.unwrap_or(0),
            Unit::Chars => self.chars,
            Unit::Bytes => self.bytes,
            Unit::Lines => self.lines,
        }
    }
}

/// Checks UTF-8 validity of a stream fed in arbitrary pieces.
#[derive(Debug, Default)]
pub struct Utf8Check {
    carry: Vec<u8>,
    invalid: bool,
}

impl Utf8Check {
    /// Feeds the next piece.
    pub fn push(&mut self, bytes: &[u8]) {
        if self.invalid {
            return;
        }
        let joined;
        let data = if self.carry.is_empty() {
            bytes
        } else {
            joined = [std::mem::take(&mut self.carry).as_slice(), bytes].concat();
            &joined[..]
        };
        match std::str::from_utf8(data) {
            Ok(_) => {}
            Err(e) if e.error_len().is_none() => self.carry = data[e.valid_up_to()..].to_vec(),
            Err(_) => self.invalid = true,
        }
    }

    /// Whether everything fed was valid UTF-8.
    pub fn finish(self) -> bool {
        !self.invalid && self.carry.is_empty()
    }
}
