//! Qwen Code: MCP only. `ctx init qwen` registers `ctx mcp` as the MCP server `ctx` in Qwen
//! Code's settings, as `qwen mcp add ctx CTX mcp` would.
//!
//! Qwen Code (`@qwen-code/qwen-code` 0.24.4 on npm, the newest; QwenLM/qwen-code) has Claude
//! Code's hook events, but none of its hooks can replace a result or rewrite a call: in the
//! bundle's `firePreToolUseHook` a `PreToolUse` reply can deny, ask, stop or add context, and
//! its `updatedInput` is not read; `firePostToolUseHook` reads `additionalContext`, artifacts
//! and stop only (`PostToolUseFailure` likewise). Only a `PermissionRequest` hook's
//! `updatedInput` replaces a call's arguments, and that hook runs only when the call needs the
//! user's approval, so it cannot be relied on for every command. What is left is MCP: the model
//! can run a command through `ctx_run`, or read a file through `ctx_read`, and get it fitted.
//!
//! The settings file is `$QWEN_HOME/settings.json` (else `~/.qwen/settings.json`), or the
//! project's `.qwen/settings.json`; a stdio server is `mcpServers.NAME: {command, args}` (what
//! `qwen mcp add` writes; `qwen mcp list` then shows it `Connected`, as
//! `tests/agent_e2e_qwen.rs` checks).

use super::install::Scope;
use anyhow::{Context, Result, bail};
use serde_json::{Map, Value, json};
use std::path::{Path, PathBuf};

/// The name ctx's server is registered under.
const NAME: &str = "ctx";

/// Qwen Code's settings file for `scope`.
pub fn settings_path(scope: Scope, home: &Path, cwd: &Path, var: &dyn Fn(&str) -> Option<String>) -> PathBuf {
    match scope {
        Scope::Project => cwd.join(".qwen/settings.json"),
        Scope::User => var("QWEN_HOME")
            .filter(|v| !v.is_empty())
            .map_or_else(|| home.join(".qwen"), PathBuf::from)
            .join("settings.json"),
    }
}

/// Whether `server` is ctx's: `CTX mcp`, with CTX a program named `ctx`.
fn ours(server: &Value) -> bool {
    let command = server.get("command").and_then(Value::as_str).unwrap_or_default();
    Path::new(command).file_name().is_some_and(|n| n == "ctx") && server.get("args") == Some(&json!(["mcp"]))
}

/// Whether ctx's server is in these settings.
pub fn installed(current: &str) -> bool {
    serde_json::from_str::<Value>(current).is_ok_and(|v| v.pointer("/mcpServers/ctx").is_some_and(ours))
}

/// The settings with `ctx` (this binary, `ctx`) registered as an MCP server; `None` when it is
/// already. Another server named `ctx` is an error.
pub fn add(current: Option<&str>, ctx: &str) -> Result<Option<String>> {
    let mut root = match current.map(str::trim) {
        None | Some("") => Value::Object(Map::new()),
        Some(text) => serde_json::from_str(text).context("the settings file is not valid JSON; fix it first")?,
    };
    let Some(obj) = root.as_object_mut() else { bail!("the settings file is not a JSON object") };
    let servers = obj.entry("mcpServers").or_insert_with(|| json!({}));
    let Some(servers) = servers.as_object_mut() else { bail!("\"mcpServers\" in the settings file is not an object") };
    match servers.get(NAME) {
        Some(s) if ours(s) => return Ok(None),
        Some(_) => bail!("another MCP server is named \"ctx\" there; rename or remove it first"),
        None => servers.insert(NAME.to_string(), json!({"command": ctx, "args": ["mcp"]})),
    };
    Ok(Some(serde_json::to_string_pretty(&root)? + "\n"))
}

/// The settings without ctx's server; `None` when nothing is left.
pub fn remove(current: &str) -> Result<Option<String>> {
    let mut root: Value = serde_json::from_str(current).context("the settings file is not valid JSON")?;
    let obj = root.as_object_mut().context("not an object")?;
    if let Some(servers) = obj.get_mut("mcpServers").and_then(Value::as_object_mut) {
        servers.remove(NAME);
        if servers.is_empty() {
            obj.remove("mcpServers");
        }
    }
    if obj.is_empty() {
        return Ok(None);
    }
    Ok(Some(serde_json::to_string_pretty(&root)? + "\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_server_goes_in_beside_others_and_out_again() {
        let before = "{\"mcpServers\": {\"git\": {\"command\": \"uvx\", \"args\": [\"mcp-server-git\"]}}, \"ui\": {}}";
        let after = add(Some(before), "/opt/ctx/bin/ctx").expect("ok").expect("added");
        let v: Value = serde_json::from_str(&after).expect("json");
        assert_eq!(v["mcpServers"]["ctx"], json!({"command": "/opt/ctx/bin/ctx", "args": ["mcp"]}));
        assert!(installed(&after));
        assert_eq!(add(Some(&after), "/opt/ctx/bin/ctx").expect("ok"), None);
        let left = remove(&after).expect("ok").expect("kept");
        assert_eq!(
            serde_json::from_str::<Value>(&left).expect("json"),
            serde_json::from_str::<Value>(before).expect("json")
        );
        assert_eq!(remove(&add(None, "ctx").expect("ok").expect("added")).expect("ok"), None);
        let taken = "{\"mcpServers\": {\"ctx\": {\"command\": \"other\"}}}";
        assert!(add(Some(taken), "ctx").is_err());
        assert!(!installed(taken));
    }
}
