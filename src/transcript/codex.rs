//! Codex CLI rollouts: `{timestamp, type, payload}` lines whose `response_item` payloads are
//! Responses API items, and the legacy layout of bare items after a `{id, timestamp,
//! instructions}` line. User turns are the `event_msg` `user_message` events: the prompt as the
//! user typed it, without the context Codex injects as user messages.

use super::{Item, Seg};
use anyhow::{Context, Result};
use serde_json::Value;

/// Reports the items of one rollout line.
pub fn items<'a>(line: &'a Value, f: &mut dyn FnMut(Item<'a>)) {
    let Some(payload) = line.get("payload") else {
        // The legacy layout: a bare item (or the session line, which has no type).
        super::responses::items(line, &[], true, f);
        return;
    };
    let kind = |v: &Value| v.get("type").and_then(Value::as_str).unwrap_or("").to_string();
    match (kind(line).as_str(), kind(payload).as_str()) {
        ("response_item", _) => super::responses::items(payload, &[Seg::Key("payload")], false, f),
        ("event_msg", "user_message") => f(Item::Turn),
        // A compaction's summary: Codex sends it to the model in place of the history.
        ("compacted", _) => {
            if let Some(text) = payload.get("message").and_then(Value::as_str) {
                f(Item::Text { role: "user", text: std::borrow::Cow::Borrowed(text) });
            }
        }
        ("event_msg", "token_count") => {
            let info = payload.get("info").unwrap_or(&Value::Null);
            let num = |v: Option<&Value>, k: &str| v.and_then(|v| v.get(k)).and_then(Value::as_u64);
            let last = info.get("last_token_usage");
            if let (Some(context), Some(output)) =
                (num(last, "input_tokens"), num(info.get("total_token_usage"), "output_tokens"))
            {
                f(Item::Usage { response: None, context, output, cumulative: true });
            }
        }
        _ => {}
    }
}

/// The prompt as the user typed it, when `line` is a `user_message` event.
pub fn typed(line: &Value) -> Option<&str> {
    let payload = line.get("payload")?;
    (line.get("type")?.as_str()? == "event_msg" && payload.get("type")?.as_str()? == "user_message")
        .then(|| payload.get("message").and_then(Value::as_str))
        .flatten()
}

/// The inner `output` of a wrapped function output: a JSON object holding exactly `output` (a
/// string) and `metadata` (an object), as Codex 0.5x writes it.
pub fn unwrap(s: &str) -> Option<String> {
    if !s.starts_with('{') {
        return None;
    }
    let v: Value = serde_json::from_str(s).ok()?;
    let o = v.as_object()?;
    if o.len() != 2 || !o.get("metadata").is_some_and(Value::is_object) {
        return None;
    }
    o.get("output").and_then(Value::as_str).map(str::to_string)
}

/// The wrapped output `s` with its inner `output` replaced by `text`, its metadata kept.
pub fn rewrap(s: &str, text: &str) -> Result<String> {
    let mut v: Value = serde_json::from_str(s).context("the wrapped output is not JSON")?;
    let slot = v.get_mut("output").context("the wrapped output has no 'output'")?;
    *slot = Value::String(text.to_string());
    Ok(serde_json::to_string(&v)?)
}
