//! Agent transcripts as agents write them: the format is detected (or forced), the records are
//! read (JSON Lines, or one JSON document holding a message list), and every record yields a
//! common view of what compaction needs: user turns, assistant replies, tool calls and tool
//! results with the place of their content. Nothing the view does not name is ever touched:
//! records that are not changed are written back byte for byte (JSON Lines), and documents keep
//! their key order and their compact or pretty style.

mod anthropic;
pub mod check;
mod claude_code;
pub(crate) mod codex;
mod detect;
mod json;
mod openai;
mod responses;
mod skim;

use anyhow::{Result, bail};
use serde_json::Value;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::Write;

pub use json::Style;

/// The transcript formats (dialects of the messages an agent records): `--format` of ctx-compact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dialect {
    /// OpenAI Chat Completions messages (`tool_calls`, `role: tool`): an array, a request body
    /// with `messages`, JSON Lines, or a SWE-agent trajectory (`history`).
    Openai,
    /// OpenAI Responses API input items (`function_call`, `function_call_output`, ...).
    Responses,
    /// Anthropic Messages (`tool_use`, `tool_result` blocks): an array or a request body.
    Anthropic,
    /// Claude Code session JSONL (`~/.claude/projects/...`).
    ClaudeCode,
    /// Codex CLI rollout JSONL (`~/.codex/sessions/...`), including the legacy layout.
    Codex,
}

impl Dialect {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Openai => "openai",
            Dialect::Responses => "responses",
            Dialect::Anthropic => "anthropic",
            Dialect::ClaudeCode => "claude-code",
            Dialect::Codex => "codex",
        }
    }

    /// Reports the items of one record.
    fn items<'a>(self, record: &'a Value, f: &mut dyn FnMut(Item<'a>)) {
        match self {
            Dialect::Openai => openai::items(record, f),
            Dialect::Responses => responses::items(record, &[], true, f),
            Dialect::Anthropic => anthropic::items(record, &[], f),
            Dialect::ClaudeCode => claude_code::items(record, f),
            Dialect::Codex => codex::items(record, f),
        }
    }
}

/// One step of a path from a record's root to a value inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seg {
    /// An object key.
    Key(&'static str),
    /// An array index.
    Index(usize),
}

/// Where a tool result's content lives in its record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The path to the content: a string, a list of parts, or (when `wrapped`) a string that
    /// holds a JSON object whose `output` is the content.
    pub path: Vec<Seg>,
    /// The content is the `output` of a JSON object encoded in the string (Codex).
    pub wrapped: bool,
    /// A structured copy of the result that is replaced together with it (Claude Code's
    /// `toolUseResult`).
    pub mirror: Option<Vec<Seg>>,
}

/// A tool result's content as found in a record.
#[derive(Clone, Debug)]
pub enum Content<'a> {
    /// The JSON value at the slot: a string, a list of parts, or anything else.
    Value(&'a Value),
    /// The text inside a wrapped output.
    Wrapped(String),
}

impl Content<'_> {
    /// The text the model sees: a string as it is; a list of text parts joined by newlines;
    /// anything else (parts that are not text, objects) as JSON.
    pub fn text(&self) -> Cow<'_, str> {
        match self {
            Content::Wrapped(s) => Cow::Borrowed(s),
            Content::Value(v) => value_text(v),
        }
    }
}

/// The text of a content value; see [`Content::text`].
pub fn value_text(v: &Value) -> Cow<'_, str> {
    match v {
        Value::String(s) => Cow::Borrowed(s),
        Value::Null => Cow::Borrowed(""),
        Value::Array(parts) => {
            let texts: Option<Vec<&str>> = parts.iter().map(|p| p.get("text").and_then(Value::as_str)).collect();
            match texts {
                Some(t) if t.len() == 1 => Cow::Borrowed(t[0]),
                Some(t) => Cow::Owned(t.join("\n")),
                None => Cow::Owned(serde_json::to_string_pretty(v).unwrap_or_default()),
            }
        }
        other => Cow::Owned(other.to_string()),
    }
}

/// What a record holds, as compaction and statistics see it.
#[derive(Clone, Debug)]
pub enum Item<'a> {
    /// A user turn starts: a message typed by the user (not tool results, not injected notes).
    Turn,
    /// An assistant-side item: a reply, reasoning or a tool call; `Some(id)` when several
    /// records make up one response (Claude Code's `message.id`).
    Reply(Option<&'a str>),
    /// A tool call.
    Call { id: Option<&'a str>, name: &'a str, input: &'a Value },
    /// A tool result and where its content is.
    Result { id: Option<&'a str>, slot: Slot, content: Content<'a> },
    /// Other text the model sees, by role.
    Text { role: &'a str, text: Cow<'a, str> },
    /// Token usage the agent recorded: the context of one request and its output tokens;
    /// `cumulative` when `output` is a running total rather than this request's.
    Usage { response: Option<&'a str>, context: u64, output: u64, cumulative: bool },
    /// The whole record belongs to a side conversation (a Claude Code subagent): checked, but
    /// never changed.
    Sidechain,
}

/// Results up to this many bytes keep their text in the scan.
pub const SHORT: usize = 1024;

/// Every result keeps its first this many bytes in the scan.
pub const HEAD: usize = 64;

/// How the note at the end of a preview starts.
pub const PREVIEW_NOTE: &str = "[Tool result truncated: first ";

/// A tool call or result found in a transcript, kept after the scan.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The index of its record.
    pub record: usize,
    /// What it is.
    pub kind: Kind,
}

/// What an [`Entry`] is.
#[derive(Clone, Debug)]
pub enum Kind {
    /// A user turn starts.
    Turn,
    /// An assistant-side item (see [`Item::Reply`]).
    Reply(Option<String>),
    /// A tool call.
    Call { id: Option<String>, name: String },
    /// A tool result: its content's place and size in chars; its text when it is short (up to
    /// [`SHORT`] bytes), its first [`HEAD`] bytes, and whether its last line reads like a
    /// preview's note, so that content compaction already replaced is known without parsing the
    /// record again.
    Result {
        id: Option<String>,
        slot: Slot,
        chars: u64,
        sidechain: bool,
        short: Option<String>,
        head: String,
        preview_note: bool,
    },
}

/// Called with each changed line as written and the byte range of the line it replaces.
pub type OnLine<'a> = dyn FnMut(&[u8], std::ops::Range<usize>) -> Result<()> + 'a;

/// A record of a JSON Lines transcript: its bytes without the line end, and its line number.
#[derive(Clone, Debug)]
struct Line {
    start: usize,
    end: usize,
    number: usize,
}

enum Body {
    Lines { lines: Vec<Line>, partial: Option<Line> },
    Doc(json::LazyDoc),
}

/// A transcript read into memory and scanned.
pub struct Transcript {
    /// The name used in messages.
    pub name: String,
    /// The format.
    pub format: Dialect,
    /// The input as read.
    pub bytes: Vec<u8>,
    body: Body,
    /// Tool calls, tool results, turns and replies, in order.
    pub entries: Vec<Entry>,
    /// Notes for the user (a last line still being written).
    pub warnings: Vec<String>,
}

impl Transcript {
    /// Reads `bytes` (named `name` in messages) as a transcript of `format`, or of the
    /// detected format.
    pub fn parse(name: &str, bytes: Vec<u8>, format: Option<Dialect>) -> Result<Transcript> {
        if bytes.iter().all(u8::is_ascii_whitespace) {
            bail!("{name} is empty: there is no transcript to read");
        }
        let body = match json::layout(&bytes) {
            json::Layout::Lines => split_lines(name, &bytes)?,
            json::Layout::Doc(lists) => json::LazyDoc::parse(name, &bytes, lists)?,
        };
        let format = match format {
            Some(f) => f,
            None => detect::detect(&bytes, &body)
                .ok_or_else(|| anyhow::anyhow!("cannot tell the format of {name}; pass --format"))?,
        };
        if let (Body::Doc(_), Dialect::ClaudeCode | Dialect::Codex) = (&body, format) {
            bail!("{name} is one JSON document, but {} transcripts are JSON Lines", format.name());
        }
        let mut t =
            Transcript { name: name.to_string(), format, bytes, body, entries: Vec::new(), warnings: Vec::new() };
        if let Body::Lines { partial: Some(line), .. } = &t.body {
            t.warnings.push(format!(
                "{name}:{}: the last line is incomplete (still being written?); kept as it is",
                line.number
            ));
        }
        t.entries = t.scan()?;
        Ok(t)
    }

    /// The number of records.
    pub fn len(&self) -> usize {
        match &self.body {
            Body::Lines { lines, .. } => lines.len(),
            Body::Doc(doc) => doc.len(),
        }
    }

    /// Whether there are no records.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the transcript is JSON Lines.
    pub fn is_lines(&self) -> bool {
        matches!(self.body, Body::Lines { .. })
    }

    /// The 1-based line on which record `i` starts.
    pub fn line(&self, i: usize) -> usize {
        match &self.body {
            Body::Lines { lines, .. } => lines.get(i).map_or(0, |l| l.number),
            Body::Doc(doc) => doc.line(i),
        }
    }

    /// Calls `f` with record `i`, parsed.
    pub fn with_record<R>(&self, i: usize, f: impl FnOnce(&Value) -> R) -> Result<R> {
        match &self.body {
            Body::Lines { .. } => Ok(f(&self.parse_line(i)?)),
            Body::Doc(doc) => Ok(f(&doc.record(&self.bytes, i)?)),
        }
    }

    /// Record `i`, parsed and owned, to be changed.
    pub fn record(&self, i: usize) -> Result<Value> {
        match &self.body {
            Body::Lines { .. } => self.parse_line(i),
            Body::Doc(doc) => doc.record(&self.bytes, i),
        }
    }

    fn parse_line(&self, i: usize) -> Result<Value> {
        let Body::Lines { lines, .. } = &self.body else { bail!("not JSON Lines") };
        let l = lines.get(i).ok_or_else(|| anyhow::anyhow!("no record {i}"))?;
        json::from_slice(&self.bytes[l.start..l.end])
            .map_err(|e| anyhow::anyhow!("{}:{}: {}", self.name, l.number, json::describe(&e)))
    }

    /// Calls `f` with every item of every record, in order, with the record's index.
    pub fn each_item(&self, mut f: impl FnMut(usize, &Item<'_>)) -> Result<()> {
        for i in 0..self.len() {
            self.with_record(i, |v| self.format.items(v, &mut |item| f(i, &item)))?;
        }
        Ok(())
    }

    /// The items of one record, as given by the format.
    pub fn items_of<'a>(&self, record: &'a Value) -> Vec<Item<'a>> {
        let mut out = Vec::new();
        self.format.items(record, &mut |item| out.push(item));
        out
    }

    fn scan(&self) -> Result<Vec<Entry>> {
        let mut entries = Vec::new();
        for i in 0..self.len() {
            self.with_record(i, |v| {
                let mut sidechain = false;
                self.format.items(v, &mut |item| entries.extend(entry(i, item, &mut sidechain)));
            })?;
        }
        Ok(entries)
    }

    /// Writes the transcript with the records in `changed` replaced. With JSON Lines, every
    /// other record is written as read, and `on_line` sees each changed line as written with
    /// the byte range of the line it replaces.
    pub fn write(&self, changed: &BTreeMap<usize, Value>, out: &mut dyn Write, on_line: &mut OnLine<'_>) -> Result<()> {
        match &self.body {
            Body::Doc(doc) => doc.write(&self.bytes, changed, out),
            Body::Lines { lines, .. } => {
                let mut at = 0;
                let mut buf = Vec::new();
                for (i, v) in changed {
                    let l = &lines[*i];
                    out.write_all(&self.bytes[at..l.start])?;
                    buf.clear();
                    serde_json::to_writer(&mut buf, v)?;
                    on_line(&buf, l.start..l.end)?;
                    out.write_all(&buf)?;
                    at = l.end;
                }
                out.write_all(&self.bytes[at..])?;
                Ok(())
            }
        }
    }
}

/// One record of a rebuilt transcript: a record of this one as it is, or a new one.
#[derive(Clone, Debug)]
pub enum Out {
    /// Record `i`, as read (JSON Lines: byte for byte).
    Keep(usize),
    /// A new record.
    New(Value),
}

impl Transcript {
    /// Writes a transcript made of `records` in the same format and layout: a document keeps
    /// every field but its message list; JSON Lines keep the kept lines byte for byte (lines that
    /// are not records, blank ones, are dropped; a last line still being written is kept).
    pub fn rebuild(&self, records: &[Out], out: &mut dyn Write) -> Result<()> {
        match &self.body {
            Body::Doc(doc) => doc.write_list(&self.bytes, records, out),
            Body::Lines { lines, partial } => {
                for r in records {
                    match r {
                        Out::Keep(i) => {
                            let l = &lines[*i];
                            let end = self.bytes[l.end..]
                                .iter()
                                .position(|b| *b == b'\n')
                                .map_or(self.bytes.len(), |p| l.end + p + 1);
                            out.write_all(&self.bytes[l.start..end])?;
                            if !self.bytes[l.start..end].ends_with(b"\n") {
                                out.write_all(b"\n")?;
                            }
                        }
                        Out::New(v) => {
                            serde_json::to_writer(&mut *out, v)?;
                            out.write_all(b"\n")?;
                        }
                    }
                }
                if let Some(p) = partial {
                    out.write_all(&self.bytes[p.start..])?;
                }
                Ok(())
            }
        }
    }

    /// The document without its messages, its message list left empty (JSON documents only).
    pub fn root(&self) -> Option<&Value> {
        match &self.body {
            Body::Doc(doc) => Some(doc.root()),
            Body::Lines { .. } => None,
        }
    }
}

fn entry(record: usize, item: Item<'_>, sidechain: &mut bool) -> Option<Entry> {
    let kind = match item {
        Item::Sidechain => {
            *sidechain = true;
            return None;
        }
        Item::Turn => Kind::Turn,
        Item::Reply(id) => Kind::Reply(id.map(str::to_string)),
        Item::Call { id, name, .. } => Kind::Call { id: id.map(str::to_string), name: name.to_string() },
        Item::Result { id, slot, content } => {
            let text = content.text();
            let last = text.rsplit('\n').next().unwrap_or("");
            Kind::Result {
                id: id.map(str::to_string),
                slot,
                chars: crate::text::count_chars(text.as_bytes()),
                sidechain: *sidechain,
                short: (text.len() <= SHORT).then(|| text.to_string()),
                head: text[..crate::text::floor_char_boundary(text.as_bytes(), HEAD)].to_string(),
                preview_note: last.starts_with(PREVIEW_NOTE),
            }
        }
        Item::Text { .. } | Item::Usage { .. } => return None,
    };
    Some(Entry { record, kind })
}

/// Splits JSON Lines into records; a last line without its newline that does not parse is
/// kept aside (a session still being written), any other line that does not parse is an error.
fn split_lines(name: &str, bytes: &[u8]) -> Result<Body> {
    let mut lines = Vec::new();
    let mut partial = None;
    let mut start = 0;
    let mut number = 0;
    while start < bytes.len() {
        number += 1;
        let nl = memchr::memchr(b'\n', &bytes[start..]).map(|i| start + i);
        let term = nl.map_or(bytes.len(), |i| i + 1);
        let mut end = nl.unwrap_or(bytes.len());
        if end > start && bytes[end - 1] == b'\r' {
            end -= 1;
        }
        let line = Line { start, end, number };
        start = term;
        let text = &bytes[line.start..line.end];
        if text.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        if nl.is_none()
            && let Err(e) = json::from_slice::<serde::de::IgnoredAny>(text)
        {
            if e.is_eof() {
                partial = Some(line);
                continue;
            }
            bail!("{name}:{number}: {}", json::describe(&e));
        }
        lines.push(line);
    }
    Ok(Body::Lines { lines, partial })
}

/// Extends `base` by `more`.
fn path(base: &[Seg], more: &[Seg]) -> Vec<Seg> {
    let mut p = base.to_vec();
    p.extend_from_slice(more);
    p
}

/// The value at `path` in `v`.
pub fn at<'a>(v: &'a Value, path: &[Seg]) -> Option<&'a Value> {
    path.iter().try_fold(v, |v, seg| match seg {
        Seg::Key(k) => v.get(k),
        Seg::Index(i) => v.get(i),
    })
}

fn at_mut<'a>(v: &'a mut Value, path: &[Seg]) -> Option<&'a mut Value> {
    path.iter().try_fold(v, |v, seg| match seg {
        Seg::Key(k) => v.get_mut(k),
        Seg::Index(i) => v.get_mut(i),
    })
}

/// The content of the tool result at `slot` in `record`.
pub fn content<'a>(record: &'a Value, slot: &Slot) -> Option<Content<'a>> {
    let v = at(record, &slot.path)?;
    if slot.wrapped {
        let inner = v.as_str().and_then(codex::unwrap)?;
        return Some(Content::Wrapped(inner));
    }
    Some(Content::Value(v))
}

/// Replaces the content at `slot` by `text`, keeping its shape: a string stays a string, a list
/// of parts becomes one text part of the same type, a wrapped output keeps its other fields.
pub fn replace(record: &mut Value, slot: &Slot, text: &str) -> Result<()> {
    let Some(v) = at_mut(record, &slot.path) else { bail!("the tool result is gone") };
    *v = if slot.wrapped {
        let Some(s) = v.as_str() else { bail!("the wrapped output is not a string") };
        Value::String(codex::rewrap(s, text)?)
    } else if let Value::Array(parts) = v {
        let kind = parts.iter().find_map(|p| p.get("type").and_then(Value::as_str)).unwrap_or("text");
        let kind = if kind.ends_with("text") { kind.to_string() } else { "text".to_string() };
        serde_json::json!([{ "type": kind, "text": text }])
    } else {
        Value::String(text.to_string())
    };
    if let Some(m) = slot.mirror.as_deref().and_then(|p| at_mut(record, p)) {
        *m = Value::String(text.to_string());
    }
    Ok(())
}
