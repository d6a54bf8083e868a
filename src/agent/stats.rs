//! The hooks' record of what they did, and its sums (`ctx stats`).
//!
//! Each hook call appends one JSON line to `.stats.jsonl` in the spill store: when, which
//! agent, tool and project, what came in and what went out (bytes and tokens), whether it was
//! cut, and whether the call read back a file of the store (a re-read of a full text). The log
//! is private (0600, in the store's 0700 directory) and bounded: past [`MAX_LOG_BYTES`] it is
//! renamed to `.stats.1.jsonl` (the one older generation kept) and a new one begins; `ctx gc`
//! drops lines older than its age limit. A line is written with one `write` on a file opened
//! for appending, so calls running at once never interleave their lines.

use crate::text::group_digits;
use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The log's size at which it is rotated: 4 MiB, some 15,000 calls; with the one older
/// generation, the log never holds more than twice this.
pub const MAX_LOG_BYTES: u64 = 4 << 20;

/// The log's file name in the store.
pub const LOG: &str = ".stats.jsonl";
/// The older generation's.
pub const OLD_LOG: &str = ".stats.1.jsonl";

/// What a hook call did with the output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HookAction {
    /// Cut into the budget; the full text saved in the store.
    Cut,
    /// Replaced without a cut (terminal noise cleaned).
    Cleaned,
    /// Fitted already: the agent kept it as it was.
    Passed,
    /// The command was rewritten to run under ctx-truncate (its output is fitted there).
    Wrapped,
    /// An event or a tool ctx leaves alone.
    Ignored,
    /// The hook failed; the agent kept its output.
    Failed,
}

/// One hook call.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Seconds since the Unix epoch.
    pub time: u64,
    /// The agent (`claude`, ...).
    pub agent: String,
    /// The tool, as the agent names it.
    pub tool: String,
    /// The project: the event's `cwd`, else the hook's working directory.
    pub project: String,
    /// What the hook did.
    pub outcome: HookAction,
    /// The output's size as the hook got it.
    pub bytes_in: u64,
    /// The size of what the model got.
    pub bytes_out: u64,
    /// Tokens (o200k) of the output as the hook got it.
    pub tokens_in: u64,
    /// Tokens (o200k) of what the model got.
    pub tokens_out: u64,
    /// What `bytes_in` measures: `full` (the tool's whole output) or `persisted` (the agent had
    /// saved it to a file and would have shown the model only its start).
    pub baseline: String,
    /// Whether the call read a file in ctx's store (the model read back a full text).
    pub reread: bool,
    /// Whether `tokens_in` was extrapolated from the first [`EXACT_BYTES`] (a longer output:
    /// counting all of it would cost the hook more than its fitting does).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub estimated: bool,
    /// Whether the output was cut ranked against the last output of the same command in the
    /// same project (the output then ends with [`crate::truncate::BASELINE_NOTE`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub against_previous: bool,
}

/// The longest output whose tokens the hook counts whole: 64 KiB, under a millisecond.
pub const EXACT_BYTES: usize = 64 << 10;

impl Entry {
    /// An entry for a call of `agent` on `event` (its tool, project and whether it reads from
    /// `store`), with nothing measured yet.
    pub fn of_event(agent: super::Agent, event: &serde_json::Value, store: &Path, time: u64) -> Entry {
        let tool = event
            .get("tool_name")
            .or_else(|| event.get("tool"))
            .or_else(|| event.get("toolName"))
            .and_then(serde_json::Value::as_str);
        let project = event
            .get("cwd")
            .and_then(serde_json::Value::as_str)
            .map(String::from)
            .or_else(|| std::env::current_dir().ok().map(|d| d.display().to_string()))
            .unwrap_or_default();
        let persisted = event.pointer("/tool_response/persistedOutputPath").is_some();
        let store = store.display().to_string();
        // Claude Code, Gemini CLI, Codex and Cursor give the call's input as `tool_input`; ctx's
        // OpenCode plugin as `args`; GitHub Copilot CLI as `toolArgs`.
        let input = event.get("tool_input").or_else(|| event.get("args")).or_else(|| event.get("toolArgs"));
        let reread = input.is_some_and(|i| mentions(i, &store));
        Entry {
            time,
            agent: agent.name().to_string(),
            tool: tool.unwrap_or_default().to_string(),
            project,
            outcome: HookAction::Ignored,
            bytes_in: 0,
            bytes_out: 0,
            tokens_in: 0,
            tokens_out: 0,
            baseline: if persisted { "persisted" } else { "full" }.to_string(),
            reread,
            estimated: false,
            against_previous: false,
        }
    }

    /// The entry with the text that came in, its tokens ([`tokens_in`], which the hook counts
    /// beside its fit), and the text the model gets (the same when passed), and the outcome
    /// they make.
    pub fn measured(mut self, text: &[u8], tokens: (u64, bool), fitted: &[u8], store: &Path) -> Entry {
        let count = |t: &[u8]| crate::tokens::Encoding::O200k.count(t);
        self.bytes_in = text.len() as u64;
        (self.tokens_in, self.estimated) = tokens;
        self.outcome = if fitted == text {
            HookAction::Passed
        } else if memchr::memmem::find(fitted, store.as_os_str().as_encoded_bytes()).is_some() {
            HookAction::Cut
        } else {
            HookAction::Cleaned
        };
        self.bytes_out = fitted.len() as u64;
        self.tokens_out = if fitted == text { self.tokens_in } else { count(fitted) };
        self
    }
}

/// The tokens (o200k) of an output the hook got, and whether they are estimated: counted whole
/// up to [`EXACT_BYTES`], else those of its first 64 KiB (cut at a line end) scaled by bytes.
pub fn tokens_in(text: &[u8]) -> (u64, bool) {
    let count = |t: &[u8]| crate::tokens::Encoding::O200k.count(t);
    if text.len() <= EXACT_BYTES {
        return (count(text), false);
    }
    let head = &text[..EXACT_BYTES];
    let head = &head[..memchr::memrchr(b'\n', head).map_or(head.len(), |i| i + 1)];
    let per_byte = count(head) as f64 / head.len() as f64;
    ((per_byte * text.len() as f64).round() as u64, true)
}

/// Whether a string in `v` holds `needle`.
fn mentions(v: &serde_json::Value, needle: &str) -> bool {
    match v {
        serde_json::Value::String(s) => s.contains(needle),
        serde_json::Value::Array(a) => a.iter().any(|x| mentions(x, needle)),
        serde_json::Value::Object(o) => o.values().any(|x| mentions(x, needle)),
        _ => false,
    }
}

/// Seconds since the Unix epoch, now.
pub fn now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// Appends `entry` to the log in `store`, rotating it first when it is full.
pub fn append(store: &Path, entry: &Entry) -> Result<()> {
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    crate::store::private_dir(store)?;
    let path = store.join(LOG);
    let mut line = serde_json::to_vec(entry)?;
    line.push(b'\n');
    let open = || {
        std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .mode(0o600)
            .open(&path)
            .with_context(|| format!("cannot write '{}'", path.display()))
    };
    let mut file = open()?;
    let meta = file.metadata()?;
    if meta.len() + line.len() as u64 > MAX_LOG_BYTES {
        // Only the call that finds the full file still at its name rotates it; one that lost
        // the race writes to the new file.
        if std::fs::metadata(&path).is_ok_and(|m| m.ino() == meta.ino()) {
            std::fs::rename(&path, store.join(OLD_LOG))?;
        }
        file = open()?;
    }
    file.write_all(&line).with_context(|| format!("cannot write '{}'", path.display()))
}

/// The entries of the logs in `store`, oldest first; lines that do not parse (a log of a
/// newer ctx, a torn write) are skipped and counted.
pub fn read(store: &Path) -> Result<(Vec<Entry>, usize)> {
    let mut entries = Vec::new();
    let mut bad = 0;
    for name in [OLD_LOG, LOG] {
        let path = store.join(name);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e).with_context(|| format!("cannot read '{}'", path.display())),
        };
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            match serde_json::from_str::<Entry>(line) {
                Ok(e) => entries.push(e),
                Err(_) => bad += 1,
            }
        }
    }
    entries.sort_by_key(|e| e.time);
    Ok((entries, bad))
}

/// Drops the log lines older than `max_age` seconds before `now`: (lines removed, kept).
/// With `dry`, only counts.
pub fn prune(store: &Path, max_age: u64, now: u64, dry: bool) -> Result<(usize, usize)> {
    let (mut removed, mut kept) = (0, 0);
    for name in [OLD_LOG, LOG] {
        let path = store.join(name);
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let fresh = |l: &&str| {
            serde_json::from_str::<serde_json::Value>(l)
                .ok()
                .and_then(|v| v["time"].as_u64())
                .is_some_and(|t| now.saturating_sub(t) < max_age)
        };
        let keep: Vec<&str> = text.lines().filter(fresh).collect();
        let total = text.lines().count();
        removed += total - keep.len();
        kept += keep.len();
        if dry || keep.len() == total {
            continue;
        }
        if keep.is_empty() {
            std::fs::remove_file(&path).with_context(|| format!("cannot remove '{}'", path.display()))?;
        } else {
            let body = keep.join("\n") + "\n";
            crate::store::write_atomic(&path, &mut |w| Ok(w.write_all(body.as_bytes())?))?;
        }
    }
    Ok((removed, kept))
}

/// What the sums are grouped by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, clap::ValueEnum)]
pub enum Key {
    /// The day (UTC).
    Day,
    /// The project (the agent's working directory).
    Project,
    /// The agent.
    Agent,
    /// The tool.
    Tool,
}

/// The sums of a group of calls.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Sums {
    /// Hook calls.
    pub calls: u64,
    /// Outputs cut (their full text saved).
    pub cut: u64,
    /// Outputs cleaned without a cut.
    pub cleaned: u64,
    /// Outputs that fitted and went through as they were.
    pub passed: u64,
    /// Commands rewritten to run under ctx-truncate.
    pub wrapped: u64,
    /// Calls on events or tools ctx leaves alone.
    pub ignored: u64,
    /// Calls where the hook failed (the agent kept its output).
    pub failed: u64,
    /// Calls that read back a full text from the store.
    pub rereads: u64,
    /// Calls whose output the agent had already saved and cut (`baseline: persisted`).
    pub persisted: u64,
    /// Calls whose tokens in were extrapolated from the output's start.
    pub estimated: u64,
    /// Outputs cut ranked against the last output of the same command (`against_previous`).
    pub ranked: u64,
    /// Bytes in.
    pub bytes_in: u64,
    /// Bytes out.
    pub bytes_out: u64,
    /// Tokens in.
    pub tokens_in: u64,
    /// Tokens out.
    pub tokens_out: u64,
}

impl Sums {
    fn add(&mut self, e: &Entry) {
        self.calls += 1;
        *match e.outcome {
            HookAction::Cut => &mut self.cut,
            HookAction::Cleaned => &mut self.cleaned,
            HookAction::Passed => &mut self.passed,
            HookAction::Wrapped => &mut self.wrapped,
            HookAction::Ignored => &mut self.ignored,
            HookAction::Failed => &mut self.failed,
        } += 1;
        self.rereads += u64::from(e.reread);
        self.persisted += u64::from(e.baseline == "persisted");
        self.estimated += u64::from(e.estimated);
        self.ranked += u64::from(e.against_previous);
        self.bytes_in += e.bytes_in;
        self.bytes_out += e.bytes_out;
        self.tokens_in += e.tokens_in;
        self.tokens_out += e.tokens_out;
    }

    /// Tokens the model did not get.
    pub fn saved(&self) -> u64 {
        self.tokens_in.saturating_sub(self.tokens_out)
    }
}

/// One group: its key values (in the order asked) and its sums.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Group {
    /// The values of the keys, by key name.
    #[serde(flatten)]
    pub keys: BTreeMap<&'static str, String>,
    /// The sums.
    #[serde(flatten)]
    pub sums: Sums,
}

/// The sums of `entries` per distinct value of `by`, in key order (days newest first), and
/// the sums of all.
pub fn summarize(entries: &[Entry], by: &[Key]) -> (Vec<Group>, Sums) {
    let mut groups: BTreeMap<Vec<(Key, String)>, Sums> = BTreeMap::new();
    let mut total = Sums::default();
    for e in entries {
        let key = by.iter().map(|k| (*k, value(e, *k))).collect();
        groups.entry(key).or_default().add(e);
        total.add(e);
    }
    let mut out: Vec<(Vec<(Key, String)>, Sums)> = groups.into_iter().collect();
    // Newest day first; within it, as the keys sort.
    if let Some(d) = by.iter().position(|k| *k == Key::Day) {
        out.sort_by(|a, b| b.0[d].1.cmp(&a.0[d].1).then_with(|| a.0.cmp(&b.0)));
    }
    let groups = out
        .into_iter()
        .map(|(k, sums)| Group { keys: k.into_iter().map(|(k, v)| (name(k), v)).collect(), sums })
        .collect();
    (groups, total)
}

/// The key's name, as JSON and the table's header give it.
pub fn name(k: Key) -> &'static str {
    match k {
        Key::Day => "day",
        Key::Project => "project",
        Key::Agent => "agent",
        Key::Tool => "tool",
    }
}

fn value(e: &Entry, k: Key) -> String {
    match k {
        Key::Day => day(e.time),
        Key::Project => e.project.clone(),
        Key::Agent => e.agent.clone(),
        Key::Tool => e.tool.clone(),
    }
}

/// The UTC date of `time` (seconds since the epoch), as YYYY-MM-DD.
pub fn day(time: u64) -> String {
    // Howard Hinnant's civil_from_days.
    let z = (time / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The table `ctx stats` prints: a row per group, then the total; `home` is shown as `~` in
/// projects.
pub fn table(by: &[Key], groups: &[Group], total: &Sums, home: Option<&Path>) -> String {
    let mut head: Vec<String> = by.iter().map(|k| name(*k).to_string()).collect();
    let numbers =
        ["calls", "cut", "cleaned", "passed", "wrapped", "rereads", "failed", "tokens in", "tokens out", "saved"];
    head.extend(numbers.iter().map(|s| s.to_string()));
    let row = |keys: Vec<String>, s: &Sums| {
        let mut r = keys;
        let counts = [s.calls, s.cut, s.cleaned, s.passed, s.wrapped, s.rereads, s.failed, s.tokens_in, s.tokens_out];
        r.extend(counts.map(group_digits));
        r.push(saved(s));
        r
    };
    let mut rows = vec![head];
    for g in groups {
        let keys = by.iter().map(|k| shown(*k, &g.keys[name(*k)], home)).collect();
        rows.push(row(keys, &g.sums));
    }
    let mut last = vec![String::new(); by.len()];
    if let Some(first) = last.first_mut() {
        *first = "total".into();
    }
    rows.push(row(last, total));
    let widths: Vec<usize> =
        (0..rows[0].len()).map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0)).collect();
    let mut out = String::new();
    for r in &rows {
        let cells: Vec<String> = r
            .iter()
            .enumerate()
            .map(
                |(c, v)| {
                    if c < by.len() { format!("{v:<w$}", w = widths[c]) } else { format!("{v:>w$}", w = widths[c]) }
                },
            )
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}

/// A key's value for people: a project under `home` as `~/...`.
fn shown(k: Key, v: &str, home: Option<&Path>) -> String {
    match (k, home.and_then(|h| Path::new(v).strip_prefix(h).ok())) {
        (Key::Project, Some(rest)) if rest.as_os_str().is_empty() => "~".into(),
        (Key::Project, Some(rest)) => format!("~/{}", rest.display()),
        _ => v.to_string(),
    }
}

/// Tokens saved, and their share of the tokens in.
fn saved(s: &Sums) -> String {
    match s.tokens_in {
        0 => "0".into(),
        t => format!("{} ({:.1}%)", group_digits(s.saved()), s.saved() as f64 * 100.0 / t as f64),
    }
}

/// The log's path in `store`.
pub fn log_path(store: &Path) -> PathBuf {
    store.join(LOG)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(time: u64, agent: &str, outcome: HookAction, tokens: (u64, u64)) -> Entry {
        Entry {
            time,
            agent: agent.into(),
            tool: "Bash".into(),
            project: "/p".into(),
            outcome,
            bytes_in: tokens.0 * 4,
            bytes_out: tokens.1 * 4,
            tokens_in: tokens.0,
            tokens_out: tokens.1,
            baseline: "full".into(),
            reread: false,
            estimated: false,
            against_previous: false,
        }
    }

    #[test]
    fn days_are_utc_dates() {
        assert_eq!(day(0), "1970-01-01");
        assert_eq!(day(951_782_400), "2000-02-29");
        assert_eq!(day(1_764_028_799), "2025-11-24");
        assert_eq!(day(1_764_028_800), "2025-11-25");
    }

    #[test]
    fn sums_group_by_the_keys_asked_newest_day_first() {
        let d = 86_400;
        let entries = [
            entry(d, "claude", HookAction::Cut, (1000, 100)),
            entry(d + 5, "gemini", HookAction::Passed, (10, 10)),
            entry(2 * d, "claude", HookAction::Cut, (2000, 200)),
        ];
        let (groups, total) = summarize(&entries, &[Key::Day, Key::Agent]);
        let keys: Vec<_> = groups.iter().map(|g| (g.keys["day"].as_str(), g.keys["agent"].as_str())).collect();
        assert_eq!(keys, [("1970-01-03", "claude"), ("1970-01-02", "claude"), ("1970-01-02", "gemini")]);
        assert_eq!((total.calls, total.cut, total.passed, total.saved()), (3, 2, 1, 2700));
    }

    #[test]
    fn the_log_rotates_when_full_and_is_private() -> Result<()> {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("ctx-stats-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let e = entry(1, "claude", HookAction::Cut, (1, 1));
        append(&dir, &e)?;
        assert_eq!(std::fs::metadata(dir.join(LOG))?.permissions().mode() & 0o777, 0o600);
        let full = std::fs::File::options().write(true).open(dir.join(LOG))?;
        full.set_len(MAX_LOG_BYTES)?;
        append(&dir, &e)?;
        assert_eq!(std::fs::metadata(dir.join(OLD_LOG))?.len(), MAX_LOG_BYTES);
        // The old generation: the first line, then the zeros that filled it.
        assert_eq!(read(&dir)?, (vec![e.clone(), e], 1));
        std::fs::remove_file(dir.join(OLD_LOG))?;
        append(&dir, &entry(100 * 86_400, "claude", HookAction::Cut, (1, 1)))?;
        assert_eq!(prune(&dir, 30 * 86_400, 101 * 86_400, false)?, (1, 1));
        assert_eq!(read(&dir)?.0.len(), 1);
        std::fs::remove_dir_all(&dir)?;
        Ok(())
    }
}
