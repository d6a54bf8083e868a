//! Cursor: a `preToolUse` hook's `updated_input` rewrites a Shell command, which then runs with
//! its output sent through `ctx-truncate`; no hook replaces a built-in tool's output.
//!
//! Cursor's agent is closed source, but its hook engine ships in Cursor's own `@cursor/sdk`
//! (1.0.32 on npm, `dist/bundled/index.js`), which is where this contract was read:
//! - hook files: `~/.cursor/hooks.json` (user), `<project>/.cursor/hooks.json`, and
//!   `/etc/cursor/hooks.json`; `{"version": 1, "hooks": {EVENT: [{"command": ..., "matcher":
//!   REGEX on tool_name, "timeout": SECONDS}]}}` (the loader's checks: "Hook script timeout must
//!   be a number (seconds)", "matcher ... is not a valid regex").
//! - `preToolUse` reads `{conversation_id, generation_id, model, hook_event_name: "preToolUse",
//!   cursor_version, workspace_roots, tool_name: "Shell", tool_input: {command, cwd, timeout?},
//!   tool_use_id, cwd}` and may answer `permission`, `user_message`, `agent_message`,
//!   `updated_input` (a plain object) and `additional_context`. Unless the answer denies, the
//!   Shell executor applies `updated_input.command` (and `cwd`, `timeout`) to the call before it
//!   runs (`applyUpdatedInput`); no `permission` is sent, so Cursor's own approval still applies.
//! - `postToolUse` and `afterShellExecution` cannot replace a built-in tool's output: after the
//!   tool ran, its result is returned as it was and the hooks are only told (`fireSuccessAsync`);
//!   only an MCP tool's result is replaced, by `updated_mcp_tool_output` (`firePostToolUse` in
//!   the MCP executor). ctx's MCP server, `ctx mcp`, is the way to fit MCP-served text there.
//!
//! Whether Cursor keeps one shell across Shell calls is not said by the SDK, so the command runs
//! as with `ctx init claude --wrap` ([`super::shell::in_place`]): in the shell Cursor gives it,
//! with only its output redirected into `ctx-truncate` and its exit status kept, so a `cd` stays
//! as without ctx either way. `tests/agent_e2e_cursor.rs` runs the SDK's own hook engine under
//! Node on a `hooks.json` from `ctx init cursor` (`scripts/agent_check_cursor.mjs`); a real
//! Cursor session is not run: no registry ships its agent, and the SDK's agent needs Cursor's
//! servers.

use super::Scope;
use super::plan::{Options, Plan, wrap};
use super::shell::{changes_shell_state, wrapped};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// The event ctx's entry is under.
pub const EVENT: &str = "preToolUse";
/// The key of an entry's command.
pub const KEY: &str = "command";

/// Cursor's hooks file: `.cursor/hooks.json` in the project, else `~/.cursor/hooks.json`.
pub fn settings_path(scope: Scope, home: &Path, cwd: &Path) -> PathBuf {
    match scope {
        Scope::Project => cwd.join(".cursor/hooks.json"),
        Scope::User => home.join(".cursor/hooks.json"),
    }
}

/// ctx's entry: Shell calls only.
pub fn entry(command: &str) -> Value {
    json!({"command": command, "matcher": "Shell", "timeout": 30})
}

/// The reply to a `preToolUse` event of the Shell tool: its input with the command's output sent
/// through `ctx-truncate` (at the bash profile's budget), in the shell Cursor runs it in. A
/// command that may end that shell or leaves a job in the background runs under `ctx-truncate
/// -- bash -c` instead, unless it also changes the shell's state (then it is left alone).
pub fn plan(event: &Value, opts: &Options) -> Plan<'static> {
    let tool = event.get("tool_name").and_then(Value::as_str).unwrap_or_default();
    let command = event.pointer("/tool_input/command").and_then(Value::as_str).unwrap_or_default();
    let name = event.get("hook_event_name").and_then(Value::as_str);
    if name != Some(EVENT) || tool != "Shell" || command.trim().is_empty() || wrapped(command, &opts.truncate) {
        return Plan::Pass;
    }
    let opts = Options { wrap_max_bytes: None, ..opts.clone() };
    let input = if !super::shell::may_leave(command) {
        let mut input = event["tool_input"].clone();
        let line = super::shell::truncate_line(&opts.truncate, None, &opts.store);
        input["command"] = super::shell::in_place(command, &line).into();
        Some(input)
    } else if changes_shell_state(command) {
        None
    } else {
        wrap(tool, event, &opts)
    };
    input.map_or(Plan::Pass, |input| Plan::Reply(json!({ "updated_input": input })))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts() -> Options {
        Options { truncate: "/opt/ctx/bin/ctx-truncate".into(), store: "/s".into(), wrap_max_bytes: Some(9000) }
    }

    fn pre(command: &str) -> Value {
        json!({"hook_event_name": "preToolUse", "tool_name": "Shell",
            "tool_input": {"command": command, "cwd": "/p"}, "tool_use_id": "t", "cwd": "/p"})
    }

    #[test]
    fn a_shell_command_runs_in_place_or_under_bash_c_or_as_it_is() {
        let Plan::Reply(r) = plan(&pre("cd sub && cargo test"), &opts()) else { panic!("no reply") };
        assert_eq!(
            r,
            json!({"updated_input": {"cwd": "/p", "command": super::super::shell::in_place(
                "cd sub && cargo test", "/opt/ctx/bin/ctx-truncate --tool bash --persist /s")}})
        );
        let Plan::Reply(r) = plan(&pre("npm run dev &"), &opts()) else { panic!("no reply") };
        assert_eq!(
            r["updated_input"]["command"],
            "/opt/ctx/bin/ctx-truncate --tool bash --persist /s -- bash -c 'npm run dev &'"
        );
        assert_eq!(plan(&pre("cd web || exit 1"), &opts()), Plan::Pass);
        let again = pre(r["updated_input"]["command"].as_str().expect("command"));
        assert_eq!(plan(&again, &opts()), Plan::Pass);
        let mut read = pre("x");
        read["tool_name"] = "Read".into();
        assert_eq!(plan(&read, &opts()), Plan::Pass);
    }
}
