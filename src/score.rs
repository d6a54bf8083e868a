//! Chunk scoring and selection: a weighted sum of position, discourse markers and entity
//! density, plus BM25 relevance to a query when one is given; then selection of the best
//! chunks, kept in their original order.

use crate::chunk;
use crate::text::{self, Budget, Size};
use crate::tokens::Encoding;
use crate::truncate::{Gap, Marker, MarkerContext, render_marker};
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};
use serde::Serialize;

/// Conclusion and key-finding markers of prose. Whether a line of a log matters (an error, a
/// failure, a warning) is [`crate::signals`]' to say.
pub const MARKERS: &[&str] = &[
    "总结",
    "结论",
    "关键",
    "重要",
    "要点",
    "综上所述",
    "实验表明",
    "结果表明",
    "主要发现",
    "核心",
    "概括",
    "in summary",
    "in conclusion",
    "to summarize",
    "to conclude",
    "in short",
    "overall",
    "key",
    "important",
    "importantly",
    "crucial",
    "critical",
    "essential",
    "significant",
    "significantly",
    "notably",
    "results show",
    "results suggest",
    "we found",
    "we find",
    "we show",
    "findings",
    "therefore",
    "thus",
    "hence",
    "as a result",
    "consequently",
    "conclusion",
    "takeaway",
    "tl;dr",
    "note that",
];

/// The weights of the three components.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Of the position score.
    pub position: f64,
    /// Of the discourse score.
    pub discourse: f64,
    /// Of the entity score.
    pub entity: f64,
}

impl Default for Weights {
    fn default() -> Self {
        Weights { position: 0.5, discourse: 0.3, entity: 0.2 }
    }
}

impl std::str::FromStr for Weights {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let parts: Vec<&str> = s.split(',').map(str::trim).collect();
        let nums: Vec<f64> =
            parts.iter().filter_map(|p| p.parse::<f64>().ok()).filter(|n| n.is_finite() && *n >= 0.0).collect();
        match nums.as_slice() {
            [p, d, e] if parts.len() == 3 => Ok(Weights { position: *p, discourse: *d, entity: *e }),
            _ => Err(format!("'{s}' is not three non-negative numbers P,D,E (such as 0.5,0.3,0.2)")),
        }
    }
}

/// A chunk's scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Scores {
    /// 1.0 in the first and last 20% of chunks, 0.25 in the middle.
    pub position: f64,
    /// From markers found: 1 − 0.5^hits.
    pub discourse: f64,
    /// Entities per word, ×4, at most 1.
    pub entity: f64,
    /// BM25 relevance to the query, divided by the best chunk's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub query: Option<f64>,
    /// The weighted sum.
    #[serde(skip)]
    pub total: f64,
}

/// Scores chunks. Built once (the marker automaton), used for every chunk.
#[derive(Debug)]
pub struct Scorer {
    markers: AhoCorasick,
    ascii: Vec<bool>,
    weights: Weights,
    query_weight: f64,
}

impl Scorer {
    /// A scorer with the built-in markers and `extra` ones.
    pub fn new(extra: &[String], weights: Weights, query_weight: f64) -> anyhow::Result<Scorer> {
        let all: Vec<String> = MARKERS.iter().map(|m| m.to_string()).chain(extra.iter().cloned()).collect();
        let markers = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::LeftmostLongest)
            .kind(Some(AhoCorasickKind::DFA))
            .build(&all)?;
        let ascii = all.iter().map(|m| m.is_ascii()).collect();
        Ok(Scorer { markers, ascii, weights, query_weight })
    }

    /// The discourse score of one chunk: its prose markers, and its lines that matter by
    /// [`crate::signals`] (a verdict counts as three markers, its context and a summary as two,
    /// a warning or a mention of an error word as one).
    pub fn discourse(&self, text: &[u8]) -> f64 {
        let mut hits = signal_hits(text);
        for m in self.markers.find_iter(text) {
            let word = |i: Option<&u8>| i.is_some_and(|b| b.is_ascii_alphanumeric());
            let bounded = !self.ascii[m.pattern().as_usize()]
                || (!word(m.start().checked_sub(1).and_then(|i| text.get(i))) && !word(text.get(m.end())));
            if bounded {
                hits += 1;
                if hits >= 16 {
                    break;
                }
            }
        }
        1.0 - 0.5f64.powi(hits)
    }

    /// Scores all chunks; `query` adds BM25 relevance.
    pub fn score(&self, chunks: &[&[u8]], query: Option<&str>) -> Vec<Scores> {
        let n = chunks.len();
        let relevance = query.map(|q| bm25(q, chunks));
        chunks
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let mut s = Scores {
                    position: position(i, n),
                    discourse: self.discourse(c),
                    entity: entity(c),
                    ..Scores::default()
                };
                s.query = relevance.as_ref().map(|r| r[i]);
                let w = self.weights;
                s.total = w.position * s.position
                    + w.discourse * s.discourse
                    + w.entity * s.entity
                    + self.query_weight * s.query.unwrap_or(0.0);
                s
            })
            .collect()
    }
}

/// The marker hits that the lines of `text` that matter are worth.
fn signal_hits(text: &[u8]) -> i32 {
    use crate::signals::{Class, Scanner};
    let mut scanner = Scanner::new(None);
    let mut hits = 0;
    for line in text.split(|&b| b == b'\n') {
        hits += match scanner.line(line).class {
            Class::Verdict | Class::Keep => 3,
            Class::Context | Class::Summary => 2,
            Class::Warning | Class::Mention => 1,
            Class::Pass | Class::Plain => 0,
        };
        if hits >= 16 {
            break;
        }
    }
    hits
}

/// 1.0 for chunks in the first and last 20%, 0.25 in the middle.
pub fn position(i: usize, n: usize) -> f64 {
    let from_end = n.saturating_sub(i + 1) as f64;
    let (i, n) = (i as f64, n as f64);
    if i < 0.2 * n || from_end < 0.2 * n { 1.0 } else { 0.25 }
}

/// Byte classes for the entity scan.
const WS: u8 = 1;
const DIGIT: u8 = 2;
const UPPER: u8 = 4;
const LOWER: u8 = 8;
const TRIM: u8 = 16;
const CJK: u8 = 32;
const UNDER: u8 = 64;
const JOIN: u8 = 128;

static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = if c.is_ascii_whitespace() {
            WS
        } else if c.is_ascii_digit() {
            DIGIT
        } else if c.is_ascii_uppercase() {
            UPPER
        } else if c.is_ascii_lowercase() {
            LOWER
        } else if c == b'_' {
            UNDER
        } else if c == b'.' || c == b'/' || c == b':' {
            JOIN | TRIM
        } else if matches!(
            c,
            b',' | b';'
                | b'!'
                | b'?'
                | b'('
                | b')'
                | b'['
                | b']'
                | b'{'
                | b'}'
                | b'"'
                | b'\''
                | b'`'
                | b'<'
                | b'>'
                | b'*'
        ) {
            TRIM
        } else if c >= 0xE3 && c <= 0xE9 {
            CJK
        } else {
            0
        };
        b += 1;
    }
    t
};

/// Entity density: the share of words that are numbers, dates, identifiers or proper nouns,
/// ×4 and at most 1, so that it does not grow with the chunk's length. A CJK char counts as a
/// word of its own. Punctuation around a word does not count. One pass over the bytes.
pub fn entity(text: &[u8]) -> f64 {
    let (mut words, mut entities) = (0u32, 0u32);
    let mut sentence_start = true;
    let mut i = 0;
    while i < text.len() {
        if CLASS[usize::from(text[i])] & WS != 0 {
            i += 1;
            continue;
        }
        let mut word = Word::default();
        let start = i;
        while i < text.len() {
            let c = CLASS[usize::from(text[i])];
            if c & WS != 0 {
                break;
            }
            word.add(c);
            i += 1;
        }
        words += 1 + word.cjk;
        if word.is_entity(sentence_start) {
            entities += 1;
        }
        sentence_start = matches!(text[i - 1], b'.' | b'!' | b'?' | b':') && i > start;
    }
    if words == 0 { 0.0 } else { (f64::from(entities) / f64::from(words) * 4.0).min(1.0) }
}

/// What one pass over a word learns of it (its surrounding punctuation left out).
#[derive(Clone, Copy)]
struct Word {
    first: u8,
    any: u8,
    all: u8,
    inner: u8,
    pending: u8,
    upper_after_first: bool,
    cjk: u32,
    len: u32,
}

impl Default for Word {
    fn default() -> Self {
        Word { first: 0, any: 0, all: 0xFF, inner: 0, pending: 0, upper_after_first: false, cjk: 0, len: 0 }
    }
}

impl Word {
    fn add(&mut self, c: u8) {
        self.cjk += u32::from(c & CJK != 0);
        if c & TRIM != 0 {
            // Punctuation counts only once a letter or digit follows it.
            if self.len > 0 {
                self.pending |= c;
            }
            return;
        }
        if self.len == 0 {
            self.first = c;
        } else {
            self.upper_after_first |= c & UPPER != 0;
            self.inner |= self.pending;
        }
        self.pending = 0;
        self.any |= c;
        self.all &= c;
        self.len += 1;
    }

    fn is_entity(&self, sentence_start: bool) -> bool {
        if self.len == 0 {
            return false;
        }
        let alpha = self.any & (UPPER | LOWER) != 0;
        self.any & DIGIT != 0
            || (alpha && (self.any & UNDER != 0 || self.inner & JOIN != 0))
            || (self.upper_after_first && self.any & LOWER != 0)
            || (self.all & UPPER != 0 && self.len > 1)
            || (self.first & UPPER != 0 && !sentence_start)
    }
}

/// Splits text into search terms: lower-cased ASCII words and numbers, and single CJK chars.
fn terms(text: &[u8]) -> Vec<String> {
    let s = String::from_utf8_lossy(text);
    let mut out = Vec::new();
    let mut word = String::new();
    for c in s.chars() {
        if c.is_alphanumeric() && c.is_ascii() {
            word.push(c.to_ascii_lowercase());
            continue;
        }
        if !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
        if c.is_alphanumeric() {
            out.push(c.to_lowercase().collect());
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// BM25 (k1 = 1.2, b = 0.75) of each chunk for `query`, divided by the best, so in 0..=1.
pub fn bm25(query: &str, chunks: &[&[u8]]) -> Vec<f64> {
    use std::collections::{BTreeMap, BTreeSet};
    let q: BTreeSet<String> = terms(query.as_bytes()).into_iter().collect();
    let tokenized: Vec<Vec<String>> = chunks.iter().map(|c| terms(c)).collect();
    let n = chunks.len() as f64;
    let avg = tokenized.iter().map(Vec::len).sum::<usize>() as f64 / n.max(1.0);
    let df: BTreeMap<&str, f64> =
        q.iter().map(|t| (t.as_str(), tokenized.iter().filter(|d| d.iter().any(|w| w == t)).count() as f64)).collect();
    let raw: Vec<f64> = tokenized
        .iter()
        .map(|d| {
            let len = d.len() as f64;
            q.iter()
                .map(|t| {
                    let tf = d.iter().filter(|w| *w == t).count() as f64;
                    let idf = ((n - df[t.as_str()] + 0.5) / (df[t.as_str()] + 0.5) + 1.0).ln();
                    idf * tf * 2.2 / (tf + 1.2 * (1.0 - 0.75 + 0.75 * len / avg.max(1.0)))
                })
                .sum()
        })
        .collect();
    let best = raw.iter().cloned().fold(0.0, f64::max);
    raw.iter().map(|r| if best > 0.0 { r / best } else { 0.0 }).collect()
}

/// How to choose chunks: the one selection of `ctx-score` and `ctx-summarize`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Select {
    /// The first `head` and the last `tail` chunks.
    HeadTail {
        /// Chunks kept from the start.
        head: usize,
        /// Chunks kept from the end.
        tail: usize,
    },
    /// The `k` best.
    TopK(usize),
    /// The best share `r` (0 to 1) of the chunks, rounded up.
    Ratio(f64),
    /// Every chunk.
    All,
}

impl Select {
    /// Its name as `--select` gives it: `extract` for the best by score (k of them or a share).
    pub fn name(self) -> &'static str {
        match self {
            Select::HeadTail { .. } => "head-tail",
            Select::TopK(_) | Select::Ratio(_) => "extract",
            Select::All => "all",
        }
    }
}

/// Which chunks `select` keeps, given their scores. Ties go to the earlier chunk.
pub fn select(scores: &[Scores], how: Select) -> Vec<bool> {
    let n = scores.len();
    match how {
        Select::All => vec![true; n],
        Select::HeadTail { head, tail } => (0..n).map(|i| i < head || i + tail >= n).collect(),
        Select::TopK(k) => best(scores, k),
        Select::Ratio(r) => best(scores, (r * n as f64).ceil() as usize),
    }
}

/// The indices of chunks from best to worst (ties: earlier first).
pub fn ranking(scores: &[Scores]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|&a, &b| scores[b].total.total_cmp(&scores[a].total).then(a.cmp(&b)));
    order
}

fn best(scores: &[Scores], k: usize) -> Vec<bool> {
    let mut keep = vec![false; scores.len()];
    for i in ranking(scores).into_iter().take(k) {
        keep[i] = true;
    }
    keep
}

/// One chunk as scored: where it lies in its input (when known) and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// 0-based position in the sequence.
    pub index: u64,
    /// Offset of its first byte in the input, when known.
    pub start_byte: Option<u64>,
    /// Offset one past its last byte, when known.
    pub end_byte: Option<u64>,
    /// 1-based line of its first byte.
    pub start_line: u64,
    /// Line of its last byte.
    pub end_line: u64,
    /// Its bytes.
    pub text: Vec<u8>,
}

/// Cuts a whole text into pieces with the chunk module.
pub fn pieces(text: &[u8], opts: &chunk::Options) -> Vec<Piece> {
    chunk::chunks(text, opts)
        .map(|c| Piece {
            index: c.index,
            start_byte: Some(c.start_byte),
            end_byte: Some(c.end_byte),
            start_line: c.start_line,
            end_line: c.end_line,
            text: c.text.to_vec(),
        })
        .collect()
}

/// The kept pieces in order, overlaps written once, with a `ctx-truncate` style marker for
/// every run left out.
pub fn render(pieces: &[Piece], keep: &[bool]) -> Vec<u8> {
    render_counted(pieces, keep, &char_counts(pieces))
}

/// The chars of each piece, counted once for renderings that would count them again.
fn char_counts(pieces: &[Piece]) -> Vec<u64> {
    pieces.iter().map(|p| text::count_chars(&p.text)).collect()
}

/// [`render`] with the chars of each piece given: a gap's marker sums them, so that rendering
/// costs what is kept, not the whole text again.
fn render_counted(pieces: &[Piece], keep: &[bool], chars: &[u64]) -> Vec<u8> {
    #[cfg(test)]
    tests::RENDERS.with(|n| n.set(n.get() + 1));
    let mut out = Vec::new();
    let mut i = 0;
    let mut written_to: Option<u64> = None;
    let total = Size::default();
    while i < pieces.len() {
        let piece = &pieces[i];
        if keep[i] {
            let skip = match (written_to, piece.start_byte) {
                (Some(w), Some(s)) if w > s => usize::try_from(w - s).unwrap_or(usize::MAX).min(piece.text.len()),
                _ => 0,
            };
            out.extend_from_slice(&piece.text[skip..]);
            written_to = piece.end_byte;
            i += 1;
            continue;
        }
        let run_end = (i..pieces.len()).find(|&j| keep[j]).unwrap_or(pieces.len());
        let starts_line = i == 0 || pieces[i - 1].text.ends_with(b"\n");
        let gap = gap_of(&pieces[i..run_end], chars[i..run_end].iter().sum(), starts_line);
        let cx = MarkerContext { total: &total, path: None, show_tokens: false, first_line: 1 };
        if let Some(line) = render_marker(&Marker::Default, &gap, cx) {
            if out.last().is_some_and(|&c| c != b'\n') {
                out.push(b'\n');
            }
            out.extend_from_slice(line.as_bytes());
            out.push(b'\n');
        }
        written_to = None;
        i = run_end;
    }
    out
}

/// The gap a run of left-out pieces makes.
fn gap_of(run: &[Piece], chars: u64, starts_line: bool) -> Gap {
    let (first, last) = (&run[0], &run[run.len() - 1]);
    Gap {
        start_line: first.start_line,
        end_line: last.end_line,
        start_byte: first.start_byte.unwrap_or(0),
        end_byte: last.end_byte.unwrap_or(0),
        lines: last.end_line + 1 - first.start_line,
        chars,
        tokens: None,
        tokens_estimated: false,
        aligned: starts_line && last.text.ends_with(b"\n"),
        repeats: 0,
        repeats_below: false,
    }
}

/// The best pieces whose rendering, markers included, fits `budget`: taken by rank while their
/// sizes (and a marker each) fit, then, if the rendering is still over, the worst dropped.
pub fn pack(pieces: &[Piece], scores: &[Scores], budget: &Budget, encoding: Encoding) -> Vec<bool> {
    // A marker line is at most about this big; the rendering is measured at the end.
    let marker = Size { bytes: 80, chars: 80, lines: 1, tokens: Some(24), tokens_estimated: false };
    let mut keep = vec![false; pieces.len()];
    let mut left = *budget;
    let order = ranking(scores);
    for &i in &order {
        let cost = Size::of(&pieces[i].text, budget.tokens.map(|_| encoding)) + marker;
        if let Some(rest) = left.minus(&cost) {
            left = rest;
            keep[i] = true;
        }
    }
    // Each rendering costs what is kept plus one step per piece: the chars are counted once,
    // and only a kept piece is worth a new rendering when it goes.
    let chars = char_counts(pieces);
    let kept: Vec<usize> = order.iter().rev().copied().filter(|&i| keep[i]).collect();
    for i in kept {
        if budget.fits(&render_counted(pieces, &keep, &chars), encoding) {
            break;
        }
        keep[i] = false;
    }
    keep
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        /// Renderings made on this thread, to check that packing does not render per piece.
        pub static RENDERS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }

    #[test]
    fn packing_renders_once_per_kept_piece_not_once_per_piece() {
        // 2,000 lines of 76 chars with no sentence in them (as base64 is); the best is in the
        // middle, so its two markers make the first rendering too long for 180 chars.
        let text: String = (0..2000).map(|i| format!("{:076}\n", i)).collect();
        let opts = chunk::Options {
            size: 120,
            unit: text::Unit::Chars,
            boundary: chunk::Level::Paragraph,
            overlap: 0,
            encoding: Encoding::O200k,
        };
        let pieces = pieces(text.as_bytes(), &opts);
        assert_eq!(pieces.len(), 2000);
        let mut scores = vec![Scores::default(); pieces.len()];
        scores[1000].total = 1.0;
        let budget = Budget { chars: Some(180), ..Budget::default() };
        RENDERS.with(|n| n.set(0));
        let keep = pack(&pieces, &scores, &budget, Encoding::O200k);
        assert_eq!(RENDERS.with(std::cell::Cell::get), 1, "one rendering, over: the one kept piece goes");
        assert_eq!(keep.iter().filter(|k| **k).count(), 0);
        assert!(budget.fits(&render(&pieces, &keep), Encoding::O200k));
    }

    fn scorer() -> Scorer {
        Scorer::new(&[], Weights::default(), 1.0).expect("builds")
    }

    #[test]
    fn positions() {
        let p: Vec<f64> = (0..10).map(|i| position(i, 10)).collect();
        assert_eq!(p, [1.0, 1.0, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 1.0, 1.0]);
        assert_eq!(position(0, 1), 1.0);
        let p: Vec<f64> = (0..4).map(|i| position(i, 4)).collect();
        assert_eq!(p, [1.0, 0.25, 0.25, 1.0]);
    }

    #[test]
    fn discourse_counts_whole_words_and_chinese() {
        let s = scorer();
        assert_eq!(s.discourse(b"nothing here"), 0.0);
        assert_eq!(s.discourse(b"In Summary, it works"), 0.5);
        assert_eq!(s.discourse(b"the monkey sat"), 0.0, "'key' inside a word is not a marker");
        assert_eq!(s.discourse("综上所述，关键在于".as_bytes()), 0.75);
        let extra = Scorer::new(&["zebra".into()], Weights::default(), 1.0).expect("builds");
        assert_eq!(extra.discourse(b"a zebra"), 0.5);
    }

    #[test]
    fn entity_density_is_per_word() {
        assert_eq!(entity(b"the cat sat on the mat"), 0.0);
        // 2 of 8 words: "2024-05-01" and "parse_config".
        assert_eq!(entity(b"on 2024-05-01 we called parse_config and it ran"), 1.0);
        let long = "plain words only here ".repeat(100) + "v1.2.3";
        assert!(entity(long.as_bytes()) < 0.02);
    }

    #[test]
    fn bm25_prefers_the_chunk_about_the_query() {
        let chunks: Vec<&[u8]> = vec![b"cats and dogs", b"the tokenizer counts tokens exactly", b"weather today"];
        let r = bm25("tokenizer tokens", &chunks);
        assert_eq!(r[1], 1.0);
        assert_eq!(r[0], 0.0);
    }

    #[test]
    fn selection() {
        let mk = |t: f64| Scores { total: t, ..Scores::default() };
        let s = vec![mk(0.1), mk(0.9), mk(0.5), mk(0.9)];
        assert_eq!(select(&s, Select::TopK(2)), [false, true, false, true]);
        assert_eq!(select(&s, Select::Ratio(0.5)), [false, true, false, true]);
        assert_eq!(select(&s, Select::HeadTail { head: 1, tail: 1 }), [true, false, false, true]);
        assert_eq!(ranking(&s), [1, 3, 2, 0]);
    }

    #[test]
    fn weights_parse() {
        assert_eq!("0.2, 0.3,0.5".parse::<Weights>(), Ok(Weights { position: 0.2, discourse: 0.3, entity: 0.5 }));
        assert!("1,2".parse::<Weights>().is_err());
        assert!("a,b,c".parse::<Weights>().is_err());
        assert!("1,2,3,4".parse::<Weights>().is_err());
    }
}
