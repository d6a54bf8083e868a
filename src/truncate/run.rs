//! One call that fits an input as `ctx-truncate` does: binary sniffing, HTML and JSON, cleaning
//! terminal noise, streaming, saving the full text to the store, counting, a range of lines, and
//! a command run and watched. `ctx-truncate`, the agent hooks and the MCP server each build a
//! [`Request`] (from a profile's [`Settings`] and the options of the call, see [`Request::new`])
//! and call [`run`].

use super::range::{LineRange, RangeReader};
use super::watch::{Signals, Stopped, Watch};
use super::{Doc, Fitted, Marker, Options, Retainer, Strategy};
use crate::clean::{Cleaner, LineCleaner};
use crate::config::Settings;
use crate::error::usage;
use crate::store::{self, Spool, Store};
use crate::structure::Format;
use crate::text::{self, Budget, Cut, Size, Unit, Utf8Check, read_chunks};
use crate::tokens::StreamCounter;
use anyhow::{Context, Result};
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// What to do with an input: the fit's typed options, and what happens around the fit.
#[derive(Clone)]
pub struct Request {
    /// How to fit: budget, strategy, marker, lines that matter, baseline, cut, preview.
    pub fit: Options,
    /// Read only these lines of the input (the markers number lines as in the whole input).
    pub lines: Option<LineRange>,
    /// What the input is: HTML becomes text first, JSON is cut so that it stays JSON.
    pub from: Option<Format>,
    /// When terminal noise is removed.
    pub clean: Clean,
    /// Read binary input as text instead of standing it as `[binary, N bytes, not shown]`.
    pub text: bool,
    /// Write the input's size in this unit (and nothing else) instead of fitting it.
    pub count: Option<Unit>,
    /// Write a JSON result with the numbers instead of the text.
    pub json: bool,
    /// Where the full text is saved when something is cut.
    pub store: Option<Store>,
    /// Run this command and fit its output instead of reading the input.
    pub command: Option<Command>,
}

/// When terminal noise (escapes, carriage-return and backspace redraws) is removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clean {
    /// Never: the bytes stay as they came, cut or not (`--no-clean`, a profile's `clean =
    /// false`).
    Never,
    /// When the input is cut: an input that fits is passed as it came, and one that does not
    /// is cut from what a terminal shows of it, line for line ([`LineCleaner`]), since escapes
    /// take room and say nothing. Lines are not folded, so the markers' line numbers are the
    /// input's. The default for an input read.
    Cut,
    /// Always, folding runs of identical lines too ([`Cleaner`]: `--clean`, and the default for
    /// a command's output).
    Always,
}

/// A command to run, watch and fit the output of.
#[derive(Clone)]
pub struct Command {
    /// The program and its arguments (run without a shell).
    pub argv: Vec<OsString>,
    /// Stop its process group after this long (exit status 124).
    pub timeout: Option<Duration>,
    /// What it reads.
    pub stdin: Stdin,
    /// The signals that stop it besides the deadline.
    pub signals: Signals,
}

/// The standard input of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stdin {
    /// This process's.
    Inherit,
    /// None (`/dev/null`).
    Null,
}

/// What a call adds to a profile's [`Settings`]: the options no profile holds.
#[derive(Clone, Default)]
pub struct Call {
    /// Where cuts fall.
    pub cut: Cut,
    /// An earlier run of the same job, for `salient` to rank against.
    pub baseline: Option<BaselineFrom>,
    /// Read only these lines.
    pub lines: Option<LineRange>,
    /// Read binary input as text.
    pub text: bool,
    /// Count instead of fitting.
    pub count: Option<Unit>,
    /// A JSON result.
    pub json: bool,
    /// Run this command instead of reading an input.
    pub command: Option<Command>,
    /// Keep terminal noise, in a cut too (a command's output is cleaned by default, and an
    /// input's when it is cut).
    pub no_clean: bool,
}

/// Where a [`Call`]'s baseline comes from.
#[derive(Clone, Debug)]
pub enum BaselineFrom {
    /// A file (`--baseline FILE`), read by [`Request::new`].
    File(PathBuf),
    /// Templates read already (the hook's last run of a command).
    Read(Arc<crate::signals::Baseline>),
}

impl Request {
    /// The request that `settings` (a tool's profile with the flags given over it) and `call`
    /// make: the one conversion the command line, the hooks and the MCP server share. An
    /// option that contradicts another is a [`UsageError`](crate::error::UsageError); a baseline that cannot be read and
    /// a store that cannot be opened are errors.
    pub fn new(settings: &Settings, call: Call) -> Result<Request> {
        let s = settings;
        if call.command.is_some() && call.lines.is_some() {
            return Err(usage("--lines reads a range of FILEs or stdin, not of a command's output"));
        }
        let keep = s.keep.clone().unwrap_or_default();
        let strategy = match (s.strategy, keep.is_empty()) {
            (Some(s), false) if s != Strategy::Salient => {
                return Err(usage(
                    "--keep chooses lines for --strategy salient; it does nothing with another strategy",
                ));
            }
            (Some(s), _) => s,
            (None, false) => Strategy::Salient,
            (None, true) => Strategy::Auto,
        };
        let baseline = match &call.baseline {
            None => None,
            Some(_) if !strategy.collects() => {
                return Err(usage(
                    "--baseline ranks the lines salient keeps; it does nothing with another strategy than auto or salient",
                ));
            }
            Some(BaselineFrom::Read(b)) => Some(b.clone()),
            Some(BaselineFrom::File(p)) => {
                let file = std::fs::File::open(p).with_context(|| format!("cannot open baseline '{}'", p.display()))?;
                let b = crate::signals::Baseline::read_file(file)
                    .with_context(|| format!("cannot read baseline '{}'", p.display()))?;
                Some(Arc::new(b))
            }
        };
        let keep = match keep.as_slice() {
            [] => None,
            pats => {
                let joined = pats.iter().map(|p| format!("(?:{p})")).collect::<Vec<_>>().join("|");
                Some(
                    regex::bytes::Regex::new(&format!("(?m){joined}"))
                        .map_err(|e| usage(format!("--keep: {}", one_line(&e.to_string()))))?,
                )
            }
        };
        let marker = match (&s.marker, s.no_marker.unwrap_or(false)) {
            (_, true) => Marker::Off,
            (Some(t), _) => {
                super::check_template(t).map_err(usage)?;
                Marker::Template(t.clone())
            }
            (None, _) => Marker::Default,
        };
        let given = Budget { bytes: s.max_bytes, chars: s.max_chars, lines: s.max_lines, tokens: s.max_tokens };
        let given = (!given.is_unlimited()).then_some(given);
        let mut fit = Options {
            budget: given.unwrap_or(Options::default().budget),
            strategy,
            head_ratio: s.head_ratio.unwrap_or(0.5),
            cut: call.cut,
            encoding: s.encoding.unwrap_or_default(),
            marker,
            keep,
            count_tokens: call.json,
            preview: false,
            first_line: call.lines.map_or(1, |r| r.first),
            baseline,
        };
        let mut persist = s.persist.clone();
        if let Some(n) = s.preview {
            let mut budget = given.unwrap_or_default();
            budget.chars = Some(budget.chars.map_or(n, |c| c.min(n)));
            fit.budget = budget;
            fit.preview = true;
            fit.strategy = Strategy::Head;
            fit.marker = Marker::Preview;
            persist = persist.or_else(|| Some(store::default_dir()));
        }
        let store = persist.map(|d| Store::open(&d)).transpose()?;
        Ok(Request {
            fit,
            lines: call.lines,
            from: s.from,
            // Tools force colours and progress redraws on a terminal-less run often enough that
            // a command's output is cleaned unless asked not to be.
            clean: match s.clean {
                _ if call.no_clean => Clean::Never,
                Some(true) => Clean::Always,
                _ if call.command.is_some() => Clean::Always,
                Some(false) => Clean::Never,
                None => Clean::Cut,
            },
            text: call.text,
            count: call.count,
            json: call.json,
            store,
            command: call.command,
        })
    }

    /// Whether an input must name its whole text ([`Input::whole`]): with a range of lines and
    /// a store, the markers' line numbers refer to the whole input, which is what is saved.
    pub fn names_whole(&self) -> bool {
        self.lines.is_some() && self.store.is_some()
    }
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// One input to fit.
pub struct Input<R> {
    /// Where its text comes from.
    pub reader: R,
    /// Its name, for messages (and JSON results with several inputs).
    pub name: String,
    /// One of several inputs of a run: a JSON result names it, and a count is left to the
    /// caller to print (with the total).
    pub many: bool,
    /// Written before the text (not before a JSON result) when there is any: `==> name <==`.
    pub header: Option<String>,
    /// The full text that a range of lines is read from (see [`Request::names_whole`]).
    pub whole: Option<Whole>,
}

impl<R: Read> Input<R> {
    /// One input alone, named `name`.
    pub fn new(reader: R, name: impl Into<String>) -> Input<R> {
        Input { reader, name: name.into(), many: false, header: None, whole: None }
    }
}

/// The full text a range read names: a file is itself the full text; bytes in memory are saved
/// whole when something is cut.
#[derive(Clone, Debug)]
pub enum Whole {
    /// A file (canonical path).
    File(PathBuf),
    /// Bytes.
    Bytes(Arc<[u8]>),
}

/// What a run did.
#[derive(Debug, Default)]
pub struct Report {
    /// In count mode: the input's size.
    pub size: Option<Size>,
    /// The fit, when one was made (its text went to the output, and is left empty here).
    pub fitted: Option<Fitted>,
    /// With a command: the exit status to give (its own, 124 after the deadline, 128 + a
    /// signal, 127 or 126 when it could not start).
    pub exit: Option<u8>,
    /// With a command that could not start: why (nothing was written).
    pub not_started: Option<anyhow::Error>,
    /// Whether the input's header was written.
    pub headed: bool,
}

/// Standard input is read once: it cannot be saved whole while only a range of it is kept.
pub const RANGE_OF_STDIN: &str =
    "--persist with --lines saves the whole input, which standard input cannot give: read a FILE";

/// How much of an input is looked at to tell binary from text (as git and grep do: a NUL).
const SNIFF: usize = 8 << 10;

/// Fits `input` as `request` asks and writes the result to `output`; with a command in the
/// request, `input` is not read: the command runs and its output is fitted, with a status line
/// after a failure.
pub fn run<R: Read>(input: Input<R>, request: &Request, output: &mut impl Write) -> Result<Report> {
    if let Some(cmd) = &request.command {
        return run_command(cmd, request, output);
    }
    let whole = match (request.names_whole(), input.whole) {
        (false, _) => None,
        (true, Some(w)) => Some(w),
        (true, None) => return Err(usage(RANGE_OF_STDIN)),
    };
    let meta = Meta { name: input.name, many: input.many, header: input.header, whole };
    match request.lines {
        Some(range) => handle(RangeReader::new(input.reader, range), &meta, request, output),
        None => handle(input.reader, &meta, request, output),
    }
}

/// An input without its reader.
struct Meta {
    name: String,
    many: bool,
    header: Option<String>,
    whole: Option<Whole>,
}

impl Meta {
    fn header(&self, report: &mut Report, out: &mut impl Write) -> io::Result<()> {
        if let Some(h) = &self.header {
            out.write_all(h.as_bytes())?;
            report.headed = true;
        }
        Ok(())
    }
}

/// Processes one input.
fn handle(reader: impl Read, src: &Meta, req: &Request, out: &mut impl Write) -> Result<Report> {
    let name = &src.name;
    let mut report = Report::default();
    let mut reader = reader;
    let mut head = Vec::with_capacity(SNIFF);
    (&mut reader).take(SNIFF as u64).read_to_end(&mut head).with_context(|| format!("cannot read '{name}'"))?;
    let binary = !req.text && memchr::memchr(0, &head).is_some();
    let reader = io::Cursor::new(head).chain(reader);
    if binary {
        return binary_input(reader, src, req, out);
    }
    let reader: Box<dyn Read> = match req.from.filter(|f| *f != Format::Text) {
        None => Box::new(reader),
        Some(from) => {
            let mut all = Vec::new();
            read_chunks(reader, name, |c| {
                all.extend_from_slice(c);
                Ok(())
            })?;
            match crate::structure::resolve(Some(from), &all) {
                Format::Json if req.count.is_none() => {
                    write_json_cut(&all, src, req, &mut report, out)?;
                    return Ok(report);
                }
                Format::Html => {
                    let text = crate::structure::html::to_text(&all, &Default::default());
                    Box::new(io::Cursor::new(text.into_bytes()))
                }
                _ => Box::new(io::Cursor::new(all)),
            }
        }
    };
    if req.count.is_some() {
        let (size, valid) = count(reader, name, req)?;
        if req.json {
            let mut v = serde_json::to_value(size)?;
            v["valid_utf8"] = valid.into();
            if src.many {
                v["name"] = name.clone().into();
            }
            writeln!(out, "{v}")?;
        } else if !src.many {
            writeln!(out, "{}", size.get(req.count.unwrap_or(Unit::Tokens)))?;
        }
        report.size = Some(size);
        return Ok(report);
    }
    let (doc, spool, valid) = ingest(reader, name, req)?;
    let fitted = fit(doc, spool, src.whole.as_ref(), req, &req.fit)?;
    if !req.json {
        src.header(&mut report, out)?;
    }
    write_fitted(&fitted, valid, src.many.then_some(name), None, req, out)?;
    report.fitted = Some(Fitted { text: Vec::new(), ..fitted });
    Ok(report)
}

/// Cuts a JSON document to the budget so that it stays valid JSON, and writes it (or, with
/// `json`, the numbers).
fn write_json_cut(input: &[u8], src: &Meta, req: &Request, report: &mut Report, out: &mut impl Write) -> Result<()> {
    let cut = crate::structure::json::cut(input, &req.fit.budget, req.fit.encoding)
        .with_context(|| format!("cannot cut '{}' as JSON", src.name))?;
    if req.json {
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
    src.header(report, out)?;
    out.write_all(cut.text.as_bytes())?;
    Ok(())
}

/// Binary input (a NUL in its first 8 KiB) is not shown, nor counted in tokens: it is
/// counted in bytes as it streams by, and stands as `[binary, N bytes, not shown]`.
fn binary_input(reader: impl Read, src: &Meta, req: &Request, out: &mut impl Write) -> Result<Report> {
    let mut report = Report::default();
    let mut bytes = 0u64;
    read_chunks(reader, &src.name, |c| {
        bytes += c.len() as u64;
        Ok(())
    })?;
    if req.count.is_some_and(|u| u != Unit::Bytes) {
        anyhow::bail!(
            "'{}' is binary ({} bytes): only --count=bytes counts it (--text reads it as text)",
            src.name,
            text::group_digits(bytes)
        );
    }
    if req.count.is_some() {
        if !src.many {
            writeln!(out, "{bytes}")?;
        }
        report.size = Some(Size { bytes, ..Size::default() });
        return Ok(report);
    }
    if req.json {
        writeln!(out, "{}", serde_json::json!({"binary": true, "original": {"bytes": bytes}, "truncated": true}))?;
    } else {
        // The placeholder keeps the budget too: the short form, else a refusal.
        let n = text::group_digits(bytes);
        let lines = [format!("[binary, {n} bytes, not shown; --text shows it]\n"), format!("[binary, {n} bytes]\n")];
        let Some(line) = lines.iter().find(|l| req.fit.budget.fits(l.as_bytes(), req.fit.encoding)) else {
            anyhow::bail!(
                "'{}' is binary ({n} bytes) and the budget cannot hold even '[binary, {n} bytes]': raise the budget or read it with --text",
                src.name
            );
        };
        src.header(&mut report, out)?;
        out.write_all(line.as_bytes())?;
    }
    Ok(report)
}

/// A reader that checks, as they pass, whether the bytes read are valid UTF-8, and keeps a copy
/// of them when asked.
struct Checked<'a, R> {
    inner: R,
    utf8: &'a mut Utf8Check,
    copy: Option<&'a mut RawCopy>,
}

impl<R: Read> Read for Checked<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.utf8.push(&buf[..n]);
        if let Some(c) = self.copy.as_mut() {
            c.push(&buf[..n]);
        }
        Ok(n)
    }
}

/// The input as it came, kept while it could still fit the budget ([`Clean::Cut`]): at most
/// `cap` bytes, the most that any text within the budget holds ([`MEMORY_LIMIT`] for a budget of
/// lines only). A [`Retainer`] holds as much of the cleaned text whole before it keeps a window,
/// so the copy at most doubles what a call that passes its input whole holds anyway.
///
/// [`MEMORY_LIMIT`]: super::MEMORY_LIMIT
struct RawCopy {
    bytes: Option<Vec<u8>>,
    cap: u64,
}

impl RawCopy {
    fn push(&mut self, data: &[u8]) {
        if self.bytes.as_ref().is_some_and(|b| (b.len() + data.len()) as u64 > self.cap) {
            self.bytes = None;
        }
        if let Some(b) = self.bytes.as_mut() {
            b.extend_from_slice(data);
        }
    }
}

/// A reader of `inner` with its terminal noise removed (see [`Cleaner`], and [`LineCleaner`]
/// with [`Cleaned::line_for_line`]).
pub struct Cleaned<R> {
    inner: R,
    /// `None` once `inner` is at its end and the cleaner has given its last bytes.
    cleaner: Option<Either>,
    raw: Vec<u8>,
    clean: Vec<u8>,
    at: usize,
}

impl<R: Read> Cleaned<R> {
    /// Cleans what `inner` gives.
    pub fn new(inner: R) -> Cleaned<R> {
        Cleaned {
            inner,
            cleaner: Some(Either::Folding(Cleaner::default())),
            raw: vec![0; 64 << 10],
            clean: Vec::new(),
            at: 0,
        }
    }

    /// Cleans what `inner` gives line for line: no line folded or moved.
    pub fn line_for_line(inner: R) -> Cleaned<R> {
        Cleaned { cleaner: Some(Either::Lines(LineCleaner::default())), ..Cleaned::new(inner) }
    }
}

/// The cleaner of a [`Cleaned`].
enum Either {
    Folding(Cleaner),
    Lines(LineCleaner),
}

impl Either {
    fn push(&mut self, input: &[u8], out: &mut Vec<u8>) {
        match self {
            Either::Folding(c) => c.push(input, out),
            Either::Lines(c) => c.push(input, out),
        }
    }

    fn finish(self, out: &mut Vec<u8>) {
        match self {
            Either::Folding(c) => c.finish(out),
            Either::Lines(c) => c.finish(out),
        }
    }
}

impl<R: Read> Read for Cleaned<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if self.at < self.clean.len() {
                let n = buf.len().min(self.clean.len() - self.at);
                buf[..n].copy_from_slice(&self.clean[self.at..self.at + n]);
                self.at += n;
                return Ok(n);
            }
            if self.cleaner.is_none() || buf.is_empty() {
                return Ok(0);
            }
            self.clean.clear();
            self.at = 0;
            let n = self.inner.read(&mut self.raw)?;
            match self.cleaner.as_mut() {
                Some(c) if n > 0 => c.push(&self.raw[..n], &mut self.clean),
                _ => {
                    if let Some(c) = self.cleaner.take() {
                        c.finish(&mut self.clean);
                    }
                }
            }
        }
    }
}

/// `reader`, checked for UTF-8 (and copied to `copy`, if given) as it is read, then cleaned as
/// `clean` says.
fn prepared<'a>(
    reader: impl Read + 'a,
    utf8: &'a mut Utf8Check,
    copy: Option<&'a mut RawCopy>,
    clean: Clean,
) -> Box<dyn Read + 'a> {
    let checked = Checked { inner: reader, utf8, copy };
    match clean {
        Clean::Never => Box::new(checked),
        Clean::Cut => Box::new(Cleaned::line_for_line(checked)),
        Clean::Always => Box::new(Cleaned::new(checked)),
    }
}

/// Reads an input into a document: whole, or as a window for the streaming strategies.
fn ingest(reader: impl Read, name: &str, req: &Request) -> Result<(Doc, Option<Spool>, bool)> {
    let opts = &req.fit;
    let tokens = (opts.count_tokens || opts.budget.tokens.is_some()).then_some(opts.encoding);
    let mut utf8 = Utf8Check::default();
    let cap = opts.budget.max_bytes().unwrap_or(super::MEMORY_LIMIT as u64);
    let mut copy = (req.clean == Clean::Cut).then(|| RawCopy { bytes: Some(Vec::new()), cap });
    let reader = prepared(reader, &mut utf8, copy.as_mut(), req.clean);
    let (doc, spool) = if opts.strategy.streams() {
        let mut retainer = Retainer::new(&opts.budget, tokens, req.store.clone());
        if opts.strategy.collects() {
            retainer = retainer.collecting(opts.keep.clone(), super::candidate_room(&opts.budget));
        }
        read_chunks(reader, name, |chunk| retainer.push(chunk))?;
        retainer.finish()
    } else {
        let mut all = Vec::new();
        read_chunks(reader, name, |chunk| {
            all.extend_from_slice(chunk);
            Ok(())
        })?;
        (Doc::whole(all), None)
    };
    // Cleaned only when cut: an input that fits as it came is passed as it came.
    if let Some(raw) = copy.and_then(|c| c.bytes)
        && doc.text() != Some(&raw[..])
        && super::fits(&raw, opts)
    {
        return Ok((Doc::whole(raw), None, utf8.finish()));
    }
    Ok((doc, spool, utf8.finish()))
}

/// Fits a document, saving the full text first when something will be cut and a store is set.
fn fit(doc: Doc, spool: Option<Spool>, whole: Option<&Whole>, req: &Request, opts: &Options) -> Result<Fitted> {
    let cut = doc.text().is_none_or(|t| !super::fits(t, opts));
    if cut && opts.strategy.collects() {
        crate::signals::prepare_in_background();
    }
    let save = || -> Result<Option<std::path::PathBuf>> {
        Ok(match (cut, whole, &req.store) {
            (false, ..) => None,
            (true, Some(Whole::File(p)), _) => Some(p.clone()),
            (true, Some(Whole::Bytes(b)), Some(store)) => Some(store.put(b)?),
            (true, _, Some(store)) => Some(match spool {
                Some(s) => s.commit()?,
                None => store.put(doc.text().unwrap_or_default())?,
            }),
            _ => None,
        })
    };
    // A held text that is saved is scanned for the lines that matter at the same time, on
    // another thread: both only read it, and the save (a hash and a write of the whole) takes
    // about as long as the scan.
    let scan = cut && req.store.is_some() && opts.strategy.collects() && doc.candidates().is_none();
    let path = match scan {
        true => std::thread::scope(|s| {
            let scanning = s.spawn(|| drop(doc.scanned(opts.keep.as_ref(), super::candidate_room(&opts.budget))));
            let path = save();
            if let Err(panic) = scanning.join() {
                std::panic::resume_unwind(panic);
            }
            path
        })?,
        false => save()?,
    };
    let path = path.map(|p| p.display().to_string());
    let fitted = super::fit(&doc, opts, path.as_deref());
    // The full text was saved so that the agent can read it: a budget too small to say where is
    // refused rather than met by hiding the path. (Markers the user turned off say nothing; a
    // template without {path} that fits says what it was given to say.)
    let named = |p: &str| memchr::memmem::find(&fitted.text, p.as_bytes()).is_some();
    if let Some(p) = path.as_deref()
        && fitted.truncated
        && (fitted.unmarked || !matches!(opts.marker, Marker::Off | Marker::Template(_)))
        && !named(p)
    {
        anyhow::bail!(
            "the budget cannot hold where the full text was saved ({p}, {} chars): raise the budget",
            text::group_digits(text::count_chars(p.as_bytes()))
        );
    }
    // A cut is never silent: a budget too small for even `[...]` is refused.
    if fitted.unmarked {
        anyhow::bail!(super::UNMARKED);
    }
    Ok(fitted)
}

fn write_fitted(
    o: &Fitted,
    valid: bool,
    name: Option<&str>,
    status: Option<(i32, Option<Stopped>)>,
    req: &Request,
    out: &mut impl Write,
) -> Result<()> {
    if !req.json {
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

/// Counts an input in every unit (tokens when asked for in the unit or with `json`), as a stream.
fn count(reader: impl Read, name: &str, req: &Request) -> Result<(Size, bool)> {
    let want_tokens = req.json || req.count == Some(Unit::Tokens);
    let mut tokens = want_tokens.then(|| StreamCounter::new(req.fit.encoding, u64::MAX));
    let mut size = Size::default();
    let mut last = None;
    let mut utf8 = Utf8Check::default();
    // An input is counted as it came unless it is always cleaned.
    let clean = if req.clean == Clean::Cut { Clean::Never } else { req.clean };
    read_chunks(prepared(reader, &mut utf8, None, clean), name, |c| {
        size.bytes += c.len() as u64;
        size.chars += text::count_chars(c);
        size.lines += text::count_newlines(c);
        last = c.last().copied().or(last);
        if let Some(t) = tokens.as_mut() {
            t.push(c);
        }
        Ok(())
    })?;
    size.lines += u64::from(last.is_some_and(|b| b != b'\n'));
    if let Some((n, est)) = tokens.map(StreamCounter::finish) {
        size.tokens = Some(n);
        size.tokens_estimated = est;
    }
    Ok((size, utf8.finish()))
}

/// Runs a command, fits its combined output, and gives its exit status. The command runs in
/// its own process group; the deadline and the command's signals stop that group, and what it
/// wrote is still fitted and written, marked as stopped.
fn run_command(cmd: &Command, req: &Request, out: &mut impl Write) -> Result<Report> {
    use std::os::unix::process::CommandExt;
    let argv = &cmd.argv;
    let program = argv.first().map(|p| p.to_string_lossy().into_owned()).unwrap_or_default();
    let (reader, writer) = io::pipe().context("cannot create a pipe")?;
    let mut command = std::process::Command::new(argv.first().context("no command to run")?);
    command.args(&argv[1..]).stdout(writer.try_clone().context("cannot create a pipe")?).stderr(writer);
    let stdin = match cmd.stdin {
        Stdin::Inherit => std::process::Stdio::inherit(),
        Stdin::Null => std::process::Stdio::null(),
    };
    command.stdin(stdin).process_group(0);
    let child = command.spawn();
    drop(command);
    let child = match child {
        Ok(c) => c,
        Err(e) => {
            // As a shell says it: 127 for a command not found, 126 for one that cannot run.
            let code = if e.kind() == io::ErrorKind::NotFound { 127 } else { 126 };
            let why = anyhow::Error::new(e).context(format!("cannot run '{program}'"));
            return Ok(Report { exit: Some(code), not_started: Some(why), ..Report::default() });
        }
    };
    let (watch, capture) = Watch::start(child, reader, cmd.timeout, cmd.signals.clone());
    if req.count.is_some() {
        let (size, _) = count(capture, &program, req)?;
        let (status, stopped) = watch.finish().with_context(|| format!("cannot wait for '{program}'"))?;
        writeln!(out, "{}", size.get(req.count.unwrap_or(Unit::Tokens)))?;
        let exit = stopped.map_or(status_code(status), |s| s.code());
        return Ok(Report { size: Some(size), exit: Some(exit), ..Report::default() });
    }
    let (doc, spool, valid) = ingest(capture, &program, req)?;
    let (status, stopped) = watch.finish().with_context(|| format!("cannot wait for '{program}'"))?;
    let code = stopped.as_ref().map_or(status_code(status), |s| s.code());
    let mut opts = req.fit.clone();
    if code != 0 && !req.json {
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
    let fitted = fit(doc, spool, None, req, &opts)?;
    write_fitted(&fitted, valid, None, Some((i32::from(code), stopped)), req, out)?;
    Ok(Report { fitted: Some(Fitted { text: Vec::new(), ..fitted }), exit: Some(code), ..Report::default() })
}

/// The line that ends the output of a command that failed or was stopped.
fn status_line(code: u8, stopped: Option<&Stopped>) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("ctx-truncate-run-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    fn fitted(req: &Request, input: &[u8]) -> String {
        let mut out = Vec::new();
        run(Input::new(input, "tool output"), req, &mut out).expect("run");
        String::from_utf8(out).expect("utf-8")
    }

    /// As `ctx hook` fits a tool's output: a profile's settings with the store over them, a
    /// request made of them, one call on the bytes; the cut names the saved full text.
    #[test]
    fn fits_as_the_hook_does() {
        let store = dir("hook");
        let settings = Settings {
            max_lines: Some(5),
            strategy: Some(Strategy::HeadTail),
            persist: Some(store.clone()),
            ..Settings::default()
        };
        let req = Request::new(&settings, Call::default()).expect("request");
        let input: String = (1..=20).map(|i| format!("line {i}\n")).collect();
        let saved = req.store.as_ref().expect("store").dir().join(crate::store::name_of(input.as_bytes()));
        let out = fitted(&req, input.as_bytes());
        let path = saved.display().to_string();
        assert_eq!(
            out,
            format!(
                "line 1\nline 2\n[... 16 lines (121 chars) omitted: lines 3-18; full text: {} ...]\nline 19\nline 20\n",
                path
            )
        );
        assert_eq!(std::fs::read(&saved).expect("saved"), input.as_bytes());
        // What fits passes as it is, and nothing more is saved.
        assert_eq!(fitted(&req, b"short\n"), "short\n");
        let _ = std::fs::remove_dir_all(&store);
    }

    /// Cleaning is a reader: what `Cleaned` gives does not depend on how its input is read.
    #[test]
    fn cleaned_reader_matches_clean() {
        let raw = b"\x1b[32mok\x1b[0m\nprogress 10%\rprogress 100%\nsame\nsame\nsame\nend";
        let mut whole = Vec::new();
        Cleaned::new(&raw[..]).read_to_end(&mut whole).expect("read");
        assert_eq!(whole, crate::clean::clean(raw));
        let mut bytewise = Vec::new();
        let mut r = Cleaned::new(io::BufReader::with_capacity(1, &raw[..]));
        let mut one = [0u8; 1];
        while r.read(&mut one).expect("read") == 1 {
            bytewise.push(one[0]);
        }
        assert_eq!(bytewise, whole);
    }

    /// Options that contradict each other are a `UsageError` (exit status 2 at the command line).
    #[test]
    fn contradictions_are_bad_requests() {
        let s = Settings { strategy: Some(Strategy::Head), keep: Some(vec!["x".into()]), ..Settings::default() };
        let e = Request::new(&s, Call::default()).err().expect("refused");
        assert_eq!(
            e.downcast_ref::<crate::error::UsageError>().map(|b| b.0.as_str()),
            Some("--keep chooses lines for --strategy salient; it does nothing with another strategy")
        );
    }
}
