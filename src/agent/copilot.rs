//! GitHub Copilot CLI: a `postToolUse` hook replaces the tool's result with `modifiedResult`.
//!
//! The contract is GitHub's hooks reference (docs.github.com/en/copilot/reference/hooks-reference,
//! "`postToolUse` output"): the hook reads `{sessionId, timestamp, cwd, toolName, toolArgs,
//! toolResult: {resultType: "success", textResultForLlm}}` on stdin and may answer
//! `{"modifiedResult": {"resultType": "success", "textResultForLlm": TEXT}}`, "honored by both SDK
//! programmatic hooks and command/HTTP config-file `postToolUse` hooks". Hook files are
//! `~/.copilot/hooks/*.json` (`$COPILOT_HOME/hooks/`) and a repository's `.github/hooks/*.json`
//! (in `copilot -p`, a repository's hooks load only in a trusted folder, or with
//! `COPILOT_ALLOW_ALL=true`); an entry is `{"type": "command", "bash": COMMAND, "timeoutSec": N}`.
//! The same shapes are `PostToolUseHookInput`/`PostToolUseHookOutput` in the `copilot-sdk/types.d.ts`
//! that `@github/copilot-linux-x64` 1.0.102 unpacks.
//!
//! Seen with the real CLI 1.0.102 (`scripts/agent-e2e-copilot.sh`): a shell command that fails
//! is still a `success` whose text ends with `<shellId: N completed with exit code 3>`, so its
//! output is replaced too, and the model gets exactly the reply's text as the tool result.

use super::Scope;
use super::plan::Plan;
use anyhow::{Context, Result};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// The event ctx's entry is under.
pub const EVENT: &str = "postToolUse";
/// The key of an entry's command.
pub const KEY: &str = "bash";

/// Tools whose results ctx leaves alone: edits (short, and must stay exact), questions to the
/// user, the todo list, and subagents (their answer is the model's own text).
const LEFT_ALONE: &[&str] =
    &["create", "edit", "str_replace_editor", "apply_patch", "ask_user", "update_todo", "task", "report_intent"];

/// ctx's hook file: `.github/hooks/ctx.json` in the project, else `ctx.json` in the user's hooks
/// directory (`$COPILOT_HOME/hooks`, else `~/.copilot/hooks`). It is ctx's own file.
pub fn settings_path(scope: Scope, home: &Path, cwd: &Path, var: &dyn Fn(&str) -> Option<String>) -> PathBuf {
    match scope {
        Scope::Project => cwd.join(".github/hooks/ctx.json"),
        Scope::User => {
            super::var_dir(var, "COPILOT_HOME").unwrap_or_else(|| home.join(".copilot")).join("hooks/ctx.json")
        }
    }
}

/// ctx's entry: every tool's result (no `matcher`; [`plan`] passes the tools it leaves alone).
pub fn entry(command: &str) -> Value {
    json!({"type": "command", "bash": command, "timeoutSec": 30})
}

/// What a `postToolUse` event asks of ctx: the result's text to fit. A read of a file in ctx's
/// store (`view` of a spilled full text) passes untouched, as does any other event. A result
/// the CLI saved to a file of its own (see [`saved`]) is read whole from there.
pub fn plan<'e>(event: &'e Value, store: &str) -> Result<Plan<'e>> {
    let tool = event.get("toolName").and_then(Value::as_str).unwrap_or_default();
    let result = event.get("toolResult");
    let text = result.and_then(|r| r.get("textResultForLlm")).and_then(Value::as_str);
    let success = result.and_then(|r| r.get("resultType")).and_then(Value::as_str) == Some("success");
    let reread = tool == "view"
        && event.pointer("/toolArgs/path").and_then(Value::as_str).is_some_and(|p| Path::new(p).starts_with(store));
    Ok(match text {
        Some(text) if success && !reread && !LEFT_ALONE.contains(&tool) => {
            let text = match saved(text) {
                Some((path, status)) => {
                    let bytes =
                        crate::regular::read(Path::new(path), crate::regular::TEXT_CAP, "of a saved tool output")
                            .with_context(|| format!("cannot read '{path}'"))?;
                    let mut whole = String::from_utf8_lossy(&bytes).into_owned();
                    if let Some(status) = status.filter(|s| !whole.trim_end().ends_with(s)) {
                        if !whole.is_empty() && !whole.ends_with('\n') {
                            whole.push('\n');
                        }
                        whole.push_str(status);
                    }
                    whole.into()
                }
                None => text.into(),
            };
            Plan::Fit { tool: tool.to_string(), text }
        }
        _ => Plan::Pass,
    })
}

/// An output too long for the CLI itself (about 30 KB and more) reaches hooks and the model as
/// a note and its first 500 chars: `Output too large to read at once (97.6 KB). Saved to:
/// /tmp/...-copilot-tool-output-....txt` (seen with the CLI 1.0.102; the file goes when the
/// session ends). The saved file's path, and the shell's status line that ends the note
/// (`<shellId: N completed with exit code N>`), if any.
fn saved(text: &str) -> Option<(&str, Option<&str>)> {
    let first = text.lines().next()?;
    if !first.contains(" too large to read at once (") {
        return None;
    }
    let path = first.split(" Saved to: ").nth(1)?.trim();
    let name = Path::new(path).file_name()?.to_str()?;
    if !name.contains("copilot-tool-output-") || !Path::new(path).is_absolute() {
        return None;
    }
    let last = text.lines().last().filter(|l| l.starts_with("<shellId: ") && l.ends_with('>'));
    Some((path, last))
}

/// Whether `event` is Copilot CLI running a Claude Code hook: it also runs the hooks of a
/// repository's `.claude/settings.json`, with its own payload (`tool_result: {result_type,
/// text_result_for_llm}`, no `tool_response`) and no heed of Claude Code's reply (seen with the
/// CLI 1.0.102). `ctx hook claude` leaves such an event alone; `ctx init copilot` is the hook
/// that fits Copilot's output.
pub fn claude_format(event: &Value) -> bool {
    event.get("tool_response").is_none() && event.pointer("/tool_result/text_result_for_llm").is_some()
}

/// The reply that gives the model `fitted` as the tool's result.
pub fn reply(fitted: &str) -> Value {
    json!({"modifiedResult": {"resultType": "success", "textResultForLlm": fitted}})
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(tool: &str, args: Value, text: &str) -> Value {
        json!({"sessionId": "s", "timestamp": 1, "cwd": "/p", "toolName": tool, "toolArgs": args,
            "toolResult": {"resultType": "success", "textResultForLlm": text}})
    }

    #[test]
    fn results_are_fitted_but_edits_rereads_and_other_events_pass() {
        let bash = event("bash", json!({"command": "make"}), "1\n<shellId: 0 completed with exit code 3>");
        assert_eq!(
            plan(&bash, "/s").expect("ok"),
            Plan::Fit { tool: "bash".into(), text: "1\n<shellId: 0 completed with exit code 3>".into() }
        );
        assert_eq!(plan(&event("edit", json!({"path": "/p/a"}), "ok"), "/s").expect("ok"), Plan::Pass);
        assert_eq!(plan(&event("view", json!({"path": "/s/ab12.txt"}), "x"), "/s").expect("ok"), Plan::Pass);
        assert!(matches!(plan(&event("view", json!({"path": "/p/a.rs"}), "x"), "/s").expect("ok"), Plan::Fit { .. }));
        let pre = json!({"toolName": "bash", "toolArgs": {"command": "make"}});
        assert_eq!(plan(&pre, "/s").expect("ok"), Plan::Pass);
        assert_eq!(reply("t"), json!({"modifiedResult": {"resultType": "success", "textResultForLlm": "t"}}));
    }

    #[test]
    fn an_output_the_cli_saved_is_read_whole_with_its_status_line() {
        let dir = std::env::temp_dir().join(format!("ctx-copilot-saved-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("mkdir");
        let file = dir.join("1795572817785-copilot-tool-output-20376-e2df.txt");
        std::fs::write(&file, "a\nerror[E0308]\nz\n").expect("write");
        let note = format!(
            "Output too large to read at once (97.6 KB). Saved to: {}\nConsider using tools like grep.\n\nPreview (first 500 chars):\na\n<shellId: 0 completed with exit code 3>",
            file.display()
        );
        assert_eq!(
            plan(&event("bash", json!({"command": "make"}), &note), "/s").expect("ok"),
            Plan::Fit {
                tool: "bash".into(),
                text: "a\nerror[E0308]\nz\n<shellId: 0 completed with exit code 3>".into()
            }
        );
        std::fs::remove_file(&file).expect("rm");
        assert!(
            plan(&event("bash", json!({"command": "make"}), &note), "/s").is_err(),
            "a saved file that is gone fails open"
        );
        std::fs::remove_dir(&dir).expect("rmdir");
        let other = "Output too large to read at once (1 KB). Saved to: /etc/passwd\n";
        assert_eq!(saved(other), None);
    }

    #[test]
    fn the_hook_file_is_ctx_own_in_the_project_or_the_copilot_home() {
        let none = |_: &str| None;
        assert_eq!(
            settings_path(Scope::Project, Path::new("/h"), Path::new("/p"), &none),
            Path::new("/p/.github/hooks/ctx.json")
        );
        assert_eq!(
            settings_path(Scope::User, Path::new("/h"), Path::new("/p"), &none),
            Path::new("/h/.copilot/hooks/ctx.json")
        );
        let home = |v: &str| (v == "COPILOT_HOME").then(|| "/c".to_string());
        assert_eq!(settings_path(Scope::User, Path::new("/h"), Path::new("/p"), &home), Path::new("/c/hooks/ctx.json"));
    }
}
