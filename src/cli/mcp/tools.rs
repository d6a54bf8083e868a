//! The tools `ctx mcp` serves: each is a thin call into a filter that runs in this process
//! (`ctx-truncate` or `ctx-summarize` on bytes), so a tool's result is what the command would
//! print with the same arguments. Full texts that a cut left out are spilled to the store, and
//! `ctx_more` reads them back by line range, from that directory only.

use crate::cli::{fit, truncate};
use crate::config::Settings;
use crate::structure::Format;
use crate::truncate::watch::Signals;
use crate::truncate::{Call, Stdin, Strategy};
use anyhow::{Context, Result, anyhow, bail};
use serde_json::{Map, Value, json};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// What the server tells the model about its tools as a whole.
pub const INSTRUCTIONS: &str = "ctx keeps long text from flooding your context. Use ctx_read \
instead of reading a whole file, ctx_run instead of running a command whose output may be long \
(builds, tests, logs), ctx_summarize for the gist of a long document. When they cut, a marker \
says which lines were left out and where the full text was saved: read those lines with ctx_more.";

/// How long `ctx_run` lets a command run when the call gives no `timeout_seconds`.
const DEFAULT_TIMEOUT: f64 = 300.0;

/// The server's state: the store directory where full texts are spilled.
pub struct Server {
    store: PathBuf,
}

type Args = Map<String, Value>;

impl Server {
    /// A server over `$CTX_PERSIST_DIR`, else the default store directory.
    pub fn new() -> Server {
        Server { store: crate::store::spill_dir() }
    }

    /// Runs tool `name` and gives its text; `None` when there is no such tool.
    pub fn call(&self, name: &str, args: &Args) -> Option<Result<String>> {
        let run = match name {
            "ctx_read" => Server::read,
            "ctx_run" => Server::run,
            "ctx_more" => Server::more,
            "ctx_summarize" => Server::summarize,
            _ => return None,
        };
        Some(run(self, args).map(|out| String::from_utf8_lossy(&out).into_owned()))
    }

    /// The settings of `ctx-truncate --tool TOOL` for a call, with the call's `max_tokens` over
    /// its profile (and the store, when `persist`).
    fn settings(
        &self,
        tool: &str,
        args: &Args,
        persist: bool,
        strategy: Option<Strategy>,
        from: Option<Format>,
    ) -> Result<Settings> {
        let flags = Settings {
            max_tokens: budget(args)?,
            strategy,
            from,
            persist: persist.then(|| self.store.clone()),
            ..Settings::default()
        };
        fit::agent_settings(tool, flags)
    }

    fn read(&self, args: &Args) -> Result<Vec<u8>> {
        let path = required(args, "path")?;
        let lines = optional(args, "lines")?;
        let strategy = optional(args, "strategy")?;
        let format = optional(args, "format")?;
        budget(args)?;
        let bytes = read_given(path)?;
        let lines = lines.map(fit::lines).transpose()?;
        let strategy = strategy.map(|v| fit::value(v, "strategy")).transpose()?;
        let from = format.map(|v| fit::value(v, "from")).transpose()?;
        // With `lines`, the filter saves the whole file: the markers number lines as in it.
        let settings = self.settings("read", args, true, strategy, from)?;
        fit::agent_fit(&settings, Call { lines, ..Call::default() }, &bytes)
    }

    fn run(&self, args: &Args) -> Result<Vec<u8>> {
        let command = required(args, "command")?;
        let timeout = match args.get("timeout_seconds") {
            None | Some(Value::Null) => DEFAULT_TIMEOUT,
            Some(v) => {
                v.as_f64().filter(|s| *s > 0.0).ok_or_else(|| anyhow!("timeout_seconds must be a number above 0"))?
            }
        };
        let settings = self.settings("bash", args, true, None, None)?;
        let timeout = truncate::seconds(&timeout.to_string())
            .map_err(|e| crate::cli::usage(format!("invalid value '{timeout}' for '--timeout <SECS>': {e}")))?;
        let command = crate::truncate::Command {
            argv: ["sh", "-c", command].map(OsString::from).to_vec(),
            timeout: Some(timeout),
            stdin: Stdin::Null,
            signals: Signals::none(),
        };
        let out = fit::agent_fit(&settings, Call { command: Some(command), ..Call::default() }, b"")?;
        Ok(if out.is_empty() { b"[no output]\n".to_vec() } else { out })
    }

    fn more(&self, args: &Args) -> Result<Vec<u8>> {
        let path = required(args, "path")?;
        let lines = required(args, "lines")?;
        budget(args)?;
        let file = self.inside_store(Path::new(path))?;
        // A saved full text may be larger than any cap: its lines are read as a stream.
        let opened = crate::regular::open(&file).with_context(|| format!("cannot read '{path}'"))?;
        let lines = fit::lines(lines)?;
        let settings = self.settings("read", args, false, None, None)?;
        fit::agent_fit_file(&settings, Call { lines: Some(lines), ..Call::default() }, opened, &file)
    }

    fn summarize(&self, args: &Args) -> Result<Vec<u8>> {
        let path = required(args, "path")?;
        let bytes = read_given(path)?;
        crate::cli::summarize::agent_summarize(optional(args, "focus")?, budget(args)?, &bytes)
    }

    /// `path`, canonical, when it is a file in the store; an error naming the store otherwise.
    fn inside_store(&self, path: &Path) -> Result<PathBuf> {
        let outside = || {
            anyhow!(
                "'{}' is not in the ctx store ({}): ctx_more reads only the full texts that ctx saved",
                path.display(),
                self.store.display()
            )
        };
        let root = std::fs::canonicalize(&self.store).map_err(|_| outside())?;
        let file = std::fs::canonicalize(path).with_context(|| format!("cannot open '{}'", path.display()))?;
        if file.starts_with(&root) && file != root { Ok(file) } else { Err(outside()) }
    }
}

/// The file a call names: a regular file of at most [`crate::regular::TEXT_CAP`] bytes (a
/// device, a FIFO or a `/proc` file would flood or block the server).
fn read_given(path: &str) -> Result<Vec<u8>> {
    crate::regular::read(
        Path::new(path),
        crate::regular::TEXT_CAP,
        "for a tool call: run a command that reads a part of it with ctx_run (sed -n 'A,Bp', grep -n)",
    )
    .with_context(|| format!("cannot read '{path}'"))
}

/// A string argument that must be there.
fn required<'a>(args: &'a Args, key: &str) -> Result<&'a str> {
    optional(args, key)?.ok_or_else(|| anyhow!("missing argument '{key}'"))
}

/// A string argument that may be absent (or null).
fn optional<'a>(args: &'a Args, key: &str) -> Result<Option<&'a str>> {
    match args.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => bail!("argument '{key}' must be a string"),
    }
}

/// The call's `max_tokens`, when given.
fn budget(args: &Args) -> Result<Option<u64>> {
    match args.get("max_tokens") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => match v.as_u64().filter(|n| *n > 0) {
            Some(n) => Ok(Some(n)),
            None => bail!("max_tokens must be a whole number above 0"),
        },
    }
}

/// The tool definitions for `tools/list`.
pub fn list() -> Vec<Value> {
    vec![read_tool(), run_tool(), more_tool(), summarize_tool()]
}

fn max_tokens() -> Value {
    json!({"type": "integer", "minimum": 1, "description": "Most tokens the result may take (the default budget is about 5,000 chars for files, 30,000 for commands)"})
}

fn read_tool() -> Value {
    json!({
        "name": "ctx_read",
        "description": "Read a text file (source, log, HTML, JSON) without flooding your context: a file that fits is returned whole, a longer one is cut to a budget with a marker that names the omitted line range and a saved copy of the full text (read more of it with ctx_more). Use instead of reading a whole file whenever it may be long; give `lines` to read one part.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "path": {"type": "string", "description": "The file to read"},
                "lines": {"type": "string", "description": "Only lines A to B, as \"A:B\" (1-based, inclusive; \"A:\" to the end, \":B\" from the start)"},
                "max_tokens": max_tokens(),
                "strategy": {"type": "string", "enum": ["head", "tail", "head-tail", "salient", "auto"], "description": "What to keep when cutting: the start (default for files), the end, both, or the start, the end and the error lines between them"},
                "format": {"type": "string", "enum": ["auto", "text", "html", "json"], "description": "html becomes readable text first; json is cut so that it stays valid JSON [default: text]"},
            },
            "required": ["path"],
            "additionalProperties": false,
        },
    })
}

fn run_tool() -> Value {
    json!({
        "name": "ctx_run",
        "description": "Run a shell command (sh -c) and return its combined stdout and stderr fitted to a budget: terminal noise removed, the start, the end and the error and failure lines kept, a marker naming the omitted lines and a saved copy of the full output (read more with ctx_more). A failed or timed-out command ends with an [exit status N] line. Use for builds, tests, installs and anything whose output may be long.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "command": {"type": "string", "description": "The command line, run with sh -c in the server's working directory; stdin is empty"},
                "timeout_seconds": {"type": "number", "exclusiveMinimum": 0, "description": "Stop the command after this many seconds and return what it wrote [default: 300]"},
                "max_tokens": max_tokens(),
            },
            "required": ["command"],
            "additionalProperties": false,
        },
    })
}

fn more_tool() -> Value {
    json!({
        "name": "ctx_more",
        "description": "Read lines of a full text that ctx_read or ctx_run cut: give the path their marker names (\"full text: PATH\") and the omitted range (\"lines 200-1,000\" as \"200:1000\"). Reads only files that ctx saved.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "path": {"type": "string", "description": "The saved full text, as the marker names it"},
                "lines": {"type": "string", "description": "Lines A to B, as \"A:B\" (1-based, inclusive)"},
                "max_tokens": max_tokens(),
            },
            "required": ["path", "lines"],
            "additionalProperties": false,
        },
    })
}

fn summarize_tool() -> Value {
    json!({
        "name": "ctx_summarize",
        "description": "Summarize a long document or log file: short files come back whole, medium ones cut to their start and end, long ones summarized (by the configured LLM, else extractively: the most informative passages, verbatim). The first line says which. Use to get the gist of a file too long to read; use ctx_read when you need exact text.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "path": {"type": "string", "description": "The file to summarize"},
                "focus": {"type": "string", "description": "What the summary must keep (a question, a topic)"},
                "max_tokens": max_tokens(),
            },
            "required": ["path"],
            "additionalProperties": false,
        },
    })
}
