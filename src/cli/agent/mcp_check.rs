//! `ctx doctor`'s test for an agent where ctx is an MCP server only (Qwen Code, Amp): `ctx mcp`
//! is started as the agent starts it, and a `ctx_run` of a long failing command comes back
//! fitted (the doctor checks it as it checks a hook's reply).

use anyhow::{Context, Result};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Runs `CTX mcp`, calls `ctx_run` on a command that prints `log` and exits 3, and gives the
/// text that came back.
pub(super) fn round_trip(ctx: &str, log: &str) -> Result<String> {
    let mut child = Command::new(ctx)
        .arg("mcp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .context("cannot run ctx mcp")?;
    let command = format!("cat <<'CTX_SAMPLE_END'\n{log}CTX_SAMPLE_END\nexit 3");
    let requests = [
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18",
            "capabilities": {}, "clientInfo": {"name": "ctx doctor", "version": env!("CARGO_PKG_VERSION")}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "ctx_run", "arguments": {"command": command}}}),
    ];
    let mut stdin = child.stdin.take().context("no stdin")?;
    for r in &requests {
        writeln!(stdin, "{r}")?;
    }
    drop(stdin);
    let stdout = BufReader::new(child.stdout.take().context("no stdout")?);
    let mut text = None;
    for line in stdout.lines() {
        let reply: Value = serde_json::from_str(&line?).context("ctx mcp answered with something that is not JSON")?;
        if reply["id"] == 2 {
            text = reply.pointer("/result/content/0/text").and_then(Value::as_str).map(String::from);
        }
    }
    child.wait()?;
    text.context("ctx mcp gave no text for ctx_run")
}
