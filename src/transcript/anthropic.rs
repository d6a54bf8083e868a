//! Anthropic Messages: `tool_use` blocks in assistant messages, `tool_result` blocks (content a
//! string or blocks) in the next user message, linked by `tool_use_id`.

use super::{Content, Item, Seg, Slot, path};
use serde_json::Value;
use std::borrow::Cow;

/// Reports the items of one message; `base` is the path from the record's root to it.
pub fn items<'a>(m: &'a Value, base: &[Seg], f: &mut dyn FnMut(Item<'a>)) {
    let role = m.get("role").and_then(Value::as_str).unwrap_or("");
    let content = m.get("content").unwrap_or(&Value::Null);
    if role == "assistant" {
        f(Item::Reply(None));
    }
    let Some(blocks) = content.as_array() else {
        if role == "user" {
            f(Item::Turn);
        }
        if let Some(s) = content.as_str() {
            f(Item::Text { role, text: Cow::Borrowed(s) });
        }
        return;
    };
    if role == "user" && blocks.iter().any(|b| kind(b) != "tool_result") {
        f(Item::Turn);
    }
    for (i, b) in blocks.iter().enumerate() {
        block(role, b, path(base, &[Seg::Key("content"), Seg::Index(i)]), f);
    }
}

fn kind(b: &Value) -> &str {
    b.get("type").and_then(Value::as_str).unwrap_or("")
}

fn block<'a>(role: &'a str, b: &'a Value, at: Vec<Seg>, f: &mut dyn FnMut(Item<'a>)) {
    let str_of = |k: &str| b.get(k).and_then(Value::as_str);
    match kind(b) {
        "tool_use" | "server_tool_use" => f(Item::Call {
            id: str_of("id"),
            name: str_of("name").unwrap_or(""),
            input: b.get("input").unwrap_or(&Value::Null),
        }),
        "tool_result" => {
            let slot = Slot { path: path(&at, &[Seg::Key("content")]), wrapped: false, mirror: None };
            let content = Content::Value(b.get("content").unwrap_or(&Value::Null));
            f(Item::Result { id: str_of("tool_use_id"), slot, content });
        }
        "text" => f(Item::Text { role, text: Cow::Borrowed(str_of("text").unwrap_or("")) }),
        "thinking" => f(Item::Text { role, text: Cow::Borrowed(str_of("thinking").unwrap_or("")) }),
        _ => {}
    }
}
