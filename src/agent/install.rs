//! Installing ctx's hook into an agent's settings, and taking exactly that out again.
//!
//! Each function here maps a settings file's text (or its absence) to the new text (or
//! `None`: no file). What was there is kept: JSON settings are merged (ctx's entry is added to
//! the event's list), Codex's TOML gets one marked block appended, OpenCode gets a plugin file
//! of its own. Taking ctx out removes only its entry; when nothing else changed in between,
//! [`restore`] gives back the file byte for byte (see `ctx init --uninstall`).

use super::Agent;
use anyhow::{Context, Result, bail};
use serde_json::{Map, Value, json};
use std::path::{Path, PathBuf};

pub use super::Scope;

/// The tools whose output the hook fits, as each agent names them (a regex, as both agents'
/// matchers are). Tools that write (edits, patches) are left out: their results are short and
/// must stay exact.
const CLAUDE_TOOLS: &str = "Bash|Read|Grep|Glob|WebFetch|mcp__.*";
/// Gemini CLI replaces a result only by denying it (the model gets the text as the call's
/// error), so only the tools whose output has no bound of its own are hooked; shell commands
/// run under ctx-truncate instead (a `BeforeTool` hook, see [`super::gemini`]).
const GEMINI_TOOLS: &str = "web_fetch|mcp__.*";

/// The first line of the block ctx appends to Codex's config, and its last line.
const BEGIN: &str = "# ctx: begin (added by `ctx init codex`; `ctx init codex --uninstall` removes it)";
const END: &str = "# ctx: end";

/// The settings file of `agent` for `scope`, with `home` the user's home directory and `cwd`
/// the project; the agents' own variables (`CLAUDE_CONFIG_DIR`, `CODEX_HOME`,
/// `XDG_CONFIG_HOME`) are honoured through `var`.
pub fn settings_path(
    agent: Agent,
    scope: Scope,
    home: &Path,
    cwd: &Path,
    var: &dyn Fn(&str) -> Option<String>,
) -> PathBuf {
    let dir = |name: &str, default: PathBuf| super::var_dir(var, name).unwrap_or(default);
    match (agent, scope) {
        (Agent::Claude, Scope::Project) => cwd.join(".claude/settings.json"),
        (Agent::Claude, Scope::User) => dir("CLAUDE_CONFIG_DIR", home.join(".claude")).join("settings.json"),
        (Agent::Gemini, Scope::Project) => cwd.join(".gemini/settings.json"),
        (Agent::Gemini, Scope::User) => home.join(".gemini/settings.json"),
        (Agent::Codex, Scope::Project) => cwd.join(".codex/config.toml"),
        (Agent::Codex, Scope::User) => dir("CODEX_HOME", home.join(".codex")).join("config.toml"),
        (Agent::Opencode, Scope::Project) => super::opencode::settings_path(cwd, false),
        (Agent::Opencode, Scope::User) => {
            super::opencode::settings_path(&dir("XDG_CONFIG_HOME", home.join(".config")).join("opencode"), true)
        }
        (Agent::Copilot, scope) => super::copilot::settings_path(scope, home, cwd, var),
        (Agent::Cursor, scope) => super::cursor::settings_path(scope, home, cwd),
        (Agent::Qwen, scope) => super::qwen::settings_path(scope, home, cwd, var),
        (Agent::Amp, scope) => super::amp::settings_path(scope, home, cwd, var),
    }
}

/// The command the agent runs: `CTX hook AGENT`, with `ctx` the absolute path of this binary.
pub fn hook_command(ctx: &str, agent: Agent) -> String {
    format!("{} hook {agent}", super::shell::quote(ctx))
}

/// The settings at `path` with ctx's hook added; `None` when it is already there. `wrap`
/// (Claude Code only) adds a `PreToolUse` hook that runs Bash commands under `ctx-truncate`,
/// the one way to fit a failed command's output there.
pub fn add(agent: Agent, current: Option<&str>, ctx: &str, path: &Path, wrap: bool) -> Result<Option<String>> {
    let command = hook_command(ctx, agent);
    let has = |event: &str| {
        current.and_then(|c| serde_json::from_str::<Value>(c).ok()).is_some_and(|v| ours_in(&v, event, agent).is_some())
    };
    Ok(match agent {
        Agent::Claude => {
            let mut entries = Vec::new();
            if !has("PostToolUse") {
                let hook =
                    json!({"matcher": CLAUDE_TOOLS, "hooks": [{"type": "command", "command": command, "timeout": 30}]});
                entries.push(("PostToolUse", hook));
            }
            if wrap && !has("PreToolUse") {
                let hook =
                    json!({"matcher": "Bash", "hooks": [{"type": "command", "command": command, "timeout": 30}]});
                entries.push(("PreToolUse", hook));
            }
            if entries.is_empty() { None } else { Some(add_json(current, &entries)?) }
        }
        Agent::Gemini => {
            let hook = |matcher: &str, what: &str| {
                json!({"matcher": matcher, "hooks": [{"name": "ctx", "type": "command", "command": command,
                    "timeout": 30000, "description": what}]})
            };
            let mut entries = Vec::new();
            if !has("BeforeTool") {
                let what = "Runs the command under ctx-truncate: its output is fitted into a budget, the full text saved and named";
                entries.push(("BeforeTool", hook("run_shell_command", what)));
            }
            if !has("AfterTool") {
                let what = "Fits the tool's output into a budget; the full text is saved and named";
                entries.push(("AfterTool", hook(GEMINI_TOOLS, what)));
            }
            if entries.is_empty() { None } else { Some(add_json(current, &entries)?) }
        }
        Agent::Copilot => {
            let entry = super::copilot::entry(&command);
            super::flat::add(current, super::copilot::EVENT, entry, super::copilot::KEY, agent)?
        }
        Agent::Cursor => {
            let entry = super::cursor::entry(&command);
            super::flat::add(current, super::cursor::EVENT, entry, super::cursor::KEY, agent)?
        }
        Agent::Qwen => super::mcp_server::add(current, super::qwen::KEY, ctx)?,
        Agent::Amp => super::mcp_server::add(current, super::amp::KEY, ctx)?,
        _ if current.is_some_and(|c| installed(agent, c)) => None,
        Agent::Codex => Some(add_toml(current.unwrap_or_default(), &command, path)?),
        Agent::Opencode => Some(super::opencode::add(current, &super::opencode::plugin_path(path))?),
    })
}

/// Whether ctx's hook is in these settings.
pub fn installed(agent: Agent, current: &str) -> bool {
    match agent {
        Agent::Claude | Agent::Gemini => {
            serde_json::from_str::<Value>(current).is_ok_and(|v| ours_in(&v, event(agent), agent).is_some())
        }
        Agent::Codex => current.lines().any(|l| l == BEGIN),
        Agent::Opencode => !super::opencode::listed(current).is_empty(),
        Agent::Copilot => super::flat::installed(current, super::copilot::EVENT, super::copilot::KEY, agent),
        Agent::Cursor => super::flat::installed(current, super::cursor::EVENT, super::cursor::KEY, agent),
        Agent::Qwen => super::mcp_server::installed(current, super::qwen::KEY),
        Agent::Amp => super::mcp_server::installed(current, super::amp::KEY),
    }
}

/// Whether Claude Code's settings also hold ctx's `PreToolUse` hook (`ctx init claude --wrap`).
pub fn wraps(current: &str) -> bool {
    serde_json::from_str::<Value>(current).is_ok_and(|v| ours_in(&v, "PreToolUse", Agent::Claude).is_some())
}

/// The settings with ctx's hook taken out: `None` when nothing is left of the file (it was
/// ctx's alone; a backup, if any, then says what to write back). Errors when ctx's hook is not
/// there.
pub fn remove(agent: Agent, current: &str) -> Result<Option<String>> {
    if !installed(agent, current) {
        bail!("ctx's hook is not installed there");
    }
    match agent {
        Agent::Claude => remove_json(current, &["PostToolUse", "PreToolUse"], agent),
        Agent::Gemini => remove_json(current, &["AfterTool", "BeforeTool"], agent),
        Agent::Codex => Ok(Some(remove_toml(current)).filter(|t| !t.is_empty())),
        Agent::Opencode => super::opencode::remove(current),
        Agent::Copilot => super::flat::remove(current, super::copilot::EVENT, super::copilot::KEY, agent),
        Agent::Cursor => super::flat::remove(current, super::cursor::EVENT, super::cursor::KEY, agent),
        Agent::Qwen => super::mcp_server::remove(current, super::qwen::KEY),
        Agent::Amp => super::mcp_server::remove(current, super::amp::KEY),
    }
}

/// The file to write back after taking ctx out: the backup made before ctx went in, byte for
/// byte, when `after` says the same as it (nothing else changed); else `after`.
pub fn restore(agent: Agent, after: &str, backup: &str) -> String {
    let same = match agent {
        Agent::Claude | Agent::Gemini | Agent::Opencode | Agent::Copilot | Agent::Cursor | Agent::Qwen | Agent::Amp => {
            let norm = |t: &str| serde_json::from_str::<Value>(t).ok().map(without_empty_hooks);
            norm(after).is_some_and(|a| norm(backup) == Some(a))
        }
        _ => after.trim_end() == backup.trim_end(),
    };
    if same { backup.to_string() } else { after.to_string() }
}

/// The settings without empty hook lists, an empty `hooks` and an empty table of MCP servers (what
/// removing ctx's entry leaves out).
fn without_empty_hooks(mut v: Value) -> Value {
    for key in ["mcpServers", "amp.mcpServers"] {
        if v[key].as_object().is_some_and(Map::is_empty)
            && let Some(o) = v.as_object_mut()
        {
            o.remove(key);
        }
    }
    if let Some(hooks) = v.get_mut("hooks").and_then(Value::as_object_mut) {
        hooks.retain(|_, list| list.as_array().is_none_or(|l| !l.is_empty()));
    }
    if v["hooks"].as_object().is_some_and(Map::is_empty)
        && let Some(o) = v.as_object_mut()
    {
        o.remove("hooks");
    }
    v
}

fn event(agent: Agent) -> &'static str {
    if agent == Agent::Gemini { "AfterTool" } else { "PostToolUse" }
}

fn add_json(current: Option<&str>, entries: &[(&str, Value)]) -> Result<String> {
    let mut root = match current.map(str::trim) {
        None | Some("") => Value::Object(Map::new()),
        Some(text) => serde_json::from_str(text).context("the settings file is not valid JSON; fix it first")?,
    };
    let Some(obj) = root.as_object_mut() else { bail!("the settings file is not a JSON object") };
    let hooks = obj.entry("hooks").or_insert_with(|| json!({}));
    let Some(hooks) = hooks.as_object_mut() else { bail!("\"hooks\" in the settings file is not an object") };
    for (event, entry) in entries {
        let list = hooks.entry(*event).or_insert_with(|| json!([]));
        let Some(list) = list.as_array_mut() else { bail!("\"hooks.{event}\" in the settings file is not a list") };
        list.push(entry.clone());
    }
    Ok(serde_json::to_string_pretty(&root)? + "\n")
}

/// The index of ctx's entry in the event's list.
fn ours_in(root: &Value, event: &str, agent: Agent) -> Option<usize> {
    let tail = format!(" hook {agent}");
    root.get("hooks")?.get(event)?.as_array()?.iter().position(|entry| {
        entry["hooks"].as_array().is_some_and(|hs| {
            hs.iter().any(|h| h["command"].as_str().is_some_and(|c| c.ends_with(&tail) && c.contains("ctx")))
        })
    })
}

fn remove_json(current: &str, events: &[&str], agent: Agent) -> Result<Option<String>> {
    let mut root: Value = serde_json::from_str(current).context("the settings file is not valid JSON")?;
    for event in events {
        while let Some(i) = ours_in(&root, event, agent) {
            let list = root["hooks"][*event].as_array_mut().context("no list")?;
            list.remove(i);
            if list.is_empty() {
                root["hooks"].as_object_mut().context("no hooks")?.remove(*event);
            }
        }
    }
    if root["hooks"].as_object().is_some_and(Map::is_empty) {
        root.as_object_mut().context("not an object")?.remove("hooks");
    }
    if root.as_object().is_some_and(Map::is_empty) {
        return Ok(None);
    }
    Ok(Some(serde_json::to_string_pretty(&root)? + "\n"))
}

/// Codex's config with ctx's `PreToolUse` group appended, marked trusted. Codex runs a user's
/// hook only once it is trusted (in `codex exec` an untrusted one is skipped without a word):
/// its `/hooks` view records `[hooks.state."FILE:pre_tool_use:GROUP:HANDLER"] trusted_hash`,
/// the SHA-256 of the handler's identity as compact JSON with sorted keys. `ctx init codex`
/// was asked for exactly this hook, so it records the same.
fn add_toml(current: &str, command: &str, path: &Path) -> Result<String> {
    let sep = match current {
        "" => "",
        c if c.ends_with('\n') => "\n",
        _ => "\n\n",
    };
    let group = current.lines().filter(|l| l.trim() == "[[hooks.PreToolUse]]").count();
    let key = format!("{}:pre_tool_use:{group}:0", path.display());
    let block = format!(
        "{BEGIN}\n[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = {}\ntimeout = 30\n\n[hooks.state.{}]\ntrusted_hash = \"{}\"\n{END}\n",
        toml_string(command),
        toml_string(&key),
        codex_trust_hash(command)
    );
    let next = format!("{current}{sep}{block}");
    toml::de::DeTable::parse(&next).map_err(|e| {
        anyhow::anyhow!(
            "the hook cannot be added to this config.toml: {}",
            e.to_string().lines().next().unwrap_or("it does not parse")
        )
    })?;
    Ok(next)
}

/// Codex's trust hash of ctx's hook: SHA-256 of `{"event_name":"pre_tool_use","hooks":[{"async":
/// false,"command":...,"timeout":30,"type":"command"}],"matcher":"Bash"}` (keys sorted).
fn codex_trust_hash(command: &str) -> String {
    use sha2::{Digest, Sha256};
    let identity = format!(
        "{{\"event_name\":\"pre_tool_use\",\"hooks\":[{{\"async\":false,\"command\":{},\"timeout\":30,\"type\":\"command\"}}],\"matcher\":\"Bash\"}}",
        serde_json::to_string(command).unwrap_or_default()
    );
    let digest = Sha256::digest(identity.as_bytes());
    format!("sha256:{}", digest.iter().map(|b| format!("{b:02x}")).collect::<String>())
}

fn remove_toml(current: &str) -> String {
    let mut out = String::with_capacity(current.len());
    let mut inside = false;
    for line in current.split_inclusive('\n') {
        let bare = line.trim_end_matches(['\n', '\r']);
        if bare == BEGIN {
            // The blank line `add` put before the block.
            if out.ends_with("\n\n") {
                out.pop();
            }
            inside = true;
        } else if inside && bare == END {
            inside = false;
        } else if !inside {
            out.push_str(line);
        }
    }
    out
}

/// A TOML basic string.
fn toml_string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    const CTX: &str = "/usr/local/bin/ctx";

    #[test]
    fn json_merge_keeps_what_is_there_and_removal_restores_it() {
        let before =
            "{\n  \"model\": \"opus\",\n  \"hooks\": {\"PostToolUse\": [{\"matcher\": \"Edit\", \"hooks\": []}]}\n}\n";
        let after = add(Agent::Claude, Some(before), CTX, Path::new("/h/.claude/settings.json"), false)
            .expect("ok")
            .expect("ok");
        let v: Value = serde_json::from_str(&after).expect("ok");
        assert_eq!(v["model"], "opus");
        assert_eq!(v["hooks"]["PostToolUse"][0]["matcher"], "Edit");
        assert_eq!(v["hooks"]["PostToolUse"][1]["hooks"][0]["command"], "/usr/local/bin/ctx hook claude");
        assert!(installed(Agent::Claude, &after));
        assert_eq!(
            add(Agent::Claude, Some(&after), CTX, Path::new("/h/.claude/settings.json"), false).expect("ok"),
            None
        );
        let removed = remove(Agent::Claude, &after).expect("ok").expect("ok");
        assert_eq!(restore(Agent::Claude, &removed, before), before);
    }

    #[test]
    fn a_settings_file_that_was_only_ctx_is_removed() {
        let after =
            add(Agent::Gemini, None, CTX, Path::new("/h/.gemini/settings.json"), false).expect("ok").expect("ok");
        assert_eq!(remove(Agent::Gemini, &after).expect("ok"), None);
    }

    #[test]
    fn codex_block_is_appended_and_taken_out_byte_for_byte() {
        let before = "model = \"gpt-5\"\n[features]\nweb_search = true";
        let after = add(Agent::Codex, Some(before), "/opt/my ctx/ctx", Path::new("/h/.codex/config.toml"), false)
            .expect("ok")
            .expect("ok");
        assert!(toml::de::DeTable::parse(&after).is_ok());
        assert!(after.starts_with("model = \"gpt-5\"\n[features]\nweb_search = true\n\n# ctx: begin"));
        // The trust record Codex's /hooks view would write (the hash as Python's
        // sha256(json.dumps(identity, sort_keys=True, separators=(",", ":"))) gives it; the real
        // Codex CLI runs the hook with it: scripts/agent-e2e.sh with CTX_E2E_HOOK_TRUST=none).
        assert!(after.contains("\n[hooks.state.\"/h/.codex/config.toml:pre_tool_use:0:0\"]\ntrusted_hash = \"sha256:1885f7d2d37a67527a20fc5f77b6fd99be8c12b589e8ec88cb243f978dd77a79\"\n"));
        assert!(after.contains("[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n"));
        assert!(after.contains("\ncommand = \"'/opt/my ctx/ctx' hook codex\"\n"));
        assert_eq!(restore(Agent::Codex, &remove(Agent::Codex, &after).expect("ok").expect("ok"), before), before);
    }

    #[test]
    fn malformed_settings_are_refused_not_overwritten() {
        let err = add(Agent::Claude, Some("{\"hooks\": [1]"), CTX, Path::new("/h/.claude/settings.json"), false)
            .expect_err("an error");
        assert_eq!(err.to_string(), "the settings file is not valid JSON; fix it first");
    }
}
