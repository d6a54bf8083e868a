//! Gemini CLI: a shell command runs under `ctx-truncate`, so that its fitted output reaches the
//! model as the call's output, not as an error.
//!
//! An `AfterTool` hook replaces a result only by denying it: the CLI then shows the call as
//! failed (`Tool result blocked: ...`) and the model gets the text as `{"error": ...}`
//! (`executeToolWithHooks` in google-gemini/gemini-cli `packages/core/src/core/
//! coreToolHookTriggers.ts`, 0.61.0, the newest on npm). Its other replies do not replace it:
//! `additionalContext` appends, and `tailToolCallRequest` runs another tool whose result stands
//! in for the first (a `read_file` of ctx's text would be refused outside the workspace, a shell
//! `cat` would ask for approval again). A `BeforeTool` hook's `hookSpecificOutput.tool_input`
//! replaces the call's input (`getModifiedToolInput` in `packages/core/src/hooks/types.ts`; the
//! scheduler builds the tool from it alone, `evaluateBeforeToolHook` in
//! `packages/core/src/scheduler/hook-utils.ts`), so the whole input is sent back with the
//! command rewritten, as for Codex. The shell tool runs each command in a subshell of its own
//! (`wrapCommandForBackgroundPIDs` in `packages/core/src/tools/shell.ts`), so nothing a command
//! changes outlives it and wrapping it loses nothing. The CLI appends one line to the result,
//! `[System] Tool input parameters were modified by a hook before execution.` (seen by
//! `scripts/agent-e2e-gemini.sh` with Gemini CLI 0.61.0).
//!
//! Other tools (web_fetch, MCP tools) keep the `AfterTool` deny: their results read as errors.

use super::plan::{Options, Plan, wrap};
use serde_json::{Value, json};

/// The reply to a `BeforeTool` event: the shell call's input with its command run under
/// `ctx-truncate` at the bash profile's budget (30,000 chars, under the 40,000 at which the CLI
/// cuts a shell output itself), unless it runs in the background, whose output is read while
/// it runs.
pub fn before_tool(tool: &str, event: &Value, opts: &Options) -> Plan<'static> {
    let background = event.pointer("/tool_input/is_background").and_then(Value::as_bool) == Some(true);
    if tool != "run_shell_command" || background {
        return Plan::Pass;
    }
    let opts = Options { wrap_max_bytes: None, ..opts.clone() };
    wrap("run_shell_command", event, &opts).map_or(Plan::Pass, |input| {
        Plan::Reply(json!({"hookSpecificOutput": {"hookEventName": "BeforeTool", "tool_input": input}}))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts() -> Options {
        Options { truncate: "/opt/ctx/bin/ctx-truncate".into(), store: "/s".into(), wrap_max_bytes: Some(9000) }
    }

    #[test]
    fn the_whole_input_comes_back_with_the_command_wrapped_once() {
        let event = json!({"hook_event_name": "BeforeTool", "tool_name": "run_shell_command",
            "tool_input": {"command": "cargo test", "description": "Run the tests", "dir_path": "sub"}});
        let Plan::Reply(r) = before_tool("run_shell_command", &event, &opts()) else { panic!("no reply") };
        assert_eq!(
            r,
            json!({"hookSpecificOutput": {"hookEventName": "BeforeTool", "tool_input": {
                "command": "/opt/ctx/bin/ctx-truncate --tool bash --persist /s -- bash -c 'cargo test'",
                "description": "Run the tests", "dir_path": "sub"}}})
        );
        let mut again = event.clone();
        again["tool_input"] = r["hookSpecificOutput"]["tool_input"].clone();
        assert_eq!(before_tool("run_shell_command", &again, &opts()), Plan::Pass);
        let mut background = event;
        background["tool_input"]["is_background"] = true.into();
        assert_eq!(before_tool("run_shell_command", &background, &opts()), Plan::Pass);
    }
}
