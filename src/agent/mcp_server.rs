//! ctx's MCP server, `ctx mcp`, registered in an agent's JSON settings under a table of
//! servers (`KEY: {NAME: {"command": ..., "args": [...]}}`, Qwen Code's `mcpServers`, Amp's
//! `amp.mcpServers`), for the agents where no hook can fit a tool's output: the entry `ctx`
//! goes in beside the user's servers and exactly that comes out again.

use anyhow::{Context, Result, bail};
use serde_json::{Map, Value, json};
use std::path::Path;

/// The name ctx's server is registered under.
const NAME: &str = "ctx";

/// Whether `server` is ctx's: `CTX mcp`, with CTX a program named `ctx`.
fn ours(server: &Value) -> bool {
    let command = server.get("command").and_then(Value::as_str).unwrap_or_default();
    Path::new(command).file_name().is_some_and(|n| n == "ctx") && server.get("args") == Some(&json!(["mcp"]))
}

/// Whether ctx's server is in the settings' `key` table.
pub fn installed(current: &str, key: &str) -> bool {
    serde_json::from_str::<Value>(current).is_ok_and(|v| v.get(key).and_then(|s| s.get(NAME)).is_some_and(ours))
}

/// The settings with `ctx` (this binary, `ctx`) registered as an MCP server in the `key`
/// table; `None` when it is already. Another server named `ctx` is an error.
pub fn add(current: Option<&str>, key: &str, ctx: &str) -> Result<Option<String>> {
    let mut root = match current.map(str::trim) {
        None | Some("") => Value::Object(Map::new()),
        Some(text) => serde_json::from_str(text).context("the settings file is not valid JSON; fix it first")?,
    };
    let Some(obj) = root.as_object_mut() else { bail!("the settings file is not a JSON object") };
    let servers = obj.entry(key).or_insert_with(|| json!({}));
    let Some(servers) = servers.as_object_mut() else { bail!("\"{key}\" in the settings file is not an object") };
    match servers.get(NAME) {
        Some(s) if ours(s) => return Ok(None),
        Some(_) => bail!("another MCP server is named \"ctx\" there; rename or remove it first"),
        None => servers.insert(NAME.to_string(), json!({"command": ctx, "args": ["mcp"]})),
    };
    Ok(Some(serde_json::to_string_pretty(&root)? + "\n"))
}

/// The settings without ctx's server in the `key` table; `None` when nothing is left.
pub fn remove(current: &str, key: &str) -> Result<Option<String>> {
    let mut root: Value = serde_json::from_str(current).context("the settings file is not valid JSON")?;
    let obj = root.as_object_mut().context("not an object")?;
    if let Some(servers) = obj.get_mut(key).and_then(Value::as_object_mut) {
        servers.remove(NAME);
        if servers.is_empty() {
            obj.remove(key);
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
        let after = add(Some(before), "mcpServers", "/opt/ctx/bin/ctx").expect("ok").expect("added");
        let v: Value = serde_json::from_str(&after).expect("json");
        assert_eq!(v["mcpServers"]["ctx"], json!({"command": "/opt/ctx/bin/ctx", "args": ["mcp"]}));
        assert!(installed(&after, "mcpServers"));
        assert!(!installed(&after, "amp.mcpServers"));
        assert_eq!(add(Some(&after), "mcpServers", "/opt/ctx/bin/ctx").expect("ok"), None);
        let left = remove(&after, "mcpServers").expect("ok").expect("kept");
        assert_eq!(
            serde_json::from_str::<Value>(&left).expect("json"),
            serde_json::from_str::<Value>(before).expect("json")
        );
        assert_eq!(
            remove(&add(None, "amp.mcpServers", "ctx").expect("ok").expect("added"), "amp.mcpServers").expect("ok"),
            None
        );
        let taken = "{\"mcpServers\": {\"ctx\": {\"command\": \"other\"}}}";
        assert!(add(Some(taken), "mcpServers", "ctx").is_err());
        assert!(!installed(taken, "mcpServers"));
    }
}
