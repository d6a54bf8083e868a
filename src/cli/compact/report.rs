//! What `ctx-compact` tells: each file's report (stats, check problems, dry run) on stdout in
//! input order, errors on stderr as they happen, and the summary table at the end.

use crate::compact::stats::Tally;
use crate::compact::{Action, Replaced};
use crate::text::group_digits;
use crate::transcript::Dialect;
use crate::transcript::check::Problem;
use anyhow::Result;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

const TOOL: &str = "ctx-compact";

/// How a file ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Status {
    /// Not processed yet.
    #[default]
    Pending,
    /// Written, with changes (or restored).
    Written,
    /// Nothing to change.
    Unchanged,
    /// The output is newer than the input.
    Skipped,
    /// Reported what would change.
    DryRun,
    /// Checked.
    Checked,
    /// Counted.
    Stats,
    /// Failed with this message.
    Failed(String),
    /// Stopped because whoever read standard output closed it: the run ends quietly with 0.
    PipeClosed,
    /// Not written: its summary waits for these batch requests (`--batch-out`).
    Batched(crate::summarize::Deferred),
}

/// What happened to one file.
#[derive(Clone, Debug, Default)]
pub struct FileReport {
    /// Its name.
    pub name: String,
    /// Its format.
    pub format: Option<Dialect>,
    /// How it ended.
    pub status: Status,
    /// Where it was written.
    pub output: Option<PathBuf>,
    /// Notes.
    pub warnings: Vec<String>,
    /// Its tool calls.
    pub calls: usize,
    /// Its tool results.
    pub results: usize,
    /// What was replaced.
    pub replaced: Vec<Replaced>,
    /// Tokens before and after, when counted.
    pub tokens: Option<(u64, u64)>,
    /// Tokens of subagent (sidechain) lines, counted apart, when there are any.
    pub sidechain: Option<u64>,
    /// Bytes before and after.
    pub bytes: (u64, u64),
    /// Problems found by `--check`.
    pub problems: Vec<Problem>,
    /// Token counts of `--stats`.
    pub stats: Option<Tally>,
    /// Records summarized by history compaction, when it ran.
    pub history: Option<usize>,
}

impl FileReport {
    /// A new outcome for the file `name`.
    pub fn new(name: String) -> FileReport {
        FileReport { name, ..FileReport::default() }
    }

    /// Keeps what the pipeline reports.
    pub fn record(&mut self, report: &crate::compact::Report) {
        self.results = report.results;
        self.replaced.clone_from(&report.replaced);
        self.tokens = report.size.map(|(b, a)| (b.tokens, a.tokens));
        self.sidechain = report.size.map(|(b, _)| b.sidechain).filter(|n| *n > 0);
        self.bytes = report.bytes;
        self.history = report.summarized;
        self.warnings.extend(report.warnings.iter().cloned());
    }
}

/// Prints reports in input order as files finish, and the summary at the end.
pub struct Printer {
    outcomes: Vec<Option<FileReport>>,
    next: usize,
    json: bool,
    verbose: bool,
    quiet: bool,
    failed: bool,
}

impl Printer {
    /// A printer for `n` files.
    pub fn new(n: usize, json: bool, verbose: bool, quiet: bool) -> Printer {
        Printer { outcomes: vec![None; n], next: 0, json, verbose, quiet, failed: false }
    }

    /// Takes the outcome of file `i`; prints what is now in order.
    pub fn done(&mut self, i: usize, outcome: FileReport) {
        for w in outcome.warnings.iter().filter(|_| !self.quiet) {
            eprintln!("{TOOL}: {w}");
        }
        if let Status::Failed(e) = &outcome.status {
            eprintln!("{TOOL}: {e}");
            self.failed = true;
        }
        if !outcome.problems.is_empty() {
            self.failed = true;
        }
        self.outcomes[i] = Some(outcome);
        let many = self.outcomes.len() > 1;
        let mut out = io::stdout().lock();
        while let Some(Some(o)) = self.outcomes.get(self.next) {
            let text = if self.json { json(o) } else { text(o, many, self.verbose) };
            // A closed stdout (a pager quit) ends the reports quietly; the work goes on.
            let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
            self.next += 1;
        }
    }

    /// The lowest batch round a file waits for, if any waits.
    pub fn batch_round(&self) -> Option<u32> {
        self.outcomes
            .iter()
            .flatten()
            .filter_map(|o| match o.status {
                Status::Batched(d) => Some(d.round),
                _ => None,
            })
            .min()
    }

    /// Prints the summary table on stderr (when `table`) and gives the exit status.
    pub fn finish(self, table: bool, tokens: bool) -> Result<ExitCode> {
        let outcomes: Vec<FileReport> = self.outcomes.into_iter().flatten().collect();
        if outcomes.iter().any(|o| o.status == Status::PipeClosed) {
            // A reader that stopped reading (`| head`) is not a failure.
            return Ok(ExitCode::SUCCESS);
        }
        if table {
            eprint!("{}", summary(&outcomes, tokens));
        }
        Ok(super::super::status(self.failed))
    }
}

/// The text report of one file: problems, stats or the dry run.
fn text(o: &FileReport, many: bool, verbose: bool) -> String {
    let mut s = String::new();
    match o.status {
        Status::Checked if o.problems.is_empty() && verbose => {
            let _ = writeln!(s, "{}: ok, {} tool calls, {} tool results", o.name, o.calls, o.results);
        }
        Status::Checked => {
            for p in &o.problems {
                let _ = writeln!(s, "{}:{}: {}", o.name, p.line, p.message);
            }
        }
        Status::Stats => {
            if many {
                let _ = writeln!(s, "==> {} <==", o.name);
            }
            match &o.stats {
                Some(t) => s.push_str(&stats_text(t, o.format)),
                None => s.push_str("empty transcript\n"),
            }
            if many {
                s.push('\n');
            }
        }
        Status::DryRun => s.push_str(&dry_run_text(o)),
        _ => {}
    }
    s
}

fn stats_text(t: &Tally, format: Option<Dialect>) -> String {
    let mut s = String::new();
    let fmt = format.map_or("", Dialect::name);
    let _ = writeln!(s, "format: {fmt}");
    let _ = writeln!(s, "\n{:<12} {:>12}", "role", "tokens");
    for (role, n) in &t.roles {
        let _ = writeln!(s, "{role:<12} {:>12}", group_digits(*n));
    }
    let _ = writeln!(s, "{:<12} {:>12}", "total", group_digits(t.total));
    if t.sidechain > 0 {
        let _ =
            writeln!(s, "{:<12} {:>12}  (sidechain lines, not in the total)", "subagents", group_digits(t.sidechain));
    }
    if !t.tools.is_empty() {
        let _ = writeln!(
            s,
            "\n{:<20} {:>6} {:>12} {:>8} {:>14}",
            "tool", "calls", "call tokens", "results", "result tokens"
        );
        let mut tools: Vec<_> = t.tools.iter().collect();
        tools.sort_by(|a, b| b.1.result_tokens.cmp(&a.1.result_tokens).then(a.0.cmp(b.0)));
        for (name, tool) in tools {
            let name = if name.is_empty() { "(no call)" } else { name };
            let _ = writeln!(
                s,
                "{name:<20} {:>6} {:>12} {:>8} {:>14}",
                tool.calls,
                group_digits(tool.call_tokens),
                tool.results,
                group_digits(tool.result_tokens)
            );
        }
    }
    if !t.largest.is_empty() {
        let _ = writeln!(s, "\nlargest tool results\n{:>8} {:<20} {:>10} {:>10}", "line", "tool", "tokens", "chars");
        for l in &t.largest {
            let _ = writeln!(
                s,
                "{:>8} {:<20} {:>10} {:>10}",
                l.line,
                l.tool,
                group_digits(l.tokens),
                group_digits(l.chars)
            );
        }
    }
    if let Some(r) = &t.recorded {
        let _ = writeln!(
            s,
            "\nrecorded by the agent: {} tokens of context at the last request, {} output tokens in all",
            group_digits(r.last_context),
            group_digits(r.output)
        );
    }
    s
}

fn dry_run_text(o: &FileReport) -> String {
    let mut s = String::new();
    let (pruned, previewed) = counts(&o.replaced);
    let chars: (u64, u64) = o.replaced.iter().fold((0, 0), |(a, b), r| (a + r.chars, b + r.chars_after));
    let _ = write!(
        s,
        "{}: would replace {} of {} tool results ({pruned} pruned, {previewed} previewed): {} -> {} chars",
        o.name,
        o.replaced.len(),
        o.results,
        group_digits(chars.0),
        group_digits(chars.1)
    );
    if let Some((b, a)) = o.tokens {
        let _ = write!(s, "; transcript {} -> {} tokens", group_digits(b), group_digits(a));
    }
    if let Some(n) = o.sidechain {
        let _ = write!(s, " (subagent lines apart: {})", group_digits(n));
    }
    if let Some(n) = o.history {
        let _ = write!(s, "; history: {n} earlier records would be summarized");
    }
    s.push('\n');
    for r in &o.replaced {
        let action = if r.action == Action::Prune { "prune" } else { "preview" };
        let id = r.id.as_deref().unwrap_or("-");
        let _ = writeln!(s, "  line {:>6}  {action:<7}  {id}  {}  {} chars", r.line, r.tool, group_digits(r.chars));
    }
    s
}

fn counts(replaced: &[Replaced]) -> (usize, usize) {
    let pruned = replaced.iter().filter(|r| r.action == Action::Prune).count();
    (pruned, replaced.len() - pruned)
}

/// The JSON line of one file.
fn json(o: &FileReport) -> String {
    let status = match &o.status {
        Status::Failed(_) => "error",
        Status::PipeClosed => "pipe closed",
        Status::Written => "written",
        Status::Unchanged => "unchanged",
        Status::Skipped => "skipped",
        Status::DryRun => "dry-run",
        Status::Checked if o.problems.is_empty() => "ok",
        Status::Checked => "problems",
        Status::Stats => "stats",
        Status::Pending => "pending",
        Status::Batched(_) => "batch",
    };
    let mut obj = serde_json::Map::new();
    obj.insert("file".into(), o.name.clone().into());
    obj.insert("format".into(), o.format.map(Dialect::name).into());
    obj.insert("status".into(), status.into());
    if let Status::Failed(e) = &o.status {
        obj.insert("error".into(), e.clone().into());
    }
    if let Status::Batched(d) = &o.status {
        obj.insert("batch".into(), serde_json::to_value(d).unwrap_or_default());
    }
    if let Some(out) = &o.output {
        obj.insert("output".into(), out.display().to_string().into());
    }
    match &o.status {
        Status::Checked => {
            let problems: Vec<_> =
                o.problems.iter().map(|p| serde_json::json!({"line": p.line, "problem": p.message})).collect();
            obj.insert("problems".into(), problems.into());
        }
        Status::Stats => {
            obj.insert("stats".into(), serde_json::to_value(&o.stats).unwrap_or_default());
        }
        Status::Written | Status::Unchanged | Status::DryRun => {
            let (pruned, previewed) = counts(&o.replaced);
            obj.insert("results".into(), o.results.into());
            obj.insert("pruned".into(), pruned.into());
            obj.insert("previewed".into(), previewed.into());
            obj.insert("bytes_before".into(), o.bytes.0.into());
            obj.insert("bytes_after".into(), o.bytes.1.into());
            if let Some((b, a)) = o.tokens {
                obj.insert("tokens_before".into(), b.into());
                obj.insert("tokens_after".into(), a.into());
            }
            if let Some(n) = o.sidechain {
                obj.insert("sidechain_tokens".into(), n.into());
            }
            obj.insert("replaced".into(), serde_json::to_value(&o.replaced).unwrap_or_default());
            if let Some(n) = o.history {
                obj.insert("history_summarized".into(), n.into());
            }
        }
        _ => {}
    }
    format!("{}\n", serde_json::Value::Object(obj))
}

/// The table of `--check` and `--stats`: a row per file (up to [`LISTED`]) with what was found,
/// and the totals.
fn findings(outcomes: &[FileReport]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{:<40}  status", "file");
    let mut by_status: BTreeMap<&str, usize> = BTreeMap::new();
    for o in outcomes {
        let (status, total) = match (&o.status, o.problems.len()) {
            (Status::Failed(_), _) => ("error".to_string(), "error"),
            (Status::Stats, _) => ("counted".to_string(), "counted"),
            (_, 0) => ("ok".to_string(), "ok"),
            (_, 1) => ("1 problem".to_string(), "with problems"),
            (_, n) => (format!("{n} problems"), "with problems"),
        };
        if outcomes.len() <= LISTED || total != "ok" {
            let _ = writeln!(s, "{:<40}  {status}", o.name);
        }
        *by_status.entry(total).or_default() += 1;
    }
    let statuses: Vec<String> = by_status.iter().map(|(k, n)| format!("{n} {k}")).collect();
    let _ = writeln!(s, "{:<40}  {}", format!("total: {} files", outcomes.len()), statuses.join(", "));
    s
}

/// Files listed one by one in the summary up to this many; beyond, only the totals and errors.
const LISTED: usize = 50;

/// The summary table: a row per file (up to [`LISTED`]) and the totals.
fn summary(outcomes: &[FileReport], tokens: bool) -> String {
    // `--check` and `--stats` change nothing: their table says what they found, no sizes.
    if outcomes.iter().all(|o| matches!(o.status, Status::Checked | Status::Stats | Status::Failed(_))) {
        return findings(outcomes);
    }
    let mut s = String::new();
    // Tokens only when every file counted is counted in tokens (`--check` and `--restore`
    // count none): a column never mixes the two units.
    let counted = |o: &&FileReport| !matches!(o.status, Status::Failed(_) | Status::Skipped | Status::Batched(_));
    let tokens = tokens && outcomes.iter().filter(counted).all(|o| o.tokens.is_some());
    let unit = if tokens { "tokens" } else { "bytes" };
    let _ = writeln!(
        s,
        "{:<40} {:>8} {:>14} {:>14} {:>6}  status",
        "file",
        "replaced",
        format!("{unit} before"),
        format!("{unit} after"),
        "ratio"
    );
    let size = |o: &FileReport| if tokens { o.tokens.unwrap_or(o.bytes) } else { o.bytes };
    let mut by_status: BTreeMap<&str, usize> = BTreeMap::new();
    let (mut before, mut after, mut replaced) = (0u64, 0u64, 0usize);
    for o in outcomes {
        let status = match &o.status {
            Status::Written => "written",
            Status::Unchanged => "unchanged",
            Status::Skipped => "up to date",
            Status::Failed(_) => "error",
            Status::DryRun => "dry run",
            Status::Batched(_) => "waits for a batch",
            _ => "done",
        };
        *by_status.entry(status).or_default() += 1;
        let (b, a) = size(o);
        if !matches!(o.status, Status::Failed(_) | Status::Skipped | Status::Batched(_)) {
            before += b;
            after += a;
            replaced += o.replaced.len();
        }
        if outcomes.len() <= LISTED || matches!(o.status, Status::Failed(_)) {
            let ratio = if b > 0 && !matches!(o.status, Status::Failed(_) | Status::Skipped | Status::Batched(_)) {
                format!("{:.2}", a as f64 / b as f64)
            } else {
                "-".into()
            };
            let (b, a) = if matches!(o.status, Status::Failed(_) | Status::Skipped | Status::Batched(_)) {
                ("-".into(), "-".into())
            } else {
                (group_digits(b), group_digits(a))
            };
            let _ = writeln!(s, "{:<40} {:>8} {b:>14} {a:>14} {ratio:>6}  {status}", o.name, o.replaced.len());
        }
    }
    let ratio = if before > 0 { format!("{:.2}", after as f64 / before as f64) } else { "-".into() };
    let statuses: Vec<String> = by_status.iter().map(|(k, n)| format!("{n} {k}")).collect();
    let label = format!("total: {} files", outcomes.len());
    let _ = writeln!(
        s,
        "{label:<40} {replaced:>8} {:>14} {:>14} {ratio:>6}  {}",
        group_digits(before),
        group_digits(after),
        statuses.join(", ")
    );
    s
}
