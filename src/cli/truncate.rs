//! `ctx-truncate`: the arguments, and the glue from them to the truncate module.

use super::args::{BudgetArgs, EncodingArg, OutputArgs};
use super::{error_line, read_chunks, usage};
use crate::clean::Cleaner;
use crate::store::{self, Spool, Store};
use crate::text::{self, Cut, Size, Unit, Utf8Check};
use crate::tokens::StreamCounter;
use crate::truncate::{self, Doc, Marker, Options, Outcome, Retainer, Strategy};
use anyhow::{Context, Result};
use clap::Parser;
use std::borrow::Cow;
use std::ffi::OsString;
use std::io::{self, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

const TOOL: &str = "ctx-truncate";

const EXAMPLES: &str = "\
Examples:
  ctx-truncate build.log                          fit into 12,000 chars: auto keeps the head,
                                                  the tail and any failures between them
  ctx-truncate --max-tokens 4000 --strategy salient build.log
                                                  keep the errors from the middle too
  ctx-truncate --max-lines 256 --max-bytes 10240 out.txt
                                                  256 lines and 10 KiB, both must hold
  ctx-truncate --clean --persist .ctx/spill -- npm install
                                                  run a command, clean its terminal noise,
                                                  save the full output if it is cut
  ctx-truncate --preview 2000 big.json            first 2,000 chars, then where the rest is
  ctx-truncate --count=tokens README.md           count tokens (o200k), like wc

Memory: every strategy but layered streams: memory is bounded by the budget, not the input
(with only --max-lines, by the length of those lines); salient and auto also hold the best
middle lines seen so far: four times the budget, within 256 KiB and 16 MiB. layered samples
the middle evenly, so it holds the whole input in memory.";

/// Fit text into a budget: head, tail, head+tail, layered, or salient lines, with a marker in
/// every gap that says what was left out.
#[derive(Parser, Debug)]
#[command(name = "ctx-truncate", version, after_help = EXAMPLES)]
pub struct Args {
    /// Files to read, one after another; none or - reads standard input
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Run COMMAND without a shell and fit its output (stdout and stderr as they arrive);
    /// exit with its status
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<OsString>,

    /// With -- COMMAND: stop the command (its whole process group) after SECS seconds and still
    /// print what it wrote, marked as stopped; exit 124 as timeout(1) does
    #[arg(long, value_name = "SECS", value_parser = seconds)]
    pub timeout: Option<std::time::Duration>,

    #[command(flatten)]
    pub budget: BudgetArgs,

    #[command(flatten)]
    pub encoding: EncodingArg,

    /// What to keep [default: auto (salient for output with a failed test, an error or a
    /// traceback in it, else head-tail), or salient with --keep]
    #[arg(short, long, value_enum, value_name = "STRATEGY")]
    pub strategy: Option<Strategy>,

    /// The head's share of the budget, from 0 to 1
    #[arg(long, value_name = "R", default_value_t = 0.5, value_parser = super::ratio)]
    pub head_ratio: f64,

    /// Where cuts fall: on lines (a char cut only for a single over-long line) or on any char
    #[arg(long, value_enum, default_value_t = Cut::Lines, value_name = "CUT")]
    pub cut: Cut,

    /// A line matching REGEX matters: salient keeps it (repeatable; replaces the built-in
    /// error and failure patterns)
    #[arg(long, value_name = "REGEX")]
    pub keep: Vec<String>,

    /// An earlier run of the same job (the passing run before a failure, or the last run):
    /// salient ranks the lines whose template it also has one class lower, so that what is new
    /// in this run is kept first; a cut output ranked so ends with a line that says so
    #[arg(long, value_name = "FILE", conflicts_with = "preview")]
    pub baseline: Option<PathBuf>,

    /// The gap marker, with placeholders {lines} {chars} {bytes} {tokens} {start_line}
    /// {end_line} {path} {total_lines} {total_chars} {total_bytes}
    #[arg(long, value_name = "TEMPLATE", conflicts_with = "no_marker")]
    pub marker: Option<String>,

    /// Mark no gaps
    #[arg(long)]
    pub no_marker: bool,

    /// Print a tool definition (openai or anthropic shape) for an agent tool that re-reads saved
    /// output by path and line range with this command, and exit
    #[arg(long, value_enum, value_name = "PROVIDER")]
    pub tool_schema: Option<super::schema::Shape>,

    /// Read only lines A to B (1-based, inclusive; A: to the end, :B from the start), then fit
    /// them; markers number lines as in the whole input. Digits may be grouped in threes as
    /// markers print them (5,129-9,007 is 5129:9007); a range past the last line is an error
    #[arg(long, value_name = "A:B", value_parser = super::range::parse)]
    pub lines: Option<super::range::LineRange>,

    /// When anything is cut, save the full input in DIR under a content-addressed name and
    /// name the path in the marker
    #[arg(long, visible_alias = "store", value_name = "DIR", env = "CTX_PERSIST_DIR")]
    pub persist: Option<PathBuf>,

    /// Spill-to-disk preview: the first N chars (cut on a line), then a footer with the saved
    /// path and the total size, which N does not count (saves to --persist DIR, else
    /// ~/.cache/ctx/spill)
    #[arg(long, value_name = "N", conflicts_with_all = ["strategy", "marker", "no_marker"], value_parser = super::args::budget_value)]
    pub preview: Option<u64>,

    /// Remove terminal noise first: ANSI escapes, carriage-return redraws, repeated lines [on
    /// by default with -- COMMAND]
    #[arg(long, conflicts_with = "no_clean")]
    pub clean: bool,

    /// Keep terminal noise in a command's output (--clean is on by default with -- COMMAND)
    #[arg(long)]
    pub no_clean: bool,

    /// Read binary input (a NUL in its first 8 KiB) as text instead of standing it as
    /// [binary, N bytes, not shown]
    #[arg(long)]
    pub text: bool,

    /// Print the input's size in UNIT (tokens if not given) and nothing else
    #[arg(long, value_enum, value_name = "UNIT", num_args = 0..=1, require_equals = true,
          default_missing_value = "tokens", conflicts_with_all = ["persist", "preview", "marker", "no_marker", "strategy"])]
    pub count: Option<Unit>,

    /// What the input is: html becomes readable text first; json is cut so that it stays
    /// valid JSON; auto tells them apart (and reads the whole input) [default: text]
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub from: Option<crate::structure::Format>,

    /// The tool whose output this is: its profile in the config file applies
    #[arg(long, value_name = "NAME", help_heading = "Profiles")]
    pub tool: Option<String>,

    #[command(flatten)]
    pub profile: super::profile::ProfileArgs,

    #[command(flatten)]
    pub output: OutputArgs,
}

/// Runs `ctx-truncate` with the process's arguments.
pub fn main(argv: Vec<std::ffi::OsString>) -> ExitCode {
    super::profile::main(TOOL, argv, apply_profile, run)
}

/// Lays the tool's profile under the flags given; with `--print-config`, the text to print.
fn apply_profile(args: &mut Args, m: &clap::ArgMatches) -> Result<Option<String>> {
    use super::profile::given;
    let g = |id: &str| given(m, id);
    let flags = crate::config::Settings {
        max_chars: args.budget.max_chars.filter(|_| g("max_chars")),
        max_tokens: args.budget.max_tokens.filter(|_| g("max_tokens")),
        max_bytes: args.budget.max_bytes.filter(|_| g("max_bytes")),
        max_lines: args.budget.max_lines.filter(|_| g("max_lines")),
        encoding: g("encoding").then_some(args.encoding.encoding),
        strategy: args.strategy,
        head_ratio: g("head_ratio").then_some(args.head_ratio),
        keep: (!args.keep.is_empty()).then(|| args.keep.clone()),
        clean: g("clean").then_some(args.clean),
        marker: args.marker.clone(),
        no_marker: g("no_marker").then_some(args.no_marker),
        persist: args.persist.clone().filter(|_| g("persist")),
        preview: args.preview,
        from: args.from,
        ..crate::config::Settings::default()
    };
    let r = super::profile::resolve(&args.profile, args.tool.as_deref(), &flags, m, args.output.verbose, TOOL)?;
    if args.profile.print_config {
        return Ok(Some(super::profile::render(&r)));
    }
    let s = r.settings;
    let b = &mut args.budget;
    (b.max_chars, b.max_tokens, b.max_bytes, b.max_lines) = (
        s.max_chars.or(b.max_chars),
        s.max_tokens.or(b.max_tokens),
        s.max_bytes.or(b.max_bytes),
        s.max_lines.or(b.max_lines),
    );
    args.encoding.encoding = s.encoding.unwrap_or(args.encoding.encoding);
    args.strategy = s.strategy.or(args.strategy);
    args.head_ratio = s.head_ratio.unwrap_or(args.head_ratio);
    args.keep = s.keep.unwrap_or_default();
    args.clean = s.clean.unwrap_or(args.clean);
    args.no_marker = s.no_marker.unwrap_or(args.no_marker);
    args.marker = if args.no_marker { None } else { s.marker };
    args.persist = s.persist.or(args.persist.take());
    args.preview = s.preview;
    args.from = s.from;
    Ok(None)
}

/// The full text a range read names: a FILE is itself the full text; bytes in memory are
/// saved whole when something is cut.
#[derive(Clone)]
enum Whole {
    File(PathBuf),
    Bytes(std::sync::Arc<[u8]>),
}

/// Standard input is read once: it cannot be saved whole while only a range of it is kept.
const RANGE_OF_STDIN: &str =
    "--persist with --lines saves the whole input, which standard input cannot give: read a FILE";

/// What one run does to each input.
#[derive(Clone)]
struct Job {
    opts: Options,
    /// With `--lines` and `--persist`: the whole input, which the markers' line numbers refer
    /// to (the range alone would not match them).
    whole: Option<Whole>,
    store: Option<Store>,
    from: Option<crate::structure::Format>,
    clean: bool,
    count: Option<Unit>,
    json: bool,
    verbose: bool,
    timeout: Option<std::time::Duration>,
    text: bool,
}

impl Job {
    fn from_args(args: &Args) -> Result<Job> {
        if !args.command.is_empty() && !args.files.is_empty() {
            return Err(usage("give FILEs or -- COMMAND, not both"));
        }
        if args.command.is_empty() && args.timeout.is_some() {
            return Err(usage("--timeout stops a command: give it with -- COMMAND"));
        }
        if !args.command.is_empty() && args.lines.is_some() {
            return Err(usage("--lines reads a range of FILEs or stdin, not of a command's output"));
        }
        let strategy = match (args.strategy, args.keep.is_empty()) {
            (Some(s), false) if s != Strategy::Salient => {
                return Err(usage(
                    "--keep chooses lines for --strategy salient; it does nothing with another strategy",
                ));
            }
            (Some(s), _) => s,
            (None, false) => Strategy::Salient,
            (None, true) => Strategy::Auto,
        };
        let baseline = match &args.baseline {
            None => None,
            Some(_) if !strategy.collects() => {
                return Err(usage(
                    "--baseline ranks the lines salient keeps; it does nothing with another strategy than auto or salient",
                ));
            }
            Some(p) => {
                let file = std::fs::File::open(p).with_context(|| format!("cannot open baseline '{}'", p.display()))?;
                let b = crate::signals::Baseline::read(io::BufReader::new(file))
                    .with_context(|| format!("cannot read baseline '{}'", p.display()))?;
                Some(std::sync::Arc::new(b))
            }
        };
        let keep = match args.keep.as_slice() {
            [] => None,
            pats => {
                let joined = pats.iter().map(|p| format!("(?:{p})")).collect::<Vec<_>>().join("|");
                Some(
                    regex::bytes::Regex::new(&format!("(?m){joined}"))
                        .map_err(|e| usage(format!("--keep: {}", one_line(&e.to_string()))))?,
                )
            }
        };
        let marker = match (&args.marker, args.no_marker) {
            (_, true) => Marker::Off,
            (Some(t), _) => {
                truncate::check_template(t).map_err(usage)?;
                Marker::Template(t.clone())
            }
            (None, _) => Marker::Default,
        };
        let mut budget = args.budget.budget().unwrap_or(Options::default().budget);
        let mut opts = Options {
            budget,
            strategy,
            head_ratio: args.head_ratio,
            cut: args.cut,
            encoding: args.encoding.encoding,
            marker,
            keep,
            count_tokens: args.output.json,
            preview: false,
            first_line: args.lines.map_or(1, |r| r.first),
            baseline,
        };
        let mut persist = args.persist.clone();
        if let Some(n) = args.preview {
            budget = args.budget.budget().unwrap_or_default();
            budget.chars = Some(budget.chars.map_or(n, |c| c.min(n)));
            opts.budget = budget;
            opts.preview = true;
            opts.strategy = Strategy::Head;
            opts.marker = Marker::Preview;
            persist = persist.or_else(|| Some(store::default_dir()));
        }
        let store = persist.map(|d| Store::open(&d)).transpose()?;
        Ok(Job {
            opts,
            whole: None,
            store,
            from: args.from,
            // Tools force colours and progress redraws on a terminal-less run often enough that
            // a command's output is cleaned unless asked not to be.
            clean: args.clean || (!args.command.is_empty() && !args.no_clean),
            count: args.count,
            json: args.output.json,
            verbose: args.output.verbose,
            timeout: args.timeout,
            text: args.text,
        })
    }
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn run(args: Args) -> Result<ExitCode> {
    if let Some(provider) = args.tool_schema {
        writeln!(std::io::stdout(), "{}", serde_json::to_string_pretty(&super::schema::read_output(provider))?)?;
        return Ok(ExitCode::SUCCESS);
    }
    let job = Job::from_args(&args)?;
    let mut out = BufWriter::with_capacity(64 << 10, io::stdout().lock());
    if !args.command.is_empty() {
        let signals = super::watch::Signals::register()?;
        let code = run_command(&args.command, &job, std::process::Stdio::inherit(), signals, &mut out)?;
        out.flush()?;
        return Ok(code);
    }
    if args.lines.is_some() && job.store.is_some() && super::Input::all(&args.files).contains(&super::Input::Stdin) {
        return Err(usage(RANGE_OF_STDIN));
    }
    let mut counts = Vec::new();
    let failed = super::each_input(TOOL, &args.files, &mut out, |src, reader, out| {
        let reader: Box<dyn Read> = match args.lines {
            Some(range) => Box::new(super::range::RangeReader::new(reader, range)),
            None => reader,
        };
        let job = with_whole(&job, args.lines.is_some(), || match src.input {
            super::Input::Path(p) => {
                Ok(Whole::File(std::fs::canonicalize(p).with_context(|| format!("cannot open '{}'", p.display()))?))
            }
            super::Input::Stdin => Err(usage(RANGE_OF_STDIN)),
        })?;
        if let Some(size) = handle(reader, src, &job, out)? {
            counts.push((src.name.clone(), size));
        }
        Ok(())
    })?;
    if let Some(unit) = job.count.filter(|_| !job.json && counts.len() > 1) {
        let total: u64 = counts.iter().map(|(_, s)| s.get(unit)).sum();
        for (name, size) in &counts {
            writeln!(out, "{:>8} {name}", size.get(unit))?;
        }
        writeln!(out, "{total:>8} total")?;
    }
    out.flush()?;
    Ok(super::status(failed))
}

/// Runs `ctx-truncate ARGS` on `input` in this process and returns what it would print: the
/// agent hooks and the MCP server give the same profiles, budgets and markers as the command.
/// `--lines A:B` reads that range of `input`; with `-- COMMAND`, `input` is not read: the
/// command runs with an empty stdin and its fitted output comes back, a failure's status line
/// included.
pub fn filter(args: &[String], input: &[u8]) -> Result<Vec<u8>> {
    filter_from(args, input, || Ok(Whole::Bytes(input.into())))
}

/// [`filter`] on the file `path`, opened as `file`, read as a stream: memory stays bounded
/// whatever its size. With `--lines A:B`, the markers number lines as in the file and name the
/// file itself as the full text, so nothing new is saved (an agent's read of a range of a file).
pub fn filter_file(args: &[String], file: std::fs::File, path: &std::path::Path) -> Result<Vec<u8>> {
    filter_from(args, file, || Ok(Whole::File(path.to_path_buf())))
}

fn filter_from(args: &[String], input: impl Read, whole: impl FnOnce() -> Result<Whole>) -> Result<Vec<u8>> {
    let (mut args, m) = super::parse_from::<Args>(TOOL, args)?;
    apply_profile(&mut args, &m)?;
    // What an agent reads is always marked where it is cut: a config file's `no_marker` is for
    // the commands a person runs, not for hooks and the MCP server.
    args.no_marker = false;
    let job = Job::from_args(&args)?;
    let mut out = Vec::new();
    if !args.command.is_empty() {
        // The command reads nothing (this process's stdin is not its to read), and a signal
        // to this process is not caught: it is the caller's to handle.
        let quiet = super::watch::Signals::none();
        run_command(&args.command, &job, std::process::Stdio::null(), quiet, &mut out)?;
        return Ok(out);
    }
    let stdin = super::Input::Stdin;
    let first = std::cell::Cell::new(true);
    let src = super::Source::new(&stdin, "tool output".to_string(), false, &first);
    let job = with_whole(&job, args.lines.is_some(), whole)?;
    match args.lines {
        Some(range) => handle(super::range::RangeReader::new(input, range), &src, &job, &mut out)?,
        None => handle(input, &src, &job, &mut out)?,
    };
    Ok(out)
}

/// The job for one input: with `--lines` and a store, one that names the whole input.
fn with_whole<'a>(job: &'a Job, range: bool, whole: impl FnOnce() -> Result<Whole>) -> Result<Cow<'a, Job>> {
    if !range || job.store.is_none() {
        return Ok(Cow::Borrowed(job));
    }
    Ok(Cow::Owned(Job { whole: Some(whole()?), ..job.clone() }))
}

/// How much of an input is looked at to tell binary from text (as git and grep do: a NUL).
const SNIFF: usize = 8 << 10;

/// Processes one input; returns its size in count mode.
fn handle(reader: impl Read, src: &super::Source<'_>, job: &Job, out: &mut impl Write) -> Result<Option<Size>> {
    let (name, many) = (src.name.clone(), src.many);
    let mut reader = reader;
    let mut head = Vec::with_capacity(SNIFF);
    (&mut reader).take(SNIFF as u64).read_to_end(&mut head).with_context(|| format!("cannot read '{name}'"))?;
    let binary = !job.text && memchr::memchr(0, &head).is_some();
    let reader = io::Cursor::new(head).chain(reader);
    if binary {
        return binary_input(reader, src, job, out);
    }
    let reader: Box<dyn Read> = match job.from.filter(|f| *f != crate::structure::Format::Text) {
        None => Box::new(reader),
        Some(from) => {
            let mut all = Vec::new();
            read_chunks(reader, &name, |c| {
                all.extend_from_slice(c);
                Ok(())
            })?;
            match crate::structure::resolve(Some(from), &all) {
                crate::structure::Format::Json if job.count.is_none() => {
                    return write_json_cut(&all, src, job, out).map(|()| None);
                }
                crate::structure::Format::Html => {
                    let text = crate::structure::html::to_text(&all, &Default::default());
                    Box::new(io::Cursor::new(text.into_bytes()))
                }
                _ => Box::new(io::Cursor::new(all)),
            }
        }
    };
    if job.count.is_some() {
        let (size, valid) = count(reader, &name, job)?;
        if job.json {
            let mut v = serde_json::to_value(size)?;
            v["valid_utf8"] = valid.into();
            if many {
                v["name"] = name.into();
            }
            writeln!(out, "{v}")?;
        } else if !many {
            writeln!(out, "{}", size.get(job.count.unwrap_or(Unit::Tokens)))?;
        }
        return Ok(Some(size));
    }
    let (doc, spool, valid) = ingest(reader, &name, job)?;
    let outcome = fit(doc, spool, job, &job.opts)?;
    if !job.json {
        src.header(out)?;
    }
    write_outcome(&outcome, valid, many.then_some(&name), None, job, out)?;
    Ok(None)
}

/// Cuts a JSON document to the budget so that it stays valid JSON, and writes it (or, with
/// `--json`, the numbers).
fn write_json_cut(input: &[u8], src: &super::Source<'_>, job: &Job, out: &mut impl Write) -> Result<()> {
    let cut = crate::structure::json::cut(input, &job.opts.budget, job.opts.encoding)
        .with_context(|| format!("cannot cut '{}' as JSON", src.name))?;
    if job.json {
        let mut v = serde_json::json!({
            "text": cut.text, "truncated": cut.text.as_bytes() != input, "items_dropped": cut.items_dropped,
            "strings_cut": cut.strings_cut, "depth_cut": cut.depth_cut, "original_bytes": input.len(),
        });
        if src.many {
            v["name"] = src.name.clone().into();
        }
        writeln!(out, "{v}")?;
        return Ok(());
    }
    src.header(out)?;
    out.write_all(cut.text.as_bytes())?;
    Ok(())
}

/// Binary input (a NUL in its first 8 KiB) is not shown, nor counted in tokens: it is
/// counted in bytes as it streams by, and stands as `[binary, N bytes, not shown]`.
fn binary_input(reader: impl Read, src: &super::Source<'_>, job: &Job, out: &mut impl Write) -> Result<Option<Size>> {
    let mut bytes = 0u64;
    read_chunks(reader, &src.name, |c| {
        bytes += c.len() as u64;
        Ok(())
    })?;
    if job.count.is_some_and(|u| u != Unit::Bytes) {
        anyhow::bail!(
            "'{}' is binary ({} bytes): only --count=bytes counts it (--text reads it as text)",
            src.name,
            text::group_digits(bytes)
        );
    }
    if job.count.is_some() {
        let size = Size { bytes, ..Size::default() };
        if !src.many {
            writeln!(out, "{bytes}")?;
        }
        return Ok(Some(size));
    }
    if job.json {
        writeln!(out, "{}", serde_json::json!({"binary": true, "original": {"bytes": bytes}, "truncated": true}))?;
    } else {
        // The placeholder keeps the budget too: the short form, else a refusal.
        let n = text::group_digits(bytes);
        let lines = [format!("[binary, {n} bytes, not shown; --text shows it]\n"), format!("[binary, {n} bytes]\n")];
        let Some(line) = lines.iter().find(|l| job.opts.budget.fits(l.as_bytes(), job.opts.encoding)) else {
            anyhow::bail!(
                "'{}' is binary ({n} bytes) and the budget cannot hold even '[binary, {n} bytes]': raise the budget or read it with --text",
                src.name
            );
        };
        src.header(out)?;
        out.write_all(line.as_bytes())?;
    }
    Ok(None)
}

/// Reads an input into a document: whole, or as a window for the streaming strategies.
fn ingest(reader: impl Read, name: &str, job: &Job) -> Result<(Doc, Option<Spool>, bool)> {
    let opts = &job.opts;
    let tokens = (opts.count_tokens || opts.budget.tokens.is_some()).then_some(opts.encoding);
    let mut utf8 = Utf8Check::default();
    let mut cleaner = job.clean.then(Cleaner::default);
    let mut cleaned = Vec::new();
    let (doc, spool) = if opts.strategy.streams() {
        let mut retainer = Retainer::new(&opts.budget, tokens, job.store.clone());
        if opts.strategy.collects() {
            retainer = retainer.collecting(opts.keep.clone(), truncate::candidate_room(&opts.budget));
        }
        read_chunks(reader, name, |chunk| {
            utf8.push(chunk);
            feed(&mut cleaner, chunk, &mut cleaned, |c| retainer.push(c))
        })?;
        finish_clean(cleaner, &mut cleaned, |c| retainer.push(c))?;
        retainer.finish()
    } else {
        let mut all = Vec::new();
        read_chunks(reader, name, |chunk| {
            utf8.push(chunk);
            feed(&mut cleaner, chunk, &mut cleaned, |c| {
                all.extend_from_slice(c);
                Ok(())
            })
        })?;
        finish_clean(cleaner, &mut cleaned, |c| {
            all.extend_from_slice(c);
            Ok(())
        })?;
        (Doc::whole(all), None)
    };
    Ok((doc, spool, utf8.finish()))
}

/// Hands `chunk` to `sink`, cleaned first when a cleaner is given.
fn feed(
    cleaner: &mut Option<Cleaner>,
    chunk: &[u8],
    buf: &mut Vec<u8>,
    mut sink: impl FnMut(&[u8]) -> Result<()>,
) -> Result<()> {
    match cleaner {
        None => sink(chunk),
        Some(c) => {
            buf.clear();
            c.push(chunk, buf);
            sink(buf)
        }
    }
}

fn finish_clean(cleaner: Option<Cleaner>, buf: &mut Vec<u8>, mut sink: impl FnMut(&[u8]) -> Result<()>) -> Result<()> {
    if let Some(c) = cleaner {
        buf.clear();
        c.finish(buf);
        sink(buf)?;
    }
    Ok(())
}

/// Fits a document, saving the full text first when something will be cut and a store is set.
fn fit(doc: Doc, spool: Option<Spool>, job: &Job, opts: &Options) -> Result<Outcome> {
    let cut = doc.text().is_none_or(|t| !truncate::fits(t, opts));
    let path = match (cut, &job.whole, &job.store) {
        (false, ..) => None,
        (true, Some(Whole::File(p)), _) => Some(p.clone()),
        (true, Some(Whole::Bytes(b)), Some(store)) => Some(store.put(b)?),
        (true, _, Some(store)) => Some(match spool {
            Some(s) => s.commit()?,
            None => store.put(doc.text().unwrap_or_default())?,
        }),
        _ => None,
    };
    let path = path.map(|p| p.display().to_string());
    let outcome = truncate::fit(&doc, opts, path.as_deref());
    // The full text was saved so that the agent can read it: a budget too small to say where is
    // refused rather than met by hiding the path. (Markers the user turned off say nothing; a
    // template without {path} that fits says what it was given to say.)
    let named = |p: &str| memchr::memmem::find(&outcome.text, p.as_bytes()).is_some();
    if let Some(p) = path.as_deref()
        && outcome.truncated
        && (outcome.unmarked || !matches!(opts.marker, Marker::Off | Marker::Template(_)))
        && !named(p)
    {
        anyhow::bail!(
            "the budget cannot hold where the full text was saved ({p}, {} chars): raise the budget",
            text::group_digits(text::count_chars(p.as_bytes()))
        );
    }
    // A cut is never silent: a budget too small for even `[...]` is refused.
    if outcome.unmarked {
        anyhow::bail!(truncate::UNMARKED);
    }
    Ok(outcome)
}

fn write_outcome(
    o: &Outcome,
    valid: bool,
    name: Option<&str>,
    status: Option<(i32, Option<super::watch::Stopped>)>,
    job: &Job,
    out: &mut impl Write,
) -> Result<()> {
    if job.verbose {
        let omitted: u64 = o.gaps.iter().map(|g| g.chars).sum();
        eprintln!(
            "{TOOL}: {}kept {} of {} chars; {} gap(s), {} chars omitted",
            name.map(|n| format!("{n}: ")).unwrap_or_default(),
            text::group_digits(o.output.chars),
            text::group_digits(o.original.chars),
            o.gaps.len(),
            text::group_digits(omitted)
        );
    }
    if !job.json {
        out.write_all(&o.text)?;
        if let Some((code, stopped)) = status.as_ref().filter(|s| s.0 != 0) {
            if o.text.last().is_some_and(|&c| c != b'\n') {
                out.write_all(b"\n")?;
            }
            writeln!(out, "{}", status_line(u8::try_from(*code).unwrap_or(1), stopped.as_ref()))?;
        }
        return Ok(());
    }
    let mut v = serde_json::json!({ "text": String::from_utf8_lossy(&o.text) });
    if let (serde_json::Value::Object(fields), Some(m)) = (serde_json::to_value(o)?, v.as_object_mut()) {
        m.extend(fields);
    }
    v["valid_utf8"] = valid.into();
    if let Some(n) = name {
        v["name"] = n.into();
    }
    if let Some((code, stopped)) = status {
        v["exit_status"] = code.into();
        if let Some(s) = stopped {
            v["stopped"] = s.to_string().into();
        }
    }
    writeln!(out, "{v}")?;
    Ok(())
}

/// Counts an input in every unit (tokens when asked for in UNIT or --json), as a stream.
fn count(reader: impl Read, name: &str, job: &Job) -> Result<(Size, bool)> {
    let want_tokens = job.json || job.count == Some(Unit::Tokens);
    let mut tokens = want_tokens.then(|| StreamCounter::new(job.opts.encoding, u64::MAX));
    let mut size = Size::default();
    let mut last = None;
    let mut utf8 = Utf8Check::default();
    let mut cleaner = job.clean.then(Cleaner::default);
    let mut buf = Vec::new();
    let mut add = |c: &[u8]| -> Result<()> {
        size.bytes += c.len() as u64;
        size.chars += text::count_chars(c);
        size.lines += text::count_newlines(c);
        last = c.last().copied().or(last);
        if let Some(t) = tokens.as_mut() {
            t.push(c);
        }
        Ok(())
    };
    read_chunks(reader, name, |chunk| {
        utf8.push(chunk);
        feed(&mut cleaner, chunk, &mut buf, &mut add)
    })?;
    finish_clean(cleaner, &mut buf, &mut add)?;
    size.lines += u64::from(last.is_some_and(|b| b != b'\n'));
    if let Some((n, est)) = tokens.map(StreamCounter::finish) {
        size.tokens = Some(n);
        size.tokens_estimated = est;
    }
    Ok((size, utf8.finish()))
}

/// A number of seconds, above 0 and at most a day.
fn seconds(s: &str) -> Result<std::time::Duration, String> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x <= 86_400.0 => Ok(std::time::Duration::from_secs_f64(x)),
        _ => Err(format!("'{s}' is not a number of seconds from 0 to 86400")),
    }
}

/// Runs a command, fits its combined output, and returns its exit status. The command runs in
/// its own process group; `--timeout`, and SIGINT, SIGTERM or SIGHUP sent to this tool, stop
/// that group, and what it wrote is still fitted and printed, marked as stopped. It reads
/// `stdin`; `signals` are the ones that stop it besides the deadline.
fn run_command(
    cmd: &[OsString],
    job: &Job,
    stdin: std::process::Stdio,
    signals: super::watch::Signals,
    out: &mut impl Write,
) -> Result<ExitCode> {
    use std::os::unix::process::CommandExt;
    let program = cmd[0].to_string_lossy().into_owned();
    let (reader, writer) = io::pipe().context("cannot create a pipe")?;
    let mut command = std::process::Command::new(&cmd[0]);
    command.args(&cmd[1..]).stdout(writer.try_clone().context("cannot create a pipe")?).stderr(writer);
    command.stdin(stdin).process_group(0);
    let child = command.spawn();
    drop(command);
    let child = match child {
        Ok(c) => c,
        Err(e) => {
            // As a shell says it: 127 for a command not found, 126 for one that cannot run.
            let code = if e.kind() == io::ErrorKind::NotFound { 127 } else { 126 };
            eprintln!("{TOOL}: cannot run '{program}': {}", error_line(&e.into()));
            return Ok(ExitCode::from(code));
        }
    };
    let name = program.clone();
    let (watch, capture) = super::watch::Watch::start(child, reader, job.timeout, signals);
    if job.count.is_some() {
        let (size, _) = count(capture, &name, job)?;
        let (status, stopped) = watch.finish().with_context(|| format!("cannot wait for '{program}'"))?;
        writeln!(out, "{}", size.get(job.count.unwrap_or(Unit::Tokens)))?;
        return Ok(ExitCode::from(stopped.map_or(status_code(status), |s| s.code())));
    }
    let (doc, spool, valid) = ingest(capture, &name, job)?;
    let (status, stopped) = watch.finish().with_context(|| format!("cannot wait for '{program}'"))?;
    let code = stopped.as_ref().map_or(status_code(status), |s| s.code());
    let mut opts = job.opts.clone();
    if code != 0 && !job.json {
        // Room for the status line, and for a newline before it.
        let line = format!("\n{}\n", status_line(code, stopped.as_ref()));
        let room = Size {
            lines: 1,
            tokens: opts.budget.tokens.map(|_| opts.encoding.count(line.as_bytes()) + 1),
            ..Size::of(line.as_bytes(), None)
        };
        // A budget too small for it keeps nothing but the status line, which always shows.
        opts.budget = opts.budget.minus(&room).unwrap_or_else(|| {
            opts.marker = Marker::Off;
            opts.budget.scale(0.0)
        });
    }
    let outcome = fit(doc, spool, job, &opts)?;
    write_outcome(&outcome, valid, None, Some((i32::from(code), stopped)), job, out)?;
    Ok(ExitCode::from(code))
}

/// The line that ends the output of a command that failed or was stopped.
fn status_line(code: u8, stopped: Option<&super::watch::Stopped>) -> String {
    match stopped {
        Some(s) => format!("[{s}; exit status {code}]"),
        None => format!("[exit status {code}]"),
    }
}

/// The exit status as a shell reports it: the code, or 128 + the signal that killed it.
fn status_code(status: std::process::ExitStatus) -> u8 {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(c), _) => u8::try_from(c & 0xFF).unwrap_or(1),
        (None, Some(s)) => u8::try_from((128 + s) & 0xFF).unwrap_or(1),
        (None, None) => 1,
    }
}
