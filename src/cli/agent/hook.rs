//! `ctx hook AGENT`: one hook event in, the agent's reply out (or none: the output stays as it was).

use super::TOOL;
use crate::agent::{Agent, hook, stats};
use crate::signals::Baseline;
use crate::truncate::{BaselineFrom, Call};
use anyhow::{Context, Result};
use serde_json::Value;
use std::io::{Read, Write};
use std::process::ExitCode;
use std::sync::Arc;

/// Answers one hook event. Fails open: whatever goes wrong, the agent gets no reply, so it
/// keeps its original output, one line on stderr says why, and the exit status is 0.
pub(super) fn run(agent: Agent) -> ExitCode {
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
            eprintln!("{TOOL} hook {agent}: {}; the agent keeps its original output", crate::cli::error_line(&e));
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
        truncate: super::sibling("ctx-truncate"),
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
            log_call(agent, &store, || stats::Entry { outcome: stats::HookAction::Wrapped, ..call() });
            Ok(Some(reply))
        }
        hook::Plan::Fit { tool, text } => {
            let run = previous_run(&event, &opts.truncate);
            let last = run.as_deref().and_then(|name| LastRun::read(&store, name));
            // The output's tokens, for `ctx stats`, are counted on another thread as it is fitted.
            let (fitted, tokens) = std::thread::scope(|s| {
                let counting = stats_on().then(|| s.spawn(|| stats::tokens_in(text.as_bytes())));
                let fitted = fit(&tool, text.as_bytes(), &store, last.as_ref().map(LastRun::baseline));
                (fitted, counting.and_then(|c| c.join().ok()))
            });
            let fitted = fitted?;
            if let Some(name) = &run {
                save_run(agent, &store, name, text.as_bytes(), last.as_ref());
            }
            daily_gc(&store);
            let ranked = fitted.ends_with(format!("\n{}\n", crate::truncate::BASELINE_NOTE).as_bytes());
            log_call(agent, &store, || stats::Entry {
                against_previous: ranked,
                ..call().measured(
                    text.as_bytes(),
                    tokens.unwrap_or_else(|| stats::tokens_in(text.as_bytes())),
                    &fitted,
                    &store,
                )
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
    let settings = crate::cli::fit::agent_settings(tool, store_flags(store))?;
    let lines = crate::cli::fit::lines(&format!("{}:{}", range.0, range.1))?;
    let path = std::fs::canonicalize(path)?;
    let call = Call { lines: Some(lines), ..Call::default() };
    let fitted = crate::cli::fit::agent_fit_file(&settings, call, crate::regular::open(&path)?, &path)?;
    Ok((fitted != read).then_some(fitted))
}

/// Appends the entry `call` makes to the stats log (unless `CTX_STATS=off`, which costs
/// nothing more); a failure says so in one line and changes nothing else.
fn log_call(agent: Agent, store: &std::path::Path, call: impl FnOnce() -> stats::Entry) {
    if !stats_on() {
        return;
    }
    if let Err(e) = stats::append(store, &call()) {
        eprintln!("{TOOL} hook {agent}: cannot log the call for `ctx stats`: {}", crate::cli::error_line(&e));
    }
}

/// Whether calls are logged for `ctx stats`: unless `CTX_STATS=off`.
fn stats_on() -> bool {
    !std::env::var("CTX_STATS").is_ok_and(|v| v == "off")
}

/// Logs a call on `input` whose hook failed.
fn log_failure(agent: Agent, input: &[u8]) {
    let store = crate::store::spill_dir();
    let event = serde_json::from_slice(input).unwrap_or(Value::Null);
    let call = || stats::Entry::of_event(agent, &event, &store, stats::now());
    log_call(agent, &store, || stats::Entry { outcome: stats::HookAction::Failed, ..call() });
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
fn fit(tool: &str, text: &[u8], store: &std::path::Path, baseline: Option<BaselineFrom>) -> Result<Vec<u8>> {
    let mut flags = store_flags(store);
    // A fetched page reaches the hook as the agent made it (often Markdown already): HTML is
    // converted only where the text is HTML.
    if matches!(tool.to_ascii_lowercase().as_str(), "webfetch" | "web_fetch" | "fetch") {
        flags.from = Some(crate::structure::Format::Auto);
    }
    // Each attempt reads the profile, as each run of the command would (and says so again).
    let settings = || crate::cli::fit::agent_settings(tool, flags.clone());
    if let Some(b) = baseline {
        let call = Call { baseline: Some(b), ..Call::default() };
        if let Ok(fitted) = settings().and_then(|s| crate::cli::fit::agent_fit(&s, call, text)) {
            return Ok(fitted);
        }
    }
    crate::cli::fit::agent_fit(&settings()?, Call::default(), text)
}

/// The flags of a hook's fit: the store is where full texts are saved.
fn store_flags(store: &std::path::Path) -> crate::config::Settings {
    crate::config::Settings { persist: Some(store.to_path_buf()), ..crate::config::Settings::default() }
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
    let command = input.get("command")?.as_str().filter(|c| !crate::agent::shell::wrapped(c, truncate))?;
    let dir = input.get("dir_path").and_then(Value::as_str).unwrap_or_default();
    Some(format!("run-{}.txt", crate::store::key_of(format!("{cwd}\0{dir}\0{command}").as_bytes())))
}

/// The last output of a command in the store (`run-KEY.txt`, see [`previous_run`]) and its
/// templates, the baseline its next output is ranked against: read from `run-KEY.templates`
/// where the hook saved them for this output, else computed. Both are read on a thread of their
/// own while the output is cleaned and scanned (2 ms for 1 MB: the read, its hash).
struct LastRun {
    /// Its text, and whether its templates were read from the store, set by that thread;
    /// `None` when it is not held: read as the file streams, or unreadable.
    found: Arc<std::sync::OnceLock<Option<Held>>>,
    templates: Arc<Baseline>,
}

/// A last output's text, and whether its templates were read from the store.
type Held = (Arc<Vec<u8>>, bool);

impl LastRun {
    /// The last output saved as `name` in `store`, if there is one. One larger than a
    /// baseline held in memory is read as the file streams, its templates not saved.
    fn read(store: &std::path::Path, name: &str) -> Option<LastRun> {
        let path = store.join(name);
        let meta = std::fs::metadata(&path).ok().filter(std::fs::Metadata::is_file)?;
        let found = Arc::new(std::sync::OnceLock::new());
        if meta.len() > crate::signals::BASELINE_IN_MEMORY {
            let file = std::fs::File::open(&path).ok()?;
            let templates = Arc::new(Baseline::read_file(file).ok()?);
            let _ = found.set(None);
            return Some(LastRun { found, templates });
        }
        let (cell, sidecar) = (Unheld(found.clone()), store.join(templates_name(name)));
        let templates = Baseline::later(move || {
            let Ok(text) = std::fs::read(&path).map(Arc::new) else { return Baseline::default() };
            let saved = std::fs::read(sidecar).ok().and_then(|s| Baseline::from_saved(&text, &s));
            let _ = cell.0.set(Some((text.clone(), saved.is_some())));
            saved.unwrap_or_else(|| Baseline::of(&text))
        });
        Some(LastRun { found, templates: Arc::new(templates) })
    }

    fn baseline(&self) -> BaselineFrom {
        BaselineFrom::Read(self.templates.clone())
    }

    /// Its text and whether its templates were read from the store, once the thread that reads
    /// them has: not its templates, which an output that passes uncut never needs.
    fn held(&self) -> Option<&Held> {
        self.found.wait().as_ref()
    }
}

/// The cell of a [`LastRun`] in the thread that reads it: set to `None` when that thread ends
/// without having set it (an unreadable file, a panic), so that [`LastRun::held`] never waits
/// for ever.
struct Unheld(Arc<std::sync::OnceLock<Option<Held>>>);

impl Drop for Unheld {
    fn drop(&mut self) {
        let _ = self.0.set(None);
    }
}

/// Where the templates of the last output saved as `name` are saved.
fn templates_name(name: &str) -> String {
    format!("{}.templates", name.strip_suffix(".txt").unwrap_or(name))
}

/// Saves `text` as the last output of its command (`name`, see [`previous_run`]), private as
/// the rest of the store and pruned with it; an output over the hook's read cap is not saved
/// (the older one goes: it is no longer the last), and one the same as the `last` is not
/// written again: its templates are, once, for the next run to read. A failure says so in one
/// line.
fn save_run(agent: Agent, store: &std::path::Path, name: &str, text: &[u8], last: Option<&LastRun>) {
    let gone = |path: std::path::PathBuf| match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    };
    let saved = crate::store::Store::open(store).and_then(|s| {
        if text.len() as u64 > crate::regular::TEXT_CAP {
            gone(s.dir().join(templates_name(name)))?;
            return Ok(gone(s.dir().join(name))?);
        }
        // The same output as last time (a command run again unchanged) is not written again:
        // a write costs an fsync on every call. Its templates, computed for this call, are
        // written once.
        match last.map(|l| (l, l.held())) {
            Some((last, Some((held, saved)))) if held[..] == *text => {
                if !*saved {
                    s.put_named(&templates_name(name), &last.templates.saved(held))?;
                }
                return Ok(());
            }
            Some((_, None)) if s.get_named(name).is_some_and(|held| held == text) => return Ok(()),
            _ => {}
        }
        s.put_named(name, text)?;
        Ok(gone(s.dir().join(templates_name(name)))?)
    });
    if let Err(e) = saved {
        eprintln!(
            "{TOOL} hook {agent}: cannot save the output as the baseline of its next run: {}",
            crate::cli::error_line(&e)
        );
    }
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
    if let Err(e) = super::gc::sweep(dir, &policy, &[], false)
        .and_then(|_| stats::prune(dir, policy.max_age.as_secs(), stats::now(), false))
    {
        eprintln!("{TOOL}: cannot prune '{}': {}", dir.display(), crate::cli::error_line(&e));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reading thread's cell is set whatever way that thread ends: `held` returns once it
    /// has read the last output, not once its templates are computed, and `None` when the
    /// thread panicked or found no file, rather than waiting for ever.
    #[test]
    fn the_last_output_is_held_once_read_and_never_waited_for_in_vain() {
        let dir = std::env::temp_dir().join(format!("ctx-last-run-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        std::fs::write(dir.join("run-a.txt"), "warning: x\n").expect("write");
        let last = LastRun::read(&dir, "run-a.txt").expect("a last run");
        assert_eq!(last.held().map(|(t, saved)| (t.as_slice(), *saved)), Some((&b"warning: x\n"[..], false)));
        assert!(LastRun::read(&dir, "run-b.txt").is_none(), "no file, no last run");
        // A reading thread that panics leaves its cell set to nothing.
        let found = Arc::new(std::sync::OnceLock::new());
        let cell = Unheld(found.clone());
        let panicked = std::thread::spawn(move || {
            let _cell = cell;
            panic!("a reading thread that fails");
        });
        assert!(panicked.join().is_err());
        assert_eq!(found.wait(), &None);
        std::fs::remove_dir_all(&dir).expect("remove");
    }
}
