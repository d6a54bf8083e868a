//! The planner: which tool results are pruned to a placeholder, which become a preview, and
//! which are kept, given the transcript, the [`Options`] and the marks left by an earlier run.

use crate::tokens::Encoding;
use crate::transcript::{Kind, Slot, Transcript};
use anyhow::Result;
use std::collections::HashMap;

/// The default placeholder of a pruned result. `{chars}`, `{lines}`, `{tool}` and `{path}` are
/// filled in.
pub const DEFAULT_PLACEHOLDER: &str = "[Old tool result content cleared: {chars} chars, full text at {path}]";

/// What compaction does.
#[derive(Clone, Debug)]
pub struct Options {
    /// Prune old tool results.
    pub prune: bool,
    /// The most recent tool results holding this many tokens are never pruned.
    pub protect: u64,
    /// Tool results in the last N user turns are never pruned.
    pub protect_turns: usize,
    /// Prune only when the old results add up to at least this many tokens.
    pub prune_minimum: u64,
    /// Results of these tools are never replaced.
    pub protect_tools: Vec<String>,
    /// The placeholder template.
    pub placeholder: String,
    /// A result longer than this many chars becomes a preview.
    pub max_result: Option<u64>,
    /// Chars of a result kept in its preview.
    pub preview: u64,
    /// The results answering one assistant turn may hold this many chars together.
    pub message_budget: Option<u64>,
    /// How tokens are counted.
    pub encoding: Encoding,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            prune: true,
            protect: 20_000,
            protect_turns: 2,
            prune_minimum: 10_000,
            protect_tools: Vec::new(),
            placeholder: DEFAULT_PLACEHOLDER.to_string(),
            max_result: Some(50_000),
            preview: 2_000,
            message_budget: Some(200_000),
            encoding: Encoding::O200k,
        }
    }
}

/// What happens to a tool result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Replaced by the placeholder.
    Prune,
    /// Replaced by its first chars and a note.
    Preview,
    /// Given the text an earlier run gave it (`--state`).
    Recorded,
}

/// A tool result as compaction sees it.
#[derive(Clone, Debug)]
pub struct ToolResult {
    /// Its record.
    pub record: usize,
    /// The id of its call.
    pub id: Option<String>,
    /// The name of its tool, when its call was found.
    pub tool: String,
    /// Where its content is.
    pub slot: Slot,
    /// Its size in chars.
    pub chars: u64,
    /// The assistant turn it answers.
    pub group: usize,
    /// Whether it is in the last `protect_turns` user turns.
    pub recent: bool,
    /// Whether it may be replaced at all (not a sidechain, not a protected tool).
    pub eligible: bool,
    /// Its text, when short.
    pub short: Option<String>,
    /// Its first bytes.
    pub head: String,
    /// Whether its last line reads like a preview's note.
    pub preview_note: bool,
}

/// The tool results of a transcript and what to do with each.
#[derive(Debug, Default)]
pub struct Plan {
    /// Every tool result, in order.
    pub results: Vec<ToolResult>,
    /// What to do, by index into `results`, in order.
    pub actions: Vec<(usize, Action)>,
    /// The texts of [`Action::Recorded`] results, by index into `results`.
    pub recorded: HashMap<usize, String>,
    /// The chars of each turn's results that stay over `message_budget` (protected, or no
    /// shorter as placeholders), by the index of its first result.
    pub over_budget: Vec<(usize, u64)>,
}

/// Decides what to replace in `t`. `path_chars` is the length of a stored content's path, so
/// that the size of a placeholder is known before anything is stored.
pub fn plan(t: &Transcript, opts: &Options, path_chars: u64) -> Result<Plan> {
    plan_with(t, opts, path_chars, None)
}

/// [`plan`], with the decisions of earlier runs: results they replaced get the same text again,
/// results they kept stay as they are; only the others are candidates.
pub fn plan_with(
    t: &Transcript,
    opts: &Options,
    path_chars: u64,
    state: Option<&super::state::TranscriptState>,
) -> Result<Plan> {
    let mut results = results(t, opts);
    let mut recorded = HashMap::new();
    if let Some(state) = state {
        for (i, r) in results.iter_mut().enumerate() {
            let Some(decision) = r.id.as_ref().and_then(|id| state.results.get(id)) else { continue };
            r.eligible = false;
            if let Some(text) = decision.as_ref().filter(|text| r.short.as_deref() != Some(text.as_str())) {
                recorded.insert(i, text.clone());
            }
        }
    }
    let marks = Marks::new(opts)?;
    let mut chosen: HashMap<usize, Action> = HashMap::new();
    if opts.prune {
        for i in prune(t, &results, opts, &marks, path_chars)? {
            chosen.insert(i, Action::Prune);
        }
    }
    if let Some(max) = opts.max_result {
        for (i, r) in results.iter().enumerate() {
            // A preview's note takes it over `max` again: one made before is left as it is.
            if r.eligible && r.chars > max && !chosen.contains_key(&i) && !marks.is_replaced(t, r)? {
                chosen.insert(i, Action::Preview);
            }
        }
    }
    let mut over_budget = Vec::new();
    if let Some(budget) = opts.message_budget {
        over_budget = fit_groups(t, &results, budget, opts, path_chars, &marks, &mut chosen)?;
    }
    chosen.extend(recorded.keys().map(|i| (*i, Action::Recorded)));
    let mut actions: Vec<(usize, Action)> = chosen.into_iter().collect();
    actions.sort_by_key(|(i, _)| *i);
    Ok(Plan { results, actions, recorded, over_budget })
}

/// The tool results of `t` with their tool, turn group and protection.
fn results(t: &Transcript, opts: &Options) -> Vec<ToolResult> {
    let turns = t.entries.iter().filter(|e| matches!(e.kind, Kind::Turn)).count();
    let first_recent = turns.saturating_sub(opts.protect_turns) + 1;
    let (mut seen_turns, mut group, mut after_result, mut reply) = (0, 0, false, None::<&str>);
    let mut names: HashMap<&str, &str> = HashMap::new();
    let mut out = Vec::new();
    for e in &t.entries {
        match &e.kind {
            Kind::Turn => seen_turns += 1,
            Kind::Reply(id) => {
                if after_result && (id.is_none() || id.as_deref() != reply) {
                    group += 1;
                }
                after_result = false;
                reply = id.as_deref();
            }
            Kind::Call { id, name } => {
                if let Some(id) = id {
                    names.insert(id, name);
                }
            }
            Kind::Result { id, slot, chars, sidechain, short, head, preview_note } => {
                after_result = true;
                let tool = id.as_deref().and_then(|id| names.get(id)).copied().unwrap_or("");
                out.push(ToolResult {
                    record: e.record,
                    id: id.clone(),
                    tool: tool.to_string(),
                    slot: slot.clone(),
                    chars: *chars,
                    group,
                    recent: opts.protect_turns > 0 && seen_turns >= first_recent,
                    short: short.clone(),
                    head: head.clone(),
                    preview_note: *preview_note,
                    eligible: !sidechain && !opts.protect_tools.iter().any(|p| p == tool),
                });
            }
        }
    }
    out
}

/// The text of result `r`'s content.
pub fn text_of(t: &Transcript, r: &ToolResult) -> Result<String> {
    t.with_record(r.record, |v| crate::transcript::content(v, &r.slot).map(|c| c.text().into_owned()))
        .map(Option::unwrap_or_default)
}

/// The results to prune: walking from the newest, those past the most recent `protect` tokens
/// and outside the last turns, if together they hold at least `prune_minimum` tokens. A result
/// no longer than its placeholder would be is left alone.
fn prune(t: &Transcript, results: &[ToolResult], opts: &Options, marks: &Marks, path_chars: u64) -> Result<Vec<usize>> {
    let mut window = 0u64;
    let mut candidates = Vec::new();
    for (i, r) in results.iter().enumerate().rev() {
        if !r.eligible {
            continue;
        }
        if window <= opts.protect {
            window = window.saturating_add(opts.encoding.count(text_of(t, r)?.as_bytes()));
            if r.recent || window <= opts.protect {
                continue;
            }
        } else if r.recent {
            continue;
        }
        if marks.shrinks(t, r, path_chars, opts.encoding)? && !marks.is_replaced(t, r)? {
            candidates.push(i);
        }
    }
    let mut sum = 0u64;
    for &i in &candidates {
        sum += opts.encoding.count(text_of(t, &results[i])?.as_bytes());
        if sum >= opts.prune_minimum {
            candidates.reverse();
            return Ok(candidates);
        }
    }
    Ok(Vec::new())
}

/// Replaces results, largest first, in every group that holds more than `budget` chars: first
/// by a preview, then, if that is not enough, by the placeholder.
fn fit_groups(
    t: &Transcript,
    results: &[ToolResult],
    budget: u64,
    opts: &Options,
    path_chars: u64,
    marks: &Marks,
    chosen: &mut HashMap<usize, Action>,
) -> Result<Vec<(usize, u64)>> {
    let mut over = Vec::new();
    let size = |i: usize, chosen: &HashMap<usize, Action>| {
        let r = &results[i];
        match chosen.get(&i) {
            Some(Action::Prune) => marks.placeholder_chars(r, path_chars),
            Some(Action::Preview) => r.chars.min(opts.preview) + preview_note_chars(r.chars, path_chars),
            Some(Action::Recorded) | None => r.chars,
        }
    };
    let mut start = 0;
    while start < results.len() {
        let group = results[start].group;
        let range = start..start + results[start..].iter().take_while(|r| r.group == group).count();
        start = range.end;
        let total = |chosen: &HashMap<usize, Action>| range.clone().map(|i| size(i, chosen)).sum::<u64>();
        let mut order: Vec<usize> = range.clone().filter(|i| results[*i].eligible).collect();
        // First previews, largest first; then, if still over, placeholders, largest first.
        order.sort_by_key(|i| std::cmp::Reverse(results[*i].chars));
        for &i in &order {
            if total(chosen) <= budget {
                break;
            }
            if !chosen.contains_key(&i) && results[i].chars > opts.preview && !marks.is_replaced(t, &results[i])? {
                chosen.insert(i, Action::Preview);
            }
        }
        order.sort_by_key(|i| std::cmp::Reverse(size(*i, chosen)));
        for &i in &order {
            if total(chosen) <= budget {
                break;
            }
            if chosen.get(&i) != Some(&Action::Prune)
                && marks.shrinks(t, &results[i], path_chars, opts.encoding)?
                && !marks.is_replaced(t, &results[i])?
            {
                chosen.insert(i, Action::Prune);
            }
        }
        // What cannot be replaced stays: the caller says so, rather than meet the budget silently.
        if total(chosen) > budget {
            over.push((range.start, total(chosen)));
        }
    }
    Ok(over)
}

/// The note that ends a preview.
pub(crate) fn preview_note(shown: u64, total: u64, path: &str) -> String {
    format!(
        "\n{}{} of {} chars shown; full text at {path}]",
        crate::transcript::PREVIEW_NOTE,
        crate::text::group_digits(shown),
        crate::text::group_digits(total)
    )
}

fn preview_note_chars(total: u64, path_chars: u64) -> u64 {
    crate::text::count_chars(preview_note(total, total, "").as_bytes()) + path_chars
}

/// Recognizes content that compaction already replaced, so that compacting a compacted
/// transcript changes nothing.
struct Marks {
    placeholder: regex::Regex,
    template: String,
    longest: u64,
}

impl Marks {
    fn new(opts: &Options) -> Result<Marks> {
        let template = &opts.placeholder;
        let mut pattern = regex::escape(template);
        for (field, re) in [("chars", "[0-9,]+"), ("tool", ".*"), ("path", ".+")] {
            pattern = pattern.replace(&format!("\\{{{field}\\}}"), re);
        }
        let placeholder = regex::Regex::new(&format!("(?s)^{pattern}$"))?;
        let longest = template.len() as u64 + opts.preview + 4096;
        Ok(Marks { placeholder, template: template.clone(), longest })
    }

    fn is_replaced(&self, t: &Transcript, r: &ToolResult) -> Result<bool> {
        if let Some(text) = &r.short {
            return Ok(self.placeholder.is_match(text) || is_preview(text));
        }
        // Long content is a placeholder only if it starts as the template does.
        let literal = self.template.split('{').next().unwrap_or("");
        let literal = &literal[..crate::text::floor_char_boundary(literal.as_bytes(), crate::transcript::HEAD)];
        if r.chars > self.longest || !(r.preview_note || r.head.starts_with(literal)) {
            return Ok(false);
        }
        let text = text_of(t, r)?;
        Ok(self.placeholder.is_match(&text) || is_preview(&text))
    }

    fn placeholder_chars(&self, r: &ToolResult, path_chars: u64) -> u64 {
        crate::text::count_chars(self.placeholder_for(r, path_chars).as_bytes())
    }

    /// The placeholder of `r`, with a stand-in path of the real one's length made of hex
    /// digits, which cost at least as many tokens as a real path's words do.
    fn placeholder_for(&self, r: &ToolResult, path_chars: u64) -> String {
        let path: String = "0f3a9c7e5b1d8264".chars().cycle().take(usize::try_from(path_chars).unwrap_or(0)).collect();
        render_placeholder(&self.template, r.chars, &r.tool, &path)
    }

    /// Whether replacing `r` by its placeholder makes it smaller, in chars and in tokens: a
    /// short result can hold fewer tokens than a placeholder whose path is token-heavy.
    fn shrinks(
        &self,
        t: &Transcript,
        r: &ToolResult,
        path_chars: u64,
        encoding: crate::tokens::Encoding,
    ) -> Result<bool> {
        if r.chars <= self.placeholder_chars(r, path_chars) {
            return Ok(false);
        }
        let placeholder = encoding.count(self.placeholder_for(r, path_chars).as_bytes());
        // Counting stops at the placeholder's size: a long result is not tokenized whole.
        Ok(!encoding.fits(text_of(t, r)?.as_bytes(), placeholder))
    }
}

/// Whether `text` ends with the note of a preview.
fn is_preview(text: &str) -> bool {
    let last = text.rsplit('\n').next().unwrap_or("");
    last.starts_with(crate::transcript::PREVIEW_NOTE) && last.ends_with(']') && last.contains("; full text at ")
}

/// The placeholder `template` filled in.
pub fn render_placeholder(template: &str, chars: u64, tool: &str, path: &str) -> String {
    template.replace("{chars}", &crate::text::group_digits(chars)).replace("{tool}", tool).replace("{path}", path)
}
