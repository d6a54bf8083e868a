//! `ctx`: the agent-facing entry point. `ctx hook AGENT` answers an agent's hook event,
//! `ctx init AGENT` installs that hook, `ctx doctor` checks it, `ctx mcp` serves the filters
//! over MCP and `ctx gc` keeps the store bounded.

mod doctor;
mod extras;
mod gc;
mod hook;
mod init;
mod mcp_check;
mod stats;

pub use hook::answer;

use crate::agent::Agent;
use crate::agent::install::{self, Scope};
use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

const TOOL: &str = "ctx";

/// The ctx filters under one name, and ctx in coding agents: hooks that fit every tool result
/// into a budget with the full text one read away, an MCP server, and a bounded store.
#[derive(Parser, Debug)]
#[command(name = "ctx", version, after_help = after_help())]
pub struct Args {
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Answer one hook event of AGENT (JSON on stdin, the agent's reply on stdout)
    Hook {
        /// The agent whose event is on stdin
        agent: Agent,
    },
    /// Install ctx's hook into AGENT's settings (merged, with a backup), or take it out
    #[command(after_help = INIT_HELP)]
    Init {
        /// The agent to install into
        agent: Agent,
        /// The project's settings, in the current directory
        #[arg(long, conflicts_with = "user")]
        project: bool,
        /// The user's settings (the default)
        #[arg(long)]
        user: bool,
        /// Take out exactly what `ctx init` put in
        #[arg(long)]
        uninstall: bool,
        /// Claude Code: also send Bash commands' output through ctx-truncate, in Claude Code's
        /// own shell so that a `cd` is kept (a PreToolUse hook), the one way to fit a failed
        /// command's output there; Claude Code's permission rules then judge the rewritten
        /// command, which allow rules for single commands do not match (see the README)
        #[arg(long, conflicts_with = "uninstall")]
        wrap: bool,
        /// Say what would change, and change nothing
        #[arg(long)]
        dry_run: bool,
    },
    /// Say, per agent, whether the hook is installed, which contract it speaks, and whether a
    /// test event round-trips
    Doctor,
    /// Serve the filters to an MCP client over stdio
    Mcp,
    /// Submit a batch file written by --batch-out to OpenAI's or Anthropic's batch API, follow
    /// it, fetch its results for --batch-in
    #[command(subcommand)]
    Batch(crate::cli::batch::Command),
    /// Install the man pages and the bash, zsh and fish completions of all six commands
    InstallExtras {
        /// Install under DIR/share [default: ~/.local]
        #[arg(long, value_name = "DIR")]
        prefix: Option<PathBuf>,
        /// Say what would be written, and write nothing
        #[arg(long)]
        dry_run: bool,
    },
    /// Prune the store of full texts: by age, then by total size, keeping what a restore
    /// index or a given file still points to
    #[command(after_help = GC_HELP)]
    Gc(GcArgs),
    /// Sum what the hooks did (calls, cuts, re-reads of full texts, tokens saved) per day,
    /// project and agent, from the log they keep in the store
    #[command(after_help = STATS_HELP)]
    Stats(StatsArgs),
}

const STATS_HELP: &str = "\
Each hook call appends one line to .stats.jsonl in the spill store (CTX_STATS=off: none):
the agent, tool and project, bytes and tokens (o200k) in and out, whether the output was cut
(its full text saved), passed as it was, or the command wrapped, whether the call read a
full text back from the store, and whether a cut was ranked against the command's last output.
The log is private (0600), rotated at 4 MiB (one older generation kept), and `ctx gc` drops
lines older than its --max-age. `saved` is tokens in minus tokens out: what the model did not
get, the full text being one read away.";

/// `ctx stats`.
#[derive(clap::Args, Debug)]
pub struct StatsArgs {
    /// Sum per these, in this order (comma-separated)
    #[arg(long, value_name = "KEY", value_delimiter = ',', default_values = ["day", "project", "agent"])]
    pub by: Vec<crate::agent::stats::Key>,
    /// Only the last N days (UTC; 1: today)
    #[arg(long, value_name = "N")]
    pub days: Option<u64>,
    /// Only the calls made in the current directory or below it
    #[arg(long)]
    pub here: bool,
    /// The store whose log to read [default: the spill store, $XDG_CACHE_HOME/ctx/spill]
    #[arg(long, value_name = "DIR")]
    pub store: Option<PathBuf>,
    /// The sums as JSON: {log, calls, from, to, total, groups}
    #[arg(long)]
    pub json: bool,
}

const FILTERS_HELP: &str = "\
The filters are this same program: `ctx truncate ARGS` is `ctx-truncate ARGS`, and so are
`ctx chunk`, `ctx score`, `ctx summarize` and `ctx compact` (see each one's --help).";

/// The top level's help after the options: the filters, then each agent and what ctx can do
/// in it (`ctx doctor` says the same per agent).
fn after_help() -> String {
    let agents: String = Agent::ALL.iter().map(|a| format!("\n  {:9} {}: {}", a.name(), a.title(), a.can())).collect();
    format!("{FILTERS_HELP}\n\nThe agents (ctx init AGENT installs, ctx doctor checks):{agents}")
}

const INIT_HELP: &str = "\
Where it goes (--user / --project):
  claude    ~/.claude/settings.json ($CLAUDE_CONFIG_DIR)  / .claude/settings.json     PostToolUse hook
  gemini    ~/.gemini/settings.json                       / .gemini/settings.json     BeforeTool, AfterTool hooks
  codex     ~/.codex/config.toml ($CODEX_HOME)            / .codex/config.toml        PreToolUse hook
  opencode  ~/.config/opencode/opencode.json              / opencode.json             plugin, tool_output limits
  copilot   ~/.copilot/hooks/ctx.json ($COPILOT_HOME)     / .github/hooks/ctx.json    postToolUse hook
  cursor    ~/.cursor/hooks.json                          / .cursor/hooks.json        preToolUse hook (Shell)
  qwen      ~/.qwen/settings.json ($QWEN_HOME)            / .qwen/settings.json       MCP server `ctx mcp`
  amp       ~/.config/amp/settings.json                   / .amp/settings.json        MCP server `ctx mcp`

An existing file is merged, never replaced, and copied to FILE.ctx-backup first;
--uninstall takes out only ctx's entry, and gives back the backup byte for byte when
nothing else changed in between.";

const GC_HELP: &str = "\
Defaults: files older than 30 days go, then the oldest until the store holds at most 1 GiB.
Kept always: what a restore index of ctx-compact points to, and what --keep-named FILEs name
by path (a --state file, a compacted transcript). The hooks run this on the spill store at
most once a day.";

/// `ctx gc`.
#[derive(clap::Args, Debug)]
pub struct GcArgs {
    /// The store to prune [default: the hooks' spill store, $CTX_PERSIST_DIR or
    /// $XDG_CACHE_HOME/ctx/spill, and the LLM cache]; repeatable
    #[arg(long, value_name = "DIR")]
    pub store: Vec<PathBuf>,
    /// Remove files older than this many days
    #[arg(long, value_name = "DAYS", default_value_t = 30)]
    pub max_age: u64,
    /// Then keep at most this many MiB, removing the oldest first
    #[arg(long, value_name = "MIB", default_value_t = 1024)]
    pub max_size: u64,
    /// Keep every stored file that FILE names by path (a --state file, a transcript); repeatable
    #[arg(long, value_name = "FILE")]
    pub keep_named: Vec<PathBuf>,
    /// Say what would go, and remove nothing
    #[arg(long)]
    pub dry_run: bool,
}

/// Runs `ctx` with the process's arguments.
pub fn main(argv: Vec<std::ffi::OsString>) -> ExitCode {
    crate::cli::main_with(TOOL, argv, run)
}

fn run(args: Args) -> Result<ExitCode> {
    match args.command {
        Command::Hook { agent } => Ok(hook::run(agent)),
        Command::Init { agent, project, user: _, uninstall, wrap, dry_run } => {
            if wrap && agent != Agent::Claude {
                return Err(crate::cli::usage(
                    "--wrap is for claude: codex, gemini and cursor always run commands under ctx-truncate, opencode and copilot replace a failed command's output as any other, and qwen and amp have ctx mcp only",
                ));
            }
            let scope = if project { Scope::Project } else { Scope::User };
            init::init(agent, scope, uninstall, wrap, dry_run)
        }
        Command::Doctor => doctor::doctor(),
        Command::InstallExtras { prefix, dry_run } => extras::install(prefix, dry_run),
        Command::Gc(args) => gc::gc(&args),
        Command::Stats(args) => stats::report(&args),
        Command::Batch(cmd) => crate::cli::batch::run(cmd),
        Command::Mcp => {
            crate::cli::mcp::serve(std::io::stdin().lock(), std::io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The path of the filter `name` installed beside this binary, else `name` (found on PATH).
pub fn sibling(name: &str) -> String {
    std::env::current_exe()
        .ok()
        .map(|exe| exe.with_file_name(name))
        .filter(|p: &PathBuf| p.is_file())
        .map_or_else(|| name.to_string(), |p| p.display().to_string())
}

/// The settings file of `agent` for `scope`, here.
pub(super) fn settings(agent: Agent, scope: Scope) -> Result<PathBuf> {
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty()).map(PathBuf::from);
    let home = match (home, scope) {
        (Some(h), _) => h,
        (None, Scope::Project) => PathBuf::new(),
        (None, Scope::User) => anyhow::bail!("HOME is not set: give --project, or set HOME"),
    };
    let cwd = std::env::current_dir().context("cannot tell the current directory")?;
    Ok(install::settings_path(agent, scope, &home, &cwd, &|v| std::env::var(v).ok()))
}

/// This binary's absolute path, for the hook command.
pub(super) fn this_ctx() -> String {
    std::env::current_exe().map_or_else(|_| "ctx".to_string(), |p| p.display().to_string())
}
