//! Claude Code session lines. `user` and `assistant` lines carry an Anthropic message; a tool
//! result's line also carries `toolUseResult`, a structured copy that is replaced together with
//! it. One API response is split over several lines that share `message.id`. Sidechain lines
//! (subagents) are checked but never changed; `summary`, `system` and other lines are not
//! messages at all.

use super::{Item, Seg};
use serde_json::Value;

/// Reports the items of one session line.
pub fn items<'a>(line: &'a Value, f: &mut dyn FnMut(Item<'a>)) {
    let kind = line.get("type").and_then(Value::as_str).unwrap_or("");
    let Some(message) = line.get("message") else { return };
    if !matches!(kind, "user" | "assistant") {
        return;
    }
    if line.get("isSidechain").and_then(Value::as_bool) == Some(true) {
        f(Item::Sidechain);
    }
    let injected = ["isMeta", "isCompactSummary"].iter().any(|k| line.get(k).and_then(Value::as_bool) == Some(true));
    let results = message
        .get("content")
        .and_then(Value::as_array)
        .map_or(0, |b| b.iter().filter(|b| b.get("type").and_then(Value::as_str) == Some("tool_result")).count());
    let mirror = (results == 1 && line.get("toolUseResult").is_some()).then(|| vec![Seg::Key("toolUseResult")]);
    let id = message.get("id").and_then(Value::as_str);
    super::anthropic::items(message, &[Seg::Key("message")], &mut |item| match item {
        Item::Turn if injected => {}
        Item::Reply(None) => f(Item::Reply(id)),
        Item::Result { id, mut slot, content } => {
            slot.mirror.clone_from(&mirror);
            f(Item::Result { id, slot, content });
        }
        other => f(other),
    });
    if let Some(usage) = message.get("usage") {
        let n = |k: &str| usage.get(k).and_then(Value::as_u64).unwrap_or(0);
        let context = n("input_tokens") + n("cache_creation_input_tokens") + n("cache_read_input_tokens");
        f(Item::Usage { response: id, context, output: n("output_tokens"), cumulative: false });
    }
}
