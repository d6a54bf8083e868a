//! The input as the strategies see it: either all of it in memory, or, for input larger than
//! memory should hold, a window of it (the longest head and tail that any selection within the
//! budget could use) plus the exact counts of the middle in between, and, for `salient`, the
//! lines of the middle that matter (see [`Collector`]).

use super::collect::{Candidates, Collector};
use crate::store::{Spool, Store};
use crate::text::{self, Budget, Size};
use crate::tokens::{Encoding, StreamCounter};
use anyhow::Result;
use regex::bytes::Regex;

/// Input up to this size is kept whole in memory; beyond it only a window is kept.
pub const MEMORY_LIMIT: usize = 8 << 20;

/// What a window holds of the input's end at least, whatever the budget, when the lines that
/// matter are collected (`salient`, `auto`): an eighth of the memory it may use (1 MiB of
/// [`MEMORY_LIMIT`]). The end's share of `salient` walks up past runs of passing lines and deep
/// stacks (one marker each) and looks for the last verdict, and it does so within these bytes
/// only, so that what it finds does not depend on how much of the input a stream happened to
/// hold when it ended; a text held whole is read the same way. The other strategies need no
/// more than the budget reaches, and hold no more (on 1 GiB, holding it cost `tail` a third of
/// its speed).
fn end_held(memory_limit: u64) -> u64 {
    memory_limit / 8
}

/// Tokens of an omitted middle are counted exactly up to this many bytes, then extrapolated.
const EXACT_TOKENS_LIMIT: u64 = 64 << 20;

/// Counts of a run of bytes that is not kept.
#[derive(Debug)]
struct Middle {
    bytes: u64,
    chars: u64,
    newlines: u64,
    tokens: Option<StreamCounter>,
}

impl Middle {
    /// Counts bytes that leave the window for good; `last` keeps the last byte dropped.
    fn add(&mut self, gone: &[u8], last: &mut Option<u8>) {
        self.bytes += gone.len() as u64;
        self.chars += text::count_chars(gone);
        self.newlines += text::count_newlines(gone);
        *last = gone.last().copied().or(*last);
        if let Some(t) = self.tokens.as_mut() {
            t.push(gone);
        }
    }
}

/// Reads input incrementally and keeps what the strategies can use.
#[derive(Debug)]
pub struct Retainer {
    max_bytes: Option<u64>,
    max_lines: Option<u64>,
    head: Vec<u8>,
    windowed: bool,
    head_done: bool,
    tail: Vec<u8>,
    tail_start: u64,
    tail_newlines: u64,
    middle: Middle,
    total: u64,
    last_dropped: Option<u8>,
    store: Option<Store>,
    spool: Option<Spool>,
    memory_limit: u64,
    /// For `salient`: the `--keep` pattern and the room of the candidates, once asked for.
    collect: Option<(Option<Regex>, usize)>,
    collector: Option<Collector>,
}

impl Retainer {
    /// A retainer for selections within `budget`. Tokens of dropped text are counted when
    /// `encoding` is given. With a `store`, input too large for memory is spooled to it as it
    /// streams, so that it can be saved whole without being held.
    pub fn new(budget: &Budget, encoding: Option<Encoding>, store: Option<Store>) -> Retainer {
        Retainer {
            max_bytes: budget.max_bytes(),
            max_lines: budget.lines,
            head: Vec::new(),
            windowed: false,
            head_done: false,
            tail: Vec::new(),
            tail_start: 0,
            tail_newlines: 0,
            middle: Middle {
                bytes: 0,
                chars: 0,
                newlines: 0,
                tokens: encoding.map(|e| StreamCounter::new(e, EXACT_TOKENS_LIMIT)),
            },
            total: 0,
            last_dropped: None,
            store,
            spool: None,
            memory_limit: MEMORY_LIMIT as u64,
            collect: None,
            collector: None,
        }
    }

    /// Also collects the lines that matter (for `salient`) once the input is too large to hold
    /// whole; `room` bounds their bytes.
    pub fn collecting(mut self, keep: Option<Regex>, room: usize) -> Retainer {
        self.collect = Some((keep, room));
        self
    }

    /// Keeps input whole up to `bytes` instead of [`MEMORY_LIMIT`] (for tests of the window).
    pub fn with_memory_limit(mut self, bytes: u64) -> Retainer {
        self.memory_limit = bytes;
        self
    }

    /// Takes the next piece of input.
    pub fn push(&mut self, data: &[u8]) -> Result<()> {
        self.total += data.len() as u64;
        if !self.windowed {
            self.head.extend_from_slice(data);
            let threshold = self.max_bytes.map_or(self.memory_limit, |b| b.max(self.memory_limit));
            if self.head.len() as u64 > threshold && (self.max_bytes.is_some() || self.max_lines.is_some()) {
                self.enter_window()?;
            }
            return Ok(());
        }
        if let Some(s) = self.spool.as_mut() {
            s.write(data)?;
        }
        if let Some(c) = self.collector.as_mut() {
            c.push(data);
        }
        let mut data = data;
        if !self.head_done {
            let take = self.head_needs(data);
            self.head.extend_from_slice(&data[..take]);
            data = &data[take..];
            self.head_done = !data.is_empty();
            self.tail_start = self.head.len() as u64;
        }
        self.push_tail(data);
        Ok(())
    }

    /// How many bytes of `data` the head still needs.
    fn head_needs(&self, data: &[u8]) -> usize {
        let mut take = data.len();
        if let Some(b) = self.max_bytes {
            take = take.min(usize::try_from(b.saturating_sub(self.head.len() as u64)).unwrap_or(usize::MAX));
        }
        if let Some(l) = self.max_lines {
            let have = text::count_newlines(&self.head);
            let need = usize::try_from(l.saturating_sub(have)).unwrap_or(usize::MAX);
            let end = need.checked_sub(1).and_then(|n| memchr::memchr_iter(b'\n', data).nth(n)).map(|i| i + 1);
            take = take.min(if need == 0 { 0 } else { end.unwrap_or(data.len()) });
        }
        take
    }

    fn enter_window(&mut self) -> Result<()> {
        self.windowed = true;
        if let Some(store) = &self.store {
            let mut spool = store.spool()?;
            spool.write(&self.head)?;
            self.spool = Some(spool);
        }
        if let Some((keep, room)) = self.collect.take() {
            let mut c = Collector::new(keep, room);
            c.push(&self.head);
            self.collector = Some(c);
        }
        let all = std::mem::take(&mut self.head);
        let keep = self.head_needs(&all);
        self.head = all[..keep].to_vec();
        self.head_done = keep < all.len();
        self.tail_start = keep as u64;
        self.push_tail(&all[keep..]);
        Ok(())
    }

    fn push_tail(&mut self, mut data: &[u8]) {
        // A piece that alone holds all the tail any selection can reach makes the tail held so
        // far unreachable: count that and the piece's front as middle, and copy only the rest.
        let skip = self.unreachable(data);
        if skip > 0 {
            let mut old = std::mem::take(&mut self.tail);
            self.middle.add(&old, &mut self.last_dropped);
            self.middle.add(&data[..skip], &mut self.last_dropped);
            self.tail_start += (old.len() + skip) as u64;
            self.tail_newlines = 0;
            old.clear();
            self.tail = old;
            data = &data[skip..];
        }
        self.tail.extend_from_slice(data);
        self.tail_newlines += text::count_newlines(data);
        // Trim only when the tail has doubled, so that each byte is moved a bounded number of times.
        let slack = self.memory_limit.min(64 << 10);
        let bytes_over = self.max_bytes.is_some_and(|b| self.tail.len() as u64 > 2 * b + slack);
        let lines_over = self.max_lines.is_some_and(|l| self.tail_newlines > 2 * l + slack.min(1024));
        let held_over = self.tail.len() as u64 > 2 * self.held_end() + slack;
        if (bytes_over || lines_over) && held_over {
            let drop = self.unreachable(&self.tail);
            self.middle.add(&self.tail[..drop], &mut self.last_dropped);
            self.tail_newlines -= text::count_newlines(&self.tail[..drop]);
            self.tail_start += drop as u64;
            self.tail.drain(..drop);
        }
    }

    /// What a window of this input holds of its end at least: [`end_held`] when the lines that
    /// matter are collected, else nothing beyond what the budget reaches.
    fn held_end(&self) -> u64 {
        match self.collect.is_some() || self.collector.is_some() {
            true => end_held(self.memory_limit),
            false => 0,
        }
    }

    /// How much of the front of `buf`, taken as the end of the input so far, no selection
    /// within the budget can reach (on a char boundary); [`Retainer::held_end`] bytes are kept.
    fn unreachable(&self, buf: &[u8]) -> usize {
        let mut drop = 0usize;
        if let Some(b) = self.max_bytes {
            let keep = usize::try_from(b).unwrap_or(usize::MAX).saturating_add(4);
            drop = drop.max(buf.len().saturating_sub(keep));
        }
        if let Some(l) = self.max_lines {
            let skip = usize::try_from(l).unwrap_or(usize::MAX);
            drop = drop.max(memchr::memrchr_iter(b'\n', buf).nth(skip).map_or(0, |i| i + 1));
        }
        // One byte more than held, so that `select::reach` finds where the held bytes begin
        // inside the window, not at its first byte, and reads it as it reads a text held whole.
        let held = usize::try_from(self.held_end()).unwrap_or(usize::MAX);
        if held > 0 {
            drop = drop.min(buf.len().saturating_sub(held.saturating_add(1)));
        }
        text::floor_char_boundary(buf, drop)
    }

    /// Ends the input and gives the document, and the spool if one was started.
    pub fn finish(mut self) -> (Doc, Option<Spool>) {
        // A head that never filled up holds the whole input (a lines-only budget it fits); a
        // tail never trimmed joins the head into the whole input (a short tail buffer must not
        // hide from the tail cut what lies before it).
        self.windowed &= self.head_done;
        if self.windowed && self.tail_start == self.head.len() as u64 {
            self.head.append(&mut self.tail);
            self.windowed = false;
        }
        let spool = if self.windowed { self.spool.take() } else { None };
        let middle = (self.middle.tokens.take()).map(StreamCounter::finish);
        let candidates = self.collector.take().filter(|_| self.windowed).map(Collector::finish);
        let end_held = self.held_end();
        let mut doc = Doc {
            head: self.head,
            tail: self.tail,
            tail_start: self.tail_start,
            windowed: self.windowed,
            middle: Size {
                bytes: self.middle.bytes,
                chars: self.middle.chars,
                lines: self.middle.newlines,
                tokens: middle.map(|m| m.0),
                tokens_estimated: middle.is_some_and(|m| m.1),
            },
            total_bytes: self.total,
            last_dropped: self.last_dropped,
            candidates: None,
            scanned: std::sync::OnceLock::new(),
            islands: Vec::new(),
            end_held,
            facts: Default::default(),
        };
        if let Some(c) = candidates {
            doc.islands = islands(&c, doc.head.len() as u64, doc.tail_start);
            doc.candidates = Some(c);
        }
        (doc, spool)
    }
}

/// The candidates that lie in the dropped middle, consecutive lines joined.
fn islands(c: &Candidates, from: u64, to: u64) -> Vec<Island> {
    let mut out: Vec<Island> = Vec::new();
    for c in c.list.iter().filter(|c| c.start >= from && c.end() <= to) {
        // The lines before a candidate are held with it when they lie in the middle.
        let before: &[u8] = if c.start - from >= c.before.len() as u64 { &c.before } else { b"" };
        let start = c.start - before.len() as u64;
        let mut text = [before, &c.text[..], &c.after[..]].concat();
        // The lines after a candidate may run past the middle.
        text.truncate(text.len().min((to - start) as usize));
        match out.last_mut() {
            Some(last) if start <= last.end() => {
                let skip = (last.end() - start) as usize;
                last.text.extend_from_slice(text.get(skip..).unwrap_or_default());
            }
            _ => out.push(Island {
                start,
                text,
                chars_before: c.chars_before - crate::text::count_chars(before),
                lines_before: c.line - crate::text::count_newlines(before),
            }),
        }
    }
    out
}

/// Whole lines of the dropped middle that are held: `salient`'s candidates.
#[derive(Debug)]
struct Island {
    start: u64,
    text: Vec<u8>,
    chars_before: u64,
    lines_before: u64,
}

impl Island {
    fn end(&self) -> u64 {
        self.start + self.text.len() as u64
    }
}

/// The retained input. Positions are byte offsets into the whole input.
#[derive(Debug)]
pub struct Doc {
    head: Vec<u8>,
    tail: Vec<u8>,
    tail_start: u64,
    windowed: bool,
    /// Counts of the dropped middle; `lines` holds its newlines.
    middle: Size,
    total_bytes: u64,
    last_dropped: Option<u8>,
    /// The lines that matter, collected as the input streamed (windowed input only).
    candidates: Option<Candidates>,
    /// The lines that matter of a held text, scanned at the first ask (see [`Doc::scanned`]),
    /// with the `--keep` pattern and the room they were scanned for.
    scanned: std::sync::OnceLock<(Option<String>, usize, Candidates)>,
    islands: Vec<Island>,
    /// The input's last bytes that a window of it holds at least (see [`end_held`]).
    end_held: u64,
    /// What the end's share learned of its lines (see [`LineFacts`]).
    facts: std::sync::Mutex<LineFactsByStart>,
}

/// What the end's share of a plan (`select::end_block`) learned of a line, kept for the next
/// plan of the same fit: [`crate::truncate::fit`] plans the same input up to a few times, and
/// their end shares walk mostly the same lines.
#[derive(Clone, Copy, Debug, Default)]
pub struct LineFacts {
    /// The line's length, so that a fact is read back for the line it was learned of.
    pub len: usize,
    /// Whether it says that something passed, or nothing ([`crate::signals::says_nothing`]).
    pub passing: Option<bool>,
    /// Its class ([`crate::signals::classify`]).
    pub class: Option<crate::signals::Class>,
    /// Its template ([`crate::signals::template`]).
    pub template: Option<u64>,
}

/// [`LineFacts`] by the offset where each line starts.
pub type LineFactsByStart =
    std::collections::HashMap<u64, LineFacts, std::hash::BuildHasherDefault<crate::signals::Mixed>>;

impl Doc {
    /// A document held whole in memory.
    pub fn whole(text: Vec<u8>) -> Doc {
        let total_bytes = text.len() as u64;
        Doc {
            head: text,
            tail: Vec::new(),
            tail_start: 0,
            windowed: false,
            middle: Size::default(),
            total_bytes,
            last_dropped: None,
            candidates: None,
            scanned: std::sync::OnceLock::new(),
            islands: Vec::new(),
            end_held: end_held(MEMORY_LIMIT as u64),
            facts: Default::default(),
        }
    }

    /// A document held whole, read as a retainer that keeps input whole up to `memory_limit`
    /// bytes reads it (for tests that compare a stream with the whole text).
    #[cfg(test)]
    pub fn whole_within(text: Vec<u8>, memory_limit: u64) -> Doc {
        Doc { end_held: end_held(memory_limit), ..Doc::whole(text) }
    }

    /// The input's last bytes that a window of it is sure to hold, whatever the budget.
    pub fn end_held(&self) -> u64 {
        self.end_held
    }

    /// What plans of this document learned of its lines (see [`LineFacts`]).
    pub fn facts(&self) -> std::sync::MutexGuard<'_, LineFactsByStart> {
        self.facts.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The lines that matter, when they were collected as the input streamed.
    pub fn candidates(&self) -> Option<&Candidates> {
        self.candidates.as_ref()
    }

    /// Whether the held text was scanned for the lines that matter.
    #[cfg(test)]
    pub fn is_scanned(&self) -> bool {
        self.scanned.get().is_some()
    }

    /// The lines that matter with `keep` (see [`Collector::new`]): those collected as the input
    /// streamed, else those of the held text, scanned once however often a fit asks (deciding
    /// `auto`, noting a baseline, each round of a plan); `None` when neither is there.
    pub fn scanned(&self, keep: Option<&Regex>, room: usize) -> Option<std::borrow::Cow<'_, Candidates>> {
        use std::borrow::Cow;
        if let Some(c) = self.candidates() {
            return Some(Cow::Borrowed(c));
        }
        let text = self.text()?;
        let key = keep.map(|r| r.as_str().to_owned());
        let scan = || Candidates::of(text, keep.cloned(), room);
        let (k, r, c) = self.scanned.get_or_init(|| (key.clone(), room, scan()));
        match *k == key && *r == room {
            true => Some(Cow::Borrowed(c)),
            false => Some(Cow::Owned(scan())),
        }
    }

    /// The bytes `[a, b)` when one held part holds them all.
    pub fn held(&self, a: u64, b: u64) -> Option<&[u8]> {
        let head = self.head.len() as u64;
        if b <= head {
            return self.head.get(a as usize..b as usize);
        }
        if a >= self.tail_start && self.windowed {
            return self.tail.get((a - self.tail_start) as usize..(b - self.tail_start) as usize);
        }
        let i = self.island(a, b)?;
        i.text.get((a - i.start) as usize..(b - i.start) as usize)
    }

    /// The island of the middle that holds `[a, b)`.
    fn island(&self, a: u64, b: u64) -> Option<&Island> {
        let i = self.islands.partition_point(|i| i.end() < b);
        self.islands.get(i).filter(|i| i.start <= a && b <= i.end())
    }

    /// The whole text, if it is held in memory.
    pub fn text(&self) -> Option<&[u8]> {
        (!self.windowed).then_some(&self.head[..])
    }

    /// Whether only a window of the input is held.
    pub fn is_windowed(&self) -> bool {
        self.windowed
    }

    /// The input's length in bytes.
    pub fn len(&self) -> u64 {
        self.total_bytes
    }

    /// Whether the input is empty.
    pub fn is_empty(&self) -> bool {
        self.total_bytes == 0
    }

    /// The longest prefix held: cuts of a head are made in it.
    pub fn prefix(&self) -> &[u8] {
        &self.head
    }

    /// The longest suffix held and where it starts: cuts of a tail are made in it.
    pub fn suffix(&self) -> (&[u8], u64) {
        if self.windowed { (&self.tail, self.tail_start) } else { (&self.head, 0) }
    }

    /// The bytes `[a, b)`, which must lie in the prefix or in the suffix.
    pub fn slice(&self, a: u64, b: u64) -> &[u8] {
        let head = self.head.len() as u64;
        if b <= head {
            return &self.head[a as usize..b as usize];
        }
        if self.windowed
            && a < self.tail_start
            && let Some(i) = self.island(a, b)
        {
            return &i.text[(a - i.start) as usize..(b - i.start) as usize];
        }
        let (s, start) = self.suffix();
        let from = a.saturating_sub(start) as usize;
        &s[from.min(s.len())..(b - start) as usize]
    }

    /// The parts of `[a, b)` held in memory, and whether the middle lies between them.
    fn parts(&self, a: u64, b: u64) -> (&[u8], bool, &[u8]) {
        if !self.windowed {
            return (&self.head[a as usize..b as usize], false, &[]);
        }
        let head = self.head.len() as u64;
        let first = &self.head[(a.min(head)) as usize..(b.min(head)) as usize];
        let spans_middle = a <= head && b >= self.tail_start;
        let from = a.max(self.tail_start).saturating_sub(self.tail_start) as usize;
        let to = b.saturating_sub(self.tail_start) as usize;
        let last = if to > from { &self.tail[from..to] } else { &[][..] };
        (first, spans_middle, last)
    }

    /// The number of newlines before `pos`.
    pub fn newlines_before(&self, pos: u64) -> u64 {
        self.counted_before(pos, text::count_newlines, self.middle.lines, |i| i.lines_before)
    }

    /// The chars before `pos`, which must be held (or be the end of a held part).
    fn chars_before(&self, pos: u64) -> u64 {
        self.counted_before(pos, text::count_chars, self.middle.chars, |i| i.chars_before)
    }

    /// What `count` gives for the input before `pos` (held, or the end of a held part), where
    /// `middle` is its total over the dropped middle and `at` its total before an island.
    fn counted_before(&self, pos: u64, count: fn(&[u8]) -> u64, middle: u64, at: fn(&Island) -> u64) -> u64 {
        let head = self.head.len() as u64;
        if pos <= head {
            return count(&self.head[..pos as usize]);
        }
        if pos < self.tail_start
            && let Some(i) = self.island(pos, pos)
        {
            return at(i) + count(&i.text[..(pos - i.start) as usize]);
        }
        let (s, start) = self.suffix();
        count(&self.head) + middle + count(&s[..(pos.max(start) - start) as usize])
    }

    /// The byte at `pos`, if held.
    fn byte_at(&self, pos: u64) -> Option<u8> {
        let head = self.head.len() as u64;
        if pos < head {
            return self.head.get(pos as usize).copied();
        }
        if self.windowed
            && pos < self.tail_start
            && let Some(i) = self.island(pos, pos + 1)
        {
            return i.text.get((pos - i.start) as usize).copied();
        }
        let (s, start) = self.suffix();
        if self.windowed && pos + 1 == start && start > head {
            return self.last_dropped;
        }
        pos.checked_sub(start).and_then(|i| s.get(i as usize).copied())
    }

    /// Whether `pos` is the start of a line (or the end of the input).
    pub fn at_line_start(&self, pos: u64) -> bool {
        pos == 0
            || pos >= self.total_bytes
            || self.byte_at(pos - 1) == Some(b'\n')
            // Islands are whole lines.
            || self.islands.binary_search_by_key(&pos, |i| i.start).is_ok()
    }

    /// The size of `[a, b)`, counting tokens with `encoding` when given.
    pub fn size(&self, a: u64, b: u64, encoding: Option<Encoding>) -> Size {
        if !self.islands.is_empty() {
            return self.size_around_islands(a, b, encoding);
        }
        let (first, spans, last) = self.parts(a, b);
        let mut size = Size::of(first, encoding);
        let newlines =
            text::count_newlines(first) + text::count_newlines(last) + if spans { self.middle.lines } else { 0 };
        size.bytes += last.len() as u64;
        size.chars += text::count_chars(last);
        if let (Some(t), Some(e)) = (size.tokens.as_mut(), encoding) {
            *t += e.count(last);
        }
        if spans {
            size.bytes += self.middle.bytes;
            size.chars += self.middle.chars;
            size.tokens = size.tokens.map(|t| t + self.middle.tokens.unwrap_or(0));
            // Counts that are summed over cuts that are not token boundaries are estimates.
            size.tokens_estimated |= encoding.is_some();
        }
        let ends_open = b > a && self.byte_at(b - 1).is_some_and(|c| c != b'\n');
        size.lines = newlines + u64::from(ends_open);
        size
    }

    /// [`Doc::size`] when islands of the middle are held: `a` and `b` lie in held parts, so
    /// chars and lines are exact; tokens are exact for the held parts of the span, and for the
    /// rest in proportion to the bytes of the middle (an estimate).
    fn size_around_islands(&self, a: u64, b: u64, encoding: Option<Encoding>) -> Size {
        let mut held = vec![(0, &self.head[..]), (self.tail_start, &self.tail[..])];
        held.extend(self.islands.iter().map(|i| (i.start, &i.text[..])));
        let (mut tokens, mut held_bytes) = (0u64, 0u64);
        for (start, text) in held {
            let (lo, hi) = (a.max(start), b.min(start + text.len() as u64));
            if hi > lo {
                held_bytes += hi - lo;
                tokens += encoding.map_or(0, |e| e.count(&text[(lo - start) as usize..(hi - start) as usize]));
            }
        }
        let unheld = (b - a) - held_bytes;
        let per_byte = self.middle.tokens.unwrap_or(0) as f64 / self.middle.bytes.max(1) as f64;
        let ends_open = b > a && self.byte_at(b - 1).is_some_and(|c| c != b'\n');
        Size {
            bytes: b - a,
            chars: self.chars_before(b) - self.chars_before(a),
            lines: self.newlines_before(b) - self.newlines_before(a) + u64::from(ends_open),
            tokens: encoding.map(|_| tokens + (unheld as f64 * per_byte).round() as u64),
            tokens_estimated: encoding.is_some() && unheld > 0,
        }
    }
}
