//! The two wire formats: how a request is written and a response read, and what an error says.

use super::{Reply, Request, Role, Usage};
use serde_json::{Value, json};

/// The API's wire format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Provider {
    /// OpenAI-compatible Chat Completions: OpenAI, vLLM, llama.cpp, Ollama, OpenRouter, DeepSeek, Qwen.
    Openai,
    /// Anthropic Messages.
    Anthropic,
}

impl Provider {
    /// The provider a base URL and the keys present suggest: Anthropic for its URL, or when only
    /// `ANTHROPIC_API_KEY` is set and no URL is given; else OpenAI-compatible.
    pub fn infer(base_url: Option<&str>, anthropic_key: bool, openai_key: bool) -> Provider {
        match base_url {
            Some(u) if u.contains("anthropic") => Provider::Anthropic,
            None if anthropic_key && !openai_key => Provider::Anthropic,
            _ => Provider::Openai,
        }
    }

    /// The base URL when none is configured.
    pub fn default_base_url(self) -> &'static str {
        match self {
            Provider::Openai => "https://api.openai.com/v1",
            Provider::Anthropic => "https://api.anthropic.com",
        }
    }

    /// The endpoint for `base`.
    pub fn url(self, base: &str) -> String {
        // A query (`?api-version=…`, as Azure wants) stays after the path it belongs to.
        let (base, query) = match base.split_once('?') {
            Some((b, q)) => (b.trim_end_matches('/'), format!("?{q}")),
            None => (base, String::new()),
        };
        match self {
            Provider::Openai => format!("{base}/chat/completions{query}"),
            Provider::Anthropic if base.ends_with("/v1") => format!("{base}/messages{query}"),
            Provider::Anthropic => format!("{base}/v1/messages{query}"),
        }
    }

    /// The request body. Anthropic's has no `temperature`: the Messages API refuses it for
    /// the current models (400 "`temperature` is deprecated for this model", from Claude Opus
    /// 4.7 and Sonnet 5 on), and the `anthropic` SDKs from 2.0 have no such parameter
    /// (`MessageCreateParamsNonStreaming` of the Python package 2.13.0).
    pub fn body(self, req: &Request) -> Value {
        match self {
            Provider::Openai => json!({
                "model": req.model,
                "messages": req.messages,
                "temperature": req.temperature,
                "max_tokens": req.max_tokens,
            }),
            Provider::Anthropic => {
                let system: Vec<&str> =
                    req.messages.iter().filter(|m| m.role == Role::System).map(|m| m.content.as_str()).collect();
                let turns: Vec<&super::Message> = req.messages.iter().filter(|m| m.role != Role::System).collect();
                let mut body = json!({
                    "model": req.model,
                    "messages": turns,
                    "max_tokens": req.max_tokens,
                });
                if !system.is_empty() {
                    body["system"] = system.join("\n\n").into();
                }
                body
            }
        }
    }

    /// The headers besides the content type; the key, when given, only in its own header.
    pub fn headers(self, key: Option<&str>) -> Vec<(&'static str, String)> {
        match (self, key) {
            (Provider::Openai, Some(k)) => vec![("authorization", format!("Bearer {k}"))],
            (Provider::Openai, None) => vec![],
            (Provider::Anthropic, k) => {
                let mut h = vec![("anthropic-version", "2023-06-01".to_string())];
                if let Some(k) = k {
                    h.push(("x-api-key", k.to_string()));
                }
                h
            }
        }
    }

    /// Reads a successful response body.
    pub fn reply(self, body: &[u8]) -> Result<Reply, BadReply> {
        let v: Value =
            serde_json::from_slice(body).map_err(|e| BadReply::Retry(format!("the response is not JSON ({e})")))?;
        let cut = match self {
            Provider::Openai => v.pointer("/choices/0/finish_reason").and_then(Value::as_str) == Some("length"),
            Provider::Anthropic => v["stop_reason"].as_str() == Some("max_tokens"),
        };
        if cut {
            // The same request would be cut the same way: no retry.
            return Err(BadReply::Final("the reply was cut off by the model's output limit".into()));
        }
        let n = |x: &Value| x.as_u64().unwrap_or(0);
        let (text, usage) = match self {
            Provider::Openai => {
                let text = v.pointer("/choices/0/message/content").and_then(Value::as_str);
                let u = &v["usage"];
                (
                    text.map(str::to_string),
                    Usage { prompt_tokens: n(&u["prompt_tokens"]), completion_tokens: n(&u["completion_tokens"]) },
                )
            }
            Provider::Anthropic => {
                let text = v["content"].as_array().map(|blocks| {
                    blocks
                        .iter()
                        .filter(|b| b["type"] == "text")
                        .filter_map(|b| b["text"].as_str())
                        .collect::<Vec<_>>()
                        .join("")
                });
                let u = &v["usage"];
                (text, Usage { prompt_tokens: n(&u["input_tokens"]), completion_tokens: n(&u["output_tokens"]) })
            }
        };
        let text = text.ok_or_else(|| BadReply::Retry("the response has no message text".into()))?;
        if text.trim().is_empty() {
            return Err(BadReply::Retry("the reply was empty".into()));
        }
        Ok(Reply { text, usage, cached: false })
    }
}

/// A response that is not a usable reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadReply {
    /// Worth sending again (not JSON, no text, an empty text).
    Retry(String),
    /// Not worth sending again (cut off by the output limit).
    Final(String),
}

/// The server's own error message in a body, reduced to one line.
pub fn error_message(body: &[u8]) -> String {
    let v: Option<Value> = serde_json::from_slice(body).ok();
    let msg = v
        .as_ref()
        .and_then(|v| v.pointer("/error/message").or_else(|| v.get("message")).or_else(|| v.get("error")))
        .and_then(|m| m.as_str().map(str::to_string))
        .unwrap_or_else(|| String::from_utf8_lossy(body).into_owned());
    let line = msg.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() > 300 { format!("{}…", line.chars().take(300).collect::<String>()) } else { line }
}

/// Whether an HTTP 400 body says the prompt was longer than the model's context.
pub fn is_context_length(body: &[u8]) -> bool {
    let text = String::from_utf8_lossy(body).to_ascii_lowercase();
    ["context_length_exceeded", "exceeds the available context size", "prompt is too long", "maximum context length"]
        .iter()
        .any(|m| text.contains(m))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::Message;

    fn req() -> Request {
        Request {
            model: "m".into(),
            messages: vec![Message::new(Role::System, "be brief"), Message::new(Role::User, "hi")],
            max_tokens: 10,
            temperature: 0.0,
        }
    }

    #[test]
    fn openai_body_and_reply() {
        let b = Provider::Openai.body(&req());
        assert_eq!(b["messages"][0], json!({"role": "system", "content": "be brief"}));
        let r = Provider::Openai
            .reply(br#"{"choices":[{"message":{"content":"ok"}}],"usage":{"prompt_tokens":5,"completion_tokens":1}}"#)
            .expect("reply");
        assert_eq!((r.text.as_str(), r.usage.prompt_tokens, r.usage.completion_tokens), ("ok", 5, 1));
        assert_eq!(Provider::Openai.url("http://h/v1"), "http://h/v1/chat/completions");
    }

    #[test]
    fn anthropic_body_and_reply() {
        let b = Provider::Anthropic.body(&req());
        assert_eq!(
            b.as_object().map(|o| o.keys().cloned().collect::<Vec<_>>()).unwrap_or_default(),
            ["model", "messages", "max_tokens", "system"]
        );
        assert_eq!(b["system"], "be brief");
        assert_eq!(b["messages"], json!([{"role": "user", "content": "hi"}]));
        let r = Provider::Anthropic
            .reply(br#"{"content":[{"type":"text","text":"o"},{"type":"text","text":"k"}],"usage":{"input_tokens":3,"output_tokens":2}}"#)
            .expect("reply");
        assert_eq!((r.text.as_str(), r.usage.prompt_tokens), ("ok", 3));
        assert_eq!(Provider::Anthropic.url("https://api.anthropic.com"), "https://api.anthropic.com/v1/messages");
        assert_eq!(Provider::Anthropic.headers(Some("k"))[1], ("x-api-key", "k".to_string()));
    }

    #[test]
    fn errors() {
        assert_eq!(error_message(br#"{"error":{"message":"Invalid\nkey"}}"#), "Invalid key");
        assert!(is_context_length(br#"{"error":{"code":"context_length_exceeded"}}"#));
        assert!(is_context_length(b"the request exceeds the available context size, try increasing it"));
        assert!(is_context_length(br#"{"type":"error","error":{"message":"prompt is too long: 210000 tokens"}}"#));
        assert!(!is_context_length(b"bad request"));
        assert!(Provider::Openai.reply(b"{not json").is_err());
        assert_eq!(Provider::infer(Some("https://api.anthropic.com"), false, true), Provider::Anthropic);
        assert_eq!(Provider::infer(None, true, false), Provider::Anthropic);
        assert_eq!(Provider::infer(Some("http://127.0.0.1:8080/v1"), true, false), Provider::Openai);
    }
}
