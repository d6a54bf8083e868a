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

use super::Scope;
use std::path::{Path, PathBuf};

/// The key of the servers' table in the settings.
pub const KEY: &str = "mcpServers";

/// Qwen Code's settings file for `scope`.
pub fn settings_path(scope: Scope, home: &Path, cwd: &Path, var: &dyn Fn(&str) -> Option<String>) -> PathBuf {
    match scope {
        Scope::Project => cwd.join(".qwen/settings.json"),
        Scope::User => super::var_dir(var, "QWEN_HOME").unwrap_or_else(|| home.join(".qwen")).join("settings.json"),
    }
}
