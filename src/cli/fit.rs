//! What the hooks and the MCP server fit through: the settings of `ctx-truncate --tool TOOL`
//! as an agent's call gets them, its values refused in clap's own words, and one call of
//! [`truncate::run`] on text in memory or a file. No command line is built or parsed here.

use super::truncate::{Args, TOOL, exit};
use super::usage;
use crate::config::Settings;
use crate::truncate::range::{self, LineRange};
use crate::truncate::{self, Call, Input, Request, Whole};
use anyhow::Result;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The settings of `ctx-truncate --tool TOOL` run by an agent (the hooks, the MCP server), with
/// `flags` over its profile, and `CTX_PERSIST_DIR` and `CTX_ENCODING` as the command reads them.
/// What an agent reads is always marked where it is cut: a config file's `no_marker` is for the
/// commands a person runs, not for hooks and the MCP server.
pub fn agent_settings(tool: &str, mut flags: Settings) -> Result<Settings> {
    // As clap reads them: an empty variable is a missing value, not no variable.
    let env = |var: &str, flag: &str, values: &str| match std::env::var(var) {
        Ok(v) if v.is_empty() => Err(usage(format!("a value is required for '{flag}' but none was supplied{values}"))),
        Ok(v) => Ok(Some(v)),
        Err(_) => Ok(None),
    };
    if flags.persist.is_none() {
        flags.persist = env("CTX_PERSIST_DIR", "--persist <DIR>", "")?.map(PathBuf::from);
    }
    if flags.encoding.is_none()
        && let Some(v) = env("CTX_ENCODING", "--encoding <ENCODING>", "; [possible values: o200k, cl100k, estimate]")?
    {
        flags.encoding = Some(value(&v, "encoding")?);
    }
    let profile = super::profile::ProfileArgs::default();
    let mut s = super::profile::resolve_with(&profile, Some(tool), &flags, false, false, TOOL, |_| false)?.settings;
    if s.no_marker == Some(true) {
        s.marker = None;
    }
    s.no_marker = None;
    Ok(s)
}

/// A value of an option an agent gave (an MCP call's argument, an environment variable), as
/// the flag `id` takes it: a wrong one is refused in the words clap refuses it with.
pub fn value<T: clap::ValueEnum + Clone + Send + Sync + 'static>(v: &str, id: &str) -> Result<T> {
    use clap::CommandFactory;
    use clap::builder::{EnumValueParser, TypedValueParser};
    T::from_str(v, false).map_err(|_| {
        let mut cmd = Args::command();
        cmd.build();
        let refused = cmd
            .get_arguments()
            .find(|a| a.get_id() == id)
            .and_then(|a| EnumValueParser::<T>::new().parse_ref(&cmd, Some(a), std::ffi::OsStr::new(v)).err());
        match refused {
            Some(e) => usage(super::one_line_clap(&e.render().to_string())),
            None => usage(format!("invalid value '{v}' for --{id}")),
        }
    })
}

/// A line range an agent gave, as `--lines` takes it.
pub fn lines(v: &str) -> Result<LineRange> {
    range::parse(v).map_err(|e| usage(format!("invalid value '{v}' for '--lines <A:B>': {e}")))
}

/// What `settings` and `call` make of `input` (its whole text being `whole`, for a range of
/// lines), as `ctx-truncate` would print it. With a command in `call`, `input` is not read: the
/// command runs with an empty stdin, and a signal to this process is not caught (it is the
/// caller's to handle).
pub fn agent_run(settings: &Settings, call: Call, input: impl Read, whole: impl FnOnce() -> Whole) -> Result<Vec<u8>> {
    let req = Request::new(settings, call)?;
    let mut out = Vec::new();
    let mut input = Input::new(input, "tool output");
    if req.names_whole() {
        input.whole = Some(whole());
    }
    let report = truncate::run(input, &req, &mut out)?;
    exit(&report);
    Ok(out)
}

/// The size of a text above which [`agent_fit`] builds the patterns that judge lines before it
/// knows that the text will be cut: 64 KiB, about twice the largest budget of a built-in
/// profile (`bash`: 30,000 chars).
const PREPARE_ABOVE: usize = 64 << 10;

/// [`agent_run`] on bytes in memory, which are the whole text. A text this large is most
/// likely cut: when the strategy judges its lines, the patterns that do are built on the other
/// core while it is cleaned (see [`crate::signals::prepare_in_background`]).
pub fn agent_fit(settings: &Settings, call: Call, input: &[u8]) -> Result<Vec<u8>> {
    if input.len() > PREPARE_ABOVE && settings.strategy.unwrap_or_default().collects() {
        crate::signals::prepare_in_background();
    }
    agent_run(settings, call, input, || Whole::Bytes(input.into()))
}

/// [`agent_run`] on the file `path`, opened as `file`, read as a stream: memory stays bounded
/// whatever its size. With a range of lines, the markers number lines as in the file and name
/// the file itself as the full text, so nothing new is saved (an agent's read of a range of a
/// file).
pub fn agent_fit_file(settings: &Settings, call: Call, file: std::fs::File, path: &Path) -> Result<Vec<u8>> {
    agent_run(settings, call, file, || Whole::File(path.to_path_buf()))
}
