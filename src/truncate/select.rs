//! The strategies: which byte ranges of the input to keep, within a budget that already has
//! room for the gap markers taken out of it.

use super::collect::{self, Candidate, Candidates};
use super::doc::{Doc, LineFacts, LineFactsByStart};
use super::{Options, Strategy};
use crate::signals;
use crate::text::{Budget, Size, cut_prefix, cut_suffix};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Byte ranges of the input to keep, in order, not overlapping.
pub type Ranges = Vec<(u64, u64)>;

/// Samples taken from the middle by `layered`.
const LAYERED_SAMPLES: usize = 3;

/// Chooses what to keep of `doc` within `budget`, leaving `reserve` for each gap's marker.
pub fn plan(doc: &Doc, budget: &Budget, reserve: &Size, opts: &Options) -> Ranges {
    let whole = doc.text();
    match (opts.strategy, whole) {
        (Strategy::Head, _) => head(doc, budget, reserve, opts),
        (Strategy::Tail, _) => tail(doc, budget, reserve, opts),
        (Strategy::Layered, Some(text)) => layered(text, budget, reserve, opts),
        (Strategy::Salient, _) => salient(doc, budget, reserve, opts),
        _ => head_tail(doc, budget, reserve, opts),
    }
}

/// The room of `n` markers.
fn markers(reserve: &Size, n: u64) -> Size {
    Size {
        bytes: reserve.bytes * n,
        chars: reserve.chars * n,
        lines: reserve.lines * n,
        tokens: reserve.tokens.map(|t| t * n),
        tokens_estimated: false,
    }
}

/// The budget less the room of `n` markers; zero in every limited unit when they do not fit.
fn minus_markers(budget: &Budget, reserve: &Size, n: u64) -> Budget {
    budget.minus(&markers(reserve, n)).unwrap_or(budget.scale(0.0))
}

fn size(text: &[u8], budget: &Budget, opts: &Options) -> Size {
    Size::of(text, budget.tokens.map(|_| opts.encoding))
}

fn head(doc: &Doc, budget: &Budget, reserve: &Size, opts: &Options) -> Ranges {
    let c = minus_markers(budget, reserve, 1);
    let p = cut_prefix(doc.prefix(), &c, opts.encoding, opts.cut) as u64;
    vec![(0, p)]
}

fn tail(doc: &Doc, budget: &Budget, reserve: &Size, opts: &Options) -> Ranges {
    let c = minus_markers(budget, reserve, 1);
    let (suffix, start) = doc.suffix();
    let q = start + cut_suffix(suffix, &c, opts.encoding, opts.cut) as u64;
    vec![(q, doc.len())]
}

fn head_tail(doc: &Doc, budget: &Budget, reserve: &Size, opts: &Options) -> Ranges {
    let (suffix, start) = doc.suffix();
    head_tail_of(doc.prefix(), suffix, start, budget, reserve, opts)
}

/// Head and tail, where the head is cut from `prefix` and the tail from `suffix`, which starts
/// at byte `start` of the input and runs to its end.
fn head_tail_of(prefix: &[u8], suffix: &[u8], start: u64, budget: &Budget, reserve: &Size, opts: &Options) -> Ranges {
    let c = minus_markers(budget, reserve, 1);
    let p = cut_prefix(prefix, &c.scale(opts.head_ratio), opts.encoding, opts.cut);
    let rest = c.minus(&size(&prefix[..p], &c, opts)).unwrap_or(c.scale(0.0));
    let q = start + cut_suffix(suffix, &rest, opts.encoding, opts.cut) as u64;
    vec![(0, p as u64), (q.max(p as u64), start + suffix.len() as u64)]
}

/// Whether `n` markers would take at most a quarter of the budget.
fn markers_affordable(budget: &Budget, reserve: &Size, n: u64) -> bool {
    budget.scale(0.25).minus(&markers(reserve, n)).is_some()
}

fn layered(text: &[u8], budget: &Budget, reserve: &Size, opts: &Options) -> Ranges {
    let k = (1..=LAYERED_SAMPLES).rev().find(|&k| markers_affordable(budget, reserve, k as u64 + 1)).unwrap_or(0);
    if k == 0 {
        return head_tail_of(text, text, 0, budget, reserve, opts);
    }
    let c = minus_markers(budget, reserve, k as u64 + 1);
    let p = cut_prefix(text, &c.scale(0.3), opts.encoding, opts.cut);
    let q = cut_suffix(text, &c.scale(0.3), opts.encoding, opts.cut).max(p);
    let each = c.scale(0.4 / k as f64);
    let mut ranges = vec![(0, p as u64)];
    let mut prev_end = p;
    for i in 1..=k {
        let center = (p + (q - p) * i / (k + 1)).max(prev_end);
        let start = match memchr::memrchr(b'\n', &text[prev_end..center]) {
            Some(j) => prev_end + j + 1,
            None => crate::text::ceil_char_boundary(text, center).min(q),
        };
        let end = start + cut_prefix(&text[start..q], &each, opts.encoding, opts.cut);
        if end > start {
            ranges.push((start as u64, end as u64));
            prev_end = end;
        }
    }
    ranges.push((q as u64, text.len() as u64));
    ranges
}

/// The head's and the tail's first shares of the budget in `salient`: the tail is the larger by
/// far, as runners, compilers and CI services end with their verdict and what led to it (on
/// the real logs of bench/reallogs.sh, half the budget for the end keeps the most decisive
/// lines). The head's first share is a line or so: a log starts with the set-up (a CI worker's
/// banner, the tools' versions), and what the middle leaves still grows it (on
/// bench/reallogs.sh, 0.01 over 0.05 took the default from 91.3% to 91.5% at 8,000 chars and
/// from 88.0% to 88.7% at 2,000 tokens, and the offline summary from 77.9% to 79.1%; 0.0 and
/// 0.02 kept less). What the middle leaves goes to both ends.
const SALIENT_HEAD: f64 = 0.01;
const SALIENT_TAIL: f64 = 0.5;

/// The part of the tail's share kept as the input's last lines whatever they are; the rest ends
/// at the last verdict before them. A CI service prints its own lines after the job's verdict
/// (Travis uploads its cache and lists the files, GitHub Actions cleans up), and those should
/// not take the share that the lines leading to the verdict need. On bench/reallogs.sh this
/// took the default from 78.0% to 81.4% at 2,000 tokens and the offline summary from 61.7% to
/// 68.8% (chosen over 0.05 and 0.2).
const SALIENT_END: f64 = 0.1;

/// Head and tail plus the lines of the middle that matter most: every line is classified by
/// [`crate::signals`] and the candidates are taken over the whole input by rank (class, then
/// the rarer template, then position), not first come; a line whose template is already kept
/// is folded into it. They are written in their original order. The candidates come from the
/// stream when the input was too large to hold (see [`collect`]), else from the text. With a
/// baseline (an earlier run of the same job), a line whose template it has ranks one class lower.
///
/// The end's share stops at the first long run it leaves out ([`STOP_RUN`]) and leaves what
/// it did not take to the candidates; the plan that lets the share go on past such runs is
/// made too, and the first plan is taken only when it keeps more verdicts (a Maven build's
/// fifteen Surefire failures above its `Tests in error:` list and reactor summary), else the
/// second (one failure with its diff above a run of passing tests, which the share keeps whole).
fn salient(doc: &Doc, budget: &Budget, reserve: &Size, opts: &Options) -> Ranges {
    let Some(scanned) = doc.scanned(opts.keep.as_ref(), collect::room(&opts.budget)) else {
        return head_tail(doc, budget, reserve, opts);
    };
    let candidates = &*scanned;
    let ranked;
    let candidates = match opts.baseline.as_deref() {
        Some(b) => {
            ranked = candidates.against(b);
            &ranked
        }
        None => candidates,
    };
    let (stopped, at_run) = salient_plan(doc, candidates, budget, reserve, opts, Some(STOP_RUN));
    if !at_run {
        return stopped;
    }
    let (whole, _) = salient_plan(doc, candidates, budget, reserve, opts, None);
    match verdicts_kept(candidates, &stopped) > verdicts_kept(candidates, &whole) {
        true => stopped,
        false => whole,
    }
}

/// The shortest run of lines left out (see [`end_block`]) that the end's share may stop at:
/// on bench/reallogs.sh (at 0ae2948), runs of 0, 4, 6 and 8 lines kept the same in the offline
/// summary (1,742 of 1,943 decisive lines, from 1,722), 6 and 8 two more than 0 and 4 at 8,000
/// chars and one more at 2,000 tokens, 12 and 20 fewer in all three.
const STOP_RUN: usize = 8;

/// How many verdicts the ranges (sorted, disjoint) keep whole.
fn verdicts_kept(candidates: &Candidates, ranges: &[(u64, u64)]) -> usize {
    let within = |c: &Candidate| {
        let i = ranges.partition_point(|r| r.1 < c.end());
        ranges.get(i).is_some_and(|r| r.0 <= c.start)
    };
    candidates.list.iter().filter(|c| c.class == signals::Class::Verdict && within(c)).count()
}

/// [`salient`]'s plan, with the end's share stopping at a run of `stop` lines or more that it
/// leaves out, and whether it did.
fn salient_plan(
    doc: &Doc,
    candidates: &Candidates,
    budget: &Budget,
    reserve: &Size,
    opts: &Options,
    stop: Option<usize>,
) -> (Ranges, bool) {
    let c = minus_markers(budget, reserve, 1);
    let prefix = doc.prefix();
    let (suffix, start) = whole_lines_held(doc, opts);
    let p0 = whole_lines_prefix(prefix, &c.scale(SALIENT_HEAD), opts) as u64;
    let q_all = (start + whole_lines_suffix(suffix, &c.scale(SALIENT_TAIL), opts) as u64).max(p0);
    // The end's share goes to the lines that lead to the last verdict, when what follows it (a
    // CI service's cache upload, a job's clean-up) would take the share: a short end is kept
    // as it is, the rest ends at the verdict.
    let sized = |a: u64, b: u64| size(doc.slice(a, b), &c, opts);
    let qe = (start + end_lines(suffix, &c, opts) as u64).max(p0);
    let reach = reach(suffix, start, &opts.budget, doc.end_held());
    let anchor = last_verdict(candidates, start.max(p0).max(reach), qe);
    let mut facts = doc.facts();
    let (fixed, a0, after_verdict, at_run) = match anchor {
        Some(a1) if a1 < q_all.max(qe) => {
            let share = minus_markers(&c.scale(SALIENT_TAIL - SALIENT_END), reserve, 1);
            let lines = Judged::new(doc.slice(start, a1), start, &mut facts);
            let (mut fixed, at_run) = end_block(&lines, p0.max(reach), reach, &share, reserve, opts, stop);
            fixed.push((qe, doc.len()));
            let a0 = fixed[0].0;
            (fixed, a0, Some((a1, qe)), at_run)
        }
        _ => {
            let lines = Judged::new(suffix, start, &mut facts);
            let (fixed, at_run) = end_block(&lines, p0.max(reach), reach, &c.scale(SALIENT_TAIL), reserve, opts, stop);
            let a0 = fixed[0].0;
            (fixed, a0, None, at_run)
        }
    };
    let mut left = c.minus(&sized(0, p0)).unwrap_or(c.scale(0.0));
    for &(a, b) in &fixed {
        left = left.minus(&sized(a, b)).unwrap_or(c.scale(0.0));
    }
    left = minus_markers(&left, reserve, fixed.len().saturating_sub(1) as u64);
    let mut free = vec![(p0, fixed[0].0)];
    free.extend(fixed.windows(2).map(|w| (w[0].1, w[1].0)).filter(|(a, b)| a < b));
    let picked = pick(candidates, &free, reserve, &mut left, opts);
    if picked.is_empty() && fixed.len() == 1 {
        return (head_tail(doc, budget, reserve, opts), at_run);
    }
    let used = picked.iter().fold(Size::default(), |used, &(a, b)| used + sized(a, b));
    let blocks = fixed.len() as u64 + picked.windows(2).filter(|w| w[0].1 != w[1].0).count() as u64;
    // The head and the tail keep their first shares; what the middle left grows both.
    let zero = c.scale(0.0);
    let mut extra = fixed
        .iter()
        .try_fold(minus_markers(&c, reserve, blocks).minus(&used).and_then(|e| e.minus(&sized(0, p0))), |e, &(a, b)| {
            Some(e.and_then(|e| e.minus(&sized(a, b))))
        })
        .flatten()
        .unwrap_or(zero);
    // What the candidates left goes first to the lines next to them, then to both ends.
    let picked = neighbours(candidates, picked, after_verdict, &free, &mut extra, &c, opts);
    let picked = match after_verdict {
        Some(span) => {
            let picked = fill_gaps(doc, picked, span, &mut extra, opts);
            later_lines(doc, picked, span, &mut extra, reserve, opts)
        }
        None => picked,
    };
    let first = picked.first().map_or(a0, |r| r.0).min(a0);
    let grow = &prefix[p0 as usize..first.min(prefix.len() as u64) as usize];
    let p = p0 + whole_lines_prefix(grow, &extra.scale(opts.head_ratio), opts) as u64;
    let rest = extra.minus(&sized(p0, p)).unwrap_or(zero);
    let last = picked.iter().map(|r| r.1).filter(|&b| b <= a0).max().unwrap_or(p);
    let from = last.max(start).max(reach).min(a0);
    let mut q = from + whole_lines_suffix(doc.slice(from, a0), &rest, opts) as u64;
    if q < a0 && !doc.at_line_start(q) {
        q = a0;
    }
    let mut ranges = vec![(0, p)];
    ranges.extend(picked);
    ranges.push((q, fixed[0].1));
    ranges.extend(fixed.into_iter().skip(1));
    ranges.sort_unstable();
    (ranges, at_run)
}

/// The suffix the document holds and where it starts, from its first whole line (with `--cut
/// lines`): a windowed document holds its end from wherever its window began, mid-line, and a
/// line that the end's share keeps must be whole.
fn whole_lines_held<'a>(doc: &'a Doc, opts: &Options) -> (&'a [u8], u64) {
    let (suffix, start) = doc.suffix();
    if opts.cut != crate::text::Cut::Lines || doc.at_line_start(start) {
        return (suffix, start);
    }
    let i = memchr::memchr(b'\n', suffix).map_or(suffix.len(), |i| i + 1);
    (&suffix[i..], start + i as u64)
}

/// The start of the last lines that a document held in a window is sure to hold, so that what
/// the end's share does there is the same for a whole text and a stream of it: the more of the
/// last `held` bytes ([`Doc::end_held`]) and of what the budget can reach (its bytes and lines,
/// see [`super::doc`]). `text` is the suffix held, from `base`.
fn reach(text: &[u8], base: u64, budget: &Budget, held: u64) -> u64 {
    // The first line that starts within the last `n` bytes.
    let within = |n: u64| {
        let at = text.len().saturating_sub(usize::try_from(n).unwrap_or(usize::MAX));
        match at {
            0 => 0,
            _ => memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |i| at + i + 1),
        }
    };
    let mut from = budget.max_bytes().map_or(0, |b| within(b.saturating_add(4)));
    if let Some(l) = budget.lines {
        let skip = usize::try_from(l).unwrap_or(usize::MAX);
        from = from.max(memchr::memrchr_iter(b'\n', text).nth(skip).map_or(0, |i| i + 1));
    }
    base + from.min(within(held)) as u64
}

/// The last lines of `text` (which starts at offset `base`) within `budget`, none before
/// `floor`, as ranges: a run of passing lines, stock advice or warnings among them (`test x
/// ... ok`, pytest's warnings summary), with the plain lines between them that name their
/// groups or belong to a warning ([`GROUP_LINES`]), or a run of plain lines that
/// only repeat the templates of lines kept below them (a dumped object's fields) between
/// `reach` and a different line, is left out for a marker when it is longer than
/// [`PASS_RUN`], and so are the frames of a stack past its first [`FRAME_RUN`], and all
/// of a stack whose first frames repeat those kept below it (mocha's same sixteen frames under
/// each failure), so that the share goes to what failed. With `stop`, the block ends at the
/// first such run of `stop` lines or more, and says that it did.
fn end_block(
    lines: &Judged,
    floor: u64,
    reach: u64,
    budget: &Budget,
    reserve: &Size,
    opts: &Options,
    stop: Option<usize>,
) -> (Vec<(u64, u64)>, bool) {
    let (text, base) = (lines.text, lines.base);
    let end = base + text.len() as u64;
    let whole = vec![((base + whole_lines_suffix(text, budget, opts) as u64).max(floor).min(end), end)];
    if opts.cut != crate::text::Cut::Lines {
        return (whole, false);
    }
    let mut at_run = false;
    let mut left = *budget;
    let mut ranges = Vec::new();
    let (mut pos, mut to) = (text.len(), text.len());
    let line_before = |p: usize| memchr::memrchr(b'\n', &text[..p.saturating_sub(1)]).map_or(0, |i| i + 1);
    let line_after = |p: usize| memchr::memchr(b'\n', &text[p..]).map_or(text.len(), |i| p + i + 1);
    // Frames still to take as they are: the first of a run that was cut.
    let mut frames_kept = 0;
    let mut seen: HashSet<u64, std::hash::BuildHasherDefault<signals::Mixed>> = HashSet::default();
    // Where a run of repeats that is kept as lines starts: its lines are not looked at again.
    let mut steady: Option<usize> = None;
    while pos > 0 && base + pos as u64 > floor {
        let from = line_before(pos);
        if frames_kept > 0 {
            frames_kept -= 1;
        } else if signals::is_frame(&text[from..pos]) {
            // A deep stack: its first frames stay, the rest costs one marker.
            let (mut top, mut n) = (from, 1);
            while top > 0 && base + top as u64 > floor && signals::is_frame(&text[line_before(top)..top]) {
                top = line_before(top);
                n += 1;
            }
            // A stack whose first frames repeat those of a stack kept below it costs one marker.
            let mut at = top;
            let repeated = n > 1
                && (0..n.min(FRAME_RUN)).all(|_| {
                    let next = line_after(at);
                    let seen_before = seen.contains(&lines.template(at, next));
                    at = next;
                    seen_before
                });
            if repeated {
                if !leave_out(&mut left, reserve, &mut ranges, base, (&mut pos, &mut to), top) {
                    break;
                }
                continue;
            }
            if n > FRAME_RUN + 1 {
                let cut = (0..FRAME_RUN).fold(top, |p, _| line_after(p));
                if !leave_out(&mut left, reserve, &mut ranges, base, (&mut pos, &mut to), cut) {
                    break;
                }
                frames_kept = FRAME_RUN;
                continue;
            }
            frames_kept = n - 1;
        }
        // A run of passing lines, stock advice or warnings, or of plain lines that only repeat
        // what the share keeps below them, costs one marker, however long, when it is longer
        // than PASS_RUN. Repeats are looked for only past `reach`, where a stream of the input
        // holds them too, so that free runs do not take the share far up the input. `idle`
        // tells whether a line at `at` belongs in such a run and, if so, whether it is quiet.
        let idle = |at: usize, to: usize| {
            let quiet = lines.quiet(at, to);
            let repeat =
                || base + at as u64 >= reach && !lines.matters(at, to) && seen.contains(&lines.template(at, to));
            (quiet || repeat()).then_some(quiet)
        };
        // Where a run of quiet lines goes on above the plain line at `at` (to `to`) and at most
        // GROUP_LINES - 1 more plain lines above it, which name the group of the lines below
        // them (a test case, the test that raised a warning) or belong to the quiet line above
        // them (the source line Python quotes, a blank line): the start of the quiet line above
        // them, and how many plain lines there are.
        let group_name = |mut at: usize, mut to: usize| {
            for n in 1..=GROUP_LINES {
                let plain =
                    at > 0 && base + at as u64 > floor && !lines.matters(at, to) && !signals::is_frame(&text[at..to]);
                if !plain {
                    return None;
                }
                let above = line_before(at);
                if lines.quiet(above, at) {
                    return Some((above, n));
                }
                (at, to) = (above, at);
            }
            None
        };
        let first = steady.is_none_or(|s| from < s).then(|| idle(from, pos)).flatten();
        if let Some(mut quiet) = first {
            let (mut top, mut n) = (from, 1);
            while top > 0 && base + top as u64 > floor {
                let above = line_before(top);
                // Plain lines between quiet lines go with them (`group_name`: xcpretty's test
                // case, jest's `describe`, go's `=== RUN`, what Python prints under a warning),
                // looked for before a repeat, so that a blank line that repeats one kept below
                // does not end the run.
                if quiet
                    && !lines.quiet(above, top)
                    && let Some((next, plain)) = group_name(above, top)
                {
                    (top, n) = (next, n + plain + 1);
                    continue;
                }
                let Some(p) = idle(above, top) else { break };
                (top, n, quiet) = (above, n + 1, quiet && p);
            }
            if n > PASS_RUN {
                // Repeats that run up to where the share stops looking are the input's own
                // steady lines (`step 1999: compiling …`), not a block in the way: kept as lines.
                let bounded = top > 0 && base + top as u64 > floor && base + line_before(top) as u64 >= reach;
                if quiet || bounded {
                    if !leave_out(&mut left, reserve, &mut ranges, base, (&mut pos, &mut to), top) {
                        break;
                    }
                    // A run with nothing kept below it (the share's first lines) is no stop.
                    if stop.is_some_and(|s| n >= s) && !ranges.is_empty() {
                        at_run = true;
                        break;
                    }
                    continue;
                }
                steady = Some(top);
            }
        }
        let Some(rest) = left.minus(&size(&text[from..pos], &left, opts)) else { break };
        left = rest;
        seen.insert(lines.template(from, pos));
        pos = from;
    }
    if ranges.is_empty() {
        // No run was left out: the block is the plain end, cut as everywhere else.
        return (whole, false);
    }
    if pos < to {
        ranges.push((base + pos as u64, base + to as u64));
    }
    ranges.reverse();
    (ranges, at_run)
}

/// The lines of a text that [`end_block`] judges, each judged once for all the plans of a fit
/// (see [`LineFacts`]): `text` starts at offset `base` of the input.
struct Judged<'a> {
    text: &'a [u8],
    base: u64,
    facts: std::cell::RefCell<&'a mut LineFactsByStart>,
}

impl<'a> Judged<'a> {
    fn new(text: &'a [u8], base: u64, facts: &'a mut LineFactsByStart) -> Judged<'a> {
        Judged { text, base, facts: std::cell::RefCell::new(facts) }
    }

    /// What is known of the line `[from, to)` of the text, and what `learn` finds out if `known`
    /// does not hold it.
    fn fact<T: Copy>(
        &self,
        (from, to): (usize, usize),
        known: impl Fn(&mut LineFacts) -> &mut Option<T>,
        learn: impl FnOnce(&[u8]) -> T,
    ) -> T {
        let mut facts = self.facts.borrow_mut();
        let f = facts.entry(self.base + from as u64).or_default();
        if f.len != to - from {
            *f = LineFacts { len: to - from, ..LineFacts::default() };
        }
        *known(f).get_or_insert_with(|| learn(&self.text[from..to]))
    }

    fn passing(&self, from: usize, to: usize) -> bool {
        self.fact((from, to), |f| &mut f.passing, signals::says_nothing)
    }

    fn class(&self, from: usize, to: usize) -> signals::Class {
        self.fact((from, to), |f| &mut f.class, signals::classify)
    }

    fn matters(&self, from: usize, to: usize) -> bool {
        self.class(from, to).matters()
    }

    /// Whether the line says nothing of what failed: it passes, it is stock advice, or it is a
    /// warning.
    fn quiet(&self, from: usize, to: usize) -> bool {
        self.passing(from, to) || self.class(from, to) == signals::Class::Warning
    }

    fn template(&self, from: usize, to: usize) -> u64 {
        self.fact((from, to), |f| &mut f.template, signals::template)
    }
}

/// Leaves the lines from `resume` to `pos` out of [`end_block`]'s share for one marker, which
/// `left` pays for: the lines kept below them (`pos` to `to`) become a range, and the walk goes
/// on from `resume`. False when `left` cannot hold the marker.
fn leave_out(
    left: &mut Budget,
    reserve: &Size,
    ranges: &mut Vec<(u64, u64)>,
    base: u64,
    (pos, to): (&mut usize, &mut usize),
    resume: usize,
) -> bool {
    let Some(rest) = left.minus(reserve) else { return false };
    *left = rest;
    if *pos < *to {
        ranges.push((base + *pos as u64, base + *to as u64));
    }
    (*pos, *to) = (resume, resume);
    true
}

/// Rounds of [`neighbours`]: each block grows by at most this many lines on each side (the
/// candidates hold at most two short lines before and after them).
const NEAR_LINES: usize = 2;

/// A kept block of the middle as [`neighbours`] grows it.
struct Block<'a> {
    /// The highest class of the candidates in it.
    class: signals::Class,
    /// Its bytes.
    span: (u64, u64),
    /// The free range it lies in, which it does not grow past.
    bounds: (u64, u64),
    /// The held lines it may still grow by: below it (`[0]`, from their start) and above it
    /// (`[1]`, from their end).
    near: [&'a [u8]; 2],
}

/// The lines next to the kept blocks of the middle, while `left` holds them: what a verdict
/// says on the lines after it (its message, its location) and the line before it (the test or
/// step it belongs to). The labelled failures of bench/reallogs.sh are blocks of lines around
/// their verdicts, and a line next to a kept one costs no marker.
///
/// A block grows by the short lines held with its candidates ([`Candidate::after`] of its last,
/// [`Candidate::before`] of its first), so a streamed input grows as one held whole does. Every
/// block grows by one line in turn, the blocks of the highest class first and, within a class,
/// the later first; the line below before the line above. A blank line comes with the line
/// past it, and so does a rule (`-----`). A passing line, or one longer than a tenth of
/// `whole`, ends that side. Nothing grows past its free range. When the end's share ends at
/// the last verdict, the lines held after that verdict grow down in the range `after_verdict`,
/// after every block of the middle.
fn neighbours(
    candidates: &Candidates,
    picked: Vec<(u64, u64)>,
    after_verdict: Option<(u64, u64)>,
    free: &[(u64, u64)],
    left: &mut Budget,
    whole: &Budget,
    opts: &Options,
) -> Vec<(u64, u64)> {
    if opts.cut != crate::text::Cut::Lines {
        return picked;
    }
    let long = whole.scale(0.1);
    let list = &candidates.list;
    let starting = |a: u64| list.get(list.partition_point(|c| c.start < a)).filter(|c| c.start == a);
    let ending = |b: u64| list.get(list.partition_point(|c| c.end() < b)).filter(|c| c.end() == b);
    // A picked block may run across two free ranges that meet (a verdict whose end's share was
    // too small to hold it, and the line after it): it grows within both. It is never dropped.
    let holds = |p: u64| free.iter().copied().find(|&(x, y)| p >= x && p <= y);
    let mut blocks: Vec<Block> = picked
        .iter()
        .map(|&span| {
            let bounds = match (holds(span.0), holds(span.1)) {
                (Some(a), Some(b)) if a == b || a.1 == b.0 => (a.0, b.1),
                _ => span,
            };
            let i = list.partition_point(|c| c.start < span.0);
            let class = list[i..].iter().take_while(|c| c.end() <= span.1).map(|c| c.class).max().unwrap_or_default();
            let below = ending(span.1).map_or(&b""[..], |c| &c.after[..]);
            let above = starting(span.0).map_or(&b""[..], |c| &c.before[..]);
            Block { class, span, bounds, near: [below, above] }
        })
        .collect();
    if let Some((a1, qe)) = after_verdict {
        let below = ending(a1).map_or(&b""[..], |c| &c.after[..]);
        blocks.push(Block { class: signals::Class::Plain, span: (a1, a1), bounds: (a1, qe), near: [below, b""] });
    }
    blocks.sort_by_key(|b| (std::cmp::Reverse(b.class), std::cmp::Reverse(b.span.0)));
    for _ in 0..NEAR_LINES {
        for block in &mut blocks {
            for side in 0..2 {
                let near = block.near[side];
                let (taken, line) = nearest(near, side == 1).map_or((0, None), |(n, l)| (n, Some(l)));
                let span = match side {
                    0 => (block.span.0, block.span.1 + taken as u64),
                    _ => (block.span.0.saturating_sub(taken as u64), block.span.1),
                };
                let inside = span.0 >= block.bounds.0 && span.1 <= block.bounds.1;
                let added = match side {
                    0 => &near[..taken],
                    _ => &near[near.len() - taken..],
                };
                let worth = line.is_some_and(|l| inside && !signals::says_nothing(l) && long.fits(l, opts.encoding));
                match left.minus(&size(added, left, opts)).filter(|_| worth) {
                    Some(rest) => {
                        *left = rest;
                        block.span = span;
                        block.near[side] = match side {
                            0 => &near[taken..],
                            _ => &near[..near.len() - taken],
                        };
                    }
                    None => block.near[side] = b"",
                }
            }
        }
    }
    let mut spans: Vec<(u64, u64)> = blocks.iter().map(|b| b.span).filter(|s| s.0 < s.1).collect();
    spans.sort_unstable();
    merged(spans)
}

/// The line of `near` nearest what it borders that is not blank or a rule, and how many bytes
/// of `near` it takes with the blank lines on the way: its first such line, or with `above` its
/// last (the lines a candidate holds after or before it, [`Candidate::after`] and
/// [`Candidate::before`]).
fn nearest(near: &[u8], above: bool) -> Option<(usize, &[u8])> {
    let mut taken = 0;
    loop {
        let rest = match above {
            false => &near[taken..],
            true => &near[..near.len() - taken],
        };
        let line = match above {
            false => memchr::memchr(b'\n', rest).map(|i| &rest[..=i])?,
            true => (!rest.is_empty())
                .then(|| &rest[memchr::memrchr(b'\n', &rest[..rest.len() - 1]).map_or(0, |i| i + 1)..])?,
        };
        taken += line.len();
        if !collect::filler(line) {
            return Some((taken, line));
        }
    }
}

/// The short gaps left after the last verdict, in `[a1, qe)` (between it and the input's last
/// lines, as [`neighbours`] grew them), filled smallest first while `left` holds them: a gap
/// of at most [`GAP_LINES`] lines, none of them a passing line or stock advice, costs little
/// more than its marker and is worth more than the head's set-up that `left` would otherwise
/// grow. Travis's retried `git clone` (master-thesis coffeescript, retrofit, lantern) printed
/// its last `Retrying, 3 of 3.` in such a gap.
fn fill_gaps(
    doc: &Doc,
    picked: Vec<(u64, u64)>,
    (a1, qe): (u64, u64),
    left: &mut Budget,
    opts: &Options,
) -> Vec<(u64, u64)> {
    if opts.cut != crate::text::Cut::Lines {
        return picked;
    }
    let mut gaps: Vec<(u64, u64, Size)> = gaps_in(&picked, a1, qe)
        .into_iter()
        .filter_map(|(a, b)| {
            let text = doc.held(a, b)?;
            let mut lines = text.split_inclusive(|&c| c == b'\n');
            let short = text.iter().filter(|&&c| c == b'\n').count() <= GAP_LINES;
            (short && !lines.any(signals::says_nothing)).then(|| (a, b, size(text, left, opts)))
        })
        .collect();
    gaps.sort_by_key(|g| (g.2.bytes, g.0));
    let mut spans = picked;
    for (a, b, s) in gaps {
        if let Some(rest) = left.minus(&s) {
            *left = rest;
            spans.push((a, b));
        }
    }
    spans.sort_unstable();
    merged(spans)
}

/// The lines that say something (a mention of a failure or more: [`signals::Class::Mention`])
/// left in the gaps after the last new verdict, in `[a1, qe)`, each shown on its own, the
/// latest first, while `left` holds it and the marker that splitting its gap adds: they repeat
/// what was kept before (the end's share ends at the last *new* verdict), but the last try of a
/// retried step is worth more than the head's set-up. Travis's `The command "…" failed.
/// Retrying, 3 of 3.` (master-thesis java-design-patterns, and the retried `git clone` of
/// retrofit and lantern) stood in such a gap. Only the last [`LATER_BYTES`] before `qe` are
/// read.
fn later_lines(
    doc: &Doc,
    picked: Vec<(u64, u64)>,
    (a1, qe): (u64, u64),
    left: &mut Budget,
    reserve: &Size,
    opts: &Options,
) -> Vec<(u64, u64)> {
    if opts.cut != crate::text::Cut::Lines {
        return picked;
    }
    let from = a1.max(qe.saturating_sub(LATER_BYTES));
    let gaps = gaps_in(&picked, from, qe);
    let mut spans = picked;
    for &(a, b) in gaps.iter().rev() {
        let Some(text) = doc.held(a, b) else { continue };
        let mut end = text.len();
        while end > 0 {
            let start = memchr::memrchr(b'\n', &text[..end - 1]).map_or(0, |i| i + 1);
            let (line, at) = (&text[start..end], a + start as u64);
            end = start;
            // A line cut where the region starts is not a line of its own.
            if at == from && from > a1 && !doc.at_line_start(at) {
                break;
            }
            if signals::classify(line) < signals::Class::Mention {
                continue;
            }
            let cost = size(line, left, opts) + *reserve;
            if let Some(rest) = left.minus(&cost) {
                *left = rest;
                spans.push((at, at + line.len() as u64));
            }
        }
    }
    spans.sort_unstable();
    merged(spans)
}

/// The gaps that the sorted, disjoint kept spans `picked` leave in `[from, to)`; a kept span
/// that `from` falls in starts the first gap at its end.
fn gaps_in(picked: &[(u64, u64)], from: u64, to: u64) -> Vec<(u64, u64)> {
    let mut at = from;
    let mut gaps = Vec::new();
    for &(a, b) in picked.iter().filter(|s| s.1 > from && s.0 < to) {
        if a > at {
            gaps.push((at, a));
        }
        at = at.max(b);
    }
    if at < to {
        gaps.push((at, to));
    }
    gaps
}

/// What [`later_lines`] reads at most before the input's last lines.
const LATER_BYTES: u64 = 256 << 10;

/// The lines a gap after the last verdict may have for [`fill_gaps`] to fill it.
const GAP_LINES: usize = 8;

/// Sorted spans with those that touch or overlap joined.
fn merged(spans: Vec<(u64, u64)>) -> Vec<(u64, u64)> {
    let mut ranges: Vec<(u64, u64)> = Vec::with_capacity(spans.len());
    for (a, b) in spans {
        match ranges.last_mut() {
            Some(last) if last.1 >= a => last.1 = last.1.max(b),
            _ => ranges.push((a, b)),
        }
    }
    ranges
}

/// Passing lines (or stock advice, or warnings) in a row that the end's share keeps; a longer
/// run is left out for a marker.
const PASS_RUN: usize = 3;

/// How many plain lines in a row a run of quiet lines in [`end_block`] takes with it: a
/// test case's name stands over its passing tests, and pytest's warnings summary puts three
/// between two warnings (the source line Python quotes under the first, a blank line, the test
/// that raised the second). On bench/reallogs.sh 3 kept the most in the offline summary (1 and
/// 2: 13 and 2 fewer).
const GROUP_LINES: usize = 3;

/// The frames of a stack that the end's share keeps, the first ones of the run (those nearest
/// the exception); the deeper ones are left out for a marker.
const FRAME_RUN: usize = 3;

/// Where the input's last lines kept whatever they are begin in `suffix`: [`SALIENT_END`] of
/// `c`, and at least the last line when the tail's share holds it.
fn end_lines(suffix: &[u8], c: &Budget, opts: &Options) -> usize {
    let q = whole_lines_suffix(suffix, &c.scale(SALIENT_END), opts);
    let body = suffix.strip_suffix(b"\n").unwrap_or(suffix);
    let last = memchr::memrchr(b'\n', body).map_or(0, |i| i + 1);
    match q == suffix.len() && c.scale(SALIENT_TAIL).fits(&suffix[last..], opts.encoding) {
        true => last,
        false => q,
    }
}

/// The end of the last new verdict in `[from, to)`: of the candidates, which hold one line of
/// each template (its first of the highest class), not its repeats. A repeat says what its
/// first said (a retried step's failure, the cascade of `Skipping test case` after a failed
/// set-up, the 115th `ConnectionError`); ending the share at the last line of any template
/// instead kept less on bench/reallogs.sh (92.7 / 90.6 / 80.2% against 92.7 / 90.9 / 82.1%:
/// ejabberd's share went to its skip cascade).
fn last_verdict(candidates: &Candidates, from: u64, to: u64) -> Option<u64> {
    let v = candidates.list.iter().rev().find(|c| c.class >= signals::Class::Verdict && c.end() <= to)?;
    (v.start >= from).then(|| v.end())
}

/// The longest prefix of `text` within `budget` that ends a line (with `--cut chars`, any).
/// Growing a head that already ends on a line must not start a cut line.
fn whole_lines_prefix(text: &[u8], budget: &Budget, opts: &Options) -> usize {
    let p = cut_prefix(text, budget, opts.encoding, opts.cut);
    match opts.cut {
        crate::text::Cut::Lines if p > 0 && text[p - 1] != b'\n' => {
            memchr::memrchr(b'\n', &text[..p]).map_or(0, |i| i + 1)
        }
        _ => p,
    }
}

/// Where the longest suffix of `text` within `budget` that starts a line begins.
fn whole_lines_suffix(text: &[u8], budget: &Budget, opts: &Options) -> usize {
    let q = cut_suffix(text, budget, opts.encoding, opts.cut);
    match opts.cut {
        crate::text::Cut::Lines if q > 0 && q < text.len() && text[q - 1] != b'\n' => {
            memchr::memchr(b'\n', &text[q..]).map_or(text.len(), |i| q + i + 1)
        }
        _ => q,
    }
}

/// The candidates in the order they are taken: by class; within a class the kinds of line
/// ([`signals::shape`]) take turns, the kind with the fewest lines first, so that no kind gets a
/// second line before every kind has one (28 `--- FAIL` lines do not starve the one `panic:`
/// after them), except that the kind with the most lines, [`COMMON`] or more, takes the first
/// turn (angular's Karma run: its 350 `IE 10.0.0 (Windows 8.0.0) … FAILED` lines, one per
/// failed test, were behind eight kinds of exception message and none was kept at 8,000
/// chars; on bench/reallogs.sh it kept 4, 1 and 3 needles more at 8,000 chars, 2,000 tokens
/// and in the summary, on master-thesis and cidiff sources alike); within a kind, the
/// template that [`COMMON`] or more of its lines share, the commonest, first (the failure that
/// 115 tests report), then the rarer templates first, then the earlier line. A runner's
/// progress line for a failed test ([`signals::is_progress_failure`]: pytest's `test_x.py::test_y
/// FAILED`, unittest's `… ... FAIL`) comes after every other verdict, as the runner reports that
/// failure again below with what failed (nginx-proxy's 805 such lines were the commonest kind and
/// led the first round); on bench/reallogs.sh that changed 25 of the 2,298 outputs (nginx-proxy
/// and openface) and kept one needle more in the summary (openface), none fewer.
fn rank<'a>(list: &[&'a Candidate], candidates: &Candidates) -> Vec<&'a Candidate> {
    let mut keyed: Vec<(&Candidate, u64)> = list.iter().map(|&c| (c, signals::shape(&c.text))).collect();
    keyed.sort_by_key(|&(c, shape)| (std::cmp::Reverse(c.class), shape, candidates.count(c.template), c.line));
    let mut out: Vec<(usize, usize, u64, &Candidate)> = Vec::with_capacity(keyed.len());
    for group in keyed.chunk_by(|a, b| a.0.class == b.0.class && a.1 == b.1) {
        let first = group.iter().map(|g| g.0.line).min().unwrap_or(0);
        let count = |g: &(&Candidate, u64)| candidates.count(g.0.template);
        let most = group.last().map_or(0, count);
        // The group is sorted by count: the commonest template's earliest line leads.
        let lead = match most >= COMMON {
            true => group.partition_point(|g| count(g) < most),
            false => 0,
        };
        let order = std::iter::once(&group[lead]).chain(&group[..lead]).chain(&group[lead + 1..]);
        out.extend(order.enumerate().map(|(round, &(c, _))| (round, group.len(), first, c)));
    }
    // The kind with the most lines of its class, when it has [`COMMON`] or more, leads the
    // first round: it is what the run keeps reporting (Karma's 350 `… FAILED` tests).
    let mut most: BTreeMap<signals::Class, usize> = BTreeMap::new();
    for &(_, n, _, c) in &out {
        let m = most.entry(c.class).or_default();
        *m = (*m).max(n);
    }
    let leads = |round: usize, n: usize, c: &Candidate| round == 0 && n >= COMMON as usize && most[&c.class] == n;
    // A runner's progress line for a failed test comes after every other verdict: the runner
    // reports the failure again in full.
    let progress = |c: &Candidate| c.class == signals::Class::Verdict && signals::is_progress_failure(&c.text);
    out.sort_by_cached_key(|&(round, n, first, c)| {
        (std::cmp::Reverse(c.class), progress(c), round, !leads(round, n, c), n, first, c.line)
    });
    out.into_iter().map(|(.., c)| c).collect()
}

/// The header of the failure's section ([`signals::is_section_header`]) that each of `inside`
/// (in order) stands in, by line. Candidates hold the first line of a template, so a header
/// that repeats (pytest names a test, not its file) is held once: past a header that repeats, a
/// section may have begun at one of its repeats, and the header before would name another
/// test's failure, so no section is known there.
pub(super) fn sections<'a>(inside: &[&'a Candidate], candidates: &Candidates) -> HashMap<u64, &'a Candidate> {
    let mut section = HashMap::new();
    let mut header: Option<&Candidate> = None;
    for &c in inside {
        if signals::is_section_header(&c.text) {
            if header.is_some_and(|h| candidates.count(h.template) > 1) {
                break;
            }
            header = Some(c);
        } else if let Some(h) = header {
            section.insert(c.line, h);
        }
    }
    section
}

/// Lines of one template that make it the first of its kind in [`rank`]: fewer may be chance (a
/// retried step), as many is what a run keeps reporting. On bench/reallogs.sh 10 kept one
/// needle fewer at 8,000 chars and one more in the summary.
const COMMON: u32 = 3;

/// Takes candidates inside `[from, to)` in rank order while they fit in `left` (a line that
/// starts a new block also costs a marker); a candidate whose template is already taken is
/// folded into it. Once the verdicts are taken, and before anything of a lower class, each
/// block that a verdict starts takes its lead-in ([`lead_ins`]). The first verdict taken in a
/// failure's section takes the section's header with it, at the price of both
/// ([`signals::is_section_header`]: pytest's `____ test_x ____`, cargo's `---- tests::x stdout
/// ----`), so that what failed is shown with the test it failed in: nginx-proxy's `E
/// ConnectionError: …` is 140 lines under its test's header, farther than a lead-in reaches. On
/// bench/reallogs.sh that kept 5, 8 and 7 needles more at 8,000 chars, 2,000 tokens and in the
/// summary (nginx-proxy's seven logs; thefuck's pytest runs +3 and −2 in the summary), and
/// changed no output of another project; a header for every section, without the guard of
/// [`sections`], kept 7, 8 and 1 more. A bare exception takes the statement above it with it
/// ([`Candidate::said`], by which it is held too), at the price of both: openface's nose runs
/// end each failed test in `AssertionError:` under the `assert …` that says what failed, and on
/// bench/reallogs.sh that kept 11 needles more in the summary and one fewer (all openface's); it
/// changed 11 of the 2,298 outputs (openface's, and cidiff dspot's exceptions logged under a
/// warning), as no other source of the set has a bare exception under such a line. Returns the
/// byte ranges taken, in order, adjacent lines merged.
fn pick(
    candidates: &Candidates,
    free: &[(u64, u64)],
    reserve: &Size,
    left: &mut Budget,
    opts: &Options,
) -> Vec<(u64, u64)> {
    let inside: Vec<&Candidate> =
        candidates.list.iter().filter(|c| free.iter().any(|&(a, b)| c.start >= a && c.end() <= b)).collect();
    let ranked = rank(&inside, candidates);
    let mut taken: BTreeMap<u64, &Candidate> = BTreeMap::new();
    let mut templates: HashSet<u64> = HashSet::new();
    let mut bridges: Vec<(u64, u64)> = Vec::new();
    let mut led = false;
    let section = sections(&inside, candidates);
    for c in ranked {
        if !led && c.class < signals::Class::Verdict {
            led = true;
            bridges.extend(lead_ins(&taken, &bridges, free, left, opts));
        }
        if templates.contains(&c.template) {
            continue;
        }
        let edge = free.iter().any(|&(a, b)| c.start == a || c.end() == b);
        let joined =
            edge || c.line.checked_sub(1).is_some_and(|p| taken.contains_key(&p)) || taken.contains_key(&(c.line + 1));
        let line = size(&c.text, left, opts);
        // A line one or two short lines from a kept one joins it: the lines between cost less
        // than the marker they would otherwise need.
        let gap = (!joined).then(|| bridge(&taken, c)).flatten().map(|(a, b, g)| (a, b, size(g, left, opts)));
        let gap = gap.filter(|(.., g)| cheaper(g, reserve));
        let cost = match (joined, gap) {
            (true, _) => line,
            (false, Some((.., g))) => line + g,
            (false, None) => line + *reserve,
        };
        // The first verdict taken in a failure's section takes the section's header with it.
        let owner = section
            .get(&c.line)
            .filter(|h| {
                c.class >= signals::Class::Verdict && !taken.contains_key(&h.line) && !templates.contains(&h.template)
            })
            .copied();
        let cost = match owner {
            Some(h) => cost + size(&h.text, left, opts) + *reserve,
            None => cost,
        };
        // A bare exception is shown with the statement above it, at the price of both.
        let said = (c.said > 0)
            .then(|| (c.start - c.said as u64, &c.before[c.before.len() - c.said..]))
            .filter(|&(from, _)| free.iter().any(|&(a, b)| from >= a && c.end() <= b));
        let cost = match said {
            Some((_, text)) => cost + size(text, left, opts),
            None => cost,
        };
        if let Some(rest) = left.minus(&cost) {
            *left = rest;
            taken.insert(c.line, c);
            templates.insert(c.template);
            bridges.extend(gap.map(|(a, b, _)| (a, b)));
            bridges.extend(said.map(|(from, _)| (from, c.start)));
            if let Some(h) = owner {
                taken.insert(h.line, h);
                templates.insert(h.template);
            }
        }
    }
    if !led {
        bridges.extend(lead_ins(&taken, &bridges, free, left, opts));
    }
    let mut spans: Vec<(u64, u64)> = taken.values().map(|c| (c.start, c.end())).chain(bridges).collect();
    spans.sort_unstable();
    merged(spans)
}

/// The line just above each block of `taken` that a verdict starts, with the blank lines
/// between (from the lines the verdict holds before it, [`Candidate::before`]), while `left`
/// holds it: the step, the tool or the test that the verdict belongs to (standard's
/// `standard: Use JavaScript Standard Style` over its first located error, testthat's `Running
/// ‘test-all.R’` over its failure, pytest's `>` line over its `E` line). [`neighbours`] grows
/// blocks by such lines too, but only with what every class of candidate left; a verdict's
/// lead-in is worth more than a warning or a mention elsewhere. A passing line, or one outside
/// the verdict's free range, is not taken. On bench/reallogs.sh it kept 2, 0 and 5 needles
/// more at 8,000 chars, 2,000 tokens and in the summary (master-thesis's standard, testthat,
/// pytest and XCTest logs; no needle of the other sources changed); taken after the summaries
/// too, 2, 1 and 3; after the context lines too, 4, 0 and -2.
///
/// Nor is a stack frame: over a failure it is the deepest frame of the failure before it
/// (Surefire's `at org.apache.maven.surefire.booter.ForkedBooter.main(…)` or `... 33 more` over
/// each next `<<< FAILURE!`, mocha's `at Pipe.onread (net.js:560:20)` over each next numbered
/// failure), not what the verdict belongs to. On bench/reallogs.sh that changed 44 of the 2,298
/// outputs (retrofit, vscode, Pester, scala, coffeescript, autoprefixer, java-design-patterns and
/// cidiff's nopol) and kept one needle more at 8,000 chars and at 2,000 tokens (the first frames
/// of retrofit's exception took the room), none fewer.
///
/// Nor is a line with no letter or digit: coffeescript's `}` that closes a dumped test over
/// Travis's `The command "node ./bin/cake test" exited with 1.` names nothing. On
/// bench/reallogs.sh that changed 21, 25 and 29 of the outputs at 8,000 chars, 2,000 tokens and
/// in the summary (coffeescript, angular, Pester, SwiftyJSON and seven more projects) and kept
/// one needle more in the summary (elixir's `test/ex_unit/assertions_test.exs:380: (test)`),
/// none fewer.
fn lead_ins(
    taken: &BTreeMap<u64, &Candidate>,
    bridges: &[(u64, u64)],
    free: &[(u64, u64)],
    left: &mut Budget,
    opts: &Options,
) -> Vec<(u64, u64)> {
    if opts.cut != crate::text::Cut::Lines {
        return Vec::new();
    }
    let mut spans = Vec::new();
    for t in taken.values() {
        let starts = t.class >= signals::Class::Verdict
            && !t.line.checked_sub(1).is_some_and(|p| taken.contains_key(&p))
            && !bridges.iter().any(|&(_, b)| b == t.start);
        let Some((n, line)) = starts.then(|| nearest(&t.before, true)).flatten() else { continue };
        let from = t.start - n as u64;
        let names = String::from_utf8_lossy(&crate::clean::visible(line)).chars().any(char::is_alphanumeric);
        let belongs = names && !signals::says_nothing(line) && !signals::is_frame(line);
        if !belongs || !free.iter().any(|&(a, b)| from >= a && t.end() <= b) {
            continue;
        }
        if let Some(rest) = left.minus(&size(&t.before[t.before.len() - n..], left, opts)) {
            *left = rest;
            spans.push((from, t.start));
        }
    }
    spans
}

/// The span and text between `c` and a taken line two or three lines away, when the lines
/// held after the upper one cover it.
fn bridge<'a>(taken: &BTreeMap<u64, &'a Candidate>, c: &'a Candidate) -> Option<(u64, u64, &'a [u8])> {
    let between = |upper: &'a Candidate, lower: &Candidate| {
        let n = usize::try_from(lower.start.checked_sub(upper.end())?).ok()?;
        (n <= upper.after.len()).then(|| (upper.end(), lower.start, &upper.after[..n]))
    };
    let above = (2..=3).filter_map(|k| c.line.checked_sub(k)).find_map(|p| taken.get(&p));
    let below = (2..=3).find_map(|k| taken.get(&(c.line + k)));
    above.and_then(|t| between(t, c)).or_else(|| below.and_then(|t| between(c, t)))
}

/// Whether showing `gap` costs no more than a marker, in every unit.
fn cheaper(gap: &Size, marker: &Size) -> bool {
    gap.lines <= 2
        && gap.bytes < marker.bytes
        && gap.chars < marker.chars
        && gap.tokens.zip(marker.tokens).is_none_or(|(g, m)| g < m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::signals::{Class, template};

    fn candidate(line: u64, start: u64, text: &str, after: &str) -> Candidate {
        Candidate {
            line,
            start,
            chars_before: start,
            class: Class::Verdict,
            template: template(text.as_bytes()),
            text: text.as_bytes().to_vec(),
            after: after.as_bytes().to_vec(),
            before: Vec::new(),
            said: 0,
        }
    }

    /// Within a kind, the template that three or more lines share comes first, then the rarer
    /// ones. The lines are nginx-proxy's (bench/reallogs.sh, master-thesis
    /// `Shell__jwilder@nginx-proxy__549357727.log`): 115 tests fail on the same
    /// `ConnectionError`, and the rarest-first order kept four single assertion failures at 2,000
    /// tokens, and not it (now it and two of them). Two lines of a template are not enough.
    #[test]
    fn the_commonest_template_of_a_kind_comes_first() {
        let common = "/usr/local/lib/python2.7/site-packages/requests/adapters.py:487: ConnectionError\n";
        let order = |repeats: usize| {
            let mut text = String::from("test_dockergen/test_dockergen_v2.py:31: AssertionError\n");
            for _ in 0..repeats {
                text.push_str("collecting ...\n");
                text.push_str(common);
            }
            text.push_str("test_ssl/test_dhparam.py:69: AssertionError\n");
            let candidates = Candidates::of(text.as_bytes(), None, 1 << 20);
            let list: Vec<&Candidate> = candidates.list.iter().collect();
            let ranked = rank(&list, &candidates);
            assert!(ranked.iter().all(|c| c.class == Class::Verdict));
            ranked
                .iter()
                .map(|c| String::from_utf8_lossy(&c.text).split(':').next().unwrap_or("").to_string())
                .collect::<Vec<_>>()
        };
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let adapters = "/usr/local/lib/python2.7/site-packages/requests/adapters.py";
        let dockergen = "test_dockergen/test_dockergen_v2.py";
        let dhparam = "test_ssl/test_dhparam.py";
        assert_eq!(order(3), names(&[adapters, dockergen, dhparam]));
        assert_eq!(order(2), names(&[dockergen, dhparam, adapters]));
    }

    /// The kind of line with the most lines of its class, three or more, takes the first turn
    /// before the rarer kinds. The lines are angular's Karma run (bench/reallogs.sh,
    /// master-thesis `TypeScript__angular@angular__476594458.log`): one `FAILED` line per failed
    /// test, each followed by its exception; with the rarer kinds first, the exceptions took the
    /// room at 8,000 chars and no failed test was named. Two lines of a kind are not enough.
    #[test]
    fn the_kind_a_run_keeps_reporting_leads_the_first_round() {
        let tests = [
            "should invoke the default exception handler when bootstrap fails",
            "should forward the error to promise when bootstrap fails",
            "should throw if no provider",
        ];
        let errors = [
            "\tTypeError: Unable to get property 'element' of undefined or null reference",
            "\tError: The ng module Ng2ModuleA has already been destroyed.",
            "\tError: Timeout - Async callback was not invoked within timeout specified by jasmine.DEFAULT_TIMEOUT_INTERVAL.",
        ];
        let order = |failed: usize| {
            let mut text = String::new();
            for (i, e) in errors.iter().enumerate() {
                if let Some(t) = tests[..failed].get(i) {
                    text.push_str(&format!(
                        "\x1b[31mIE 10.0.0 (Windows 8.0.0) bootstrap factory method {t} FAILED\x1b[39m\r\n"
                    ));
                }
                text.push_str(e);
                text.push_str("\r\n");
                text.push_str("\t   at Anonymous function (node_modules/zone.js/dist/zone.js:419:13)\r\n");
            }
            let candidates = Candidates::of(text.as_bytes(), None, 1 << 20);
            let list: Vec<&Candidate> = candidates.list.iter().collect();
            let ranked = rank(&list, &candidates);
            let first = ranked.iter().find(|c| c.class == Class::Verdict).expect("a verdict");
            crate::clean::visible(&first.text).trim_ascii_end().to_vec()
        };
        let karma = format!("IE 10.0.0 (Windows 8.0.0) bootstrap factory method {} FAILED", tests[0]);
        assert_eq!(String::from_utf8_lossy(&order(3)), karma);
        assert_eq!(String::from_utf8_lossy(&order(2)).trim_ascii(), errors[0].trim_ascii());
    }

    /// A runner's progress line for a failed test comes after every other verdict, though its
    /// kind is the commonest: pytest reports each failure again in its section. The lines are
    /// nginx-proxy's (bench/reallogs.sh, master-thesis `Shell__jwilder@nginx-proxy__565138449.log`),
    /// where the progress lines led the first round and took the room of the failures' messages.
    #[test]
    fn a_runners_progress_line_comes_after_the_failures_it_reports() {
        let text = "test_DOCKER_HOST_unix_socket.py::test_unknown_virtual_host \x1b[31mFAILED\x1b[0m\r\n\
            test_DOCKER_HOST_unix_socket.py::test_forwards_to_web1 \x1b[31mFAILED\x1b[0m\r\n\
            test_DOCKER_HOST_unix_socket.py::test_forwards_to_web2 \x1b[31mFAILED\x1b[0m\r\n\
            test_composev2.py::test_unknown_virtual_host \x1b[31mFAILED\x1b[0m\r\n\
            \r\n\
            =================================== FAILURES ===================================\r\n\
            \x1b[1m\x1b[31mE           ConnectionError: HTTPConnectionPool(host='nginx-proxy', port=80): Max retries exceeded with url: /port\x1b[0m\r\n\
            \r\n\
            \x1b[1m\x1b[31m/usr/local/lib/python2.7/site-packages/requests/adapters.py\x1b[0m:487: ConnectionError\r\n";
        let candidates = Candidates::of(text.as_bytes(), None, 1 << 20);
        let list: Vec<&Candidate> = candidates.list.iter().collect();
        let ranked = rank(&list, &candidates);
        let verdicts: Vec<String> = ranked
            .iter()
            .filter(|c| c.class == Class::Verdict)
            .map(|c| String::from_utf8_lossy(&crate::clean::visible(&c.text)).trim().to_string())
            .collect();
        assert_eq!(verdicts.len(), 6, "{verdicts:#?}");
        assert!(verdicts[0].starts_with("E           ConnectionError:"), "{verdicts:#?}");
        assert!(
            verdicts[1].starts_with("/usr/local/lib/python2.7/site-packages/requests/adapters.py"),
            "{verdicts:#?}"
        );
        assert!(verdicts[2..].iter().all(|v| v.ends_with(" FAILED")), "{verdicts:#?}");
    }

    /// A verdict's lead-in is the line it belongs to, not the last frame of the failure before
    /// it. Real lines of retrofit's Surefire report (bench/reallogs.sh, master-thesis
    /// `Java__square@retrofit__482509524.log`): the first failure's lead-in is the test class
    /// that runs; the `Caused by:` under `at …ForkedBooter.main(…)` and the next failure under
    /// `... 33 more` have none (both were taken before).
    #[test]
    fn a_frame_is_no_verdicts_lead_in() {
        let text = "[INFO] T E S T S\n\
            Running retrofit2.RequestFactoryTest\n\
            getWithNullUrl(retrofit2.RequestFactoryTest)  Time elapsed: 0.007 sec  <<< ERROR!\n\
            java.lang.IllegalArgumentException: @Url parameter is null. (parameter #1)\n\
            \tat retrofit2.Utils.methodError(Utils.java:52)\n\
            \tat org.apache.maven.surefire.booter.ForkedBooter.main(ForkedBooter.java:75)\n\
            Caused by: java.lang.NullPointerException: @Url parameter is null.\n\
            \tat retrofit2.Utils.checkNotNull(Utils.java:304)\n\
            \t... 33 more\n\
            \n\
            pathParamRequired(retrofit2.RequestFactoryTest)  Time elapsed: 0.007 sec  <<< FAILURE!\n\
            org.junit.ComparisonFailure: expected:<...ue must not be null.[]> but was:<...ue must not be null.[ (parameter #1)\n";
        let candidates = Candidates::of(text.as_bytes(), None, 1 << 20);
        let taken: BTreeMap<u64, &Candidate> =
            candidates.list.iter().filter(|c| c.class >= Class::Verdict).map(|c| (c.line, c)).collect();
        let verdict = |line: u64| taken.get(&line).map(|c| String::from_utf8_lossy(&c.text).into_owned());
        assert!(verdict(2).is_some_and(|t| t.ends_with("<<< ERROR!\n")), "{:?}", verdict(2));
        assert!(verdict(6).is_some_and(|t| t.starts_with("Caused by: ")), "{:?}", verdict(6));
        assert!(verdict(10).is_some_and(|t| t.ends_with("<<< FAILURE!\n")), "{:?}", verdict(10));
        let mut left = Budget { chars: Some(10_000), ..Budget::default() };
        let spans = lead_ins(&taken, &[], &[(0, text.len() as u64)], &mut left, &Options::default());
        let got: Vec<&str> = spans.iter().map(|&(a, b)| &text[a as usize..b as usize]).collect();
        assert_eq!(got, ["Running retrofit2.RequestFactoryTest\n"]);
    }

    /// A line with no letter or digit names no step, tool or test: master-thesis coffeescript's
    /// `}` closing a dumped test over Travis's verdict is no lead-in; a step's command is.
    #[test]
    fn a_line_that_names_nothing_is_no_lead_in() {
        let text = "  function () {\n    return eqJS('<div />', '<div />');\n  }\n\
            The command \"node ./bin/cake test\" exited with 1.\n\
            $ node --harmony ./bin/cake test\n\
            The command \"node --harmony ./bin/cake test\" exited with 1.\n";
        let candidates = Candidates::of(text.as_bytes(), None, 1 << 20);
        let taken: BTreeMap<u64, &Candidate> =
            candidates.list.iter().filter(|c| c.class >= Class::Verdict).map(|c| (c.line, c)).collect();
        assert_eq!(taken.keys().copied().collect::<Vec<_>>(), [3, 5]);
        let mut left = Budget { chars: Some(10_000), ..Budget::default() };
        let spans = lead_ins(&taken, &[], &[(0, text.len() as u64)], &mut left, &Options::default());
        let got: Vec<&str> = spans.iter().map(|&(a, b)| &text[a as usize..b as usize]).collect();
        assert_eq!(got, ["$ node --harmony ./bin/cake test\n"]);
    }

    /// The gaps after the last verdict are what the kept spans leave of the region, whether a
    /// span starts before it, lies inside it or runs past its end.
    #[test]
    fn gaps_are_what_the_kept_spans_leave() {
        assert_eq!(gaps_in(&[(0, 15), (20, 30), (38, 60)], 10, 40), vec![(15, 20), (30, 38)]);
        assert_eq!(gaps_in(&[], 10, 40), vec![(10, 40)]);
        assert_eq!(gaps_in(&[(0, 50)], 10, 40), vec![]);
    }

    /// Two errors one short line apart cost the line between them, not a second marker: a
    /// budget too small for two markers keeps both, as one block.
    #[test]
    fn a_line_next_but_one_to_a_kept_line_joins_it() {
        let a = candidate(10, 100, "error: a\n", "x\nerror: b\n");
        let b = candidate(12, 111, "error: b\n", "");
        let list = Candidates { list: vec![a, b], ..Candidates::default() };
        let reserve = Size { bytes: 40, chars: 40, lines: 1, ..Size::default() };
        let opts = Options::default();
        let mut left = Budget { chars: Some(9 + 40 + 9 + 2), ..Budget::default() };
        let picked = pick(&list, &[(0, 1000)], &reserve, &mut left, &opts);
        assert_eq!(picked, vec![(100, 120)]);
        assert_eq!(left.chars, Some(0));
    }
}
