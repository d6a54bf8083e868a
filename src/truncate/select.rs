//! The strategies: which byte ranges of the input to keep, within a budget that already has
//! room for the gap markers taken out of it.

use super::doc::Doc;
use super::{Options, Strategy};
use crate::text::{Budget, Size, cut_prefix, cut_suffix};
use regex::bytes::Regex;
use std::sync::LazyLock;

/// Byte ranges of the input to keep, in order, not overlapping.
pub type Ranges = Vec<(u64, u64)>;

/// Samples taken from the middle by `layered`.
const LAYERED_SAMPLES: usize = 3;

/// Lines that matter in logs: errors and failures of common compilers, test runners and
/// runtimes, and the location lines of their stack traces.
static PRIMARY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?m-u)(?i:\b(?:error|errors|err!?|failed|failure|failures|fatal|panic|panicked|exception|traceback",
        r"|abort(?:ed)?|segmentation fault|core dumped|undefined reference|cannot find|no such file",
        r"|permission denied|timed out|assertion|assertionerror)\b)",
        r"|^\s*E\s{3,}\S|^FAIL\b|^not ok\b|^\s*--> \S+:\d+:\d+|^\s+at \S+[ (].*:\d+\)?$",
        r#"|^\s*File ".+", line \d+|\S+:\d+:\d+: (?:error|fatal)"#,
    ))
    .expect("built-in pattern is valid")
});

/// Lines that matter less: warnings, kept with what budget the primary lines leave.
static SECONDARY: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?m-u)(?i:\bwarn(?:ing|ings)?\b)").expect("built-in pattern is valid"));

/// Chooses what to keep of `doc` within `budget`, leaving `reserve` for each gap's marker.
pub fn plan(doc: &Doc, budget: &Budget, reserve: &Size, opts: &Options) -> Ranges {
    let whole = doc.text();
    match (opts.strategy, whole) {
        (Strategy::Head, _) => head(doc, budget, reserve, opts),
        (Strategy::Tail, _) => tail(doc, budget, reserve, opts),
        (Strategy::Layered, Some(text)) => layered(text, budget, reserve, opts),
        (Strategy::Salient, Some(text)) => salient(text, budget, reserve, opts),
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

/// The line around byte `i`: `[start, end)` with its newline.
fn line_at(text: &[u8], i: usize) -> (usize, usize) {
    let start = memchr::memrchr(b'\n', &text[..i]).map_or(0, |j| j + 1);
    let end = memchr::memchr(b'\n', &text[i..]).map_or(text.len(), |j| i + j + 1);
    (start, end)
}

fn salient(text: &[u8], budget: &Budget, reserve: &Size, opts: &Options) -> Ranges {
    let c = minus_markers(budget, reserve, 1);
    let p0 = cut_prefix(text, &c.scale(0.25), opts.encoding, opts.cut);
    let q0 = cut_suffix(text, &c.scale(0.25), opts.encoding, opts.cut).max(p0);
    let mut left = c.scale(0.5);
    let mut picked: Vec<(usize, usize)> = Vec::new();
    let tiers: Vec<&Regex> = match &opts.keep {
        Some(re) => vec![re],
        None => vec![&PRIMARY, &SECONDARY],
    };
    for re in tiers {
        pick_lines(text, p0, q0, re, reserve, &mut left, &mut picked, opts);
    }
    if picked.is_empty() {
        return head_tail_of(text, text, 0, budget, reserve, opts);
    }
    picked.sort_unstable();
    let (first, last) = (picked[0].0, picked[picked.len() - 1].1);
    let used = picked.iter().fold(Size::default(), |used, &(a, b)| used + size(&text[a..b], &c, opts));
    let blocks = 1 + picked.windows(2).filter(|w| w[0].1 != w[1].0).count() as u64;
    let ends = minus_markers(&c, reserve, blocks).minus(&used).unwrap_or(c.scale(0.0));
    let p = cut_prefix(&text[..first], &ends.scale(opts.head_ratio), opts.encoding, opts.cut);
    let rest = ends.minus(&size(&text[..p], &ends, opts)).unwrap_or(ends.scale(0.0));
    let q = last + cut_suffix(&text[last..], &rest, opts.encoding, opts.cut);
    let mut ranges = vec![(0, p as u64)];
    ranges.extend(picked.iter().map(|&(a, b)| (a as u64, b as u64)));
    ranges.push((q as u64, text.len() as u64));
    ranges
}

/// Adds to `picked` the lines of `text[from..to]` that match `re`, in order, while they fit
/// in `left` (each new block also costs a marker).
#[allow(clippy::too_many_arguments)]
fn pick_lines(
    text: &[u8],
    from: usize,
    to: usize,
    re: &Regex,
    reserve: &Size,
    left: &mut Budget,
    picked: &mut Vec<(usize, usize)>,
    opts: &Options,
) {
    let mut last_line = usize::MAX;
    for m in re.find_iter(&text[from..to]) {
        let (a, b) = line_at(text, from + m.start());
        if a == last_line || picked.contains(&(a, b)) {
            continue;
        }
        last_line = a;
        let (a, b) = (a.max(from), b.min(to));
        let adjacent = picked.iter().any(|&(_, e)| e == a);
        let line = size(&text[a..b], left, opts);
        let cost = if adjacent { line } else { line + *reserve };
        if let Some(rest) = left.minus(&cost) {
            *left = rest;
            picked.push((a, b));
        }
    }
}
