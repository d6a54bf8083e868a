//! `ctx`: the agent-facing entry point. `ctx hook AGENT` answers an agent's hook event,
//! `ctx init AGENT` installs that hook, `ctx doctor` checks it, `ctx mcp` serves the filters
//! over MCP and `ctx gc` keeps the store bounded.

use crate::agent::install::{self, Scope};
use crate::agent::{Agent, hook, stats};
use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use serde_json::Value;
use std::io::{Read, Write};
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
    pub by: Vec<stats::Key>,
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
    super::main_with(TOOL, argv, run)
}

fn run(args: Args) -> Result<ExitCode> {
    match args.command {
        Command::Hook { agent } => Ok(run_hook(agent)),
        Command::Init { agent, project, user: _, uninstall, wrap, dry_run } => {
            if wrap && agent != Agent::Claude {
                return Err(super::usage(
                    "--wrap is for claude: codex, gemini and cursor always run commands under ctx-truncate, opencode and copilot replace a failed command's output as any other, and qwen and amp have ctx mcp only",
                ));
            }
            let scope = if project { Scope::Project } else { Scope::User };
            init(agent, scope, uninstall, wrap, dry_run)
        }
        Command::Doctor => doctor(),
        Command::InstallExtras { prefix, dry_run } => install_extras(prefix, dry_run),
        Command::Gc(args) => gc(&args),
        Command::Stats(args) => stats_report(&args),
        Command::Mcp => {
            super::mcp::serve(std::io::stdin().lock(), std::io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Answers one hook event. Fails open: whatever goes wrong, the agent gets no reply, so it
/// keeps its original output, one line on stderr says why, and the exit status is 0.
fn run_hook(agent: Agent) -> ExitCode {
    let mut input = Vec::new();
    let answer = std::io::stdin()
        .read_to_end(&mut input)
        .context("cannot read the hook event from standard input")
        .and_then(|_| {
            std::panic::catch_unwind(|| answer(agent, &input))
                .unwrap_or_else(|_| Err(anyhow::anyhow!("ctx failed unexpectedly (a bug: please report it)")))
        });
    match answer {
        Ok(Some(reply)) => {
            let mut out = std::io::stdout().lock();
            if let Err(e) = writeln!(out, "{reply}").and_then(|()| out.flush()) {
                eprintln!("{TOOL} hook {agent}: cannot write the reply: {e}");
            }
        }
        Ok(None) => {}
        Err(e) => {
            eprintln!("{TOOL} hook {agent}: {}; the agent keeps its original output", super::error_line(&e));
            log_failure(agent, &input);
        }
    }
    ExitCode::SUCCESS
}

/// The reply to `input`, or `None` when the agent should keep its output as it is.
pub fn answer(agent: Agent, input: &[u8]) -> Result<Option<Value>> {
    if std::env::var("CTX_HOOK").is_ok_and(|v| v == "off") {
        return Ok(None);
    }
    let event: Value = serde_json::from_slice(input).context("the hook event is not JSON")?;
    let store = crate::store::spill_dir();
    let opts = hook::Options {
        truncate: sibling("ctx-truncate"),
        store: store.display().to_string(),
        wrap_max_bytes: wrap_max_bytes()?,
    };
    let call = || stats::Entry::of_event(agent, &event, &store, stats::now());
    match hook::plan(agent, &event, &opts)? {
        hook::Plan::Pass => {
            log_call(agent, &store, call);
            Ok(None)
        }
        hook::Plan::Reply(reply) => {
            log_call(agent, &store, || stats::Entry { outcome: stats::Outcome::Wrapped, ..call() });
            Ok(Some(reply))
        }
        hook::Plan::Fit { tool, text } => {
            let run = previous_run(&event, &opts.truncate);
            let baseline = run.as_ref().map(|name| store.join(name)).filter(|p| p.is_file());
            let fitted = fit(&tool, text.as_bytes(), &store, baseline.as_deref())?;
            if let Some(name) = &run {
                save_run(agent, &store, name, text.as_bytes());
            }
            daily_gc(&store);
            let ranked = fitted.ends_with(format!("\n{}\n", crate::truncate::BASELINE_NOTE).as_bytes());
            log_call(agent, &store, || stats::Entry {
                against_previous: ranked,
                ..call().measured(text.as_bytes(), &fitted, &store)
            });
            Ok((fitted != text.as_bytes()).then(|| hook::reply(agent, &event, &String::from_utf8_lossy(&fitted))))
        }
        hook::Plan::FitLines { tool, path, first, last, text } => {
            let fitted = fit_lines(&tool, &path, (first, last), &text, &store)?;
            Ok(fitted.map(|f| hook::reply(agent, &event, &String::from_utf8_lossy(&f))))
        }
    }
}

/// Lines `first..=last` of the file at `path`, which the agent read as `text`, fitted with the
/// file's line numbers and the file itself named as the full text; `None` when they fit. When
/// the file cannot be read or no longer holds `text` there, `text` is fitted as any output.
fn fit_lines(
    tool: &str,
    path: &std::path::Path,
    range: (u64, u64),
    text: &str,
    store: &std::path::Path,
) -> Result<Option<Vec<u8>>> {
    use crate::agent::read;
    let bytes = crate::regular::read(path, crate::regular::TEXT_CAP, "as a file the agent read").ok();
    let read = bytes.as_deref().map(|b| read::lines(b, range.0, range.1));
    let Some(read) = read.filter(|r| read::same_text(r, text)) else {
        let fitted = fit(tool, text.as_bytes(), store, None)?;
        daily_gc(store);
        return Ok((fitted != text.as_bytes()).then_some(fitted));
    };
    let args =
        ["--tool", tool, "--persist", &store.display().to_string(), "--lines", &format!("{}:{}", range.0, range.1)]
            .map(String::from);
    let path = std::fs::canonicalize(path)?;
    let fitted = super::truncate::filter_file(&args, crate::regular::open(&path)?, &path)?;
    Ok((fitted != read).then_some(fitted))
}

/// Appends the entry `call` makes to the stats log (unless `CTX_STATS=off`, which costs
/// nothing more); a failure says so in one line and changes nothing else.
fn log_call(agent: Agent, store: &std::path::Path, call: impl FnOnce() -> stats::Entry) {
    if std::env::var("CTX_STATS").is_ok_and(|v| v == "off") {
        return;
    }
    if let Err(e) = stats::append(store, &call()) {
        eprintln!("{TOOL} hook {agent}: cannot log the call for `ctx stats`: {}", super::error_line(&e));
    }
}

/// Logs a call on `input` whose hook failed.
fn log_failure(agent: Agent, input: &[u8]) {
    let store = crate::store::spill_dir();
    let event = serde_json::from_slice(input).unwrap_or(Value::Null);
    let call = || stats::Entry::of_event(agent, &event, &store, stats::now());
    log_call(agent, &store, || stats::Entry { outcome: stats::Outcome::Failed, ..call() });
}

/// The bound on a command's output under Codex: `CTX_WRAP_MAX_BYTES` (0: none, the bash
/// profile's), else 9,000 bytes, under the 10,000 at which Codex cuts again.
fn wrap_max_bytes() -> Result<Option<u64>> {
    match std::env::var("CTX_WRAP_MAX_BYTES") {
        Err(_) => Ok(Some(9000)),
        Ok(v) => match v.trim().parse::<u64>() {
            Ok(0) => Ok(None),
            Ok(n) => Ok(Some(n)),
            Err(_) => anyhow::bail!("CTX_WRAP_MAX_BYTES must be a number of bytes (0 for no bound), not '{v}'"),
        },
    }
}

/// `text` fitted as `ctx-truncate --tool TOOL --persist STORE [--baseline BASELINE]` fits it.
/// A profile whose strategy takes no baseline (head, tail) refuses it: `text` is then fitted
/// without.
fn fit(tool: &str, text: &[u8], store: &std::path::Path, baseline: Option<&std::path::Path>) -> Result<Vec<u8>> {
    let mut args = vec!["--tool".to_string(), tool.to_string(), "--persist".to_string(), store.display().to_string()];
    // A fetched page reaches the hook as the agent made it (often Markdown already): HTML is
    // converted only where the text is HTML.
    if matches!(tool.to_ascii_lowercase().as_str(), "webfetch" | "web_fetch" | "fetch") {
        args.extend(["--from".to_string(), "auto".to_string()]);
    }
    if let Some(b) = baseline {
        let with = [args.clone(), vec!["--baseline".to_string(), b.display().to_string()]].concat();
        if let Ok(fitted) = super::truncate::filter(&with, text) {
            return Ok(fitted);
        }
    }
    super::truncate::filter(&args, text)
}

/// The name in the store of the last output of the shell command of `event` in its project:
/// `run-KEY.txt`, KEY hashed from the event's `cwd`, the command (`tool_input.command` of
/// Claude Code's Bash and Gemini CLI's run_shell_command) and Gemini CLI's `dir_path`. `None`
/// for another tool, an event without a `cwd` (OpenCode's plugin), and a command that runs
/// under ctx-truncate (`--wrap`, Gemini CLI: its output was fitted in the command itself).
fn previous_run(event: &Value, truncate: &str) -> Option<String> {
    let cwd = event.get("cwd")?.as_str()?;
    let tool = event.get("tool_name")?.as_str()?;
    let input = event.get("tool_input").filter(|_| matches!(tool, "Bash" | "run_shell_command"))?;
    let command = input.get("command")?.as_str().filter(|c| !hook::wrapped(c, truncate))?;
    let dir = input.get("dir_path").and_then(Value::as_str).unwrap_or_default();
    Some(format!("run-{}.txt", crate::store::key_of(format!("{cwd}\0{dir}\0{command}").as_bytes())))
}

/// Saves `text` as the last output of its command (`name`, see [`previous_run`]), private as
/// the rest of the store and pruned with it; an output over the hook's read cap is not saved
/// (the older one goes: it is no longer the last), and one the same as the last is not written
/// again. A failure says so in one line.
fn save_run(agent: Agent, store: &std::path::Path, name: &str, text: &[u8]) {
    let saved = crate::store::Store::open(store).and_then(|s| {
        if text.len() as u64 <= crate::regular::TEXT_CAP {
            // The same output as last time (a command run again unchanged) is not written again:
            // a write costs an fsync on every call.
            if s.get_named(name).is_some_and(|last| last == text) {
                return Ok(());
            }
            s.put_named(name, text).map(drop)
        } else {
            match std::fs::remove_file(s.dir().join(name)) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e.into()),
                _ => Ok(()),
            }
        }
    });
    if let Err(e) = saved {
        eprintln!(
            "{TOOL} hook {agent}: cannot save the output as the baseline of its next run: {}",
            super::error_line(&e)
        );
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
fn settings(agent: Agent, scope: Scope) -> Result<PathBuf> {
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
fn this_ctx() -> String {
    std::env::current_exe().map_or_else(|_| "ctx".to_string(), |p| p.display().to_string())
}

fn init(agent: Agent, scope: Scope, uninstall: bool, wrap: bool, dry: bool) -> Result<ExitCode> {
    let path = settings(agent, scope)?;
    let shown = path.display();
    let backup = PathBuf::from(format!("{}.ctx-backup", path.display()));
    let current = match std::fs::read(&path) {
        Ok(b) => Some(String::from_utf8(b).with_context(|| format!("'{shown}' is not UTF-8 text"))?),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e).with_context(|| format!("cannot read '{shown}'")),
    };
    let title = agent.title();
    if uninstall {
        let Some(current) = current.filter(|c| install::installed(agent, c)) else {
            if agent == Agent::Opencode && !dry {
                opencode_files(&path, scope, Some(""))?;
            }
            eprintln!("{TOOL}: the {title} hook is not in '{shown}': nothing to take out");
            return Ok(ExitCode::SUCCESS);
        };
        let after = install::remove(agent, &current).with_context(|| format!("cannot take ctx out of '{shown}'"))?;
        let saved = std::fs::read_to_string(&backup).ok();
        let after = match (after, saved.as_deref()) {
            (Some(a), Some(b)) => Some(install::restore(agent, &a, b)),
            (None, Some(b)) => Some(b.to_string()),
            (after, None) => after,
        };
        if !dry {
            match &after {
                Some(text) => crate::store::write_atomic(&path, &mut |w| Ok(w.write_all(text.as_bytes())?))?,
                None => std::fs::remove_file(&path).with_context(|| format!("cannot remove '{shown}'"))?,
            }
            if saved.is_some() {
                std::fs::remove_file(&backup).with_context(|| format!("cannot remove '{}'", backup.display()))?;
            }
            if agent == Agent::Opencode {
                opencode_files(&path, scope, Some(&current))?;
            }
        }
        let what = match (after.is_none(), dry) {
            (true, false) => "removed the file (it held only ctx's hook)",
            (true, true) => "would remove the file (it holds only ctx's hook)",
            (false, false) => "took out ctx's hook",
            (false, true) => "would take out ctx's hook",
        };
        eprintln!("{TOOL}: {title}: {what}: '{shown}'");
        return Ok(ExitCode::SUCCESS);
    }
    let Some(next) = install::add(agent, current.as_deref(), &this_ctx(), &path, wrap)
        .with_context(|| format!("cannot install into '{shown}'"))?
    else {
        if agent == Agent::Opencode && !dry {
            opencode_files(&path, scope, None)?;
        }
        eprintln!("{TOOL}: {title}: {} is already in '{shown}'", agent_entry(agent));
        return Ok(ExitCode::SUCCESS);
    };
    if !dry {
        // The backup is the file as it was before ctx: not overwritten when ctx adds to its own,
        // and as private as it (settings may hold keys).
        if let Some(c) = current.as_ref().filter(|c| !install::installed(agent, c)) {
            let from = crate::store::mode_of(Some(&path));
            crate::store::write_from(&backup, from, &mut |w| Ok(w.write_all(c.as_bytes())?))?;
        }
        crate::store::write_atomic(&path, &mut |w| Ok(w.write_all(next.as_bytes())?))?;
        if agent == Agent::Opencode {
            opencode_files(&path, scope, None)?;
        }
    }
    let kept = if current.is_some() { format!(" (the file before: '{}')", backup.display()) } else { String::new() };
    let done = if dry { "would install" } else { "installed" };
    eprintln!("{TOOL}: {title}: {done} {} in '{shown}'{kept}", agent_entry(agent));
    if agent.mcp_only() {
        eprintln!(
            "{TOOL}: note: {title} has no hook that can fit its own tools' output; the model gets ctx's tools instead (ctx_run, ctx_read, ctx_more, ctx_summarize)"
        );
    }
    if agent == Agent::Copilot && scope == Scope::Project {
        eprintln!(
            "{TOOL}: note: in `copilot -p`, a repository's hooks load only where the folder is trusted (or with COPILOT_ALLOW_ALL=true); `ctx init copilot` without --project installs for the user, whose hooks always load"
        );
    }
    if agent == Agent::Claude && !wrap {
        eprintln!(
            "{TOOL}: note: Claude Code lets no hook replace a failed command's output; `ctx init claude --wrap` sends Bash commands' output through ctx-truncate to fit it too, where Bash is allowed as a whole (allow rules for single commands do not match the rewritten command)"
        );
    }
    eprintln!(
        "{TOOL}: undo with: ctx init {agent}{} --uninstall",
        if scope == Scope::Project { " --project" } else { "" }
    );
    Ok(ExitCode::SUCCESS)
}

/// What `ctx init` puts in an agent's settings, for its messages.
fn agent_entry(agent: Agent) -> &'static str {
    if agent.mcp_only() { "ctx's MCP server (ctx mcp)" } else { "the hook" }
}

/// OpenCode's plugin file beside its settings: written on install, or (`removed`: the settings
/// ctx was taken out of) removed with every plugin file those settings listed. Either way a
/// plugin an older ctx put in a `.opencode/plugins/` directory goes, with what OpenCode
/// installed around it.
fn opencode_files(settings: &std::path::Path, scope: Scope, removed: Option<&str>) -> Result<()> {
    use crate::agent::opencode;
    let user = scope == Scope::User;
    let mut gone = opencode::remove_legacy(&opencode::legacy_plugin(settings, user), user)?;
    match removed {
        None => {
            let plugin = opencode::plugin_path(settings);
            let text = opencode::plugin(&this_ctx());
            crate::store::write_atomic(&plugin, &mut |w| Ok(w.write_all(text.as_bytes())?))?;
            eprintln!("{TOOL}: OpenCode: the plugin is '{}'", plugin.display());
        }
        Some(settings_text) => {
            for plugin in opencode::listed(settings_text) {
                match std::fs::remove_file(&plugin) {
                    Ok(()) => gone.push(plugin),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                    Err(e) => return Err(e).with_context(|| format!("cannot remove '{}'", plugin.display())),
                }
            }
        }
    }
    for path in gone {
        eprintln!("{TOOL}: OpenCode: removed '{}'", path.display());
    }
    Ok(())
}

fn gc(args: &GcArgs) -> Result<ExitCode> {
    let dirs = match args.store.as_slice() {
        // The store the hooks and the MCP server write to, and the `ctx stats` log in it.
        [] => vec![crate::store::spill_dir(), crate::store::cache_dir("llm")],
        given => given.to_vec(),
    };
    let policy = crate::store::Policy {
        max_age: std::time::Duration::from_secs(args.max_age.saturating_mul(86_400)),
        max_bytes: args.max_size.saturating_mul(1 << 20),
    };
    for dir in dirs {
        if !dir.is_dir() {
            writeln!(std::io::stdout(), "{}: no store there", dir.display())?;
            continue;
        }
        let s = sweep(&dir, &policy, &args.keep_named, args.dry_run)?;
        let mib = |b: u64| format!("{:.1} MiB", b as f64 / f64::from(1 << 20));
        writeln!(
            std::io::stdout(),
            "{}: {} {} files ({}), kept {} ({}), {} of them pointed to",
            dir.display(),
            if args.dry_run { "would remove" } else { "removed" },
            s.removed.0,
            mib(s.removed.1),
            s.kept.0,
            mib(s.kept.1),
            s.protected
        )?;
        if dir.join(stats::LOG).exists() || dir.join(stats::OLD_LOG).exists() {
            let max_age = args.max_age.saturating_mul(86_400);
            let (removed, kept) = stats::prune(&dir, max_age, stats::now(), args.dry_run)?;
            writeln!(
                std::io::stdout(),
                "{}: {} {removed} lines older than {} days, kept {kept}",
                stats::log_path(&dir).display(),
                if args.dry_run { "would remove" } else { "removed" },
                args.max_age
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Prunes the store at `dir`, keeping what its restore indexes and the `keep` files point to.
fn sweep(
    dir: &std::path::Path,
    policy: &crate::store::Policy,
    keep: &[PathBuf],
    dry: bool,
) -> Result<crate::store::Swept> {
    let store = crate::store::Store::open(dir)?;
    let mut protected = crate::compact::restore::referenced(&store)?;
    for f in keep {
        let text = std::fs::read(f).with_context(|| format!("cannot read '{}'", f.display()))?;
        protected.extend(crate::store::named_in(&text, store.dir()));
    }
    crate::store::gc(store.dir(), policy, &protected, dry)
}

/// `ctx stats`.
fn stats_report(args: &StatsArgs) -> Result<ExitCode> {
    let store = args.store.clone().unwrap_or_else(crate::store::spill_dir);
    let (mut entries, bad) = stats::read(&store)?;
    if let Some(days) = args.days {
        let today = stats::now() / 86_400;
        entries.retain(|e| e.time / 86_400 + days > today);
    }
    if args.here {
        let cwd = std::env::current_dir().context("cannot tell the current directory")?;
        entries.retain(|e| std::path::Path::new(&e.project).starts_with(&cwd));
    }
    let mut by = args.by.clone();
    by.dedup();
    let (groups, total) = stats::summarize(&entries, &by);
    let log = stats::log_path(&store);
    let mut out = std::io::stdout().lock();
    let from = entries.first().map(|e| stats::day(e.time));
    let to = entries.last().map(|e| stats::day(e.time));
    if args.json {
        let v = serde_json::json!({"log": log.display().to_string(), "calls": entries.len(), "unreadable_lines": bad,
            "from": from, "to": to, "total": total, "groups": groups});
        writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    let (Some(from), Some(to)) = (from, to) else {
        writeln!(out, "no hook calls logged in '{}': is ctx installed (`ctx doctor`)?", log.display())?;
        return Ok(ExitCode::SUCCESS);
    };
    let saved = match total.tokens_in {
        0 => String::new(),
        t => format!(
            "; {} of {} tokens kept from the model ({:.1}%)",
            crate::text::group_digits(total.saved()),
            crate::text::group_digits(t),
            total.saved() as f64 * 100.0 / t as f64
        ),
    };
    writeln!(out, "{} hook calls from {from} to {to} (UTC){saved}", crate::text::group_digits(total.calls))?;
    writeln!(out)?;
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty()).map(PathBuf::from);
    write!(out, "{}", stats::table(&by, &groups, &total, home.as_deref()))?;
    if total.persisted > 0 {
        writeln!(
            out,
            "{} of the outputs cut had been saved to a file by the agent first: without ctx the model would have seen their start, not all of their tokens in",
            crate::text::group_digits(total.persisted)
        )?;
    }
    if total.ranked > 0 {
        writeln!(
            out,
            "{} of the outputs cut were ranked against the last output of the same command in the project (their last line says so)",
            crate::text::group_digits(total.ranked)
        )?;
    }
    if total.estimated > 0 {
        let (n, were) = match total.estimated {
            1 => ("1 output was".to_string(), "its"),
            n => (format!("{} outputs were", crate::text::group_digits(n)), "their"),
        };
        writeln!(out, "{n} longer than 64 KiB: {were} tokens in are counted on the first 64 KiB and scaled by bytes")?;
    }
    if bad > 0 {
        let lines = if bad == 1 { "line" } else { "lines" };
        writeln!(out, "{bad} {lines} of the log could not be read (written by a newer ctx, or torn): left out")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The hooks keep the spill store bounded: at most once a day, a prune with the defaults.
fn daily_gc(dir: &std::path::Path) {
    let stamp = dir.join(".gc-stamp");
    let day = std::time::Duration::from_secs(86_400);
    let fresh = std::fs::metadata(&stamp).and_then(|m| m.modified()).is_ok_and(|t| t.elapsed().is_ok_and(|e| e < day));
    if fresh || !dir.is_dir() {
        return;
    }
    let _ = std::fs::write(&stamp, b"");
    let policy = crate::store::Policy::default();
    if let Err(e) =
        sweep(dir, &policy, &[], false).and_then(|_| stats::prune(dir, policy.max_age.as_secs(), stats::now(), false))
    {
        eprintln!("{TOOL}: cannot prune '{}': {}", dir.display(), super::error_line(&e));
    }
}

fn doctor() -> Result<ExitCode> {
    let truncate = sibling("ctx-truncate");
    let found = std::path::Path::new(&truncate).is_file();
    writeln!(std::io::stdout(), "ctx {}: {}", env!("CARGO_PKG_VERSION"), this_ctx())?;
    writeln!(
        std::io::stdout(),
        "ctx-truncate: {}",
        if found { truncate.clone() } else { format!("{truncate}: NOT FOUND beside ctx") }
    )?;
    writeln!(std::io::stdout(), "store: {}", crate::store::default_dir().display())?;
    let mut failed = !found;
    for agent in Agent::ALL {
        writeln!(std::io::stdout(), "{} ({agent}): {}", agent.title(), hook::contract(agent))?;
        writeln!(std::io::stdout(), "  can: {}", agent.can())?;
        for scope in [Scope::User, Scope::Project] {
            let path = settings(agent, scope)?;
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let state = match (install::installed(agent, &text), agent == Agent::Claude && install::wraps(&text)) {
                (true, true) => "installed, --wrap",
                (true, false) => "installed",
                (false, _) => "not installed",
            };
            let state = format!("{state:17}");
            let name = if scope == Scope::User { "user" } else { "project" };
            writeln!(std::io::stdout(), "  {name:8} {state} {}", path.display())?;
        }
        match round_trip(agent) {
            Ok(note) => writeln!(std::io::stdout(), "  test event: ok, {note}")?,
            Err(e) => {
                failed = true;
                writeln!(std::io::stdout(), "  test event: FAILED: {}", super::error_line(&e))?;
            }
        }
    }
    Ok(super::status(failed))
}

/// Sends a long failing log through `ctx hook AGENT`, as the agent would, and checks the reply.
fn round_trip(agent: Agent) -> Result<String> {
    let log: String = (1..=2000).map(|i| format!("   Compiling step{i} v0.1.0\n")).collect::<String>()
        + "error[E0308]: mismatched types\n --> src/main.rs:4:5\n";
    if agent.mcp_only() {
        return super::mcp_check::round_trip(&this_ctx(), &log);
    }
    let event = hook::sample(agent, &log);
    let mut child = std::process::Command::new(this_ctx())
        .args(["hook", agent.name()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .context("cannot run ctx hook")?;
    child.stdin.take().context("no stdin")?.write_all(event.to_string().as_bytes())?;
    let out = child.wait_with_output()?;
    let err = String::from_utf8_lossy(&out.stderr);
    anyhow::ensure!(out.status.success() && err.trim().is_empty(), "ctx hook {agent} said: {}", err.trim());
    let reply: Value = serde_json::from_slice(&out.stdout).context("the reply is not JSON")?;
    let text = hook::replied_text(agent, &reply).context("the reply does not replace the output")?;
    let text = if matches!(agent, Agent::Codex | Agent::Gemini | Agent::Cursor) {
        // What Codex then runs.
        let run = std::process::Command::new("sh").args(["-c", &text]).stdin(std::process::Stdio::null()).output()?;
        anyhow::ensure!(run.status.code() == Some(3), "the rewritten command lost the exit status: {text}");
        String::from_utf8_lossy(&run.stdout).into_owned()
    } else {
        text
    };
    anyhow::ensure!(
        text.contains("error[E0308]") && text.contains("full text: "),
        "the reply lost the error line or the spill path"
    );
    Ok(format!(
        "{} chars fitted into {}, the error line and the spill path kept",
        log.chars().count(),
        text.chars().count()
    ))
}

/// The man pages, as generated from the clap definitions (`tests/man.rs` keeps them current).
const MAN_PAGES: [(&str, &str); 6] = [
    ("ctx", include_str!("../../man/ctx.1")),
    ("ctx-truncate", include_str!("../../man/ctx-truncate.1")),
    ("ctx-chunk", include_str!("../../man/ctx-chunk.1")),
    ("ctx-score", include_str!("../../man/ctx-score.1")),
    ("ctx-summarize", include_str!("../../man/ctx-summarize.1")),
    ("ctx-compact", include_str!("../../man/ctx-compact.1")),
];

/// The clap definition of each command, for its completions.
fn commands() -> [(&'static str, clap::Command); 6] {
    use clap::CommandFactory;
    [
        ("ctx", Args::command()),
        ("ctx-truncate", super::truncate::Args::command()),
        ("ctx-chunk", super::chunk::Args::command()),
        ("ctx-score", super::score::Args::command()),
        ("ctx-summarize", super::summarize::Args::command()),
        ("ctx-compact", super::compact::Args::command()),
    ]
}

fn install_extras(prefix: Option<PathBuf>, dry: bool) -> Result<ExitCode> {
    use clap_complete::Shell;
    let prefix = match prefix {
        Some(p) => p,
        None => std::env::var_os("HOME")
            .map(|h| PathBuf::from(h).join(".local"))
            .context("HOME is not set: give --prefix")?,
    };
    let share = prefix.join("share");
    let mut files: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    for (name, page) in MAN_PAGES {
        files.push((share.join(format!("man/man1/{name}.1")), page.as_bytes().to_vec()));
    }
    for (name, mut cmd) in commands() {
        for (shell, path) in [
            (Shell::Bash, format!("bash-completion/completions/{name}")),
            (Shell::Zsh, format!("zsh/site-functions/_{name}")),
            (Shell::Fish, format!("fish/vendor_completions.d/{name}.fish")),
        ] {
            let mut buf = Vec::new();
            clap_complete::generate(shell, &mut cmd, name, &mut buf);
            files.push((share.join(path), buf));
        }
    }
    for (path, bytes) in &files {
        if !dry {
            crate::store::write_atomic(path, &mut |w| Ok(w.write_all(bytes)?))?;
        }
        writeln!(std::io::stdout(), "{}{}", if dry { "would write " } else { "" }, path.display())?;
    }
    eprintln!(
        "{TOOL}: {} files{}; zsh finds its completions when {} is in $fpath",
        files.len(),
        if dry { " (dry run)" } else { " written" },
        share.join("zsh/site-functions").display()
    );
    Ok(ExitCode::SUCCESS)
}
