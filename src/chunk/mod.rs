//! Boundary-aware chunking: chunks of at most N tokens, chars, bytes or lines, cut at the best
//! boundary that fits (paragraph, then line, sentence, word, grapheme), optionally overlapping.
//! Without overlap the chunks rejoin to the input byte for byte. Input is read as a stream and
//! memory stays within a few chunk sizes.

use crate::text::{self, Cut, Unit};
use crate::tokens::Encoding;
use serde::Serialize;
use unicode_segmentation::UnicodeSegmentation;

/// Boundaries, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, clap::ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// After a blank line.
    Paragraph,
    /// After a newline.
    Line,
    /// Between sentences (Unicode sentence boundaries, CJK `。！？` included).
    Sentence,
    /// Between words (Unicode word boundaries).
    Word,
    /// Between grapheme clusters.
    Char,
}

/// How to chunk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The most a chunk may hold, in `unit`.
    pub size: u64,
    /// The unit of `size` and `overlap`.
    pub unit: Unit,
    /// The best boundary level to look for: coarser levels are not considered.
    pub boundary: Level,
    /// How much of the end of a chunk the next one repeats, in `unit`.
    pub overlap: u64,
    /// How tokens are counted.
    pub encoding: Encoding,
}

/// The default size: 6,000 chars, about 1,500 tokens, what agents in the field use.
pub const DEFAULT_SIZE: u64 = 6_000;

impl Default for Options {
    fn default() -> Self {
        Options {
            size: DEFAULT_SIZE,
            unit: Unit::Chars,
            boundary: Level::Paragraph,
            overlap: 0,
            encoding: Encoding::O200k,
        }
    }
}

impl Options {
    /// Checks the options; the error is a sentence for the user.
    pub fn check(&self) -> Result<(), String> {
        if self.size == 0 {
            return Err("a chunk size of 0 holds nothing; give at least 1".into());
        }
        if self.overlap >= self.size {
            return Err(format!(
                "an overlap of {} is not smaller than the chunk size of {}, so chunks would not advance",
                self.overlap, self.size
            ));
        }
        Ok(())
    }

    /// The bytes past a chunk's start that must be held to find its end (`None`: unbounded,
    /// for lines).
    fn window(&self) -> Option<usize> {
        let n = usize::try_from(self.size).unwrap_or(usize::MAX);
        match self.unit {
            Unit::Bytes => Some(n),
            Unit::Chars => Some(n.saturating_mul(4)),
            Unit::Tokens => Some(n.saturating_mul(text::MAX_TOKEN_BYTES as usize)),
            Unit::Lines => None,
        }
        .map(|w| w.saturating_add(LOOKAHEAD))
    }

    fn budget(&self, n: u64) -> text::Budget {
        let mut b = text::Budget::default();
        match self.unit {
            Unit::Bytes => b.bytes = Some(n),
            Unit::Chars => b.chars = Some(n),
            Unit::Lines => b.lines = Some(n),
            Unit::Tokens => b.tokens = Some(n),
        }
        b
    }

    /// The size of `t` in the unit.
    pub fn measure(&self, t: &[u8]) -> u64 {
        match self.unit {
            Unit::Bytes => t.len() as u64,
            Unit::Chars => text::count_chars(t),
            Unit::Lines => text::count_lines(t),
            Unit::Tokens => self.encoding.count(t),
        }
    }
}

/// Text held past the size so that boundary rules can see what follows a cut.
const LOOKAHEAD: usize = 64;

/// The end of the longest prefix of `rest` within the size (on a char boundary), and for
/// tokens the counts at the pre-tokenization piece ends up to it.
fn max_end(rest: &[u8], opts: &Options) -> (usize, Vec<(usize, u64)>) {
    let n = opts.size;
    let end = match opts.unit {
        Unit::Bytes => text::floor_char_boundary(rest, usize::try_from(n).unwrap_or(usize::MAX)),
        Unit::Chars => text::nth_char_start(rest, n),
        Unit::Lines => {
            let skip = usize::try_from(n - 1).unwrap_or(usize::MAX);
            memchr::memchr_iter(b'\n', rest).nth(skip).map_or(rest.len(), |i| i + 1)
        }
        Unit::Tokens => {
            // Look at a few bytes a token first; only text of very long tokens needs the rest.
            let full = opts.window().unwrap_or(usize::MAX).min(rest.len());
            let first = usize::try_from(n).unwrap_or(usize::MAX).saturating_mul(8).saturating_add(LOOKAHEAD).min(full);
            let mut counts = opts.encoding.prefix_counts(&rest[..first], n);
            if first < full && counts.last().is_none_or(|&(e, _)| e == first) {
                counts = opts.encoding.prefix_counts(&rest[..full], n);
            }
            return (counts.last().map_or(0, |&(e, _)| e), counts);
        }
    };
    (end, Vec::new())
}

/// The end of the chunk that starts `rest`, or `None` when more input is needed to know it.
/// `eof` says that `rest` runs to the end of the input.
pub fn chunk_end(rest: &[u8], eof: bool, opts: &Options) -> Option<usize> {
    if rest.is_empty() {
        return None;
    }
    let (mut hi, counts) = max_end(rest, opts);
    if hi >= rest.len() {
        return eof.then_some(rest.len());
    }
    loop {
        let end = best_boundary(rest, hi, eof, opts.boundary);
        if opts.unit != Unit::Tokens || end <= first_grapheme(rest) || token_fit(rest, end, &counts, opts) {
            return Some(end);
        }
        // Counted on its own the chunk has more tokens than its pieces did: cut shorter.
        hi = end - 1;
    }
}

/// Whether `rest[..end]` holds at most the size in tokens. Counts add up exactly at split
/// points, so only what follows the last split point that is a piece end is counted anew.
fn token_fit(rest: &[u8], end: usize, counts: &[(usize, u64)], opts: &Options) -> bool {
    let mut from = end;
    let (at, n) = loop {
        let Some(i) = memchr::memrchr(b'\n', &rest[..from]) else { break (0, 0) };
        let known = crate::tokens::is_split_point(rest, i + 1)
            .then(|| counts.binary_search_by_key(&(i + 1), |&(e, _)| e).ok())
            .flatten();
        if let Some(k) = known {
            break counts[k];
        }
        from = i;
    };
    n <= opts.size && (at == end || opts.encoding.fits(&rest[at..end], opts.size - n))
}

/// The last boundary in `(0, hi]`, of the best level that has one, at most as good as `cap`.
/// A first grapheme cluster longer than `hi` is a chunk of its own.
fn best_boundary(rest: &[u8], hi: usize, eof: bool, cap: Level) -> usize {
    let levels = [Level::Paragraph, Level::Line, Level::Sentence, Level::Word, Level::Char];
    for level in levels.into_iter().filter(|&l| l >= cap) {
        let found = match level {
            Level::Paragraph => last_paragraph_end(&rest[..hi]),
            Level::Line => memchr::memrchr(b'\n', &rest[..hi]).map(|i| i + 1),
            Level::Sentence => {
                last_segment(rest, hi, eof, |s| s.split_sentence_bound_indices().map(|(i, _)| i).collect())
            }
            Level::Word => last_segment(rest, hi, eof, |s| s.split_word_bound_indices().map(|(i, _)| i).collect()),
            Level::Char => last_segment(rest, hi, eof, |s| s.grapheme_indices(true).map(|(i, _)| i).collect()),
        };
        if let Some(end) = found.filter(|&e| e > 0) {
            return end;
        }
    }
    first_grapheme(rest).max(text::floor_char_boundary(rest, hi)).max(1)
}

/// The end of the first grapheme cluster (or byte, in invalid UTF-8).
fn first_grapheme(rest: &[u8]) -> usize {
    let head = &rest[..rest.len().min(256)];
    let valid = match std::str::from_utf8(head) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or(""),
    };
    valid.graphemes(true).next().map_or(1, str::len)
}

/// The end of the last blank line in `t` (the position after it).
fn last_paragraph_end(t: &[u8]) -> Option<usize> {
    let mut newlines = memchr::memrchr_iter(b'\n', t);
    let mut after = newlines.next()?;
    for before in newlines {
        if t[before + 1..after].iter().all(u8::is_ascii_whitespace) {
            return Some(after + 1);
        }
        after = before;
    }
    t[..after].iter().all(u8::is_ascii_whitespace).then_some(after + 1)
}

/// The last segment boundary in `(0, hi]` by `bounds` (segment starts) over the valid UTF-8
/// around `rest[..hi]`, seeing a little past `hi` so that a boundary at `hi` is recognised.
fn last_segment(rest: &[u8], hi: usize, eof: bool, bounds: impl Fn(&str) -> Vec<usize>) -> Option<usize> {
    let region = &rest[..rest.len().min(hi + LOOKAHEAD)];
    let (valid, complete) = match std::str::from_utf8(region) {
        Ok(s) => (s, region.len() == rest.len() && eof),
        Err(e) => (std::str::from_utf8(&region[..e.valid_up_to()]).unwrap_or(""), false),
    };
    let mut starts = bounds(valid);
    if complete {
        starts.push(valid.len());
    }
    starts.into_iter().filter(|&b| b > 0 && b <= hi && (b < valid.len() || complete)).max()
}

/// Where the chunk after `rest[..end]` starts: `end`, or earlier by the overlap, at a word
/// start where there is one, and always after the start of this chunk.
pub fn next_start(rest: &[u8], end: usize, opts: &Options) -> usize {
    if opts.overlap == 0 || end >= rest.len() {
        return end;
    }
    let chunk = &rest[..end];
    let from = text::cut_suffix(chunk, &opts.budget(opts.overlap), opts.encoding, Cut::Chars);
    let word = (from..end).find(|&i| i > 0 && chunk[i - 1].is_ascii_whitespace() && !chunk[i].is_ascii_whitespace());
    let start = word.unwrap_or(from);
    if start == 0 { end } else { start }
}

/// One chunk: where it lies in the input and its bytes.
#[derive(Clone, Copy, Debug)]
pub struct Chunk<'a> {
    /// 0-based position in the sequence.
    pub index: u64,
    /// Offset of its first byte in the input.
    pub start_byte: u64,
    /// Offset one past its last byte.
    pub end_byte: u64,
    /// 1-based line of its first byte.
    pub start_line: u64,
    /// Line of its last byte.
    pub end_line: u64,
    /// Its bytes.
    pub text: &'a [u8],
}

/// Splits a stream into chunks: feed it with [`Chunker::push`], end with [`Chunker::finish`].
#[derive(Debug)]
pub struct Chunker {
    opts: Options,
    buf: Vec<u8>,
    base: u64,
    start: usize,
    newlines_before_start: u64,
    index: u64,
}

impl Chunker {
    /// A chunker; the options must have passed [`Options::check`].
    pub fn new(opts: Options) -> Chunker {
        Chunker { opts, buf: Vec::new(), base: 0, start: 0, newlines_before_start: 0, index: 0 }
    }

    /// Takes more input and emits every chunk that is now complete.
    pub fn push<E>(&mut self, data: &[u8], emit: impl FnMut(Chunk<'_>) -> Result<(), E>) -> Result<(), E> {
        self.buf.extend_from_slice(data);
        self.drain(false, emit)
    }

    /// Ends the input and emits the remaining chunks.
    pub fn finish<E>(mut self, emit: impl FnMut(Chunk<'_>) -> Result<(), E>) -> Result<(), E> {
        self.drain(true, emit)
    }

    fn drain<E>(&mut self, eof: bool, mut emit: impl FnMut(Chunk<'_>) -> Result<(), E>) -> Result<(), E> {
        let window = self.opts.window();
        loop {
            let rest = &self.buf[self.start..];
            if !eof && window.is_some_and(|w| rest.len() < w) {
                break;
            }
            let Some(end) = chunk_end(rest, eof, &self.opts) else { break };
            let text = &rest[..end];
            let start_line = self.newlines_before_start + 1;
            let inner = text::count_newlines(&text[..text.len() - 1]);
            emit(Chunk {
                index: self.index,
                start_byte: self.base + self.start as u64,
                end_byte: self.base + (self.start + end) as u64,
                start_line,
                end_line: start_line + inner,
                text,
            })?;
            self.index += 1;
            let next = next_start(rest, end, &self.opts);
            self.newlines_before_start += text::count_newlines(&rest[..next]);
            self.start += next;
        }
        if self.start > (1 << 20) && self.start > self.buf.len() / 2 {
            self.buf.drain(..self.start);
            self.base += self.start as u64;
            self.start = 0;
        }
        Ok(())
    }
}

/// The chunks of a whole text, in order, without copying it.
pub fn chunks<'a>(text: &'a [u8], opts: &'a Options) -> impl Iterator<Item = Chunk<'a>> + 'a {
    let (mut start, mut index, mut newlines) = (0usize, 0u64, 0u64);
    std::iter::from_fn(move || {
        let rest = &text[start..];
        let end = chunk_end(rest, true, opts)?;
        let piece = &rest[..end];
        let chunk = Chunk {
            index,
            start_byte: start as u64,
            end_byte: (start + end) as u64,
            start_line: newlines + 1,
            end_line: newlines + 1 + text::count_newlines(&piece[..piece.len() - 1]),
            text: piece,
        };
        let next = next_start(rest, end, opts);
        newlines += text::count_newlines(&rest[..next]);
        start += next;
        index += 1;
        Some(chunk)
    })
}

/// The chunks of a whole text, as byte ranges.
pub fn split(text: &[u8], opts: &Options) -> Vec<std::ops::Range<usize>> {
    chunks(text, opts).map(|c| c.start_byte as usize..c.end_byte as usize).collect()
}

#[cfg(test)]
mod tests;
