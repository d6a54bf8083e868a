//! Token counts of a transcript: by role, by tool, the largest tool results and the total, as
//! the model sees the text (message text, tool call inputs, tool result contents, a document's
//! `system` field; not the JSON around them), beside the usage the agent itself recorded.
//!
//! [`size`] is the one way a transcript's size is counted: `--stats`, the reports, the trigger
//! and the target all use it. A Claude Code subagent's (sidechain) lines are never sent to the
//! model of the main conversation, so they are counted apart.

use crate::tokens::Encoding;
use crate::transcript::{Item, Transcript, value_text};
use anyhow::Result;
use std::collections::{BTreeMap, HashMap};

/// Calls and results of one tool.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Tool {
    /// Calls made.
    pub calls: u64,
    /// Tokens of their inputs.
    pub call_tokens: u64,
    /// Results returned.
    pub results: u64,
    /// Tokens of the results.
    pub result_tokens: u64,
}

/// One tool result, for the list of the largest.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Large {
    /// The line its record starts on.
    pub line: usize,
    /// Its tool.
    pub tool: String,
    /// Its tokens.
    pub tokens: u64,
    /// Its chars.
    pub chars: u64,
}

/// What the agent recorded: the context of its last request and its output tokens.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Recorded {
    /// Input tokens of the last request, cached ones included.
    pub last_context: u64,
    /// Output tokens over the whole session.
    pub output: u64,
}

/// Token counts of a transcript.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Tally {
    /// Tokens by role; tool results count as `tool`.
    pub roles: BTreeMap<String, u64>,
    /// By tool name (`""` when a result's call was not found).
    pub tools: BTreeMap<String, Tool>,
    /// The largest tool results, largest first (at most ten).
    pub largest: Vec<Large>,
    /// All tokens sent to the model (subagent lines apart).
    pub total: u64,
    /// Tokens of subagent (sidechain) lines, not in any other count.
    pub sidechain: u64,
    /// Usage recorded in the transcript, if any.
    pub recorded: Option<Recorded>,
}

/// How many of the largest results are listed.
const LARGEST: usize = 10;

/// The size of a transcript in tokens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct TranscriptSize {
    /// What the model is sent: every record but subagent lines, and a document's `system`.
    pub tokens: u64,
    /// Subagent (sidechain) lines, which the main conversation's model is never sent.
    pub sidechain: u64,
}

/// The size of `t`, counted with `encoding`.
pub fn size(t: &Transcript, encoding: Encoding) -> Result<TranscriptSize> {
    let records = record_tokens(t, encoding)?;
    let side = records.iter().filter(|r| r.1).map(|r| r.0).sum();
    let tokens = records.iter().filter(|r| !r.1).map(|r| r.0).sum::<u64>() + root_system(t, encoding);
    Ok(TranscriptSize { tokens, sidechain: side })
}

/// The tokens of each record, and whether it is a subagent's.
pub fn record_tokens(t: &Transcript, encoding: Encoding) -> Result<Vec<(u64, bool)>> {
    let mut out = vec![(0u64, false); t.len()];
    t.each_item(|i, item| match item {
        Item::Sidechain => out[i].1 = true,
        other => out[i].0 += item_tokens(other, encoding),
    })?;
    Ok(out)
}

/// The tokens of one item as the model sees it: a text, a call's input, a result's content.
pub fn item_tokens(item: &Item<'_>, encoding: Encoding) -> u64 {
    match item {
        Item::Text { text, .. } => encoding.count(text.as_bytes()),
        Item::Call { input, .. } => encoding.count(value_text(input).as_bytes()),
        Item::Result { content, .. } => encoding.count(content.text().as_bytes()),
        Item::Turn | Item::Reply(_) | Item::Sidechain | Item::Usage { .. } => 0,
    }
}

/// The tokens of a document's `system` field (Anthropic), which is no record.
pub fn root_system(t: &Transcript, encoding: Encoding) -> u64 {
    t.root().and_then(|r| r.get("system")).map_or(0, |s| encoding.count(value_text(s).as_bytes()))
}

/// Counts the tokens of `t`: what [`size`] counts, by role and tool.
pub fn tally(t: &Transcript, encoding: Encoding) -> Result<Tally> {
    let mut tally = Tally::default();
    let mut names: HashMap<String, String> = HashMap::new();
    let mut outputs: BTreeMap<Option<String>, u64> = BTreeMap::new();
    let mut unnamed_outputs = 0u64;
    let mut cumulative = None;
    let mut last_context = None;
    let mut side_record = None;
    let system = root_system(t, encoding);
    if system > 0 {
        tally.roles.insert("system".into(), system);
    }
    t.each_item(|record, item| {
        if side_record == Some(record) && !matches!(item, Item::Usage { .. }) {
            tally.sidechain += item_tokens(item, encoding);
            return;
        }
        match item {
            Item::Sidechain => side_record = Some(record),
            Item::Text { role, .. } => *tally.roles.entry(role.to_string()).or_default() += item_tokens(item, encoding),
            Item::Call { id, name, .. } => {
                let n = item_tokens(item, encoding);
                *tally.roles.entry("assistant".into()).or_default() += n;
                let tool = tally.tools.entry(name.to_string()).or_default();
                tool.calls += 1;
                tool.call_tokens += n;
                if let Some(id) = id {
                    names.insert(id.to_string(), name.to_string());
                }
            }
            Item::Result { id, content, .. } => {
                let text = content.text();
                let n = encoding.count(text.as_bytes());
                *tally.roles.entry("tool".into()).or_default() += n;
                let name = id.and_then(|id| names.get(id)).cloned().unwrap_or_default();
                let tool = tally.tools.entry(name.clone()).or_default();
                tool.results += 1;
                tool.result_tokens += n;
                let chars = crate::text::count_chars(text.as_bytes());
                tally.largest.push(Large { line: t.line(record), tool: name, tokens: n, chars });
                if tally.largest.len() > 4 * LARGEST {
                    keep_largest(&mut tally.largest);
                }
            }
            Item::Usage { response, context, output, cumulative: running } => {
                last_context = Some(*context);
                if *running {
                    cumulative = Some(*output);
                } else if let Some(r) = response {
                    outputs.insert(Some(r.to_string()), *output);
                } else {
                    unnamed_outputs += output;
                }
            }
            Item::Turn | Item::Reply(_) => {}
        }
    })?;
    keep_largest(&mut tally.largest);
    tally.total = tally.roles.values().sum();
    tally.recorded = last_context.map(|last_context| Recorded {
        last_context,
        output: cumulative.unwrap_or_else(|| outputs.values().sum::<u64>() + unnamed_outputs),
    });
    Ok(tally)
}

fn keep_largest(list: &mut Vec<Large>) {
    list.sort_by(|a, b| b.tokens.cmp(&a.tokens).then(a.line.cmp(&b.line)));
    list.truncate(LARGEST);
}
