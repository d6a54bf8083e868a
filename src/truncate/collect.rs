//! The lines that `salient` may keep from the middle of an input, collected as the input
//! streams by, in memory bounded by the budget rather than the input.
//!
//! Every line is judged by [`signals::Scanner`]. A line that matters becomes a candidate; of
//! the lines that share a [`signals::template`] only the best one (highest class, then first)
//! is held, and the others are counted, so rare templates can be preferred and a thousand
//! repeats cost one line. When the held lines outgrow their room (a multiple of the budget),
//! the worst-ranked ones (lowest class, commonest template, latest) are let go.
//!
//! Large inputs are scanned two blocks at a time, each block of a pair on one of two threads
//! with a fresh scanner, while the input goes on being read and the pair before is still being
//! scanned. Pairs are joined in order: a block's first lines are scanned again with the state
//! carried from the block before until both scanners are in the same [`signals::State`], after
//! which the fresh scan is what a single scan would have found. The result is the same as one
//! scan in order, and no block waits for the one before it to finish.

use crate::signals::{self, Class, Known, Scanner};
use crate::text;
use regex::bytes::Regex;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, mpsc};

/// A line that matters, held with its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The line's index (0 for the first line).
    pub line: u64,
    /// The byte offset where it starts.
    pub start: u64,
    /// The chars before it.
    pub chars_before: u64,
    /// How much it matters.
    pub class: Class,
    /// Its template.
    pub template: u64,
    /// The line, newline included.
    pub text: Vec<u8>,
    /// Up to two short lines that follow it, so that a gap of one or two lines between kept
    /// lines can be shown rather than marked (see [`AFTER`]).
    pub after: Vec<u8>,
    /// Up to two short lines that precede it (the test or step a failure belongs to), held as
    /// [`Candidate::after`] is.
    pub before: Vec<u8>,
    /// How many bytes at the end of [`Candidate::before`] say what a bare exception is, from the
    /// start of that line ([`statement`]): it is held by that line and shown with it. 0 for none.
    pub said: usize,
}

impl Candidate {
    /// The byte offset just past the line.
    pub fn end(&self) -> u64 {
        self.start + self.text.len() as u64
    }

    /// The class it ranks as against an earlier run ([`signals::Baseline::rank`]). A verdict is
    /// held by its place too ([`signals::template_as`]); the baseline knows lines by their
    /// template alone.
    pub fn against(&self, baseline: &signals::Baseline) -> Class {
        let template = match self.class {
            Class::Verdict => signals::template(&self.text),
            _ => self.template,
        };
        baseline.rank(self.class, template)
    }

    /// The memory it takes, about.
    fn held(&self) -> usize {
        self.text.len() + self.after.len() + self.before.len() + OVERHEAD
    }
}

/// The first one or two whole lines of `rest` while together no longer than [`AFTER`], with
/// the blank lines and rules on the way (see [`filler`]), which are not counted.
fn short_lines_after(rest: &[u8]) -> &[u8] {
    let (mut end, mut counted) = (0, 0);
    while counted < 2 {
        match memchr::memchr(b'\n', &rest[end..rest.len().min(AFTER)]) {
            Some(i) => {
                counted += usize::from(!filler(&rest[end..end + i]));
                end += i + 1;
            }
            None => break,
        }
    }
    &rest[..end]
}

/// The last one or two whole lines of `text` (which ends a line) while together no longer than
/// [`AFTER`], with the blank lines and rules on the way; `text` starts a line.
fn short_lines_before(text: &[u8]) -> &[u8] {
    let (mut start, mut counted) = (text.len(), 0);
    while counted < 2 {
        if start == 0 {
            break;
        }
        let from = memchr::memrchr(b'\n', &text[..start - 1]).map_or(0, |i| i + 1);
        if text.len() - from > AFTER {
            break;
        }
        counted += usize::from(!filler(&text[from..start]));
        start = from;
    }
    &text[start..]
}

/// The line that says what a bare exception ([`signals::is_bare_exception`]) is, when `text` is
/// one and `before` (the short lines held before it) ends with it: the nearest line above that
/// is no blank line or rule, no verdict, frame or passing line. Python prints the statement that
/// raised a bare `AssertionError` above it (`assert 'Predict SteveCarell with 0.97 confidence.'
/// in out`), and a logger its message above an exception logged without one. Such an exception
/// is held by that line too, as two bare `AssertionError`s under two asserts are two failures,
/// and is shown with it. Returns the bytes from the line's start to the end of `before`, and the
/// line.
fn statement<'a>(text: &[u8], before: &'a [u8]) -> Option<(usize, &'a [u8])> {
    if !signals::is_bare_exception(text) {
        return None;
    }
    let mut start = before.len();
    while start > 0 {
        let from = memchr::memrchr(b'\n', &before[..start - 1]).map_or(0, |i| i + 1);
        let line = &before[from..start];
        start = from;
        if filler(line) {
            continue;
        }
        let says = signals::classify(line) < Class::Verdict && !signals::is_frame(line) && !signals::says_nothing(line);
        return says.then_some((before.len() - from, line));
    }
    None
}

/// Whether `line` is blank or a rule (`-----`, `=====`, `________`): it says nothing itself,
/// and goes with the line past it, as the rule under a failure's title goes with the diff or
/// the message it opens.
pub fn filler(line: &[u8]) -> bool {
    line.iter().all(|b| b.is_ascii_whitespace() || b"-=_*~#".contains(b))
}

/// What [`Collector`] found in a whole input.
#[derive(Clone, Debug, Default)]
pub struct Candidates {
    /// The candidates held, in order.
    pub list: Vec<Candidate>,
    /// How many lines that matter share each template (templates past [`MAX_TEMPLATES`] are
    /// not counted: they count as rare).
    pub counts: HashMap<u64, u32>,
    /// The highest class of any line.
    pub reached: Class,
}

impl Candidates {
    /// The lines of `text` that matter, as a stream of it would give them.
    pub fn of(text: &[u8], keep: Option<Regex>, room: usize) -> Candidates {
        let mut c = Collector::new(keep, room);
        if text.len() >= 2 * BLOCK {
            c.push(text);
            return c.finish();
        }
        // What a stream of it would hold at once and scan at its end: scanned where it is, not
        // copied first.
        c.scan_rest(text);
        c.done()
    }

    /// How many lines that matter share `template`.
    pub fn count(&self, template: u64) -> u32 {
        self.counts.get(&template).copied().unwrap_or(1)
    }

    /// The candidates ranked against an earlier run: each line whose template the baseline has
    /// ranks one class lower ([`Candidate::against`]).
    pub fn against(&self, baseline: &signals::Baseline) -> Candidates {
        let mut c = self.clone();
        for line in &mut c.list {
            line.class = line.against(baseline);
        }
        c
    }
}

/// Input is scanned in blocks of this size, two at a time (smaller in tests, to cross many).
const BLOCK: usize = if cfg!(test) { 64 << 10 } else { 1 << 20 };

/// The end of an input scanned in two halves at once (see [`Collector::scan_rest`]): 256 KiB
/// (smaller in tests, to split the ends of the texts they stream).
const SPLIT_REST: usize = if cfg!(test) { 16 << 10 } else { 256 << 10 };

/// Lines of the next block scanned again with the carried state before the scan gives up on
/// meeting the fresh one and goes on alone.
const CATCH_UP: usize = 256;

/// Lines kept before a block, so that a line can promote one just above it.
const LOOK_BACK: usize = 16;

/// A line still open after this many bytes when its block is scanned is judged by its first
/// bytes and is never a candidate.
const LONG_LINE: usize = BLOCK;

/// The lines after a candidate are held while together no longer than this: a gap longer
/// than a marker is marked anyway.
const AFTER: usize = 160;

/// Templates counted at most; later new ones are not counted (memory stays bounded).
pub const MAX_TEMPLATES: usize = 1 << 18;

/// What a held candidate costs besides its text.
const OVERHEAD: usize = 96;

/// A line judged to matter, found by a scan: positions are offsets into the buffer.
#[derive(Clone, Copy, Debug)]
struct Found {
    /// The line that judged it (a later one, for a promoted line).
    by: usize,
    line: usize,
    start: usize,
    end: usize,
    class: Class,
}

/// Collects the candidates of an input fed in pieces.
#[derive(Debug)]
pub struct Collector {
    scanner: Scanner,
    keep: Option<Regex>,
    room: usize,
    /// Whether blocks are scanned on threads of their own.
    parallel: bool,
    /// Input not yet dropped: a few scanned lines of look-back, then what is not yet scanned.
    buf: Vec<u8>,
    /// Where the unscanned part of `buf` starts.
    scanned: usize,
    /// The offset and the chars before `buf[0]`.
    base: u64,
    base_chars: u64,
    /// The index of the line at `buf[scanned]`.
    next_line: usize,
    /// Inside a line longer than [`LONG_LINE`]: drop input until its end.
    skipping: bool,
    /// The scans running in the background, oldest first (at most [`IN_FLIGHT`] once a call
    /// returns).
    jobs: VecDeque<Job>,
    /// The threads that run them, started with the first.
    workers: Option<Workers>,
    held: Vec<Candidate>,
    held_bytes: usize,
    by_template: HashMap<u64, usize>,
    counts: HashMap<u64, u32>,
    reached: Class,
}

impl Collector {
    /// A collector holding about `room` bytes of candidates; `keep` lines are [`Class::Keep`].
    pub fn new(keep: Option<Regex>, room: usize) -> Collector {
        Collector {
            scanner: Scanner::new(keep.clone()),
            keep,
            room,
            parallel: super::parallel(),
            buf: Vec::new(),
            scanned: 0,
            base: 0,
            base_chars: 0,
            next_line: 0,
            skipping: false,
            jobs: VecDeque::new(),
            workers: None,
            held: Vec::new(),
            held_bytes: 0,
            by_template: HashMap::new(),
            counts: HashMap::new(),
            reached: Class::Pass,
        }
    }

    /// Takes the next piece of input.
    pub fn push(&mut self, mut data: &[u8]) {
        loop {
            if self.skipping {
                let (n, ends) = memchr::memchr(b'\n', data).map_or((data.len(), false), |i| (i + 1, true));
                self.base += n as u64;
                self.base_chars += text::count_chars(&data[..n]);
                self.skipping = !ends;
                data = &data[n..];
            }
            if data.is_empty() {
                return;
            }
            // Scans start at the same offsets however the input is cut into pieces.
            let take = data.len().min(2 * BLOCK - (self.buf.len() - self.scanned));
            self.buf.extend_from_slice(&data[..take]);
            data = &data[take..];
            if self.buf.len() - self.scanned >= 2 * BLOCK {
                self.scan_blocks();
            }
        }
    }

    /// Ends the input and gives what was found.
    pub fn finish(mut self) -> Candidates {
        self.settle();
        let buf = std::mem::take(&mut self.buf);
        self.scan_rest(&buf);
        self.done()
    }

    /// Scans the input's end, `buf[self.scanned..]` (`buf` starting at `self.base`), and takes
    /// what it finds. A rest of [`SPLIT_REST`] or more is scanned in two halves at once, the
    /// second with a fresh scanner joined to the first as a pair of blocks is (see [`Fresh`]):
    /// a whole text shorter than a pair of blocks (a 1 MB output in `ctx hook`) is all rest.
    fn scan_rest(&mut self, buf: &[u8]) {
        let (from, end) = (self.scanned, buf.len());
        if end <= from {
            return;
        }
        let mut found = Vec::new();
        let half = from + (end - from) / 2;
        let mid = match self.parallel && end - from >= SPLIT_REST {
            true => memchr::memchr(b'\n', &buf[half..end]).map_or(end, |i| half + i + 1),
            false => end,
        };
        if mid < end {
            let line_mid = self.scanner.next_line() + text::count_newlines(&buf[from..mid]) as usize;
            let keep = self.keep.clone();
            std::thread::scope(|s| {
                let second = s.spawn(move || {
                    let fresh = Fresh::scan(buf, (mid, end), line_mid, keep);
                    crate::matcher::hand_back();
                    fresh
                });
                scan_range(buf, from, mid, &mut self.scanner, &mut found, None);
                let fresh = second.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                fresh.join(buf, &mut self.scanner, &mut found);
            });
        } else {
            scan_range(buf, from, end, &mut self.scanner, &mut found, None);
        }
        self.take(buf, (self.base, self.base_chars), &found, end, end);
    }

    /// What was found, once the whole input is scanned.
    fn done(self) -> Candidates {
        let mut list = self.held;
        list.sort_by_key(|c| c.line);
        // What this thread judged (the blocks' first lines again, the rest) is the fit's to use.
        crate::matcher::hand_back();
        Candidates { list, counts: self.counts, reached: self.reached }
    }

    /// Scans the whole lines not yet scanned, two blocks at a time, and drops what is done. With
    /// two threads to spare, each block is scanned in the background while the input goes on
    /// being read, and what the pair before found is taken once this pair's scan has started.
    fn scan_blocks(&mut self) {
        let from = self.scanned;
        let end = memchr::memrchr(b'\n', &self.buf[from..]).map_or(from, |i| from + i + 1);
        if end > from {
            let half = from + (end - from) / 2;
            let mid = memchr::memchr(b'\n', &self.buf[half..end]).map_or(end, |i| half + i + 1);
            let k = look_back_start(&self.buf, end);
            let next = self.buf[k..].to_vec();
            let buf = std::mem::replace(&mut self.buf, next);
            let base = self.base;
            // The chars before `k` are counted by `take`, which walks the buffer anyway.
            self.base += k as u64;
            self.scanned = end - k;
            if self.parallel {
                let line = self.next_line;
                let line_mid = line + text::count_newlines(&buf[from..mid]) as usize;
                self.next_line = line_mid + text::count_newlines(&buf[mid..end]) as usize;
                let workers = self.workers.get_or_insert_with(Workers::start);
                let buf = Arc::new(buf);
                let (reply, answers) = mpsc::channel();
                for (half, (range, line)) in [((from, mid), line), ((mid, end), line_mid)].into_iter().enumerate() {
                    let task = Task {
                        buf: Arc::clone(&buf),
                        range,
                        line,
                        keep: self.keep.clone(),
                        half,
                        reply: reply.clone(),
                    };
                    workers.0[half].send(task).expect("the scan threads live as long as the collector");
                }
                self.jobs.push_back(Job { buf, answers, base, end, kept_from: k });
            } else {
                let mut found = Vec::new();
                scan_range(&buf, from, end, &mut self.scanner, &mut found, None);
                self.next_line = self.scanner.next_line();
                self.base_chars = self.take(&buf, (base, self.base_chars), &found, end, k);
            }
        }
        while self.jobs.len() > IN_FLIGHT {
            self.take_oldest();
        }
        if self.buf.len() - self.scanned > LONG_LINE {
            // A line too long to hold: judged by its start (for the scanner's state), never kept.
            self.settle();
            let start = &self.buf[self.scanned..self.scanned + 4096];
            self.scanner.line(start);
            self.next_line = self.scanner.next_line();
            self.skipping = true;
            self.base += self.buf.len() as u64;
            self.base_chars += text::count_chars(&self.buf);
            self.buf.clear();
            self.scanned = 0;
        }
    }

    /// Takes the results of every scan running in the background, in order.
    fn settle(&mut self) {
        while !self.jobs.is_empty() {
            self.take_oldest();
        }
    }

    /// Waits for the oldest scan running in the background, joins its blocks to the scan before
    /// them (see the module's docs) and makes candidates of what they found.
    fn take_oldest(&mut self) {
        let Some(job) = self.jobs.pop_front() else { return };
        let mut halves = [None, None];
        for _ in 0..2 {
            let (half, fresh) = job.answers.recv().expect("a block's scan panicked");
            halves[half] = Some(fresh);
        }
        let mut found = Vec::new();
        for fresh in halves.into_iter().flatten() {
            fresh.join(&job.buf, &mut self.scanner, &mut found);
        }
        self.base_chars = self.take(&job.buf, (job.base, self.base_chars), &found, job.end, job.kept_from);
    }

    /// Makes candidates of what a scan found in `buf`, which starts at offset `base` with
    /// `base_chars` chars before it, and whose scanned lines end by `end`. Returns the chars
    /// before `buf[upto]`.
    fn take(&mut self, buf: &[u8], (base, base_chars): (u64, u64), found: &[Found], end: usize, upto: usize) -> u64 {
        let (mut pos, mut chars) = (0usize, base_chars);
        for f in found {
            self.reached = self.reached.max(f.class);
            let chars_before = if f.start >= pos {
                chars += text::count_chars(&buf[pos..f.start]);
                pos = f.start;
                chars
            } else {
                chars - text::count_chars(&buf[f.start..pos])
            };
            let line = &buf[f.start..f.end];
            let before = short_lines_before(&buf[..f.start]);
            let said = (f.class == Class::Verdict).then(|| statement(line, before)).flatten();
            let template = match said {
                Some((_, by)) => signals::template_with(signals::template_as(line, f.class), by),
                None => signals::template_as(line, f.class),
            };
            let held = self.by_template.get(&template).copied();
            if let Some(i) = held.filter(|&i| self.held[i].line == f.line as u64) {
                self.held[i].class = self.held[i].class.max(f.class);
                continue;
            }
            if let Some(n) = self.counts.get_mut(&template) {
                *n += 1;
            } else if self.counts.len() < MAX_TEMPLATES {
                self.counts.insert(template, 1);
            }
            // Made only to be held: most lines found are more of a template held already.
            let candidate = || Candidate {
                line: f.line as u64,
                start: base + f.start as u64,
                chars_before,
                class: f.class,
                template,
                text: line.to_vec(),
                after: short_lines_after(&buf[f.end..end]).to_vec(),
                before: before.to_vec(),
                said: said.map_or(0, |s| s.0),
            };
            match held {
                Some(i) if f.class > self.held[i].class => {
                    let candidate = candidate();
                    self.held_bytes = self.held_bytes + candidate.held() - self.held[i].held();
                    self.held[i] = candidate;
                }
                Some(_) => {}
                None => {
                    let candidate = candidate();
                    self.held_bytes += candidate.held();
                    self.by_template.insert(template, self.held.len());
                    self.held.push(candidate);
                }
            }
        }
        if self.held_bytes > 2 * self.room {
            self.evict();
        }
        match upto >= pos {
            true => chars + text::count_chars(&buf[pos..upto]),
            false => chars - text::count_chars(&buf[upto..pos]),
        }
    }

    /// Lets the worst-ranked candidates go until the rest fit in the room.
    fn evict(&mut self) {
        let counts = &self.counts;
        self.held.sort_by_key(|c| (std::cmp::Reverse(c.class), counts.get(&c.template).copied().unwrap_or(1), c.line));
        let mut used = 0;
        let n = self.held.iter().take_while(|c| {
            used += c.held();
            used <= self.room
        });
        let n = n.count();
        self.held.truncate(n);
        self.held_bytes = self.held.iter().map(Candidate::held).sum();
        self.by_template = self.held.iter().enumerate().map(|(i, c)| (c.template, i)).collect();
    }
}

/// A scan of two blocks running in the background: its buffer, and where each block's fresh scan
/// arrives (with the block's index in the pair). `base` is the offset of the buffer (its chars
/// before are known once the scan before it is taken), `end` where its scanned lines end.
#[derive(Debug)]
struct Job {
    buf: Arc<Vec<u8>>,
    answers: mpsc::Receiver<(usize, Fresh)>,
    base: u64,
    end: usize,
    /// Where the next buffer starts in this one.
    kept_from: usize,
}

/// Pairs whose scans may still run once a pair has been handed out: the next pair is read while
/// the two before it are scanned (one pair's two threads would leave a core idle while the
/// longer of its blocks finishes).
const IN_FLIGHT: usize = 2;

/// A block to scan with a fresh scanner, and where to send the scan.
struct Task {
    buf: Arc<Vec<u8>>,
    range: (usize, usize),
    line: usize,
    keep: Option<Regex>,
    /// The block's index in its pair.
    half: usize,
    reply: mpsc::Sender<(usize, Fresh)>,
}

/// Two threads that scan the blocks of a collector's pairs, the first block of each pair on
/// the first, the second on the second. They live as long as the collector, so the regex
/// caches each thread fills stay warm from one block to the next (a thread for each block
/// filled them anew: on the real-log set, a sixth of the scan went to building them again).
/// After each block they hand the caches back ([`crate::matcher::hand_back`]), so that the
/// lines the fit judges after the scan find the states built (`ctx hook` on a 1 MB event: the
/// end's share judged its 3,984 lines in 5.4 ms with caches of its own, 1.7 ms with these).
#[derive(Debug)]
struct Workers([mpsc::Sender<Task>; 2]);

impl Workers {
    fn start() -> Workers {
        Workers([(); 2].map(|()| {
            let (tasks, queue) = mpsc::channel::<Task>();
            std::thread::spawn(move || {
                for t in queue {
                    let fresh = Fresh::scan(&t.buf, t.range, t.line, t.keep);
                    drop(t.buf);
                    // Before the reply: the fit that may follow it finds the states built.
                    crate::matcher::hand_back();
                    // The collector may be gone (a panic while it read): nobody waits then.
                    let _ = t.reply.send((t.half, fresh));
                }
            });
            tasks
        }))
    }
}

/// The scan of a block of a buffer with a fresh scanner, as if its first line were line `line`.
#[derive(Debug)]
struct Fresh {
    /// The block: `buf[from..to)`.
    from: usize,
    to: usize,
    line: usize,
    found: Vec<Found>,
    /// The state before each of its first [`CATCH_UP`] lines.
    states: Vec<signals::State>,
    /// The scanner at its end.
    scanner: Scanner,
}

impl Fresh {
    fn scan(buf: &[u8], (from, to): (usize, usize), line: usize, keep: Option<Regex>) -> Fresh {
        let mut scanner = Scanner::starting_at(keep, line);
        let (mut found, mut states) = (Vec::new(), Vec::new());
        scan_range(buf, from, to, &mut scanner, &mut found, Some(&mut states));
        Fresh { from, to, line, found, states, scanner }
    }

    /// Adds to `found` what one scan of the block would have found, where `scanner` carries the
    /// state of the lines before it: its first lines are scanned again with `scanner` until
    /// both are in the same state, and what the fresh scan found from there on is taken (with
    /// its scanner); without such a line within [`CATCH_UP`], the carried scan goes on alone.
    fn join(self, buf: &[u8], scanner: &mut Scanner, found: &mut Vec<Found>) {
        let mut pos = self.from;
        for (i, state) in self.states.iter().enumerate() {
            if scanner.state() == *state {
                found.extend(self.found.into_iter().filter(|f| f.by >= self.line + i));
                *scanner = self.scanner;
                return;
            }
            let line_end = memchr::memchr(b'\n', &buf[pos..self.to]).map_or(self.to, |k| pos + k + 1);
            scan_line(buf, pos, line_end, scanner, found);
            pos = line_end;
        }
        scan_range(buf, pos, self.to, scanner, found, None);
    }
}

/// Where to keep `buf` from once everything before `end` is scanned: a few lines before `end`,
/// so a later line can promote one just above it.
fn look_back_start(buf: &[u8], end: usize) -> usize {
    let mut k = end;
    for _ in 0..LOOK_BACK {
        if k == 0 || end - k > 64 << 10 {
            break;
        }
        k = memchr::memrchr(b'\n', &buf[..k - 1]).map_or(0, |i| i + 1);
    }
    if end - k > 64 << 10 { end } else { k }
}

/// Scans the lines of `buf[from..to)`; with `states`, records the state before each of the
/// first [`CATCH_UP`] lines.
fn scan_range(
    buf: &[u8],
    from: usize,
    to: usize,
    scanner: &mut Scanner,
    found: &mut Vec<Found>,
    mut states: Option<&mut Vec<signals::State>>,
) {
    let (mut lowered, mut hits) = (Vec::new(), Vec::new());
    signals::word_hits(&buf[from..to], &mut lowered, &mut hits);
    drop(lowered);
    let mut hits = hits.into_iter().map(|h| from + h).peekable();
    // Where the block holds an escape, a carriage return or a backspace: one search for the
    // whole block, so that the lines without any (most) are judged without a search each.
    let mut dirty = crate::clean::redraws(&buf[from..to]).map(|d| from + d).peekable();
    let mut pos = from;
    while pos < to {
        // One search finds the end of a line without a tab (most), and says it has none.
        let (end, tab) = match memchr::memchr2(b'\n', b'\t', &buf[pos..to]).map(|k| pos + k) {
            Some(t) if buf[t] == b'\t' => (memchr::memchr(b'\n', &buf[t..to]).map_or(to, |k| t + k + 1), true),
            Some(nl) => (nl + 1, false),
            None => (to, false),
        };
        if let Some(s) = states.as_deref_mut().filter(|s| s.len() < CATCH_UP) {
            s.push(scanner.state());
        }
        let word = hits.next_if(|&h| h < end).is_some();
        let plain = !crate::clean::line_redraws(&mut dirty, end);
        scan_line_knowing(buf, pos, end, scanner, found, Some(Known { word, plain, tab }));
        pos = end;
    }
}

/// Judges the line `buf[start..end)` and records it if it matters, and the line it promotes.
fn scan_line(buf: &[u8], start: usize, end: usize, scanner: &mut Scanner, found: &mut Vec<Found>) {
    scan_line_knowing(buf, start, end, scanner, found, None);
}

/// [`scan_line`], told what its block's searches found of the line, as
/// [`Scanner::line_knowing`] is.
fn scan_line_knowing(
    buf: &[u8],
    start: usize,
    end: usize,
    scanner: &mut Scanner,
    found: &mut Vec<Found>,
    known: Option<Known>,
) {
    let line = scanner.next_line();
    let j = match known {
        Some(known) => scanner.line_knowing(&buf[start..end], known),
        None => scanner.line(&buf[start..end]),
    };
    if let Some(p) = j.promote
        && let Some((a, b)) = line_above(buf, start, line - p)
    {
        found.push(Found { by: line, line: p, start: a, end: b, class: Class::Context });
    }
    if j.class.matters() {
        found.push(Found { by: line, line, start, end, class: j.class });
    }
}

/// The span of the line `n` lines above the one that starts at `start`, if `buf` holds it.
fn line_above(buf: &[u8], start: usize, n: usize) -> Option<(usize, usize)> {
    let (mut a, mut b) = (start, start);
    for _ in 0..n.min(LOOK_BACK + 1) {
        if a == 0 {
            return None;
        }
        b = a;
        a = memchr::memrchr(b'\n', &buf[..a - 1]).map_or(0, |i| i + 1);
    }
    (n <= LOOK_BACK + 1).then_some((a, b))
}

/// The room for candidates when fitting into `budget`: four times the most it can hold, within
/// 256 KiB and 16 MiB.
pub fn room(budget: &crate::text::Budget) -> usize {
    let most = budget.max_bytes().unwrap_or(super::MEMORY_LIMIT as u64);
    usize::try_from(most.saturating_mul(4)).unwrap_or(usize::MAX).clamp(256 << 10, 16 << 20)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A log of `n` blocks, each a little different, with tracebacks, compiler errors, JUnit
    /// cases and pass lines, so that block boundaries fall inside every kind of state.
    fn log(n: usize) -> Vec<u8> {
        let mut out = String::new();
        for i in 0..n {
            let pad = "x".repeat(i % 37);
            out.push_str(&format!("INFO step {i} {pad}\n"));
            match i % 5 {
                0 => out.push_str(&format!(
                    "Traceback (most recent call last):\n  File \"a{i}.py\", line {i}, in main\n    run()\nKeyError{}: 'k'\n",
                    i % 13
                )),
                1 => out.push_str(&format!("error[E0308]: mismatched types {}\n  --> src/m{i}.rs:4:18\n   |\n", i % 11)),
                2 => out.push_str(&format!("<testcase name=\"t{i}\">\n  <failure message=\"boom {}\"/>\n</testcase>\n", i % 7)),
                3 => out.push_str(&format!("test t{i} ... ok\nwarning: unused {}\n", i % 17)),
                _ => out.push_str("all fine here\n"),
            }
        }
        out.into_bytes()
    }

    fn collect(text: &[u8], parallel: bool, piece: usize, room: usize) -> Candidates {
        let mut c = Collector::new(None, room);
        c.parallel = parallel;
        for p in text.chunks(piece) {
            c.push(p);
        }
        c.finish()
    }

    #[test]
    fn two_threads_find_what_one_finds() {
        let text = log(6_000);
        assert!(text.len() > 4 * BLOCK, "{}", text.len());
        let one = collect(&text, false, text.len(), 64 << 20);
        let two = collect(&text, true, 999, 64 << 20);
        assert_eq!(one.list.len(), two.list.len());
        assert!(one.list == two.list, "the candidates differ");
        assert_eq!(one.counts, two.counts);
        assert_eq!(one.reached, Class::Verdict);
        // Every template's best line is held, with its offset, line and chars before it.
        let first = &one.list[0];
        assert_eq!(&text[first.start as usize..first.end() as usize], &first.text[..]);
        for c in one.list.iter().step_by(97) {
            let before = &text[..c.start as usize];
            assert_eq!(c.line, text::count_newlines(before), "line of {}", String::from_utf8_lossy(&c.text));
            assert_eq!(c.chars_before, text::count_chars(before));
            assert_eq!(&text[c.start as usize..c.end() as usize], &c.text[..]);
        }
    }

    /// A traceback longer than [`CATCH_UP`] lines on either side of every block boundary: no
    /// fresh scan meets the carried state before the traceback ends, so each block is scanned
    /// again with the state before it, and the exception, which only a scanner that saw the
    /// `Traceback` line reads as one, is found with the frame above it.
    #[test]
    fn a_block_that_starts_deep_in_a_traceback_is_scanned_with_the_state_before_it() {
        let mut text = String::from("start\nTraceback (most recent call last):\n");
        for i in 0..6_000 {
            text.push_str(&format!("  File \"/srv/app/layer_{i}.py\", line {i}, in call\n    return inner(request)\n"));
        }
        text.push_str("app.Oops: it broke\nafter\n");
        let text = text.into_bytes();
        assert!(text.len() > 4 * BLOCK, "{}", text.len());
        assert_eq!(Scanner::new(None).line(b"app.Oops: it broke\n").class, Class::Plain);
        let one = collect(&text, false, text.len(), 64 << 20);
        let two = collect(&text, true, 4096, 64 << 20);
        assert!(one.list == two.list, "the candidates differ");
        let held: Vec<(u64, Class, &[u8])> = one.list.iter().map(|c| (c.line, c.class, &c.text[..])).collect();
        let frame: &[u8] = b"  File \"/srv/app/layer_5999.py\", line 5999, in call\n";
        assert_eq!(
            held[held.len() - 2..],
            [(12_000, Class::Context, frame), (12_002, Class::Verdict, &b"app.Oops: it broke\n"[..])]
        );
    }

    #[test]
    fn the_frame_above_an_exception_is_promoted_across_pieces() {
        let text = log(5);
        let c = collect(&text, true, 7, 1 << 20);
        let frame = c.list.iter().find(|c| c.text.starts_with(b"  File \"a0.py\"")).expect("the frame is held");
        assert_eq!(frame.class, Class::Context);
        assert!(c.list.iter().any(|c| c.text == b"KeyError0: 'k'\n" && c.class == Class::Verdict));
        // A pass line that mentions nothing is not held.
        assert!(!c.list.iter().any(|c| c.text.starts_with(b"test t3 ... ok")));
    }

    /// A whole text shorter than a pair of blocks is scanned in place in two halves at once,
    /// and finds what one scan finds: here with a traceback across the middle longer than
    /// [`CATCH_UP`] lines (the second half is scanned again with the state carried to it), and
    /// with one whose end the fresh scan of the second half meets within them.
    #[test]
    fn a_whole_text_scanned_in_two_halves_finds_what_one_scan_finds() {
        let whole = |text: &[u8], parallel: bool| {
            let mut c = Collector::new(None, 64 << 20);
            c.parallel = parallel;
            c.scan_rest(text);
            c.done()
        };
        for frames in [600, 10] {
            let mut text = log(400);
            let at = text.len();
            text.extend_from_slice(b"Traceback (most recent call last):\n");
            for i in 0..frames {
                text.extend_from_slice(
                    format!("  File \"/srv/app/layer_{i}.py\", line {i}, in call\n    go()\n").as_bytes(),
                );
            }
            text.extend_from_slice(b"app.Oops: it broke\n");
            let end = text.len();
            text.extend_from_slice(&log(400));
            assert!((SPLIT_REST..2 * BLOCK).contains(&text.len()), "{}", text.len());
            let mid = text.len() / 2;
            assert!(at < mid && mid < end, "the traceback is across the middle: {at} {mid} {end}");
            let one = whole(&text, false);
            let two = whole(&text, true);
            assert!(one.list == two.list, "the candidates differ ({frames} frames)");
            assert_eq!(one.counts, two.counts);
            assert!(one.list.iter().any(|c| c.text == b"app.Oops: it broke\n" && c.class == Class::Verdict));
            let streamed = collect(&text, false, 999, 64 << 20);
            assert!(streamed.list == one.list, "a stream finds the same ({frames} frames)");
        }
    }

    #[test]
    fn memory_stays_within_the_room() {
        // Every line is a distinct error (names, not numbers, differ), so none fold.
        let text: String = (0..20_000).map(|i| format!("error: failed to open file_{i}_x\n")).collect();
        let room = 256 << 10;
        let c = collect(text.as_bytes(), true, 65536, room);
        let held: usize = c.list.iter().map(Candidate::held).sum();
        assert!(held <= 2 * room, "{held}");
        // The first ones are kept: same class, same count, earlier wins.
        assert_eq!(c.list[0].text, b"error: failed to open file_0_x\n");
        assert_eq!(c.counts.len(), 20_000);
    }

    #[test]
    fn a_huge_line_is_skipped_and_the_next_lines_are_counted() {
        let mut text = b"start\n".to_vec();
        text.extend(std::iter::repeat_n(b'a', 5 * BLOCK));
        text.extend_from_slice(b" error inside\nValueError: after\n");
        let c = collect(&text, true, 65536, 1 << 20);
        let v = c.list.iter().find(|c| c.text == b"ValueError: after\n").expect("held");
        assert_eq!(v.line, 2);
        assert_eq!(v.start, text.len() as u64 - 18);
        assert_eq!(v.chars_before, text.len() as u64 - 18);
        assert!(!c.list.iter().any(|c| c.line == 1));
    }

    /// The block scan judges a line of `gh run view --log` (job and step columns, each ended by
    /// a tab, before the timestamp) as the line alone is judged: the columns are looked past
    /// where a tab comes before the line's end, and only there. A tab after a first line without
    /// one, and one at the end of the block, count for their own lines.
    #[test]
    fn the_block_scan_reads_past_gh_runs_columns() {
        let text: &[u8] = b"plain\nbuild\tTest\t2024-05-01T12:00:01.1234567Z FAIL: test_x (tests.T)\n\
            build\tTest\t2024-05-01T12:00:02.1234567Z ok\nnote\tonly\nbuild\tTest\t2024-05-01T12:00:03Z error: E0308";
        let c = collect(text, true, 7, 1 << 20);
        let mut one = Scanner::new(None);
        let alone: Vec<(u64, Class)> = text
            .split_inclusive(|&b| b == b'\n')
            .enumerate()
            .map(|(i, l)| (i as u64, one.line(l).class))
            .filter(|(_, class)| class.matters())
            .collect();
        let held: Vec<(u64, Class)> = c.list.iter().map(|c| (c.line, c.class)).collect();
        assert_eq!(held, alone);
        assert_eq!(held, [(1, Class::Verdict), (4, Class::Verdict)]);
    }

    /// The statement above a bare exception, past blank lines and rules; none under a verdict
    /// (retrofit's `<<< FAILURE!` line already says what failed), a frame or a passing line,
    /// and none for an exception with its message.
    #[test]
    fn a_bare_exception_is_said_by_the_line_above_it() {
        let nose = b"  File \"/root/src/openface/tests/openface_demo_tests.py\", line 51, in test_x\n    assert '0.763' in out\n";
        assert_eq!(statement(b"AssertionError: \n", nose), Some((26, &b"    assert '0.763' in out\n"[..])));
        let logged = b"[main] WARN ErrorReport - Something bad happened during input amplification.\n\n";
        assert_eq!(statement(b"java.lang.RuntimeException\n", logged).map(|s| s.0), Some(logged.len()));
        let surefire = b"headerMapRejectsNull(retrofit2.RequestFactoryTest)  Time elapsed: 0.005 sec  <<< FAILURE!\n";
        assert_eq!(statement(b"java.lang.AssertionError: \n", surefire), None);
        assert_eq!(statement(b"java.lang.RuntimeException\n", b"\tat a.B.c(B.java:3)\n"), None);
        assert_eq!(statement(b"AssertionError\n", b"test_x ... ok\n"), None);
        assert_eq!(statement(b"AssertionError: 1 != 2\n", nose), None);
        assert_eq!(statement(b"AssertionError\n", b""), None);
    }

    #[test]
    fn short_lines_before_a_candidate_are_held() {
        assert_eq!(short_lines_before(b"a\nb\nc\n"), b"b\nc\n");
        assert_eq!(short_lines_before(b"c\n"), b"c\n");
        assert_eq!(short_lines_before(b""), b"");
        let long = [vec![b'x'; AFTER], b"\nc\n".to_vec()].concat();
        assert_eq!(short_lines_before(&long), b"c\n");
    }

    #[test]
    fn short_lines_after_a_candidate_are_held() {
        assert_eq!(short_lines_after(b"a\nb\nc\n"), b"a\nb\n");
        assert_eq!(short_lines_after(b"a\n"), b"a\n");
        assert_eq!(short_lines_after(b"no newline"), b"");
        let long = [b'x'; AFTER];
        assert_eq!(short_lines_after(&long), b"");
        // Blank lines and rules come with the lines past them: pandoc's failed golden test
        // (master-thesis pandoc in bench/reallogs.sh), whose diff starts under a rule.
        let rule = format!("        {}\n", "-".repeat(72));
        let three = format!("        \n{rule}        --- tables.custom\n");
        let pandoc = format!("{three}        +++ /home/travis/build/jgm/pandoc/sourcedist/dist/build/pandoc/pandoc\n");
        assert_eq!(short_lines_after(pandoc.as_bytes()), three.as_bytes());
        assert_eq!(short_lines_before(b"FAIL: test_x\n=====\n\n"), b"FAIL: test_x\n=====\n\n");
        assert!(filler(b"  ----- ") && filler(b"") && filler(b"=======") && !filler(b"--- tables.custom"));
    }
}
