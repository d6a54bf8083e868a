//! OpenAI Responses API input items: `function_call` / `function_call_output` and
//! `custom_tool_call` / `custom_tool_call_output`, linked by `call_id`. Codex rollouts hold the
//! same items.

use super::{Content, Item, Seg, Slot, path};
use serde_json::Value;
use std::borrow::Cow;

/// The item types of the Responses API input.
const TYPES: [&str; 11] = [
    "message",
    "function_call",
    "function_call_output",
    "custom_tool_call",
    "custom_tool_call_output",
    "reasoning",
    "local_shell_call",
    "local_shell_call_output",
    "web_search_call",
    "item_reference",
    "compaction",
];

/// Whether `t` is the type of a Responses API item.
pub fn is_item_type(t: &str) -> bool {
    TYPES.contains(&t)
}

/// Reports the items of one item; `base` is the path from the record's root to it, and `turns`
/// says whether user messages count as user turns.
pub fn items<'a>(item: &'a Value, base: &[Seg], turns: bool, f: &mut dyn FnMut(Item<'a>)) {
    let str_of = |k: &str| item.get(k).and_then(Value::as_str);
    // The SDKs accept a message without its type (`{"role": "user", "content": …}`, the "easy
    // input message"): an item with a role and no type is a message.
    let kind = str_of("type").unwrap_or(if item.get("role").is_some() { "message" } else { "" });
    match kind {
        "message" => {
            let role = str_of("role").unwrap_or("");
            match role {
                "assistant" => f(Item::Reply(None)),
                "user" if turns => f(Item::Turn),
                _ => {}
            }
            if let Some(c) = item.get("content") {
                f(Item::Text { role, text: super::value_text(c) });
            }
        }
        "reasoning" => {
            f(Item::Reply(None));
            for s in item.get("summary").and_then(Value::as_array).into_iter().flatten() {
                let text = s.get("text").and_then(Value::as_str).unwrap_or("");
                f(Item::Text { role: "assistant", text: Cow::Borrowed(text) });
            }
        }
        kind @ ("function_call" | "custom_tool_call" | "local_shell_call") => {
            f(Item::Reply(None));
            let input = item.get("arguments").or_else(|| item.get("input")).or_else(|| item.get("action"));
            let name = if kind == "local_shell_call" { "local_shell" } else { str_of("name").unwrap_or("") };
            f(Item::Call { id: str_of("call_id"), name, input: input.unwrap_or(&Value::Null) });
        }
        "function_call_output" | "custom_tool_call_output" | "local_shell_call_output" => {
            let output = item.get("output").unwrap_or(&Value::Null);
            let wrapped = output.as_str().and_then(super::codex::unwrap);
            let slot = Slot { path: path(base, &[Seg::Key("output")]), wrapped: wrapped.is_some(), mirror: None };
            let content = match wrapped {
                Some(inner) => Content::Wrapped(inner),
                None => Content::Value(output),
            };
            f(Item::Result { id: str_of("call_id"), slot, content });
        }
        _ => {}
    }
}
