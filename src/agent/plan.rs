//! What a hook event asks of ctx ([`Plan`]), how the hook reaches the other filters
//! ([`Options`]), and the one command rewrite the agents that run shell commands share
//! (`wrap`). Each agent's module builds on these; [`super::hook`] dispatches to them.

use serde_json::Value;
use std::borrow::Cow;

use super::shell::{quote, wrapped};

/// What an event asks of ctx; a text to fit is borrowed from the event where it is there as it is
/// (a 1 MB output is not copied once more).
#[derive(Debug, PartialEq)]
pub enum Plan<'e> {
    /// Nothing: the agent keeps its output as it is (another event, a tool ctx leaves alone,
    /// output that is not text).
    Pass,
    /// Fit `text` with the profile of `tool`, then answer with [`super::hook::reply`].
    Fit {
        /// The tool's name as the agent gives it; profiles match it in any case and by alias.
        tool: String,
        /// The text the model would see.
        text: Cow<'e, str>,
    },
    /// Fit lines `first..=last` of the file at `path`, which the agent read as `text`: the
    /// markers number lines as in the file and name the file itself as the full text. When the
    /// file no longer holds `text`, `text` is fitted as with [`Plan::Fit`].
    FitLines {
        /// The tool's name, as in [`Plan::Fit`].
        tool: String,
        /// The file that was read.
        path: std::path::PathBuf,
        /// The first line read (1-based).
        first: u64,
        /// The last line read.
        last: u64,
        /// The text the model would see.
        text: Cow<'e, str>,
    },
    /// The reply is ready (Codex: the rewritten command).
    Reply(Value),
}

/// How the hook reaches the other filters.
#[derive(Clone, Debug)]
pub struct Options {
    /// The `ctx-truncate` to run a rewritten command under (an absolute path where known).
    pub truncate: String,
    /// Where a rewritten command's full output is saved when it is cut.
    pub store: String,
    /// The most bytes a rewritten command may print: Codex cuts every tool result again at its
    /// own limit (10,000 bytes for a model it has no metadata for, as on any custom provider),
    /// and Claude Code a failed command's output at 10,040 chars; a cut in the middle would lose
    /// what ctx kept. `None`: the bash profile's budget.
    pub wrap_max_bytes: Option<u64>,
}

/// The shell call's input with its command rewritten to run under `ctx-truncate`, which keeps
/// its exit status; `None` when there is nothing to rewrite.
pub(crate) fn wrap(tool: &str, event: &Value, opts: &Options) -> Option<Value> {
    let command = event.pointer("/tool_input/command").and_then(Value::as_str)?;
    if !matches!(tool, "Bash" | "run_shell_command" | "Shell")
        || command.trim().is_empty()
        || wrapped(command, &opts.truncate)
    {
        return None;
    }
    let mut input = event["tool_input"].clone();
    let bytes = opts.wrap_max_bytes.map_or_else(String::new, |b| format!(" --max-bytes {b}"));
    input["command"] = format!(
        "{} --tool bash{bytes} --persist {} -- bash -c {}",
        quote(&opts.truncate),
        quote(&opts.store),
        quote(command)
    )
    .into();
    Some(input)
}
