//! OpenAI Chat Completions messages: `assistant.tool_calls[]` and `role: tool` results linked by
//! `tool_call_id` (SWE-agent trajectories use a `tool_call_ids` list instead).

use super::{Content, Item, Seg, Slot};
use serde_json::Value;

/// Reports the items of one message.
pub fn items<'a>(m: &'a Value, f: &mut dyn FnMut(Item<'a>)) {
    let role = m.get("role").and_then(Value::as_str).unwrap_or("");
    let content = m.get("content").unwrap_or(&Value::Null);
    match role {
        "tool" | "function" => {
            let id = m
                .get("tool_call_id")
                .and_then(Value::as_str)
                .or_else(|| m.get("tool_call_ids").and_then(|ids| ids.get(0)).and_then(Value::as_str));
            let slot = Slot { path: vec![Seg::Key("content")], wrapped: false, mirror: None };
            f(Item::Result { id, slot, content: Content::Value(content) });
        }
        "assistant" => {
            f(Item::Reply(None));
            text(role, content, f);
            for call in m.get("tool_calls").and_then(Value::as_array).into_iter().flatten() {
                let function = call.get("function").unwrap_or(&Value::Null);
                f(Item::Call {
                    id: call.get("id").and_then(Value::as_str),
                    name: function.get("name").and_then(Value::as_str).unwrap_or(""),
                    input: function.get("arguments").unwrap_or(&Value::Null),
                });
            }
        }
        "user" => {
            f(Item::Turn);
            text(role, content, f);
        }
        _ => text(role, content, f),
    }
}

fn text<'a>(role: &'a str, content: &'a Value, f: &mut dyn FnMut(Item<'a>)) {
    if !content.is_null() {
        f(Item::Text { role, text: super::value_text(content) });
    }
}
