//! Finding transcripts, processing each one (in parallel with `-j`), and writing outputs
//! atomically. One bad file never stops the batch: it is reported and the exit status is 1.

use super::Args;
use super::report::{self, FileReport, Status};
use crate::compact::{self, restore, stats};
use crate::store::{self, Store};
use crate::transcript::{Transcript, check};
use anyhow::{Context, Result, bail};
use std::fs;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The directory name of a store kept beside its output.
pub const STORE_NAME: &str = ".ctx-store";

/// One transcript to process.
#[derive(Clone, Debug)]
pub struct Job {
    /// Its file, or `None` for standard input.
    pub path: Option<PathBuf>,
    /// The directory argument it was found in.
    pub root: Option<PathBuf>,
}

impl Job {
    /// The name for messages.
    pub fn name(&self) -> String {
        self.path.as_ref().map_or_else(|| "standard input".to_string(), |p| p.display().to_string())
    }
}

/// The transcripts named by the arguments; directories are searched recursively.
pub fn inputs(args: &Args) -> Result<Vec<Job>> {
    if args.paths.is_empty() {
        return Ok(vec![Job { path: None, root: None }]);
    }
    let globs: Vec<String> =
        if args.glob.is_empty() { vec!["*.jsonl".into(), "*.json".into()] } else { args.glob.clone() };
    let mut out = Vec::new();
    for p in &args.paths {
        if p.as_os_str() == "-" {
            out.push(Job { path: None, root: None });
        } else if p.is_dir() {
            let before = out.len();
            let skip = args.out_dir.as_deref().and_then(|d| fs::canonicalize(d).ok());
            find(p, &globs, skip.as_deref(), &mut |f| out.push(Job { path: Some(f), root: Some(p.clone()) }))?;
            if out.len() == before && args.paths.len() == 1 {
                bail!("no transcript in '{}' matches {}", p.display(), globs.join(" or "));
            }
        } else {
            out.push(Job { path: Some(p.clone()), root: None });
        }
    }
    Ok(out)
}

/// Calls `f` with every file under `dir` whose name matches a glob, in sorted order; store
/// directories and `skip` (the output directory) are skipped, and symbolic links to directories
/// are not followed.
fn find(dir: &Path, globs: &[String], skip: Option<&Path>, f: &mut dyn FnMut(PathBuf)) -> Result<()> {
    let mut entries: Vec<fs::DirEntry> = fs::read_dir(dir)
        .with_context(|| format!("cannot read directory '{}'", dir.display()))?
        .collect::<io::Result<_>>()
        .with_context(|| format!("cannot read directory '{}'", dir.display()))?;
    entries.sort_by_key(fs::DirEntry::file_name);
    for e in entries {
        let name = e.file_name();
        let kind = e.file_type()?;
        if kind.is_dir() {
            let path = e.path();
            if name != STORE_NAME && (skip.is_none() || fs::canonicalize(&path).ok().as_deref() != skip) {
                find(&path, globs, skip, f)?;
            }
        } else if globs.iter().any(|g| glob_match(g.as_bytes(), name.as_encoded_bytes()))
            && (kind.is_file() || e.path().is_file())
        {
            f(e.path());
        }
    }
    Ok(())
}

/// Whether `name` matches `pattern`, where `*` matches any run and `?` any one byte.
pub fn glob_match(pattern: &[u8], name: &[u8]) -> bool {
    let (mut p, mut n, mut star, mut mark) = (0, 0, None, 0);
    while n < name.len() {
        if p < pattern.len() && (pattern[p] == b'?' || pattern[p] == name[n]) {
            p += 1;
            n += 1;
        } else if p < pattern.len() && pattern[p] == b'*' {
            star = Some(p);
            mark = n;
            p += 1;
        } else if let Some(s) = star {
            p = s + 1;
            mark += 1;
            n = mark;
        } else {
            return false;
        }
    }
    pattern[p..].iter().all(|c| *c == b'*')
}

/// Where a transcript goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dest {
    /// Standard output.
    Stdout,
    /// A file (`-o` or `--out-dir`).
    File(PathBuf),
    /// The input file itself.
    InPlace(PathBuf),
    /// Nowhere (reports).
    None,
}

impl Dest {
    fn file(&self) -> Option<&Path> {
        match self {
            Dest::File(p) | Dest::InPlace(p) => Some(p),
            Dest::Stdout | Dest::None => None,
        }
    }
}

fn dest(args: &Args, job: &Job) -> Dest {
    match (to(args, job), &job.path) {
        (Dest::File(out), Some(input)) if same_file(&out, input) => Dest::InPlace(input.clone()),
        (d, _) => d,
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    matches!((fs::canonicalize(a), fs::canonicalize(b)), (Ok(x), Ok(y)) if x == y)
}

fn to(args: &Args, job: &Job) -> Dest {
    if args.stats || args.check || args.dry_run {
        return Dest::None;
    }
    match (&job.path, &args.output, &args.out_dir) {
        (Some(p), _, _) if args.in_place => Dest::InPlace(p.clone()),
        (_, Some(o), _) if o.as_os_str() == "-" => Dest::Stdout,
        (_, Some(o), _) => Dest::File(o.clone()),
        (path, None, Some(dir)) => {
            let rel = match (path, &job.root) {
                (Some(p), Some(root)) => p.strip_prefix(root).map(Path::to_path_buf).unwrap_or_else(|_| p.clone()),
                (Some(p), None) => p.file_name().map_or_else(|| p.clone(), PathBuf::from),
                (None, _) => PathBuf::from("stdin.jsonl"),
            };
            Dest::File(dir.join(rel))
        }
        _ => Dest::Stdout,
    }
}

/// The store for a transcript going to `dest`.
fn store_dir(args: &Args, dest: &Dest) -> PathBuf {
    if let Some(s) = &args.store {
        return s.clone();
    }
    match dest.file().and_then(Path::parent) {
        Some(parent) => {
            let parent = if parent.as_os_str().is_empty() { Path::new(".") } else { parent };
            parent.join(STORE_NAME)
        }
        None => store::default_dir(),
    }
}

/// History compaction's options and LLM client, when a target is given.
pub type History = (compact::history::Options, Option<crate::llm::Client>);

/// What every job shares.
pub struct Ctx<'a> {
    pub args: &'a Args,
    /// The pipeline's options (sizes are counted when a report shows them).
    pub run: compact::RunOptions<'a>,
    /// What made the outputs of this run (the version and every option that shapes an
    /// output), and what made each output already in `--out-dir` (its stamp file).
    pub stamp: Stamp,
}

/// `--out-dir`'s record of what made each output, so that resuming a batch skips only the
/// outputs this version made with these options (`.ctx-compact-stamps`, one `KEY PATH` a line).
pub struct Stamp {
    key: String,
    file: Option<PathBuf>,
    made: std::collections::HashMap<PathBuf, String>,
    written: Mutex<Vec<(PathBuf, String)>>,
}

impl Stamp {
    fn new(args: &Args, opts: &compact::Options, history: Option<&History>) -> Stamp {
        let made_by = format!(
            "{} restore={} {opts:?} {:?}",
            env!("CARGO_PKG_VERSION"),
            args.restore,
            history.map(|(o, c)| (o, c.as_ref().map(|c| (&c.config().base_url, &c.config().model))))
        );
        let key = crate::store::key_of(made_by.as_bytes());
        let file = args.out_dir.as_ref().map(|d| d.join(".ctx-compact-stamps"));
        let made = file
            .as_ref()
            .and_then(|f| fs::read_to_string(f).ok())
            .map(|text| {
                text.lines().filter_map(|l| l.split_once(' ').map(|(k, p)| (PathBuf::from(p), k.to_string()))).collect()
            })
            .unwrap_or_default();
        Stamp { key, file, made, written: Mutex::new(Vec::new()) }
    }

    /// The stamp of an output made from `input` by this version with these options: the input
    /// is named by its content, so that an input edited since (whatever its time says) is not
    /// taken for the one its output was made from.
    fn of(&self, input: &[u8]) -> String {
        crate::store::key_of(format!("{} {}", self.key, crate::store::key_of(input)).as_bytes())
    }

    /// Whether `out` is there, made from this input by this version with these options.
    fn matches(&self, out: &Path, stamp: &str) -> bool {
        self.made.get(out).is_some_and(|k| k == stamp) && out.is_file()
    }

    fn written(&self, out: &Path, stamp: String) {
        self.written.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push((out.to_path_buf(), stamp));
    }

    /// Writes the stamps of this run's outputs over those of earlier runs.
    fn save(self) -> Result<()> {
        let Some(file) = self.file else { return Ok(()) };
        let written = self.written.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        if written.is_empty() {
            return Ok(());
        }
        let mut made = self.made;
        made.extend(written);
        let mut lines: Vec<String> = made.iter().map(|(p, k)| format!("{k} {}", p.display())).collect();
        lines.sort();
        crate::store::write_atomic(&file, &mut |w| Ok(w.write_all((lines.join("\n") + "\n").as_bytes())?))
    }
}

/// Processes every job, `-j` at a time, prints the reports in order and the summary.
/// Two inputs that would land on the same output: an error before anything is written.
fn collisions(args: &Args, jobs: &[Job]) -> Result<()> {
    let mut seen: std::collections::HashMap<PathBuf, String> = std::collections::HashMap::new();
    for job in jobs {
        if let Dest::File(out) = to(args, job)
            && let Some(first) = seen.insert(out.clone(), job.name())
        {
            return Err(crate::cli::usage(format!(
                "'{first}' and '{}' would both be written to '{}': give them separate --out-dir runs",
                job.name(),
                out.display()
            )));
        }
    }
    Ok(())
}

pub fn run(args: &Args, opts: &compact::Options, history: Option<&History>, jobs: Vec<Job>) -> Result<ExitCode> {
    collisions(args, &jobs)?;
    let writes_files = args.in_place || args.out_dir.is_some() || args.output.is_some();
    let table = !args.output_args.quiet && (writes_files || args.output_args.verbose) && !args.output_args.json;
    let stamp = Stamp::new(args, opts, history);
    let run = compact::RunOptions {
        prune: opts.clone(),
        history: history.map(|(h, _)| h.clone()),
        llm: history.and_then(|(_, c)| c.as_ref()),
        strict: args.strict,
        count: args.dry_run || args.output_args.json || table,
    };
    let ctx = Ctx { args, run, stamp };
    let skipped = AtomicUsize::new(0);
    let workers = args
        .jobs
        .map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .min(jobs.len())
        .max(1);
    let bar = progress(args, &jobs);
    let printer = Mutex::new(report::Printer::new(
        jobs.len(),
        args.output_args.json,
        args.output_args.verbose,
        args.output_args.quiet,
    ));
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let work = || {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(job) = jobs.get(i) else { break };
            let outcome = process(job, &ctx);
            if outcome.status == Status::Skipped {
                skipped.fetch_add(1, Ordering::Relaxed);
            }
            bar.inc(job.path.as_ref().and_then(|p| fs::metadata(p).ok()).map_or(0, |m| m.len()));
            bar.set_message(format!("{}/{} files", finished.fetch_add(1, Ordering::Relaxed) + 1, jobs.len()));
            let mut p = printer.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            bar.suspend(|| p.done(i, outcome));
        }
    };
    if workers == 1 {
        work();
    } else {
        std::thread::scope(|s| {
            for _ in 0..workers {
                s.spawn(work);
            }
        });
    }
    bar.finish_and_clear();
    let count = ctx.run.count;
    ctx.stamp.save()?;
    let skipped = skipped.into_inner();
    if skipped > 0 {
        // Said even with -q: a skipped output is work not done.
        eprintln!(
            "{}: skipped {skipped} outputs already made from their inputs by this version with these options (--force redoes them)",
            super::TOOL
        );
    }
    let printer = printer.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    let round = printer.batch_round();
    let code = printer.finish(table, count)?;
    // The requests of every file waiting, in one batch: one round trip a round for the lot.
    match args.batch.emit(super::TOOL, ctx.run.llm, round.unwrap_or(1))? {
        Some(batch) if code == ExitCode::SUCCESS => Ok(batch),
        _ => Ok(code),
    }
}

fn progress(args: &Args, jobs: &[Job]) -> indicatif::ProgressBar {
    if jobs.len() < 2 || args.output_args.quiet || !io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let total: u64 =
        jobs.iter().filter_map(|j| j.path.as_ref()).filter_map(|p| fs::metadata(p).ok()).map(|m| m.len()).sum();
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {bytes}/{total_bytes} {bytes_per_sec}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

/// Processes one transcript; its error becomes its outcome.
fn process(job: &Job, ctx: &Ctx<'_>) -> FileReport {
    let mut outcome = FileReport::new(job.name());
    if let Err(e) = try_process(job, ctx, &mut outcome) {
        outcome.status = match e.downcast_ref::<compact::history::Waiting>() {
            Some(w) => Status::Batched(w.0),
            None if super::super::is_broken_pipe(&e) => Status::PipeClosed,
            None => Status::Failed(super::super::error_line(&e)),
        };
    }
    outcome
}

fn try_process(job: &Job, ctx: &Ctx<'_>, outcome: &mut FileReport) -> Result<()> {
    let args = ctx.args;
    let dest = dest(args, job);
    outcome.output = dest.file().map(Path::to_path_buf);
    let bytes = read(job)?;
    // Resuming a batch skips outputs made from the same input (by content) by this version with
    // these options; -o FILE is always written.
    let stamp = ctx.stamp.of(&bytes);
    let resumable = matches!((&dest, &job.path, args.force, &args.output), (Dest::File(_), Some(_), false, None));
    if let (true, Dest::File(out)) = (resumable, &dest)
        && ctx.stamp.matches(out, &stamp)
    {
        outcome.status = Status::Skipped;
        return Ok(());
    }
    // What is written from the input is as private as it.
    let from = store::mode_of(job.path.as_deref());
    outcome.bytes = (bytes.len() as u64, bytes.len() as u64);
    let name = outcome.name.clone();
    if args.restore {
        return restore_one(args, job, (&dest, from), bytes, outcome);
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        // An empty session (just created) is a transcript with nothing to do.
        outcome.status = if args.check {
            Status::Checked
        } else if args.stats {
            Status::Stats
        } else {
            Status::Unchanged
        };
        return write_dest(&dest, from, &mut |out| Ok(out.write_all(&bytes)?));
    }
    let t = Transcript::parse(&name, bytes, args.format)?;
    outcome.format = Some(t.format);
    outcome.warnings.clone_from(&t.warnings);
    if args.check {
        use crate::transcript::Kind;
        outcome.calls = t.entries.iter().filter(|e| matches!(e.kind, Kind::Call { .. })).count();
        outcome.results = t.entries.iter().filter(|e| matches!(e.kind, Kind::Result { .. })).count();
        outcome.problems = check::problems(&t);
        outcome.status = Status::Checked;
        return Ok(());
    }
    if args.stats {
        outcome.stats = Some(stats::tally(&t, ctx.run.prune.encoding)?);
        outcome.status = Status::Stats;
        return Ok(());
    }
    compact_one(&t, ctx, (&dest, from), outcome)?;
    // Outputs written, changed or not, are stamped: a rerun skips them.
    if let (true, Dest::File(out), Status::Written | Status::Unchanged) = (resumable, &dest, &outcome.status) {
        ctx.stamp.written(out, stamp);
    }
    Ok(())
}

/// Compacts one transcript through [`compact::run`]; writes its output and reports.
fn compact_one(
    t: &Transcript,
    ctx: &Ctx<'_>,
    (dest, from): (&Dest, Option<u32>),
    outcome: &mut FileReport,
) -> Result<()> {
    let dir = store_dir(ctx.args, dest);
    let stash = if ctx.args.dry_run { compact::Stash::dry(&dir) } else { compact::Stash::new(&dir) };
    let mut state = ctx.args.state.as_deref().map(|p| compact::state::TranscriptState::load(p, t)).transpose()?;
    let c = compact::run(t, &ctx.run, &stash, state.as_mut())?;
    outcome.record(&c.report);
    if ctx.args.dry_run {
        outcome.status = Status::DryRun;
        return Ok(());
    }
    if let (Some(s), Some(path)) = (&state, &ctx.args.state) {
        s.save(path, from)?;
    }
    outcome.status = if c.changed() { Status::Written } else { Status::Unchanged };
    match dest {
        Dest::InPlace(_) if !c.changed() => Ok(()),
        _ => write_dest(dest, from, &mut |out| c.write(out)),
    }
}

fn restore_one(
    args: &Args,
    job: &Job,
    (dest, from): (&Dest, Option<u32>),
    bytes: Vec<u8>,
    outcome: &mut FileReport,
) -> Result<()> {
    let mut dirs: Vec<PathBuf> = Vec::new();
    match &args.store {
        Some(s) => dirs.push(s.clone()),
        None => {
            if let Some(parent) = job.path.as_deref().and_then(Path::parent) {
                let parent = if parent.as_os_str().is_empty() { Path::new(".") } else { parent };
                dirs.push(parent.join(STORE_NAME));
            }
            dirs.push(store::default_dir());
        }
    }
    for dir in dirs.iter().filter(|d| d.is_dir()) {
        let store = Store::open(dir)?;
        if let Some(original) = restore::restore(&store, &bytes)? {
            outcome.bytes.1 = original.len() as u64;
            outcome.status = Status::Written;
            return write_dest(dest, from, &mut |out| Ok(out.write_all(&original)?));
        }
    }
    // A file that bears no mark of ctx's compaction (an output ctx-compact left as it was, or a
    // session the agent compacted itself: Claude Code's `compact_boundary`, Codex's `compacted`
    // line) restores to itself. ctx's marks: the note of a placeholder or a preview, and the
    // pointer that ends its summary.
    let marks: [&[u8]; 2] = [b"full text at ", b"; search it for details this summary lacks."];
    if !marks.iter().any(|m| memchr::memmem::find(&bytes, m).is_some()) {
        outcome.status = Status::Unchanged;
        return write_dest(dest, from, &mut |out| Ok(out.write_all(&bytes)?));
    }
    let looked: Vec<String> = dirs.iter().map(|d| format!("'{}'", d.display())).collect();
    bail!(
        "nothing in {} was written by ctx-compact with the store {}; pass --store DIR",
        outcome.name,
        looked.join(" or ")
    )
}

/// The whole input, opened as every tool opens its inputs.
fn read(job: &Job) -> Result<Vec<u8>> {
    let input = job.path.clone().map_or(crate::cli::Input::Stdin, crate::cli::Input::Path);
    let len = job.path.as_ref().and_then(|p| fs::metadata(p).ok()).map_or(0, |m| m.len());
    let mut buf = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    input.open()?.read_to_end(&mut buf).with_context(|| format!("cannot read '{}'", input.name()))?;
    Ok(buf)
}

/// Writes through `f` to `dest`: stdout as is; a file atomically, through a temporary file in
/// the same directory that is synced and then renamed over it, as private as the input's mode
/// `from` (see [`store::write_from`]).
pub(super) fn write_dest(
    dest: &Dest,
    from: Option<u32>,
    f: &mut dyn FnMut(&mut dyn Write) -> Result<()>,
) -> Result<()> {
    let path = match dest {
        Dest::None => return Ok(()),
        Dest::Stdout => {
            let mut out = BufWriter::with_capacity(256 << 10, io::stdout().lock());
            f(&mut out)?;
            return Ok(out.flush()?);
        }
        Dest::File(p) | Dest::InPlace(p) => p,
    };
    store::write_from(path, from, f)
}

#[cfg(test)]
mod tests {
    use super::glob_match;

    #[test]
    fn globs_match_stars_and_marks() {
        let m = |p: &str, n: &str| glob_match(p.as_bytes(), n.as_bytes());
        assert!(m("*.jsonl", "a.jsonl") && m("*.jsonl", ".jsonl") && m("rollout-*.jsonl", "rollout-2025.jsonl"));
        assert!(!m("*.jsonl", "a.json") && !m("*.json", "a.jsonl") && !m("rollout-*", "x-rollout-1"));
        assert!(m("a?c", "abc") && !m("a?c", "ac") && m("*", "") && m("**x*", "yxz"));
    }
}
