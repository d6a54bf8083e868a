//! What every tool shares at its edges: reading inputs, reporting errors in one line, exit
//! codes (0 success, 1 runtime error, 2 usage error, a broken pipe ends quietly with 0), and
//! the argument groups that mean the same in every tool.

pub mod args;
pub mod chunk;
pub mod score;
pub mod summarize;
pub mod truncate;

use anyhow::Result;
use std::fmt;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Exit status of a runtime error.
pub const EXIT_ERROR: u8 = 1;
/// Exit status of a usage error.
pub const EXIT_USAGE: u8 = 2;

/// A usage error: the call's words are wrong. Reported with exit status 2.
#[derive(Debug)]
pub struct Usage(pub String);

impl fmt::Display for Usage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// A usage error with `msg` as its sentence.
pub fn usage(msg: impl Into<String>) -> anyhow::Error {
    Usage(msg.into()).into()
}

/// Parses arguments; on a usage error, reports it in one line and gives exit status 2.
pub fn parse<T: clap::Parser>(tool: &str) -> Result<T, ExitCode> {
    T::try_parse().map_err(|e| {
        use clap::error::ErrorKind;
        if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        eprintln!("{tool}: {} (see '{tool} --help')", one_line_clap(&e.render().to_string()));
        ExitCode::from(EXIT_USAGE)
    })
}

/// The error and tip lines of a clap message, joined into one line.
fn one_line_clap(msg: &str) -> String {
    msg.lines()
        .map(str::trim)
        .filter(|l| l.starts_with("error:") || l.starts_with("tip:"))
        .map(|l| l.trim_start_matches("error:").trim())
        .collect::<Vec<_>>()
        .join("; ")
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
    if err.downcast_ref::<Usage>().is_some() { ExitCode::from(EXIT_USAGE) } else { ExitCode::from(EXIT_ERROR) }
}

/// Whether the error comes from writing to a closed pipe.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| e.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe))
}

/// The error and its causes in one line, `context: cause`, without `(os error N)` noise.
pub fn error_line(err: &anyhow::Error) -> String {
    let parts: Vec<String> = err
        .chain()
        .map(|e| {
            let s = e.to_string();
            match s.rfind(" (os error ") {
                Some(i) if s.ends_with(')') => s[..i].to_string(),
                _ => s,
            }
        })
        .collect();
    parts.join(": ").replace('\n', " ")
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

/// Size of the buffer reads go through.
const READ_BUFFER: usize = 256 << 10;

/// Reads `reader` to the end, handing each piece to `f`.
pub fn read_chunks(mut reader: impl Read, name: &str, mut f: impl FnMut(&[u8]) -> Result<()>) -> Result<()> {
    let mut buf = vec![0u8; READ_BUFFER];
    loop {
        match reader.read(&mut buf) {
            Ok(0) => return Ok(()),
            Ok(n) => f(&buf[..n])?,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(anyhow::Error::new(e).context(format!("cannot read '{name}'"))),
        }
    }
}
