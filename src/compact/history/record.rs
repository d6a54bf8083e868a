//! What history compaction writes from the summarized part: the summarizer's input (roles,
//! tool calls as `name(args)`, results cut), the user's own words, and the extractive record.

use super::Options;
use crate::text::count_chars;
use crate::transcript::{Item, Transcript};
use anyhow::Result;
use std::collections::HashMap;

/// The user's own earlier messages, newest first up to `cap` tokens (the smaller of
/// `keep_user` and the room left), in their order.
pub(super) fn user_words(t: &Transcript, dropped: &[usize], opts: &Options, cap: u64) -> Result<String> {
    let mut words: Vec<String> = Vec::new();
    for &i in dropped {
        t.with_record(i, |v| {
            let items = t.items_of(v);
            if items.iter().any(|it| matches!(it, Item::Turn)) {
                let before = words.len();
                for it in items {
                    if let Item::Text { role: "user", text } = it
                        && !text.trim().is_empty()
                    {
                        words.push(text.trim().to_string());
                    }
                }
                // Codex: the turn is an event holding the prompt as typed; its text reaches
                // the model in another line, among the context Codex injects.
                if words.len() == before
                    && let Some(typed) = crate::transcript::codex::typed(v).filter(|s| !s.trim().is_empty())
                {
                    words.push(typed.trim().to_string());
                }
            }
        })?;
    }
    let (mut kept, mut used) = (Vec::new(), 0u64);
    for w in words.iter().rev() {
        let n = opts.encoding.count(w.as_bytes());
        if used + n > opts.keep_user.min(cap) {
            break;
        }
        used += n;
        kept.push(w.as_str());
    }
    if kept.is_empty() {
        return Ok(String::new());
    }
    kept.reverse();
    let list: Vec<String> = kept.iter().map(|w| format!("- {}", w.replace('\n', "\n  "))).collect();
    Ok(format!("\n\nThe user's own messages, verbatim (oldest first):\n{}", list.join("\n")))
}

/// The summarized part rendered for the summarizer: roles, tool calls as `name(args)`, each
/// tool result cut to its first 2,000 chars.
pub(super) fn render(t: &Transcript, dropped: &[usize]) -> Result<String> {
    let mut out = String::new();
    let mut names: HashMap<String, String> = HashMap::new();
    for &i in dropped {
        t.with_record(i, |v| {
            for item in t.items_of(v) {
                match item {
                    Item::Text { role, text } if !text.trim().is_empty() => {
                        out.push_str(&format!("{}: {}\n\n", capitalized(role), text.trim()));
                    }
                    Item::Call { id, name, input } => {
                        if let Some(id) = id {
                            names.insert(id.to_string(), name.to_string());
                        }
                        let args = cut(&crate::transcript::value_text(input), 500);
                        out.push_str(&format!("Assistant called {name}({args})\n\n"));
                    }
                    Item::Result { id, content, .. } => {
                        let name = id.and_then(|id| names.get(id)).map_or("a tool", String::as_str);
                        out.push_str(&format!("Result of {name}: {}\n\n", cut(&content.text(), 2000)));
                    }
                    _ => {}
                }
            }
        })?;
    }
    Ok(out)
}

/// A call's arguments as the record shows them: a shell call's command alone (the last word of
/// an argv such as `["bash", "-lc", "CMD"]`), as it was typed; anything else as JSON.
fn call_args(input: &serde_json::Value) -> String {
    use serde_json::Value;
    // Codex and the Responses API hold the arguments as a JSON string.
    if let Some(parsed) = input.as_str().and_then(|s| serde_json::from_str::<Value>(s).ok()).filter(Value::is_object) {
        return call_args(&parsed);
    }
    match input.get("command") {
        Some(Value::String(c)) => c.clone(),
        Some(Value::Array(argv)) if argv.iter().all(Value::is_string) => {
            argv.last().and_then(Value::as_str).unwrap_or_default().to_string()
        }
        _ => crate::transcript::value_text(input).into_owned(),
    }
}

fn capitalized(role: &str) -> String {
    let mut c = role.chars();
    c.next().map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

/// The first `n` chars of `s`, with the count of the rest.
fn cut(s: &str, n: u64) -> String {
    let total = count_chars(s.as_bytes());
    if total <= n {
        return s.to_string();
    }
    let end = crate::text::nth_char_start(s.as_bytes(), n);
    format!("{}[... {} more chars]", &s[..end], crate::text::group_digits(total - n))
}

/// The offline record: the user's messages, each tool call with its outcome, the errors and the
/// last assistant text. Deterministic, and labelled as what it is.
pub(super) fn extractive(t: &Transcript, dropped: &[usize], room: u64) -> Result<String> {
    let (mut calls, mut errors, mut last) = (Vec::new(), Vec::new(), String::new());
    let mut names: HashMap<String, String> = HashMap::new();
    // A call's arguments up to 1,000 chars, so that a long command stays whole, but no more than
    // an even share of the room (about 3 chars a token) lets every call be listed.
    let n = dropped.len().max(1) as u64;
    let share = (room.saturating_mul(3) / n).clamp(120, 1000);
    for &i in dropped {
        t.with_record(i, |v| {
            for item in t.items_of(v) {
                match item {
                    Item::Call { id: Some(id), name, input } => {
                        names.insert(id.to_string(), format!("{name}({})", cut(&call_args(input), share)));
                    }
                    Item::Result { id, content, .. } => {
                        let text = content.text();
                        let call = id.and_then(|id| names.get(id)).cloned().unwrap_or_else(|| "a tool call".into());
                        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim();
                        let failed = is_error(&text);
                        calls.push(format!("- {call} → {}: {}", if failed { "error" } else { "ok" }, cut(first, 160)));
                        if failed {
                            let budget = crate::text::Budget { chars: Some(1000), ..Default::default() };
                            let lines = crate::summarize::fit_with(
                                text.trim().as_bytes(),
                                &budget,
                                Default::default(),
                                crate::truncate::Strategy::Salient,
                            );
                            errors.push(format!("{call}:\n{lines}"));
                        }
                    }
                    Item::Text { role: "assistant", text } if !text.trim().is_empty() => last = text.trim().to_string(),
                    _ => {}
                }
            }
        })?;
    }
    let mut s = String::from(
        "[Extractive record of the earlier conversation, made without an LLM: each tool call with its outcome, the errors verbatim, and the last assistant text.]",
    );
    if !calls.is_empty() {
        s.push_str(&format!("\n\nTool calls:\n{}", calls.join("\n")));
    }
    if !errors.is_empty() {
        s.push_str(&format!("\n\nErrors:\n{}", errors.join("\n\n")));
    }
    if !last.is_empty() {
        s.push_str(&format!("\n\nLast assistant text:\n{last}"));
    }
    Ok(s)
}

/// Whether a tool result reads as a failure: a line of it is a verdict (see [`crate::signals`]).
fn is_error(text: &str) -> bool {
    crate::signals::reaches(text.as_bytes(), crate::signals::Class::Verdict)
}
