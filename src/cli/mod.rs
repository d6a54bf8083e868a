//! What every tool shares at its edges: reading inputs, reporting errors in one line, exit
//! codes (0 success, 1 runtime error, 2 usage error, a broken pipe ends quietly with 0), and
//! the argument groups that mean the same in every tool.

pub mod agent;
pub mod args;
pub mod batch;
pub mod chunk;
pub mod compact;
pub mod fit;
pub mod mcp;
pub mod profile;
pub mod schema;
pub mod score;
pub mod summarize;
pub mod truncate;

pub use crate::error::{UsageError, error_line, usage};
use anyhow::Result;
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Exit status of a runtime error.
pub const EXIT_ERROR: u8 = 1;
/// Exit status of a usage error.
pub const EXIT_USAGE: u8 = 2;

/// Runs the filter `tool` (`ctx-truncate`, ...) with `argv` (its name first), in this process:
/// `ctx truncate ARGS` and `ctx-truncate ARGS` are the same run.
pub fn run_tool(tool: &str, argv: Vec<OsString>) -> ExitCode {
    match tool {
        "ctx-truncate" => truncate::main(argv),
        "ctx-chunk" => chunk::main(argv),
        "ctx-score" => score::main(argv),
        "ctx-summarize" => summarize::main(argv),
        _ => compact::main(argv),
    }
}

/// Parses arguments; on a usage error, reports it in one line and gives exit status 2.
pub fn parse<T: clap::Parser>(tool: &str, argv: &[OsString]) -> Result<T, ExitCode> {
    T::try_parse_from(argv).map_err(|e| clap_error(tool, &e, &T::command(), argv))
}

/// Prints help or the version as asked, or a clap error in one line (exit 2).
fn clap_error(tool: &str, e: &clap::Error, cmd: &clap::Command, argv: &[OsString]) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    let mut line = one_line_clap(&e.render().to_string());
    if let Some(var) = from_env(e, cmd, argv) {
        line = format!("{line} (the value comes from {var})");
    }
    eprintln!("{tool}: {line} (see '{tool} --help')");
    ExitCode::from(EXIT_USAGE)
}

/// The environment variable an invalid value came from, when it did not come from the
/// command line.
fn from_env(e: &clap::Error, cmd: &clap::Command, argv: &[OsString]) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    let (Some(ContextValue::String(arg)), Some(ContextValue::String(value))) =
        (e.get(ContextKind::InvalidArg), e.get(ContextKind::InvalidValue))
    else {
        return None;
    };
    let long = arg.trim_start_matches("--").split([' ', '=']).next()?;
    let var = cmd.get_arguments().find(|a| a.get_long() == Some(long))?.get_env()?.to_str()?.to_string();
    let on_line = argv
        .iter()
        .skip(1)
        .filter_map(|a| a.to_str())
        .any(|a| a == format!("--{long}") || a.starts_with(&format!("--{long}=")));
    (!on_line && std::env::var(&var).is_ok_and(|v| v == *value)).then_some(var)
}

/// The error, the accepted values and the tip of a clap message, joined into one line.
pub(crate) fn one_line_clap(msg: &str) -> String {
    msg.lines()
        .map(str::trim)
        .filter(|l| l.starts_with("error:") || l.starts_with("tip:") || l.starts_with("[possible values:"))
        .map(|l| l.trim_start_matches("error:").trim())
        .collect::<Vec<_>>()
        .join("; ")
}

/// Parses `args` (without the program's name) as `tool`'s arguments, for a filter run in this
/// process (the hooks, the MCP server); a usage error is one line.
pub fn parse_from<T: clap::Parser>(tool: &str, args: &[String]) -> Result<(T, clap::ArgMatches)> {
    let argv = std::iter::once(tool.to_string()).chain(args.iter().cloned());
    let m = T::command().try_get_matches_from(argv).map_err(|e| usage(one_line_clap(&e.render().to_string())))?;
    let parsed = T::from_arg_matches(&m).map_err(|e| usage(one_line_clap(&e.render().to_string())))?;
    Ok((parsed, m))
}

/// The whole `main` of a tool: parse the arguments, run the body, report its error.
pub fn main_with<T: clap::Parser>(
    tool: &str,
    argv: Vec<OsString>,
    body: impl FnOnce(T) -> Result<ExitCode>,
) -> ExitCode {
    match parse::<T>(tool, &argv) {
        Ok(args) => run(tool, || body(args)),
        Err(code) => code,
    }
}

/// The whole `main` of a tool whose body also needs to know which arguments were given (to lay
/// a profile under them).
pub fn main_with_matches<T: clap::Parser>(
    tool: &str,
    argv: Vec<OsString>,
    body: impl FnOnce(T, clap::ArgMatches) -> Result<ExitCode>,
) -> ExitCode {
    let parsed = <T as clap::CommandFactory>::command()
        .try_get_matches_from(&argv)
        .and_then(|m| <T as clap::FromArgMatches>::from_arg_matches(&m).map(|t| (t, m)));
    match parsed {
        Ok((args, m)) => run(tool, || body(args, m)),
        Err(e) => clap_error(tool, &e, &<T as clap::CommandFactory>::command(), &argv),
    }
}

/// Runs a tool's body and turns its error, if any, into one line on stderr and an exit status.
pub fn run(tool: &str, body: impl FnOnce() -> Result<ExitCode>) -> ExitCode {
    match body() {
        Ok(code) => code,
        Err(e) => report(tool, &e),
    }
}

/// Prints `tool: message` for `err` and returns its exit status; a broken pipe is quiet, 0.
pub fn report(tool: &str, err: &anyhow::Error) -> ExitCode {
    if is_broken_pipe(err) {
        return ExitCode::SUCCESS;
    }
    eprintln!("{tool}: {}", error_line(err));
    if err.downcast_ref::<UsageError>().is_some() { ExitCode::from(EXIT_USAGE) } else { ExitCode::from(EXIT_ERROR) }
}

/// Whether the error comes from writing to a closed pipe.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| e.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe))
}

/// One input: standard input or a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Standard input (no FILE, or `-`).
    Stdin,
    /// A file.
    Path(PathBuf),
}

impl Input {
    /// The inputs named by FILE arguments: none or `-` means standard input.
    pub fn all(files: &[PathBuf]) -> Vec<Input> {
        if files.is_empty() {
            return vec![Input::Stdin];
        }
        files.iter().map(|f| if f == Path::new("-") { Input::Stdin } else { Input::Path(f.clone()) }).collect()
    }

    /// The name to show for this input.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "standard input".to_string(),
            Input::Path(p) => p.display().to_string(),
        }
    }

    /// Opens the input for reading.
    pub fn open(&self) -> Result<Box<dyn Read>> {
        use anyhow::Context;
        Ok(match self {
            Input::Stdin => Box::new(io::stdin().lock()),
            Input::Path(p) => {
                if p.is_dir() {
                    anyhow::bail!("cannot read '{}': Is a directory", p.display());
                }
                Box::new(std::fs::File::open(p).with_context(|| format!("cannot open '{}'", p.display()))?)
            }
        })
    }
}

/// One input as a tool's body sees it.
pub struct Source<'a> {
    /// The input.
    pub input: &'a Input,
    /// Its name for messages and headers.
    pub name: String,
    /// Whether several inputs are processed (headers, `name` fields).
    pub many: bool,
    first: &'a std::cell::Cell<bool>,
}

impl<'a> Source<'a> {
    /// One input named `name`; `first` is shared by the inputs of one run (see [`Source::header`]).
    pub fn new(input: &'a Input, name: String, many: bool, first: &'a std::cell::Cell<bool>) -> Source<'a> {
        Source { input, name, many, first }
    }
}

impl Source<'_> {
    /// The header [`Source::header`] would write, for a library call to write (then call
    /// [`Source::headed`] if it did).
    pub fn header_line(&self) -> Option<String> {
        let gap = if self.first.get() { "" } else { "\n" };
        self.many.then(|| format!("{gap}==> {} <==\n", self.name))
    }

    /// Notes that this input's header was written (the next one has a blank line before it).
    pub fn headed(&self) {
        self.first.set(false);
    }

    /// Writes the `==> name <==` header that `head` and `tail` write, when there are several
    /// inputs: a blank line before every header but the first.
    pub fn header(&self, out: &mut impl Write) -> io::Result<()> {
        if self.many {
            let gap = if self.first.replace(false) { "" } else { "\n" };
            writeln!(out, "{gap}==> {} <==", self.name)?;
        }
        Ok(())
    }
}

/// Runs `body` on every input named by FILEs (standard input for none or `-`), in order. An
/// input that fails is reported in one line and the others still run; a broken pipe stops at
/// once. Returns whether any input failed.
pub fn each_input<W: Write>(
    tool: &str,
    files: &[PathBuf],
    out: &mut W,
    mut body: impl FnMut(&Source<'_>, Box<dyn Read>, &mut W) -> Result<()>,
) -> Result<bool> {
    let inputs = Input::all(files);
    let first = std::cell::Cell::new(true);
    let mut failed = false;
    for input in &inputs {
        let source = Source { input, name: input.name(), many: inputs.len() > 1, first: &first };
        match input.open().and_then(|reader| body(&source, reader, out)) {
            Ok(()) => {}
            Err(e) if is_broken_pipe(&e) => return Err(e),
            Err(e) => {
                out.flush()?;
                eprintln!("{tool}: {}", error_line(&e));
                failed = true;
            }
        }
    }
    Ok(failed)
}

/// The exit status for a run in which some input failed, or not.
pub fn status(failed: bool) -> ExitCode {
    if failed { ExitCode::from(EXIT_ERROR) } else { ExitCode::SUCCESS }
}

/// A prompt template from a file; it must hold `{text}`, where the text to summarize goes.
pub(crate) fn read_template(path: Option<&Path>) -> Result<Option<String>> {
    use anyhow::Context;
    let Some(p) = path else { return Ok(None) };
    let t = std::fs::read_to_string(p).with_context(|| format!("cannot open '{}'", p.display()))?;
    if !t.contains("{text}") {
        return Err(usage(format!(
            "the prompt template '{}' has no {{text}}: the text to summarize would not be sent",
            p.display()
        )));
    }
    Ok(Some(t))
}

/// Parses a finite number of at least 0.
pub(crate) fn non_negative(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
        _ => Err(format!("'{s}' is not a number of at least 0")),
    }
}

/// Parses a ratio: a number from 0 to 1.
pub(crate) fn ratio(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(r) if (0.0..=1.0).contains(&r) => Ok(r),
        _ => Err(format!("'{s}' is not a ratio from 0 to 1")),
    }
}

pub use crate::text::read_chunks;
