//! The agents ctx plugs into: each one's hook contract (what its hook reads on stdin and what
//! its reply must look like), where its settings live, and how ctx is installed there.
//!
//! Nothing here runs a filter or touches the terminal: [`hook`] turns an agent's event into
//! the text to fit and the fitted text into the agent's reply, through each agent's own module
//! (which build on [`plan`] and [`shell`], and never import [`hook`] back); [`install`] merges
//! ctx's hook into an agent's settings and takes exactly that out again.

pub mod amp;
pub mod copilot;
pub mod cursor;
pub mod flat;
pub mod gemini;
pub mod hook;
pub mod install;
pub mod mcp_server;
pub mod opencode;
pub mod plan;
pub mod qwen;
pub mod read;
pub mod shell;
pub mod stats;

use std::fmt;

/// Where ctx's hook goes: the project's settings or the user's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Settings in the current directory (`.claude/settings.json`, ...).
    Project,
    /// The user's settings (`~/.claude/settings.json`, ...).
    User,
}

/// The directory an agent's variable `name` names, through `var` (the environment, or a test's
/// stand-in); an empty variable names none, as the agents read it.
pub fn var_dir(var: &dyn Fn(&str) -> Option<String>, name: &str) -> Option<std::path::PathBuf> {
    var(name).filter(|v| !v.is_empty()).map(std::path::PathBuf::from)
}

/// An agent with a hook contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Agent {
    /// Claude Code: a `PostToolUse` hook replies with `updatedToolOutput`.
    Claude,
    /// Gemini CLI: a `BeforeTool` hook runs shell commands under `ctx-truncate`; an `AfterTool`
    /// hook replaces other tools' results with `decision: "deny"` and the fitted text as `reason`.
    Gemini,
    /// Codex CLI: a `PreToolUse` hook rewrites the shell command to run under `ctx-truncate`.
    Codex,
    /// OpenCode: a plugin's `tool.execute.after` calls `ctx hook opencode` (with OpenCode's own
    /// output limits raised in `opencode.json`, so that it sees the whole output).
    Opencode,
    /// GitHub Copilot CLI: a `postToolUse` hook replies with `modifiedResult`, which replaces
    /// the tool's result (a failed shell command's included).
    Copilot,
    /// Cursor (its agent, in the editor and the CLI): a `preToolUse` hook's `updated_input`
    /// runs Shell commands with their output sent through `ctx-truncate`.
    Cursor,
    /// Qwen Code: no hook can replace a result or rewrite a command, so `ctx init qwen`
    /// registers `ctx mcp` as an MCP server.
    Qwen,
    /// Amp: no hook ctx could confirm, so `ctx init amp` registers `ctx mcp` as an MCP server.
    Amp,
}

impl Agent {
    /// Every agent, in the order `ctx doctor` reports them.
    pub const ALL: [Agent; 8] = [
        Agent::Claude,
        Agent::Gemini,
        Agent::Codex,
        Agent::Opencode,
        Agent::Copilot,
        Agent::Cursor,
        Agent::Qwen,
        Agent::Amp,
    ];

    /// The name used on the command line (`ctx hook claude`).
    pub fn name(self) -> &'static str {
        match self {
            Agent::Claude => "claude",
            Agent::Gemini => "gemini",
            Agent::Codex => "codex",
            Agent::Opencode => "opencode",
            Agent::Copilot => "copilot",
            Agent::Cursor => "cursor",
            Agent::Qwen => "qwen",
            Agent::Amp => "amp",
        }
    }

    /// Whether ctx has no hook in this agent, only its MCP server (`ctx init` registers
    /// `ctx mcp`).
    pub fn mcp_only(self) -> bool {
        matches!(self, Agent::Qwen | Agent::Amp)
    }

    /// What ctx's hook can do in this agent: replace a tool's output after it ran, or rewrite a
    /// shell command to run under `ctx-truncate` before it runs (`ctx doctor` says it).
    pub fn can(self) -> &'static str {
        match self {
            Agent::Claude => {
                "replaces the output of Bash, Read, Grep, Glob, WebFetch and MCP tools when they succeed; with --wrap, also rewrites Bash commands (a failed one's output is otherwise not replaceable)"
            }
            Agent::Gemini => {
                "rewrites shell commands (the output stays a success); replaces web_fetch and MCP results only as an error"
            }
            Agent::Codex => "rewrites shell commands; no output replacement",
            Agent::Opencode => "replaces every tool's output (OpenCode's own limits raised so that it sees all of it)",
            Agent::Copilot => {
                "replaces the output of every tool but edits, a failed shell command's included (the result stays a success)"
            }
            Agent::Cursor => {
                "rewrites Shell commands (in Cursor's own shell, exit status kept); no output replacement for built-in tools"
            }
            Agent::Qwen => {
                "MCP only: ctx mcp's tools (ctx_run, ctx_read, ctx_more, ctx_summarize); Qwen Code's own tools' output is not fitted"
            }
            Agent::Amp => {
                "MCP only: ctx mcp's tools (ctx_run, ctx_read, ctx_more, ctx_summarize); Amp's own tools' output is not fitted"
            }
        }
    }

    /// The agent's own name, for people.
    pub fn title(self) -> &'static str {
        match self {
            Agent::Claude => "Claude Code",
            Agent::Gemini => "Gemini CLI",
            Agent::Codex => "Codex CLI",
            Agent::Opencode => "OpenCode",
            Agent::Copilot => "GitHub Copilot CLI",
            Agent::Cursor => "Cursor",
            Agent::Qwen => "Qwen Code",
            Agent::Amp => "Amp",
        }
    }
}

impl fmt::Display for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
