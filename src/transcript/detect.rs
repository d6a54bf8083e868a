//! Telling the format of a transcript from its first records: Codex and Claude Code lines by
//! their own fields; OpenAI, Anthropic and Responses messages by the fields only one of them has.

use super::{Body, Dialect, responses};
use serde_json::Value;

/// Guesses the format from the first records.
pub(super) fn detect(bytes: &[u8], body: &Body) -> Option<Dialect> {
    match body {
        Body::Doc(doc) => {
            let root = doc.root();
            if root.get("history").is_some_and(Value::is_array) {
                return Some(Dialect::Openai);
            }
            if root.get("input").is_some_and(Value::is_array) {
                return Some(Dialect::Responses);
            }
            let anthropic_body = root.get("system").is_some() && root.get("messages").is_some();
            if doc.len() == 0 {
                // No message yet: any format reads it the same, and nothing will change.
                return Some(if anthropic_body { Dialect::Anthropic } else { Dialect::Openai });
            }
            let records: Vec<Value> = (0..doc.len().min(200)).filter_map(|i| doc.record(bytes, i).ok()).collect();
            let guess = sniff(records.iter());
            if anthropic_body && matches!(guess, Some(Dialect::Openai) | None) {
                return Some(Dialect::Anthropic);
            }
            guess
        }
        Body::Lines { lines, .. } => {
            let values: Vec<Value> =
                lines.iter().take(50).filter_map(|l| super::json::from_slice(&bytes[l.start..l.end]).ok()).collect();
            let first = values.first()?;
            if first.get("instructions").is_some() && first.get("id").is_some() && first.get("type").is_none() {
                return Some(Dialect::Codex);
            }
            for v in &values {
                if v.get("payload").is_some() && v.get("timestamp").is_some() {
                    return Some(Dialect::Codex);
                }
                let kind = v.get("type").and_then(Value::as_str).unwrap_or("");
                if ["sessionId", "leafUuid", "uuid"].iter().any(|k| v.get(k).is_some())
                    || matches!(kind, "file-history-snapshot" | "queue-operation" | "summary")
                {
                    return Some(Dialect::ClaudeCode);
                }
            }
            sniff(values.iter())
        }
    }
}

/// Tells OpenAI, Anthropic and Responses messages apart by the fields only one of them has;
/// plain `{role, content}` messages read the same in all, and are taken as OpenAI.
fn sniff<'a>(records: impl Iterator<Item = &'a Value>) -> Option<Dialect> {
    let mut plain = false;
    for r in records {
        let kind = r.get("type").and_then(Value::as_str).unwrap_or("");
        if responses::is_item_type(kind)
            && (kind != "message" || r.get("role").is_some())
            && r.get("role").is_none_or(|_| kind == "message")
        {
            return Some(Dialect::Responses);
        }
        if r.get("tool_calls").is_some()
            || r.get("tool_call_id").is_some()
            || r.get("role").and_then(Value::as_str) == Some("tool")
        {
            return Some(Dialect::Openai);
        }
        if let Some(blocks) = r.get("content").and_then(Value::as_array) {
            let block = |t: &str| blocks.iter().any(|b| b.get("type").and_then(Value::as_str) == Some(t));
            if ["tool_use", "tool_result", "thinking", "redacted_thinking"].iter().any(|t| block(t))
                || blocks.iter().any(|b| b.get("source").is_some())
            {
                return Some(Dialect::Anthropic);
            }
            if block("image_url") || block("input_audio") {
                return Some(Dialect::Openai);
            }
        }
        plain |= r.get("role").is_some();
    }
    plain.then_some(Dialect::Openai)
}

#[cfg(test)]
mod tests {
    use crate::transcript::{Dialect, Transcript};

    fn format(text: &str) -> Option<Dialect> {
        Transcript::parse("t", text.as_bytes().to_vec(), None).ok().map(|t| t.format)
    }

    #[test]
    fn each_format_by_the_fields_only_it_has() {
        assert_eq!(format(r#"[{"role":"user","content":"hi"}]"#), Some(Dialect::Openai), "plain reads as OpenAI");
        assert_eq!(format(r#"{"system":"s","messages":[{"role":"user","content":"hi"}]}"#), Some(Dialect::Anthropic));
        assert_eq!(
            format(r#"{"model":"m","messages":[{"role":"tool","tool_call_id":"c","content":"x"}]}"#),
            Some(Dialect::Openai)
        );
        assert_eq!(
            format(r#"[{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"x"}]}]"#),
            Some(Dialect::Anthropic)
        );
        assert_eq!(
            format(r#"{"input":[{"type":"function_call_output","call_id":"c","output":"x"}]}"#),
            Some(Dialect::Responses)
        );
        assert_eq!(
            format(
                "{\"type\":\"message\",\"role\":\"user\",\"content\":[]}\n{\"type\":\"function_call\",\"call_id\":\"c\",\"name\":\"n\",\"arguments\":\"{}\"}\n"
            ),
            Some(Dialect::Responses)
        );
        assert_eq!(format("{\"timestamp\":\"t\",\"type\":\"session_meta\",\"payload\":{}}\n"), Some(Dialect::Codex));
        assert_eq!(
            format(
                "{\"id\":\"x\",\"timestamp\":\"t\",\"instructions\":null}\n{\"type\":\"message\",\"role\":\"user\",\"content\":[]}\n"
            ),
            Some(Dialect::Codex)
        );
        assert_eq!(format("{\"type\":\"summary\",\"summary\":\"s\",\"leafUuid\":\"u\"}\n"), Some(Dialect::ClaudeCode));
        assert_eq!(format("[1, 2]"), None);
        assert_eq!(format("[]"), Some(Dialect::Openai), "no message yet");
        assert_eq!(format(r#"{"model":"m","messages":[]}"#), Some(Dialect::Openai));
        assert_eq!(format("{\"a\":1}\n{\"b\":2}\n"), None);
    }
}
