//! Fitting text into a budget: strategies (head, tail, head-tail, layered, salient), gap
//! markers that count against the budget, and streaming input with memory bounded by the
//! budget rather than the input (see [`Retainer`]).
//!
//! The output, markers included, never exceeds any limit given: after a plan is assembled it
//! is measured, and if a unit is over (token counts of joined pieces need not add up), the
//! plan is made again with that unit's budget reduced by the excess.

mod collect;
mod doc;
mod marker;
pub mod range;
mod run;
mod select;
pub mod watch;

pub use collect::{Candidate, Candidates, Collector, room as candidate_room};
pub use doc::{Doc, MEMORY_LIMIT, Retainer};
pub use marker::{Context as MarkerContext, Gap, Marker, PLACEHOLDERS, check_template, render as render_marker};
pub use run::{BaselineFrom, Call, Clean, Cleaned, Command, Input, RANGE_OF_STDIN, Report, Request, Stdin, Whole, run};

use crate::text::{Budget, Cut, Size};
use crate::tokens::Encoding;
use regex::bytes::Regex;
use serde::Serialize;

/// How to choose what to keep.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Strategy {
    /// `salient` when the input holds a verdict or a runner's summary (a failed test, a
    /// compiler error, a traceback, `N passed, M failed`) or a line `--keep` asks for, else
    /// `head-tail`.
    #[default]
    Auto,
    /// The start and the end; `--head-ratio` is the start's share.
    HeadTail,
    /// The start only.
    Head,
    /// The end only.
    Tail,
    /// The start, evenly spaced samples of the middle, and the end (for logs).
    Layered,
    /// The start and the end, plus the middle lines that matter (errors, failures, `--keep`).
    Salient,
}

impl Strategy {
    /// Whether the strategy works on a window of the input (bounded memory) rather than all of it.
    pub fn streams(self) -> bool {
        self != Strategy::Layered
    }

    /// Whether the strategy may need the lines that matter (so a stream collects them).
    pub fn collects(self) -> bool {
        matches!(self, Strategy::Auto | Strategy::Salient)
    }

    /// The strategy `Auto` stands for on `doc` fitted with `opts`: salient for a log with a
    /// verdict or a summary in it (or a line `--keep` asks for), else head-tail. Others stand
    /// for themselves, and the text is not looked at.
    pub fn resolve(self, doc: &Doc, opts: &Options) -> Strategy {
        if self != Strategy::Auto {
            return self;
        }
        // The scan is the one `salient` then takes its lines from (see [`Doc::scanned`]).
        let scanned = doc.scanned(opts.keep.as_ref(), collect::room(&opts.budget));
        match scanned.is_some_and(|c| c.reached >= crate::signals::Class::Summary) {
            true => Strategy::Salient,
            false => Strategy::HeadTail,
        }
    }
}

/// What to fit and how.
#[derive(Clone, Debug)]
pub struct Options {
    /// The limits the output must keep.
    pub budget: Budget,
    /// What to keep.
    pub strategy: Strategy,
    /// The head's share of the budget for `head-tail` (and of what `salient` leaves).
    pub head_ratio: f64,
    /// Where cuts may fall.
    pub cut: Cut,
    /// How tokens are counted.
    pub encoding: Encoding,
    /// What marks a gap.
    pub marker: Marker,
    /// Lines that matter for `salient`; `None` means the built-in error and failure patterns.
    pub keep: Option<Regex>,
    /// Count tokens of the input, the output and every gap even without a token budget.
    pub count_tokens: bool,
    /// The spill-to-disk preview: keep the first `budget.chars` chars and end with a
    /// [`Marker::Preview`] footer that the chars limit does not count (other limits do).
    pub preview: bool,
    /// The number markers give the input's first line (a range read from line N: N).
    pub first_line: u64,
    /// An earlier run of the same job: `salient` ranks the lines whose template it has lower.
    pub baseline: Option<std::sync::Arc<crate::signals::Baseline>>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            budget: Budget { chars: Some(DEFAULT_MAX_CHARS), ..Budget::default() },
            strategy: Strategy::default(),
            head_ratio: 0.5,
            cut: Cut::default(),
            encoding: Encoding::default(),
            marker: Marker::default(),
            keep: None,
            count_tokens: false,
            preview: false,
            first_line: 1,
            baseline: None,
        }
    }
}

/// The budget when none is given: the direct-return limit agents use in practice.
pub const DEFAULT_MAX_CHARS: u64 = 12_000;

/// The line that ends a cut output ranked against a baseline (an earlier run of the same job),
/// counted in the budget: the reader learns why a line it saw last time may be missing.
pub const BASELINE_NOTE: &str = "[ctx: lines the previous run printed too ranked lower]";

/// The result of fitting one input.
#[derive(Clone, Debug, Serialize)]
pub struct Fitted {
    /// The output text (bytes: invalid UTF-8 in the input is kept as is).
    #[serde(skip)]
    pub text: Vec<u8>,
    /// Whether anything was left out.
    pub truncated: bool,
    /// The input's size.
    pub original: Size,
    /// The output's size.
    pub output: Size,
    /// What was left out, in order.
    pub gaps: Vec<Gap>,
    /// The strategy used.
    pub strategy: Strategy,
    /// Where the full input was saved, if it was.
    pub persisted: Option<String>,
    /// Whether something was cut that no marker shows, though markers were asked for: the
    /// budget cannot hold even `[...]`. A caller must not print such an outcome as it is.
    #[serde(skip)]
    pub unmarked: bool,
}

impl Options {
    fn token_encoding(&self) -> Option<Encoding> {
        (self.count_tokens || self.budget.tokens.is_some()).then_some(self.encoding)
    }
}

/// The error of a tool that was asked to fit a budget too small for even `[...]` where the text
/// is cut: a cut is never silent (see [`Fitted::unmarked`]).
pub const UNMARKED: &str = "the budget cannot hold a marker where the text is cut, not even '[...]': raise the budget";

/// Whether the whole of `text` fits the budget of `opts`, in which case it passes through.
pub fn fits(text: &[u8], opts: &Options) -> bool {
    opts.budget.fits(text, opts.encoding)
}

/// Fits `doc` into the budget. `path` is where the full input was saved, named by markers.
pub fn fit(doc: &Doc, opts: &Options, path: Option<&str>) -> Fitted {
    let enc = opts.token_encoding();
    let original = doc.size(0, doc.len(), opts.count_tokens.then_some(opts.encoding));
    if let Some(text) = doc.text().filter(|t| fits(t, opts)) {
        let output = Size::of(text, opts.count_tokens.then_some(opts.encoding));
        return Fitted {
            text: text.to_vec(),
            truncated: false,
            original,
            output,
            gaps: vec![],
            strategy: opts.strategy,
            persisted: None,
            unmarked: false,
        };
    }
    let resolved = Options { strategy: opts.strategy.resolve(doc, opts), ..opts.clone() };
    let opts = &resolved;
    let (marker, reserve, limit, once) = match opts.preview {
        true => {
            let (m, r, l) = preview_marker(doc, opts, &original, path);
            (m, r, l, Size::default())
        }
        false => choose_marker(doc, opts, &original, path),
    };
    // The note is left out of a budget it would take more than a quarter of.
    let note = format!("{BASELINE_NOTE}\n");
    let note_size = Size::of(note.as_bytes(), limit.tokens.map(|_| opts.encoding));
    let note = (ranked_against_baseline(doc, opts) && limit.scale(0.25).minus(&note_size).is_some()).then_some(note);
    let once = if note.is_some() { once + note_size } else { once };
    let cx = marker::Context {
        total: &original,
        path,
        show_tokens: opts.budget.tokens.is_some(),
        first_line: opts.first_line,
    };
    let show_lines = if opts.budget.lines.is_some() { 1 } else { 2 };
    let mut budget = limit.minus(&once).unwrap_or(limit);
    let finish = |text: Vec<u8>, gaps: Vec<Gap>| {
        let output = Size::of(&text, opts.count_tokens.then_some(opts.encoding));
        let persisted = path.map(str::to_string);
        let unmarked = marker == Marker::Off && opts.marker != Marker::Off && !gaps.is_empty();
        Fitted { text, truncated: true, original, output, gaps, strategy: opts.strategy, persisted, unmarked }
    };
    // Each marker was given the room of the widest one the input could show, and most take
    // less: what the first output that fits leaves, when that holds another marker, is planned
    // again (see [`grow`]), and the larger plan is kept if it fits.
    let counted = limit.tokens.map(|_| opts.encoding);
    let mut measured = Measured::new();
    let mut render = |ranges: &select::Ranges| {
        let fold = opts.strategy == Strategy::Salient;
        let (mut text, gaps) = assemble(doc, ranges, &marker, enc, cx, show_lines, fold, &mut measured);
        if let Some(n) = &note {
            if text.last().is_some_and(|&c| c != b'\n') {
                text.push(b'\n');
            }
            text.extend_from_slice(n.as_bytes());
        }
        (text, gaps)
    };
    // The plan that fits from the largest budget tried, and the last budget whose plan did not:
    // a plan does not grow evenly with its budget (a share that reaches one more verdict, a run
    // left out for one marker), so one that overshoots is tried again in between (see
    // [`toward`]), and one that still leaves a share of the limit is grown again, up to
    // [`MORE_PLANS`] plans after the first that fits.
    let mut kept: Option<(Vec<u8>, Vec<Gap>, Budget, Size)> = None;
    let mut over: Option<(Budget, Size)> = None;
    let mut more = MORE_PLANS;
    for _ in 0..12 + more {
        let (text, gaps) = render(&select::plan(doc, &budget, &reserve, opts));
        let got = Size::of(&text, counted);
        if limit.fits(&text, opts.encoding) {
            // A preview shows the first `budget.chars` chars, not more: it is not planned again.
            let done = opts.preview
                || limit.minus(&(got + reserve)).is_none()
                || (kept.is_some() && !left_a_share(&limit, &got));
            kept = Some((text, gaps, budget, got));
            if done {
                break;
            }
        } else {
            over = Some((budget, got));
        }
        let next = match (&kept, &over) {
            (Some((_, _, b, g)), Some((ob, og))) => toward(b, g, ob, og, &limit),
            (Some((_, _, b, g)), None) => grow(b, &limit, g),
            (None, _) => shrink(&budget, &limit, &got),
        };
        if let Some((_, _, b, _)) = &kept {
            if next == *b || over.is_some_and(|(o, _)| next == o) || more == 0 {
                break;
            }
            more -= 1;
        }
        budget = next;
    }
    if let Some((text, gaps, _, _)) = kept {
        return finish(text, gaps);
    }
    // Unreachable in practice: every round takes the excess off. Keep nothing rather than overflow.
    let (text, gaps) = assemble(doc, &[], &Marker::Off, enc, cx, 0, false, &mut Measured::new());
    let output = Size::of(&text, opts.count_tokens.then_some(opts.encoding));
    Fitted {
        text,
        truncated: true,
        original,
        output,
        gaps,
        strategy: opts.strategy,
        persisted: path.map(str::to_string),
        unmarked: opts.marker != Marker::Off,
    }
}

/// Whether `salient` ranks a line of `doc` lower against the baseline of `opts`, so that the
/// output says so in [`BASELINE_NOTE`] (unless it marks nothing: `--no-marker`).
fn ranked_against_baseline(doc: &Doc, opts: &Options) -> bool {
    let Some(baseline) = opts.baseline.as_deref().filter(|b| !b.is_empty()) else { return false };
    if opts.strategy != Strategy::Salient || opts.preview || opts.marker == Marker::Off {
        return false;
    }
    let scanned = doc.scanned(opts.keep.as_ref(), collect::room(&opts.budget));
    scanned.is_some_and(|c| c.list.iter().any(|l| l.against(baseline) != l.class))
}

/// The room a marker takes at most: rendered with the numbers of the whole input, the widest
/// it can show, plus the newline that may end a cut line before it.
fn marker_room(m: &Marker, doc: &Doc, opts: &Options, original: &Size, path: Option<&str>) -> Option<Size> {
    // The largest numbers a marker can show are those of the whole input: render with them.
    let last = original.lines.max(1) + opts.first_line.saturating_sub(1);
    let widest = Gap {
        start_line: last,
        end_line: last,
        start_byte: 0,
        end_byte: doc.len(),
        lines: original.lines,
        chars: original.chars,
        tokens: opts.budget.tokens.map(|_| doc.len()),
        tokens_estimated: doc.is_windowed(),
        aligned: true,
        repeats: if opts.strategy == Strategy::Salient { original.lines } else { 0 },
        repeats_below: false,
    };
    let cx = marker::Context {
        total: original,
        path,
        show_tokens: opts.budget.tokens.is_some(),
        first_line: opts.first_line,
    };
    let line = marker::render(m, &widest, cx)?;
    let other = marker::render(m, &Gap { aligned: false, ..widest }, cx).unwrap_or_default();
    let longest = if other.len() > line.len() { other } else { line };
    let mut s = Size::of(format!("\n{longest}\n").as_bytes(), opts.budget.tokens.map(|_| opts.encoding));
    s.lines = 1;
    s.tokens = s.tokens.map(|t| t + 2);
    Some(s)
}

/// The marker to use, the room to reserve for each, and the limits: the full wording if it
/// takes at most half the budget, else `[...]` if that does, else `[...]` in the whole budget
/// (the content shrinks first), else none, which [`fit`] reports as [`Fitted::unmarked`].
///
/// The default and brief wordings name the saved path in their first marker only; the room of
/// the path is then taken from the limits once (the last value) rather than reserved for every
/// marker.
fn choose_marker(doc: &Doc, opts: &Options, original: &Size, path: Option<&str>) -> (Marker, Size, Budget, Size) {
    let off = (Marker::Off, Size::default(), opts.budget, Size::default());
    if opts.marker == Marker::Off {
        return off;
    }
    let share = opts.budget.scale(0.5);
    for (m, within) in [(opts.marker.clone(), &share), (Marker::Compact, &share), (Marker::Compact, &opts.budget)] {
        match marker_room(&m, doc, opts, original, path) {
            Some(r) if within.minus(&r).is_some() => {
                let bare = match (&m, path) {
                    (Marker::Default | Marker::Brief | Marker::Compact, Some(_)) => {
                        marker_room(&m, doc, opts, original, None).unwrap_or(r)
                    }
                    _ => r,
                };
                return (m, bare, opts.budget, less(&r, &bare));
            }
            _ => {}
        }
    }
    off
}

/// `a` less `b`, unit by unit, never below zero.
fn less(a: &Size, b: &Size) -> Size {
    Size {
        bytes: a.bytes.saturating_sub(b.bytes),
        chars: a.chars.saturating_sub(b.chars),
        lines: a.lines.saturating_sub(b.lines),
        tokens: a.tokens.map(|t| t.saturating_sub(b.tokens.unwrap_or(0))),
        tokens_estimated: false,
    }
}

/// The preview footer, its room, and the limits: the chars limit plus the footer.
fn preview_marker(doc: &Doc, opts: &Options, original: &Size, path: Option<&str>) -> (Marker, Size, Budget) {
    let room = marker_room(&Marker::Preview, doc, opts, original, path).unwrap_or_default();
    let limit = Budget { chars: opts.budget.chars.map(|c| c + room.chars), ..opts.budget };
    (Marker::Preview, room, limit)
}

/// Adds to `budget` what the output left of `limit`, in each limited unit, for one more plan.
///
/// On bench/reallogs.sh the outputs left 246 chars of 3,000 unused on average (the offline
/// summary) and 587 of 8,000: each marker's room is that of the widest marker the input could
/// show (93 chars for a log of 4,783 lines, where most of its markers take 60). One more plan
/// with what was left (139 and 347 chars are left after it) took the default from 92.5% to
/// 92.7% at 8,000 chars and from 90.0% to 90.9% at 2,000 tokens, and the summary from 81.3% to
/// 82.1%.
fn grow(budget: &Budget, limit: &Budget, got: &Size) -> Budget {
    each_unit(budget, limit, got, |b, l, g| if g < l { b + (l - g) } else { b })
}

/// Plans tried after the first that fits, at most. With one (the grown plan alone), a grown
/// plan that overshot gave back the first: on bench/fidelity's outputs at 3,000 chars, 2,621
/// chars where 2,980 fit. On bench/reallogs.sh, four (with [`SHARE_LEFT`]) took the default
/// from 92.7% to 92.8% at 2,000 tokens and the summary from 83.8% to 84.1%, and 8,000 chars
/// kept the same lines.
const MORE_PLANS: u32 = 4;

/// A plan after the grown one is tried only when the output left at least this fraction of the
/// limit (1/32: 250 of 8,000 chars, 937 of the hook's 30,000): each plan of a 1 MB log costs a
/// few milliseconds, and a plan with less kept no more lines on bench/reallogs.sh.
const SHARE_LEFT: u64 = 32;

/// The budget between `fits` (whose plan fitted at `got`) and `over` (a larger one, whose plan
/// came to `over_got`) at which the output should come to `limit`, were it to grow evenly
/// between the two, in each unit that both set; halfway where it did not grow.
fn toward(fits: &Budget, got: &Size, over: &Budget, over_got: &Size, limit: &Budget) -> Budget {
    let one = |f: Option<u64>, g: u64, o: Option<u64>, og: u64, l: Option<u64>| match (f, o, l) {
        (Some(f), Some(o), Some(l)) if o > f + 1 => Some(match og > g && l > g {
            true => (f + ((l - g) as u128 * (o - f) as u128 / (og - g) as u128) as u64).clamp(f + 1, o - 1),
            false => f + (o - f) / 2,
        }),
        _ => f,
    };
    Budget {
        bytes: one(fits.bytes, got.bytes, over.bytes, over_got.bytes, limit.bytes),
        chars: one(fits.chars, got.chars, over.chars, over_got.chars, limit.chars),
        lines: one(fits.lines, got.lines, over.lines, over_got.lines, limit.lines),
        tokens: one(fits.tokens, got.tokens.unwrap_or(0), over.tokens, over_got.tokens.unwrap_or(0), limit.tokens),
    }
}

/// Whether an output that fits left at least [`SHARE_LEFT`] of `limit` in each limited unit,
/// so that one more plan is worth its time.
fn left_a_share(limit: &Budget, got: &Size) -> bool {
    let ok = |l: Option<u64>, g: u64| l.is_none_or(|l| l.saturating_sub(g) >= l / SHARE_LEFT);
    ok(limit.bytes, got.bytes)
        && ok(limit.chars, got.chars)
        && ok(limit.lines, got.lines)
        && ok(limit.tokens, got.tokens.unwrap_or(0))
}

/// Takes from `budget` what the output exceeded `limit` by, in each unit over.
fn shrink(budget: &Budget, limit: &Budget, got: &Size) -> Budget {
    let mut b = each_unit(budget, limit, got, |b, l, g| if g > l { b.saturating_sub(g - l) } else { b });
    b.tokens = b.tokens.map(|t| t.saturating_sub(1));
    b
}

/// `budget` with `f(budget, limit, got)` in each unit that both `budget` and `limit` set.
fn each_unit(budget: &Budget, limit: &Budget, got: &Size, f: impl Fn(u64, u64, u64) -> u64) -> Budget {
    let one = |b: Option<u64>, l: Option<u64>, g: u64| match (b, l) {
        (Some(b), Some(l)) => Some(f(b, l, g)),
        _ => b,
    };
    Budget {
        bytes: one(budget.bytes, limit.bytes, got.bytes),
        chars: one(budget.chars, limit.chars, got.chars),
        lines: one(budget.lines, limit.lines, got.lines),
        tokens: one(budget.tokens, limit.tokens, got.tokens.unwrap_or(0)),
    }
}

/// The text of `gap` when showing it costs no more than its `marker` line would: whole lines,
/// at most `show_lines` of them (1 under a lines budget, where a marker is one line, else 2), no
/// more bytes, chars or tokens than the marker and its newline.
fn worth_showing<'a>(
    doc: &'a Doc,
    gap: &Gap,
    marker: &str,
    enc: Option<Encoding>,
    show_lines: u64,
) -> Option<&'a [u8]> {
    if !gap.aligned || gap.lines > show_lines || gap.end_byte - gap.start_byte > marker.len() as u64 + 1 {
        return None;
    }
    let hidden = doc.held(gap.start_byte, gap.end_byte)?;
    let line = format!("{marker}\n");
    let cheaper = crate::text::count_chars(hidden) <= crate::text::count_chars(line.as_bytes())
        && enc.is_none_or(|e| e.count(hidden) <= e.count(line.as_bytes()));
    cheaper.then_some(hidden)
}

/// What [`assemble`] measured of each gap `[a, b)`, its size and its [`repeats`], for the next
/// plan of the same input: the plans that [`fit`] tries share most of their gaps, and measuring
/// one walks all of it (the 1 MB log of bench/hook.sh has about a megabyte of gaps in each).
type Measured = std::collections::HashMap<(u64, u64), (Size, (u64, bool))>;

/// Writes the kept ranges with a marker line in each gap (or the gap's own text, where that is
/// no longer than its marker).
#[allow(clippy::too_many_arguments)]
fn assemble(
    doc: &Doc,
    ranges: &[(u64, u64)],
    marker: &Marker,
    enc: Option<Encoding>,
    cx: marker::Context<'_>,
    show_lines: u64,
    fold: bool,
    measured: &mut Measured,
) -> (Vec<u8>, Vec<Gap>) {
    let mut out = Vec::new();
    let mut gaps = Vec::new();
    let mut pos = 0u64;
    let mut lines = LineCursor::default();
    let mut path_left = cx.path;
    let mut gap_to = |out: &mut Vec<u8>, a: u64, b: u64, lines: &mut LineCursor| {
        let aligned = doc.at_line_start(a) && doc.at_line_start(b);
        let counts = fold && aligned && matches!(marker, Marker::Default | Marker::Brief);
        let (size, (n, below)) = *measured
            .entry((a, b))
            .or_insert_with(|| (doc.size(a, b, enc), if counts { repeats(doc, a, b) } else { (0, false) }));
        let mut gap = Gap::new(a, b, &size, lines.before(doc, a) + cx.first_line, aligned);
        (gap.repeats, gap.repeats_below) = (n, below);
        let rendered = marker::render(marker, &gap, marker::Context { path: path_left, ..cx });
        if let Some(hidden) = rendered.as_deref().and_then(|m| worth_showing(doc, &gap, m, enc, show_lines)) {
            out.extend_from_slice(hidden);
            return;
        }
        if let Some(text) = rendered {
            if out.last().is_some_and(|&c| c != b'\n') {
                out.push(b'\n');
            }
            out.extend_from_slice(text.as_bytes());
            out.push(b'\n');
            if matches!(marker, Marker::Default | Marker::Brief | Marker::Compact) {
                path_left = None;
            }
        }
        gaps.push(gap);
    };
    for &(a, b) in ranges.iter().filter(|r| r.1 > r.0) {
        if a > pos {
            gap_to(&mut out, pos, a, &mut lines);
        }
        out.extend_from_slice(doc.slice(a, b));
        pos = b;
    }
    if pos < doc.len() {
        gap_to(&mut out, pos, doc.len(), &mut lines);
    }
    (out, gaps)
}

/// The size of a gap from which [`repeats`] counts in two halves on two threads: 128 KiB, about
/// 2,000 lines of a log, for which a thread costs a few percent more.
const SPLIT_GAP: usize = 128 << 10;

/// Whether this machine runs two threads at once (asked once, for every scan and plan).
pub(crate) fn parallel() -> bool {
    static PARALLEL: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *PARALLEL.get_or_init(|| std::thread::available_parallelism().is_ok_and(|n| n.get() > 1))
}

/// The lines of the gap `[a, b)` that share the template of the kept line just before it, or
/// else of the one just after it (then `true`), as the candidates are held: a runner's summary
/// is not like one that counts other failures (see [`crate::signals::template_as`]). A blank
/// kept line has none: `13 like the line below` said of the blank line between two of mocha's
/// failures reads as thirteen more failures, and the line past the blank one was not asked.
/// On bench/reallogs.sh this changed 111 of the 766 outputs at 8,000 chars, 87 at 2,000 tokens
/// and 152 summaries, and kept the same needles but one in the summary (1861 / 1860 / 1715).
fn repeats(doc: &Doc, a: u64, b: u64) -> (u64, bool) {
    use crate::signals::{Class, Skeleton, classify, template, template_as, template_in};
    let Some(text) = doc.text() else { return (0, false) };
    let (a, b) = (a as usize, b as usize);
    // The lines of a part of the gap, each with whether it is shown as it is: one search of
    // the part for the bytes a terminal redraws, rather than one a line.
    let count_in = |part: &[u8], same: &(dyn Fn(&[u8], bool) -> bool + Sync)| {
        let mut dirty = crate::clean::redraws(part).peekable();
        let (mut n, mut pos) = (0, 0);
        for end in memchr::memchr_iter(b'\n', part)
            .map(|i| i + 1)
            .chain((part.last().is_some_and(|&c| c != b'\n')).then_some(part.len()))
        {
            let shown = !crate::clean::line_redraws(&mut dirty, end);
            n += u64::from(same(&part[pos..end], shown));
            pos = end;
        }
        n
    };
    // A large gap is counted in two halves, split at a line's start, the second on another
    // thread: the gaps of a plan hold most of its input, and [`fit`] plans on one core.
    let count = |same: &(dyn Fn(&[u8], bool) -> bool + Sync)| {
        let gap = &text[a..b];
        let mid = match gap.len() >= SPLIT_GAP && parallel() {
            true => memchr::memchr(b'\n', &gap[gap.len() / 2..]).map_or(gap.len(), |i| gap.len() / 2 + i + 1),
            false => gap.len(),
        };
        if mid == gap.len() {
            return count_in(gap, same);
        }
        std::thread::scope(|s| {
            let second = s.spawn(|| count_in(&gap[mid..], same));
            let first = count_in(&gap[..mid], same);
            first + second.join().unwrap_or_else(|e| std::panic::resume_unwind(e))
        })
    };
    // One search of the gap for `gh run view --log`'s columns, rather than one a line.
    let tab = crate::signals::has_columns(&text[a..b]);
    let like = |kept: &[u8]| {
        if crate::clean::visible(kept).trim_ascii().is_empty() {
            return 0;
        }
        let folded = template(kept);
        let skeleton = Skeleton::of(kept);
        let same = |l: &[u8], shown: bool| {
            (if shown { skeleton.may_match_shown(l, tab) } else { skeleton.may_match_in(l, tab) })
                && template_in(l, tab) == folded
        };
        let n = count(&same);
        // The kept line is classified only when it has repeats to count.
        if n == 0 || classify(kept) != Class::Summary {
            return n;
        }
        let counted = template_as(kept, Class::Summary);
        count(&|l: &[u8], shown: bool| same(l, shown) && template_as(l, Class::Summary) == counted)
    };
    let above = match a {
        0 => 0,
        _ => like(&text[memchr::memrchr(b'\n', &text[..a - 1]).map_or(0, |i| i + 1)..a]),
    };
    if above > 0 || b == text.len() {
        return (above, false);
    }
    let below = like(&text[b..memchr::memchr(b'\n', &text[b..]).map_or(text.len(), |i| b + i + 1)]);
    (below, below > 0)
}

/// Counts newlines before increasing positions without rescanning from the start.
#[derive(Default)]
struct LineCursor {
    pos: u64,
    newlines: u64,
}

impl LineCursor {
    fn before(&mut self, doc: &Doc, pos: u64) -> u64 {
        match doc.text() {
            Some(text) if pos >= self.pos => {
                self.newlines += crate::text::count_newlines(&text[self.pos as usize..pos as usize]);
                self.pos = pos;
                self.newlines
            }
            _ => doc.newlines_before(pos),
        }
    }
}

#[cfg(test)]
mod tests;
