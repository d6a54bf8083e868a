//! Token counts of a transcript: by role, by tool, the largest tool results and the total, as
//! the model sees the text (message text, tool call inputs, tool result contents; not the JSON
//! around them), beside the usage the agent itself recorded.

use crate::tokens::Encoding;
use crate::transcript::{Item, Transcript};
use anyhow::Result;
use serde_json::Value;
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
    /// All tokens.
    pub total: u64,
    /// Usage recorded in the transcript, if any.
    pub recorded: Option<Recorded>,
}

/// How many of the largest results are listed.
const LARGEST: usize = 10;

/// Counts the tokens of `t`.
pub fn tally(t: &Transcript, encoding: Encoding) -> Result<Tally> {
    let mut tally = Tally::default();
    let mut names: HashMap<String, String> = HashMap::new();
    let mut outputs: BTreeMap<Option<String>, u64> = BTreeMap::new();
    let mut unnamed_outputs = 0u64;
    let mut cumulative = None;
    let mut last_context = None;
    t.each_item(|record, item| match item {
        Item::Text { role, text } => {
            *tally.roles.entry(role.to_string()).or_default() += encoding.count(text.as_bytes())
        }
        Item::Call { id, name, input } => {
            let n = encoding.count(input_text(input).as_bytes());
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
        Item::Turn | Item::Reply(_) | Item::Sidechain => {}
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

/// The text of a tool call's input: a string as it is, anything else as compact JSON.
fn input_text(v: &Value) -> std::borrow::Cow<'_, str> {
    match v {
        Value::String(s) => s.into(),
        Value::Null => "".into(),
        other => other.to_string().into(),
    }
}
