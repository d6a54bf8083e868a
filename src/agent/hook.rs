//! Each agent's hook contract: where the tool's output is in its event, and what the reply that
//! replaces it must look like. The contracts come from each agent's own source; the fixtures in
//! `tests/fixtures/hooks/` cite them.
//!
//! - Claude Code, `PostToolUse`: the reply's `hookSpecificOutput.updatedToolOutput` replaces the
//!   tool's result, in that tool's own shape (an object for Bash, with `stdout`; a string is
//!   refused), and `updatedMCPToolOutput` an MCP tool's. A failed call reaches hooks as
//!   `PostToolUseFailure`, whose `hookSpecificOutput` holds `additionalContext` alone (the
//!   output schema in the bundled cli.js of `@anthropic-ai/claude-code` 2.1.331), hence
//!   `--wrap` ([`super::shell`]). Subagents' calls run the same hooks (scripts/agent-daily.sh).
//! - Gemini CLI, `BeforeTool` (shell commands): `hookSpecificOutput.tool_input` runs the command
//!   under `ctx-truncate`, so the result stays a success (see [`super::gemini`]).
//! - Gemini CLI, `AfterTool` (web_fetch, MCP tools): `decision: "deny"` with `reason`, a string, replaces the result;
//!   the model gets `{"error": reason}` as the call's functionResponse (google-gemini/gemini-cli:
//!   `executeToolWithHooks` in packages/core/src/core/coreToolHookTriggers.ts, `getBlockingError`
//!   in packages/core/src/hooks/types.ts, `createErrorResponse` in
//!   packages/core/src/scheduler/tool-executor.ts; docs/hooks/reference.md: the reason "replaces
//!   the tool result sent back to the model"). `AfterToolOutput` has no field that replaces the
//!   output and keeps it a success (`hookSpecificOutput.additionalContext` only appends), and
//!   Gemini CLI 0.61.0 ignores `hookSpecificOutput.tool_output` (scripts/agent-e2e-gemini.sh).
//! - Codex CLI, `PreToolUse`: `hookSpecificOutput.updatedInput` replaces the shell call's input,
//!   accepted only with `permissionDecision: "allow"` (openai/codex,
//!   codex-rs/hooks/src/engine/output_parser.rs); Codex keeps no approval from it
//!   (`PreToolUseOutcome` has no such field), so its sandbox and approvals still apply.
//! - OpenCode: ctx's own plugin (see [`super::opencode`]) sends `{tool, args, output}` and takes
//!   `{output}` back.

use anyhow::{Context, Result};
use serde_json::{Value, json};
use std::borrow::Cow;

use super::Agent;
use super::plan::wrap;
pub use super::plan::{Options, Plan};
use super::shell::{changes_shell_state, wrapped};

/// What `event` asks of ctx, for `agent`.
pub fn plan<'e>(agent: Agent, event: &'e Value, opts: &Options) -> Result<Plan<'e>> {
    let name = event.get("hook_event_name").and_then(Value::as_str);
    let tool = event.get("tool_name").and_then(Value::as_str).unwrap_or_default().to_string();
    if agent == Agent::Claude && name == Some("PreToolUse") {
        return claude_wrap(&tool, event, opts);
    }
    if agent == Agent::Gemini && name == Some("BeforeTool") {
        return Ok(super::gemini::before_tool(&tool, event, opts));
    }
    let expected = match agent {
        Agent::Copilot => return super::copilot::plan(event, &opts.store),
        Agent::Cursor => return Ok(super::cursor::plan(event, opts)),
        Agent::Qwen | Agent::Amp => anyhow::bail!(
            "{} has no hook ctx can answer; `ctx init {agent}` registers `ctx mcp` instead",
            agent.title()
        ),
        Agent::Claude => "PostToolUse",
        Agent::Gemini => "AfterTool",
        Agent::Codex => "PreToolUse",
        Agent::Opencode => return opencode(event),
    };
    if name != Some(expected) {
        return Ok(Plan::Pass);
    }
    if agent == Agent::Codex {
        return codex(&tool, event, opts);
    }
    if agent == Agent::Claude && super::copilot::claude_format(event) {
        return Ok(Plan::Pass);
    }
    let response = event.get("tool_response").context("the event has no tool_response")?;
    if agent == Agent::Claude
        && tool == "Read"
        && let Some(plan) = super::read::claude(response, &opts.store)
    {
        return Ok(plan);
    }
    let text = match agent {
        Agent::Claude => claude_text(&tool, response)?,
        _ => gemini_text(response),
    };
    Ok(text.map_or(Plan::Pass, |text| Plan::Fit { tool, text }))
}

/// The reply that gives the agent `fitted` in place of the tool's output.
pub fn reply(agent: Agent, event: &Value, fitted: &str) -> Value {
    match agent {
        Agent::Claude => {
            let tool = event.get("tool_name").and_then(Value::as_str).unwrap_or_default();
            let response = event.get("tool_response").unwrap_or(&Value::Null);
            let (key, value) = claude_reply(tool, response, fitted);
            json!({"hookSpecificOutput": {"hookEventName": "PostToolUse", key: value}})
        }
        Agent::Gemini => json!({"decision": "deny", "reason": fitted}),
        Agent::Codex | Agent::Opencode => json!({ "output": fitted }),
        Agent::Copilot => super::copilot::reply(fitted),
        // Cursor and Qwen Code get no fitted text back ([`plan`] never asks for one).
        Agent::Cursor | Agent::Qwen | Agent::Amp => json!({}),
    }
}

/// The text of a Claude Code tool's result, by tool: `None` for tools and shapes ctx leaves
/// alone (images, notebooks, edits).
fn claude_text<'e>(tool: &str, r: &'e Value) -> Result<Option<Cow<'e, str>>> {
    if let Some(s) = r.as_str() {
        return Ok(Some(s.into()));
    }
    if tool.starts_with("mcp__") {
        return Ok(blocks_text(r.get("content").unwrap_or(r)).map(Cow::Owned));
    }
    Ok(match tool {
        "Bash" => bash_text(r)?,
        "Read" => r.pointer("/file/content").and_then(Value::as_str).filter(|_| r["type"] == "text").map(Cow::from),
        "Grep" => str_field(r, "content").or_else(|| lines_field(r, "filenames").map(Cow::Owned)),
        "Glob" => lines_field(r, "filenames").map(Cow::Owned),
        "WebFetch" => str_field(r, "result"),
        _ => None,
    })
}

/// Bash's output: stdout, then stderr. Output too long for Claude Code itself is saved to
/// `persistedOutputPath` and only its start is in the event: the whole is read from there.
fn bash_text(r: &Value) -> Result<Option<Cow<'_, str>>> {
    if r.get("isImage").and_then(Value::as_bool) == Some(true) {
        return Ok(None);
    }
    if let Some(path) = r.get("persistedOutputPath").and_then(Value::as_str) {
        let bytes =
            crate::regular::read(std::path::Path::new(path), crate::regular::TEXT_CAP, "of a saved tool output")
                .with_context(|| format!("cannot read '{path}'"))?;
        return Ok(Some(String::from_utf8_lossy(&bytes).into_owned().into()));
    }
    let out = str_field(r, "stdout").unwrap_or_default();
    let err = str_field(r, "stderr").unwrap_or_default();
    Ok(Some(match (out.is_empty(), err.is_empty()) {
        (_, true) => out,
        (true, false) => err,
        (false, false) if out.ends_with('\n') => format!("{out}{err}").into(),
        (false, false) => format!("{out}\n{err}").into(),
    }))
}

/// The reply's key and value for a Claude Code tool: the result in its own shape with the text
/// replaced.
fn claude_reply(tool: &str, r: &Value, fitted: &str) -> (&'static str, Value) {
    if tool.starts_with("mcp__") {
        let blocks = json!([{"type": "text", "text": fitted}]);
        let value = match r.get("content") {
            Some(_) => {
                let mut v = clone_but(r, &["content"]);
                v["content"] = blocks;
                v
            }
            None if r.is_string() => Value::String(fitted.to_string()),
            None => blocks,
        };
        return ("updatedMCPToolOutput", value);
    }
    if r.is_string() {
        return ("updatedToolOutput", Value::String(fitted.to_string()));
    }
    let lines = || Value::Array(fitted.lines().map(|l| Value::String(l.to_string())).collect());
    let with = |r: &Value, key: &str, value: Value| {
        let mut v = clone_but(r, &[key]);
        v[key] = value;
        v
    };
    let v = match tool {
        "Bash" => {
            let mut v = clone_but(r, &["stdout", "stderr"]);
            if let Some(o) = v.as_object_mut() {
                o.remove("persistedOutputPath");
                o.remove("persistedOutputSize");
            }
            v["stdout"] = fitted.into();
            v["stderr"] = "".into();
            v
        }
        "Read" => with(r, "file", with(&r["file"], "content", fitted.into())),
        "Grep" if r.get("content").is_some_and(Value::is_string) => with(r, "content", fitted.into()),
        "Grep" | "Glob" => with(r, "filenames", lines()),
        "WebFetch" => with(r, "result", fitted.into()),
        _ => r.clone(),
    };
    ("updatedToolOutput", v)
}

/// `r` with the fields `keys` null and the others cloned, in their order: the fields that the
/// reply replaces hold the tool's output, which is not copied only to be dropped.
fn clone_but(r: &Value, keys: &[&str]) -> Value {
    match r {
        Value::Object(o) => Value::Object(
            o.iter()
                .map(|(k, v)| (k.clone(), if keys.contains(&k.as_str()) { Value::Null } else { v.clone() }))
                .collect(),
        ),
        _ => r.clone(),
    }
}

/// The text of a Gemini CLI tool's result: `llmContent`, a string or parts with `text`.
fn gemini_text(r: &Value) -> Option<Cow<'_, str>> {
    match r.get("llmContent")? {
        Value::String(s) => Some(s.into()),
        parts @ Value::Array(_) => blocks_text(parts).map(Cow::Owned),
        _ => None,
    }
}

/// The text of content blocks or parts, when all of them are text.
fn blocks_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Array(items) => {
            let texts: Option<Vec<&str>> = items.iter().map(|b| b.get("text").and_then(Value::as_str)).collect();
            texts.map(|t| t.join("\n"))
        }
        _ => None,
    }
}

fn str_field<'e>(r: &'e Value, key: &str) -> Option<Cow<'e, str>> {
    r.get(key).and_then(Value::as_str).map(Cow::from)
}

/// A list of strings as lines (file names).
fn lines_field(r: &Value, key: &str) -> Option<String> {
    let items: Option<Vec<&str>> = r.get(key)?.as_array()?.iter().map(Value::as_str).collect();
    items.map(|i| i.join("\n"))
}

/// Codex runs each command in a fresh process, so every one can run under `ctx-truncate`.
fn codex(tool: &str, event: &Value, opts: &Options) -> Result<Plan<'static>> {
    Ok(wrap(tool, event, opts).map_or(Plan::Pass, |input| {
        Plan::Reply(json!({"hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "allow",
            "updatedInput": input,
        }}))
    }))
}

/// Claude Code (`ctx init claude --wrap`): a failed command reaches hooks as
/// `PostToolUseFailure`, which takes no replacement, so the command's output goes through
/// `ctx-truncate` as it runs: in Claude Code's own shell ([`super::shell::in_place`]), so that a
/// `cd` is kept for the next call as without ctx. A command that may end that shell first
/// (`exit`, `set -e`) or leaves a job in the background runs under `ctx-truncate -- bash -c`
/// instead, unless it also changes the shell's state, and then it is left alone. No
/// `permissionDecision`: Claude Code's own permission rules judge the command as it now reads.
fn claude_wrap(tool: &str, event: &Value, opts: &Options) -> Result<Plan<'static>> {
    let command = event.pointer("/tool_input/command").and_then(Value::as_str).unwrap_or_default();
    // A background command is read while it runs (BashOutput): ctx-truncate would hold all of
    // its output until it ends.
    let background = event.pointer("/tool_input/run_in_background").and_then(Value::as_bool) == Some(true);
    if background || tool != "Bash" || command.trim().is_empty() || wrapped(command, &opts.truncate) {
        return Ok(Plan::Pass);
    }
    let input = if !super::shell::may_leave(command) {
        let mut input = event["tool_input"].clone();
        let line = super::shell::truncate_line(&opts.truncate, opts.wrap_max_bytes, &opts.store);
        input["command"] = super::shell::in_place(command, &line).into();
        Some(input)
    } else if changes_shell_state(command) {
        None
    } else {
        wrap(tool, event, opts)
    };
    Ok(input.map_or(Plan::Pass, |input| {
        Plan::Reply(json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "updatedInput": input}}))
    }))
}

/// OpenCode: ctx's plugin sends `{"tool": NAME, "output": TEXT}`.
fn opencode(event: &Value) -> Result<Plan<'_>> {
    let tool = event.get("tool").and_then(Value::as_str).context("the event has no tool")?;
    Ok(match event.get("output").and_then(Value::as_str) {
        Some(text) => Plan::Fit { tool: tool.to_string(), text: text.into() },
        None => Plan::Pass,
    })
}

/// The contract ctx speaks with `agent`, for `ctx doctor`.
pub fn contract(agent: Agent) -> &'static str {
    match agent {
        Agent::Claude => {
            "PostToolUse hook, hookSpecificOutput.updatedToolOutput in the tool's own shape, subagents' calls included; a Read of ctx's store passes untouched; with --wrap, a PreToolUse hook sends Bash commands' output through ctx-truncate in Claude Code's own shell (a failed command's output is otherwise not replaceable: PostToolUseFailure takes additionalContext only); tested with Claude Code 2.1.331"
        }
        Agent::Gemini => {
            "BeforeTool hook, hookSpecificOutput.tool_input runs run_shell_command's command under ctx-truncate (the result stays a success); AfterTool hook for web_fetch and MCP tools, decision deny with the fitted text as reason (the model gets it as an error); tested with Gemini CLI 0.61.0"
        }
        Agent::Codex => {
            "PreToolUse hook, updatedInput (with permissionDecision allow) runs the command under ctx-truncate, its output at most 9,000 bytes (CTX_WRAP_MAX_BYTES); hooks need Codex 0.124 or later; tested with codex-cli 0.169.0"
        }
        Agent::Opencode => {
            "plugin, tool.execute.after sets output.output; checked by running the plugin under Node.js, not OpenCode"
        }
        Agent::Copilot => {
            "postToolUse hook (~/.copilot/hooks/ctx.json), modifiedResult.textResultForLlm replaces the result, a failed shell command's too (it is a success ending in its exit code); tested with GitHub Copilot CLI 1.0.102"
        }
        Agent::Cursor => {
            "preToolUse hook for Shell, updated_input runs the command in Cursor's shell with its output through ctx-truncate (postToolUse cannot replace a built-in tool's output); read in and checked with the hook engine of @cursor/sdk 1.0.32, not in a Cursor session"
        }
        Agent::Qwen => {
            "no hook can replace a result or rewrite a call (Qwen Code 0.24.4), so ctx mcp is registered as an MCP server; tested with qwen mcp list"
        }
        Agent::Amp => {
            "no hook ctx could confirm (its binary is packed, its docs name none), so ctx mcp is registered as an MCP server under amp.mcpServers; tested with amp mcp list"
        }
    }
}

/// A test event of `agent` whose tool printed `text` (a shell command's output; for Codex and
/// Gemini CLI, the command that prints it).
pub fn sample(agent: Agent, text: &str) -> Value {
    match agent {
        Agent::Claude => {
            json!({"hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_input": {"command": "make"},
            "tool_response": {"stdout": text, "stderr": "", "interrupted": false, "isImage": false}})
        }
        Agent::Gemini => {
            json!({"hook_event_name": "BeforeTool", "tool_name": "run_shell_command", "tool_input": {"command": heredoc(text)}})
        }
        Agent::Codex => {
            json!({"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": heredoc(text)}})
        }
        Agent::Opencode => json!({"tool": "bash", "output": text}),
        Agent::Copilot => json!({"sessionId": "ctx-doctor", "timestamp": 0, "cwd": "/", "toolName": "bash",
            "toolArgs": {"command": "make"},
            "toolResult": {"resultType": "success", "textResultForLlm": text}}),
        Agent::Cursor => json!({"hook_event_name": "preToolUse", "tool_name": "Shell",
            "tool_input": {"command": heredoc(text), "cwd": "/"}}),
        Agent::Qwen | Agent::Amp => Value::Null,
    }
}

/// A command that prints `text` and fails with status 3.
fn heredoc(text: &str) -> String {
    format!("cat <<'CTX_SAMPLE_END'\n{text}CTX_SAMPLE_END\nexit 3")
}

/// The text a reply gives the agent (for Codex and Gemini CLI, the rewritten command).
pub fn replied_text(agent: Agent, reply: &Value) -> Option<String> {
    let at = match agent {
        Agent::Claude => "/hookSpecificOutput/updatedToolOutput/stdout",
        Agent::Gemini => "/hookSpecificOutput/tool_input/command",
        Agent::Codex => "/hookSpecificOutput/updatedInput/command",
        Agent::Opencode => "/output",
        Agent::Copilot => "/modifiedResult/textResultForLlm",
        Agent::Cursor => "/updated_input/command",
        Agent::Qwen | Agent::Amp => return None,
    };
    reply.pointer(at).and_then(Value::as_str).map(String::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts() -> Options {
        Options {
            truncate: "/opt/ctx/bin/ctx-truncate".into(),
            store: "/home/u/.cache/ctx/spill".into(),
            wrap_max_bytes: Some(9000),
        }
    }

    #[test]
    fn claude_bash_joins_stdout_and_stderr_and_replies_in_bash_shape() {
        let event = json!({"hook_event_name": "PostToolUse", "tool_name": "Bash",
            "tool_response": {"stdout": "a\nb", "stderr": "warn", "interrupted": false, "isImage": false}});
        let plan = plan(Agent::Claude, &event, &opts()).expect("ok");
        assert_eq!(plan, Plan::Fit { tool: "Bash".into(), text: "a\nb\nwarn".into() });
        let r = reply(Agent::Claude, &event, "fitted");
        assert_eq!(
            r,
            json!({"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput":
                {"stdout": "fitted", "stderr": "", "interrupted": false, "isImage": false}}})
        );
    }

    /// A reply is the tool's result with its output replaced and every other field kept, in its
    /// place; the output to fit is the event's own text, not a copy of it.
    #[test]
    fn claude_replies_replace_the_output_alone_and_the_text_is_borrowed() {
        let cases = [
            (
                "Bash",
                r#"{"stdout":"a","stderr":"","interrupted":false,"isImage":false,"persistedOutputSize":9}"#,
                r#"{"stdout":"fitted","stderr":"","interrupted":false,"isImage":false}"#,
            ),
            (
                "Read",
                r#"{"type":"text","file":{"filePath":"/a","content":"c","numLines":1,"startLine":1}}"#,
                r#"{"type":"text","file":{"filePath":"/a","content":"fitted","numLines":1,"startLine":1}}"#,
            ),
            (
                "Grep",
                r#"{"mode":"content","filenames":["a"],"content":"x","numLines":1}"#,
                r#"{"mode":"content","filenames":["a"],"content":"fitted","numLines":1}"#,
            ),
            (
                "Glob",
                r#"{"filenames":["a","b"],"durationMs":3,"numFiles":2}"#,
                r#"{"filenames":["fitted"],"durationMs":3,"numFiles":2}"#,
            ),
            ("WebFetch", r#"{"bytes":9,"result":"r","code":200}"#, r#"{"bytes":9,"result":"fitted","code":200}"#),
        ];
        for (tool, response, replaced) in cases {
            let event = json!({"hook_event_name": "PostToolUse", "tool_name": tool, "tool_input": {},
                "tool_response": serde_json::from_str::<Value>(response).expect("JSON")});
            let r = reply(Agent::Claude, &event, "fitted");
            assert_eq!(r["hookSpecificOutput"]["updatedToolOutput"].to_string(), replaced, "{tool}");
            let text = match plan(Agent::Claude, &event, &opts()).expect("ok") {
                Plan::Fit { text, .. } | Plan::FitLines { text, .. } => text,
                other => panic!("{tool}: {other:?}"),
            };
            assert_eq!(matches!(text, Cow::Borrowed(_)), tool != "Glob", "{tool}: {text:?}");
        }
        let mcp = json!({"hook_event_name": "PostToolUse", "tool_name": "mcp__s__t",
            "tool_response": {"content": [{"type": "text", "text": "x"}], "isError": false}});
        assert_eq!(
            reply(Agent::Claude, &mcp, "fitted")["hookSpecificOutput"]["updatedMCPToolOutput"].to_string(),
            r#"{"content":[{"type":"text","text":"fitted"}],"isError":false}"#
        );
    }

    #[test]
    fn codex_rewrites_the_command_once_and_quotes_it() {
        let event = json!({"hook_event_name": "PreToolUse", "tool_name": "Bash",
            "tool_input": {"command": "cargo test 2>&1 | grep 'it''s'"}});
        let Plan::Reply(r) = plan(Agent::Codex, &event, &opts()).expect("ok") else { panic!() };
        let cmd = r.pointer("/hookSpecificOutput/updatedInput/command").expect("ok").as_str().expect("ok");
        assert_eq!(
            cmd,
            r#"/opt/ctx/bin/ctx-truncate --tool bash --max-bytes 9000 --persist /home/u/.cache/ctx/spill -- bash -c 'cargo test 2>&1 | grep '\''it'\'''\''s'\'''"#
        );
        let again = json!({"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": cmd}});
        assert_eq!(plan(Agent::Codex, &again, &opts()).expect("ok"), Plan::Pass);
    }

    #[test]
    fn claude_wraps_commands_in_its_own_shell_and_asks_no_permission() {
        let pre = |c: &str| json!({"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": c, "description": "d"}});
        let command = |c: &str| match plan(Agent::Claude, &pre(c), &opts()).expect("ok") {
            Plan::Reply(r) => {
                assert_eq!(r["hookSpecificOutput"].get("permissionDecision"), None);
                assert_eq!(r["hookSpecificOutput"]["updatedInput"]["description"], "d");
                Some(r["hookSpecificOutput"]["updatedInput"]["command"].as_str().expect("a command").to_string())
            }
            Plan::Pass => None,
            other => panic!("{other:?}"),
        };
        // Commands that change the shell run in it, as all others do.
        for c in ["cargo test", "cd src && cargo test", "export RUST_LOG=1", "source .venv/bin/activate; pytest"] {
            let line = "/opt/ctx/bin/ctx-truncate --tool bash --max-bytes 9000 --persist /home/u/.cache/ctx/spill";
            assert_eq!(command(c), Some(super::super::shell::in_place(c, line)), "{c}");
        }
        // One that may end the shell runs in a child, unless it changes the shell too.
        assert_eq!(
            command("make || exit 1").as_deref(),
            Some(
                "/opt/ctx/bin/ctx-truncate --tool bash --max-bytes 9000 --persist /home/u/.cache/ctx/spill -- bash -c 'make || exit 1'"
            )
        );
        assert_eq!(command("cd x || exit 1; make"), None);
        assert_eq!(command("npm run dev & sleep 1; cd web"), None);
        // A rewritten command is not rewritten again.
        let once = command("cargo test").expect("rewritten");
        assert_eq!(command(&once), None);
        let mut background = pre("npm run dev");
        background["tool_input"]["run_in_background"] = true.into();
        assert_eq!(plan(Agent::Claude, &background, &opts()).expect("ok"), Plan::Pass);
        for c in ["RUST_LOG=1 cargo test", "cargo build 2>&1 | tail -5", "if true; then make; fi"] {
            assert!(!changes_shell_state(c), "{c}");
        }
    }

    #[test]
    fn other_events_and_tools_pass() {
        let edit = json!({"hook_event_name": "PostToolUse", "tool_name": "Edit", "tool_response": {"filePath": "x"}});
        assert_eq!(plan(Agent::Claude, &edit, &opts()).expect("ok"), Plan::Pass);
        let post = json!({"hook_event_name": "PostToolUseFailure", "tool_name": "Bash", "error": "Exit code 1"});
        assert_eq!(plan(Agent::Claude, &post, &opts()).expect("ok"), Plan::Pass);
    }
}
