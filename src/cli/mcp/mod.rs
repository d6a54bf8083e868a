//! `ctx mcp`: a stdio MCP server. Messages are JSON-RPC 2.0, one per line on stdin, answers one
//! per line on stdout (the MCP stdio transport); nothing else is written to stdout. The tools it
//! serves live in [`tools`]; this module is the protocol: the handshake, `ping`, `tools/list`,
//! `tools/call`, and the JSON-RPC errors.

mod tools;

use anyhow::{Context, Result};
use serde_json::{Value, json};
use std::io::{BufRead, Write};

/// The protocol revisions this server speaks, newest first.
const VERSIONS: &[&str] = &["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

/// JSON-RPC error codes.
const PARSE_ERROR: i64 = -32700;
const INVALID_REQUEST: i64 = -32600;
const METHOD_NOT_FOUND: i64 = -32601;
const INVALID_PARAMS: i64 = -32602;

/// Serves MCP requests read from `input` until it ends, answering on `output`.
pub fn serve(mut input: impl BufRead, mut output: impl Write) -> Result<()> {
    let server = tools::Server::new();
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line).context("cannot read a request")? == 0 {
            return Ok(());
        }
        let text = line.trim_ascii();
        if text.is_empty() {
            continue;
        }
        if let Some(reply) = answer(&server, text) {
            writeln!(output, "{reply}").context("cannot write an answer")?;
            output.flush().context("cannot write an answer")?;
        }
    }
}

/// The answer to one line: a response, a batch of them, or nothing (notifications).
fn answer(server: &tools::Server, line: &[u8]) -> Option<Value> {
    match serde_json::from_slice::<Value>(line) {
        Err(e) => Some(error(Value::Null, PARSE_ERROR, &format!("parse error: {e}"))),
        Ok(Value::Array(batch)) if batch.is_empty() => {
            Some(error(Value::Null, INVALID_REQUEST, "invalid request: an empty batch"))
        }
        Ok(Value::Array(batch)) => {
            let replies: Vec<Value> = batch.iter().filter_map(|m| handle(server, m)).collect();
            (!replies.is_empty()).then_some(Value::Array(replies))
        }
        Ok(msg) => handle(server, &msg),
    }
}

/// The response to one message, or `None` for a notification or a client's response.
fn handle(server: &tools::Server, msg: &Value) -> Option<Value> {
    let id = msg.get("id").cloned();
    let method = msg.get("method").and_then(Value::as_str);
    let Some(method) = method.filter(|_| msg.get("jsonrpc") == Some(&json!("2.0"))) else {
        // A response to a request this server never sends has nothing to answer.
        let response = msg.get("result").is_some() || msg.get("error").is_some();
        return (!response).then(|| error(id.unwrap_or(Value::Null), INVALID_REQUEST, "invalid request"));
    };
    let id = id?;
    let params = msg.get("params").cloned().unwrap_or_else(|| json!({}));
    Some(match dispatch(server, method, &params) {
        Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
        Err((code, message)) => error(id, code, &message),
    })
}

/// Runs one request's method.
fn dispatch(server: &tools::Server, method: &str, params: &Value) -> Result<Value, (i64, String)> {
    match method {
        "initialize" => Ok(initialize(params)),
        "ping" => Ok(json!({})),
        "tools/list" => Ok(json!({"tools": tools::list()})),
        "tools/call" => call(server, params),
        _ => Err((METHOD_NOT_FOUND, format!("method not found: {method}"))),
    }
}

/// The handshake: the client's protocol version when this server speaks it, else the newest.
fn initialize(params: &Value) -> Value {
    let asked = params.get("protocolVersion").and_then(Value::as_str);
    let version = asked.filter(|v| VERSIONS.contains(v)).unwrap_or(VERSIONS[0]);
    json!({
        "protocolVersion": version,
        "capabilities": {"tools": {"listChanged": false}},
        "serverInfo": {"name": "ctx", "version": env!("CARGO_PKG_VERSION")},
        "instructions": tools::INSTRUCTIONS,
    })
}

/// `tools/call`: an unknown tool or arguments that are not an object are protocol errors; a
/// tool that fails answers a result with `isError` and one line saying why.
fn call(server: &tools::Server, params: &Value) -> Result<Value, (i64, String)> {
    let name = params.get("name").and_then(Value::as_str).ok_or((INVALID_PARAMS, "tools/call needs a name".into()))?;
    let args = match params.get("arguments") {
        None | Some(Value::Null) => serde_json::Map::new(),
        Some(Value::Object(m)) => m.clone(),
        Some(_) => return Err((INVALID_PARAMS, "tools/call: arguments must be an object".into())),
    };
    let outcome = server.call(name, &args).ok_or_else(|| (INVALID_PARAMS, format!("unknown tool: {name}")))?;
    let (text, failed) = match outcome {
        Ok(text) => (text, false),
        Err(e) => (super::error_line(&e), true),
    };
    Ok(json!({"content": [{"type": "text", "text": text}], "isError": failed}))
}

fn error(id: Value, code: i64, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}
