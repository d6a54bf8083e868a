//! `ctx-truncate`: the arguments, and the glue from them to the truncate module.

use super::args::{BudgetArgs, EncodingArg, OutputArgs};
use super::{error_line, usage};
use crate::config::Settings;
use crate::text::{self, Cut, Unit};
use crate::truncate::range::{self, LineRange};
use crate::truncate::watch::Signals;
use crate::truncate::{self, Call, Input, Report, Request, Stdin, Strategy, Whole};
use anyhow::{Context, Result};
use clap::Parser;
use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

pub(super) const TOOL: &str = "ctx-truncate";

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
    #[arg(long, value_name = "A:B", value_parser = range::parse)]
    pub lines: Option<LineRange>,

    /// When anything is cut, save the full input in DIR under a content-addressed name and
    /// name the path in the marker
    #[arg(long, visible_alias = "store", value_name = "DIR", env = "CTX_PERSIST_DIR")]
    pub persist: Option<PathBuf>,

    /// Spill-to-disk preview: the first N chars (cut on a line), then a footer with the saved
    /// path and the total size, which N does not count (saves to --persist DIR, else
    /// ~/.cache/ctx/spill)
    #[arg(long, value_name = "N", conflicts_with_all = ["strategy", "marker", "no_marker"], value_parser = super::args::budget_value)]
    pub preview: Option<u64>,

    /// Remove terminal noise first, cut or not: ANSI escapes, carriage-return redraws, runs of
    /// repeated lines [on by default with -- COMMAND; without it, an input that is cut still
    /// loses its escapes and redraws, line for line]
    #[arg(long, conflicts_with = "no_clean")]
    pub clean: bool,

    /// Keep terminal noise: in a command's output, and in an input that is cut
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
    super::main_with_matches(TOOL, argv, run)
}

/// The flags given, as settings to lay over the tool's profile.
fn flags(args: &Args, m: &clap::ArgMatches) -> Settings {
    let g = |id: &str| super::profile::given(m, id);
    Settings {
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
        ..Settings::default()
    }
}

fn run(args: Args, m: clap::ArgMatches) -> Result<ExitCode> {
    let r =
        super::profile::resolve(&args.profile, args.tool.as_deref(), &flags(&args, &m), &m, args.output.verbose, TOOL)?;
    if args.profile.print_config {
        io::stdout().write_all(super::profile::render(&r).as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(provider) = args.tool_schema {
        writeln!(io::stdout(), "{}", serde_json::to_string_pretty(&super::schema::read_output(provider))?)?;
        return Ok(ExitCode::SUCCESS);
    }
    if !args.command.is_empty() && !args.files.is_empty() {
        return Err(usage("give FILEs or -- COMMAND, not both"));
    }
    if args.command.is_empty() && args.timeout.is_some() {
        return Err(usage("--timeout stops a command: give it with -- COMMAND"));
    }
    let command = (!args.command.is_empty()).then(|| truncate::Command {
        argv: args.command.clone(),
        timeout: args.timeout,
        stdin: Stdin::Inherit,
        signals: Signals::none(),
    });
    let call = Call {
        cut: args.cut,
        baseline: args.baseline.clone().map(truncate::BaselineFrom::File),
        lines: args.lines,
        text: args.text,
        count: args.count,
        json: args.output.json,
        command,
        no_clean: args.no_clean,
    };
    let mut req = Request::new(&r.settings, call)?;
    let mut out = BufWriter::with_capacity(64 << 10, io::stdout().lock());
    if let Some(cmd) = req.command.as_mut() {
        cmd.signals = Signals::register()?;
        let report = truncate::run(Input::new(io::empty(), ""), &req, &mut out)?;
        verbose(&args, None, &report);
        out.flush()?;
        return Ok(ExitCode::from(exit(&report)));
    }
    let stdin = super::Input::Stdin;
    if req.names_whole() && super::Input::all(&args.files).contains(&stdin) {
        return Err(usage(truncate::RANGE_OF_STDIN));
    }
    let mut counts = Vec::new();
    let failed = super::each_input(TOOL, &args.files, &mut out, |src, reader, out| {
        let whole = match src.input {
            _ if !req.names_whole() => None,
            super::Input::Path(p) => {
                Some(Whole::File(std::fs::canonicalize(p).with_context(|| format!("cannot open '{}'", p.display()))?))
            }
            super::Input::Stdin => return Err(usage(truncate::RANGE_OF_STDIN)),
        };
        let input = Input { reader, name: src.name.clone(), many: src.many, header: src.header_line(), whole };
        let report = truncate::run(input, &req, out)?;
        if report.headed {
            src.headed();
        }
        verbose(&args, src.many.then_some(&src.name), &report);
        if let Some(size) = report.size {
            counts.push((src.name.clone(), size));
        }
        Ok(())
    })?;
    if let Some(unit) = req.count.filter(|_| !req.json && counts.len() > 1) {
        let total: u64 = counts.iter().map(|(_, s)| s.get(unit)).sum();
        for (name, size) in &counts {
            writeln!(out, "{:>8} {name}", size.get(unit))?;
        }
        writeln!(out, "{total:>8} total")?;
    }
    out.flush()?;
    Ok(super::status(failed))
}

/// With `-v`: what the fit kept, on stderr.
fn verbose(args: &Args, name: Option<&str>, report: &Report) {
    let Some(o) = report.fitted.as_ref().filter(|_| args.output.verbose) else { return };
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

/// The exit status of a command's run; a command that could not start says why on stderr.
pub(super) fn exit(report: &Report) -> u8 {
    if let Some(e) = &report.not_started {
        eprintln!("{TOOL}: {}", error_line(e));
    }
    report.exit.unwrap_or(0)
}

/// A number of seconds, above 0 and at most a day.
pub fn seconds(s: &str) -> Result<std::time::Duration, String> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x <= 86_400.0 => Ok(std::time::Duration::from_secs_f64(x)),
        _ => Err(format!("'{s}' is not a number of seconds from 0 to 86400")),
    }
}
