//! JSON documents as transcripts: where the message list is, on which line each message
//! starts, and writing a document back in its own style (compact, or pretty with its indent).

use anyhow::{Result, bail};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Write;

/// How a document was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Style {
    /// On one line.
    Compact,
    /// On one line, with a space after each `,` and `:` (Python's `json.dumps`).
    Spaced,
    /// Pretty-printed with this indent.
    Pretty(Vec<u8>),
}

/// A transcript that is one JSON document. The document is not held parsed: only its root
/// without the message list (the list left empty) and the byte span of every message, each
/// parsed from the input when it is asked for, so that memory stays near the input's size.
pub struct LazyDoc {
    name: String,
    root: Value,
    key: Option<&'static str>,
    style: Style,
    prefix: Vec<u8>,
    suffix: Vec<u8>,
    spans: Vec<(usize, usize)>,
    lines: Vec<usize>,
}

/// The keys under which a document keeps its message list, in the order they are looked for.
pub(super) const KEYS: [&str; 3] = ["messages", "input", "history"];

/// One message of a document being written: message `i` of the input, or a value.
#[derive(Clone, Copy)]
enum Src<'a> {
    Kept(usize),
    Value(&'a Value),
}

impl LazyDoc {
    /// Parses a document; `lists` tells which of [`KEYS`] hold a list in its root when the
    /// whole document was already read to tell ([`layout`]). Errors name the line and column.
    pub fn parse(name: &str, bytes: &[u8], lists: Option<[bool; 3]>) -> Result<super::Body> {
        let lists = match lists {
            Some(lists) => lists,
            None => {
                super::skim::validate(bytes).map_err(|e| anyhow::anyhow!("{name}:{}: {}", e.line(), describe(&e)))?
            }
        };
        let start = bytes.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(0);
        let end = bytes.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(bytes.len(), |i| i + 1);
        let (key, list) = match bytes.get(start) {
            Some(b'[') => (None, (start, end)),
            Some(b'{') => match KEYS.into_iter().zip(lists).find(|(_, list)| *list) {
                Some((k, _)) => match member(bytes, start, k) {
                    Some(span) => (Some(k), span),
                    None => bail!("{name}: the {k} list is not where the document was read to have it"),
                },
                None => bail!("{name} is not a transcript: a JSON object with no messages, input or history list"),
            },
            _ => bail!("{name} is not a transcript: its JSON is neither a list nor an object"),
        };
        let root = match key {
            None => Value::Array(Vec::new()),
            // The root as read, with its message list's span read as `[]`.
            Some(_) => from_slice(&[&bytes[start..list.0], b"[]", &bytes[list.1.min(end)..end]].concat())
                .map_err(|e| anyhow::anyhow!("{name}: {}", describe(&e)))?,
        };
        let spans = element_spans(bytes, list.0);
        let lines = start_lines(bytes, &spans);
        let style = style(&bytes[start..end]);
        Ok(super::Body::Doc(LazyDoc {
            name: name.to_string(),
            root,
            key,
            style,
            prefix: bytes[..start].to_vec(),
            suffix: bytes[end..].to_vec(),
            spans,
            lines,
        }))
    }

    /// The document without its messages: its message list is empty.
    pub fn root(&self) -> &Value {
        &self.root
    }

    /// The number of messages.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Message `i`, parsed from `bytes` (the document as read), with errors naming its line.
    pub fn record(&self, bytes: &[u8], i: usize) -> Result<Value> {
        let Some(&(a, b)) = self.spans.get(i) else { bail!("no record {i}") };
        let text = bytes.get(a..b).ok_or_else(|| anyhow::anyhow!("no record {i}"))?;
        from_slice(text).map_err(|e| anyhow::anyhow!("{}:{}: {}", self.name, self.line(i), describe(&e)))
    }

    /// The line on which message `i` starts.
    pub fn line(&self, i: usize) -> usize {
        self.lines.get(i).copied().unwrap_or(1)
    }

    /// Writes the document (`bytes` as read) with the messages in `changed` replaced, in its
    /// own style; the others are parsed one at a time as they are written.
    pub fn write(&self, bytes: &[u8], changed: &BTreeMap<usize, Value>, out: &mut dyn Write) -> Result<()> {
        let list: Vec<Src<'_>> = (0..self.len()).map(|i| changed.get(&i).map_or(Src::Kept(i), Src::Value)).collect();
        self.write_srcs(bytes, &list, out)
    }

    /// Writes the document (`bytes` as read) with its message list made of `records`, in its own
    /// style; kept messages that are not there are left out.
    pub fn write_list(&self, bytes: &[u8], records: &[super::Out], out: &mut dyn Write) -> Result<()> {
        let list: Vec<Src<'_>> = records
            .iter()
            .filter_map(|r| match r {
                super::Out::Keep(i) => (*i < self.len()).then_some(Src::Kept(*i)),
                super::Out::New(v) => Some(Src::Value(v)),
            })
            .collect();
        self.write_srcs(bytes, &list, out)
    }

    fn write_srcs(&self, bytes: &[u8], list: &[Src<'_>], out: &mut dyn Write) -> Result<()> {
        let list = List { doc: self, bytes, list };
        let doc = Listed { root: &self.root, key: self.key, list: &list };
        out.write_all(&self.prefix)?;
        write_styled(&self.style, &doc, out)?;
        out.write_all(&self.suffix)?;
        Ok(())
    }
}

/// Serializes `value` in `style`.
fn write_styled(style: &Style, value: &impl serde::Serialize, out: &mut dyn Write) -> serde_json::Result<()> {
    match style {
        Style::Compact => serde_json::to_writer(out, value),
        Style::Spaced => value.serialize(&mut serde_json::Serializer::with_formatter(out, SpacedFormatter)),
        Style::Pretty(indent) => {
            let fmt = serde_json::ser::PrettyFormatter::with_indent(indent);
            value.serialize(&mut serde_json::Serializer::with_formatter(out, fmt))
        }
    }
}

/// One line, `", "` between values and `": "` after keys.
struct SpacedFormatter;

impl serde_json::ser::Formatter for SpacedFormatter {
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> std::io::Result<()> {
        if first { Ok(()) } else { w.write_all(b", ") }
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> std::io::Result<()> {
        if first { Ok(()) } else { w.write_all(b", ") }
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b": ")
    }
}

/// A message list as it serializes: kept messages parsed one at a time.
struct List<'a> {
    doc: &'a LazyDoc,
    bytes: &'a [u8],
    list: &'a [Src<'a>],
}

impl serde::Serialize for List<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{Error, SerializeSeq};
        let mut seq = s.serialize_seq(Some(self.list.len()))?;
        for src in self.list {
            match src {
                Src::Value(v) => seq.serialize_element(v)?,
                Src::Kept(i) => {
                    let v = self.doc.record(self.bytes, *i).map_err(S::Error::custom)?;
                    seq.serialize_element(&v)?;
                }
            }
        }
        seq.end()
    }
}

/// The document as it serializes with another message list.
struct Listed<'a> {
    root: &'a Value,
    key: Option<&'static str>,
    list: &'a List<'a>,
}

impl serde::Serialize for Listed<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match (self.root, self.key) {
            (Value::Object(o), Some(key)) => {
                let mut map = s.serialize_map(Some(o.len()))?;
                for (k, v) in o {
                    if k == key {
                        map.serialize_entry(k, self.list)?;
                    } else {
                        map.serialize_entry(k, v)?;
                    }
                }
                map.end()
            }
            _ => self.list.serialize(s),
        }
    }
}

/// How an input is laid out.
pub enum Layout {
    /// JSON Lines.
    Lines,
    /// One document; which of [`KEYS`] hold a list in its root, when that is already known
    /// (the document is on one line, and was read whole to tell).
    Doc(Option<[bool; 3]>),
}

/// Whether the input reads as JSON Lines: it starts with an object that ends on its first line,
/// and either more follows or that object is not a document holding a message list.
pub fn layout(bytes: &[u8]) -> Layout {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(0);
    if bytes.get(start) != Some(&b'{') {
        return Layout::Doc(None);
    }
    let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |i| start + i);
    // Read as a `Value` would be, without building one (the line may be the whole document).
    let Ok(super::skim::ListKeys(lists)) = serde_json::from_slice::<super::skim::ListKeys>(&bytes[start..end]) else {
        return Layout::Doc(None);
    };
    let more = bytes[end..].iter().any(|b| !b.is_ascii_whitespace());
    if more || !lists.iter().any(|l| *l) { Layout::Lines } else { Layout::Doc(Some(lists)) }
}

/// A serde_json error without its "at line L column C" tail, with the column kept.
pub fn describe(e: &serde_json::Error) -> String {
    let msg = e.to_string();
    let head = msg.rfind(" at line ").map_or(msg.as_str(), |i| &msg[..i]);
    if e.column() > 0 { format!("{head} at column {}", e.column()) } else { head.to_string() }
}

/// Compact when the document is on one line (spaced when its first `,` or `:` between values is
/// followed by a space); else pretty, indented as its second line is.
fn style(doc: &[u8]) -> Style {
    let Some(nl) = memchr::memchr(b'\n', doc) else {
        return if spaced(doc) { Style::Spaced } else { Style::Compact };
    };
    let indent: Vec<u8> = doc[nl + 1..].iter().take_while(|b| **b == b' ' || **b == b'\t').copied().collect();
    Style::Pretty(if indent.is_empty() { b"  ".to_vec() } else { indent })
}

/// Whether the first `,` or `:` outside strings is followed by a space.
fn spaced(doc: &[u8]) -> bool {
    let (mut in_string, mut escaped) = (false, false);
    for (i, b) in doc.iter().enumerate() {
        match (in_string, escaped, b) {
            (true, true, _) => escaped = false,
            (true, false, b'\\') => escaped = true,
            (_, _, b'"') => in_string = !in_string,
            (false, _, b',' | b':') => return doc.get(i + 1) == Some(&b' '),
            _ => {}
        }
    }
    false
}

/// The byte spans of the elements of the list starting at `list` (its `[`), each from its first
/// byte to its last. The document is known to be valid JSON; on anything else the scan ends
/// rather than spin.
fn element_spans(bytes: &[u8], list: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    if bytes.get(list) != Some(&b'[') {
        return out;
    }
    let mut i = list + 1;
    loop {
        i = skip_ws(bytes, i);
        match bytes.get(i) {
            None | Some(b']') => return out,
            Some(b',') => i += 1,
            Some(_) => {
                let next = skip_value(bytes, i);
                // Valid JSON always moves on; anything else ends the scan rather than spin.
                if next <= i {
                    return out;
                }
                let end = bytes[i..next].iter().rposition(|b| !b.is_ascii_whitespace()).map_or(next, |e| i + e + 1);
                out.push((i, end));
                i = next;
            }
        }
    }
}

/// The span of the value of the last member named `key` in the object starting at `start`
/// (the one a [`Value`] keeps when a key is repeated).
fn member(bytes: &[u8], start: usize, key: &str) -> Option<(usize, usize)> {
    let mut i = start + 1;
    let mut found = None;
    loop {
        i = skip_ws(bytes, i);
        match bytes.get(i)? {
            b'}' => return found,
            b',' => i += 1,
            b'"' => {
                let end = skip_value(bytes, i);
                let name = bytes.get(i..end)?;
                i = skip_ws(bytes, end);
                i = skip_ws(bytes, i + 1);
                let next = skip_value(bytes, i);
                if next <= i {
                    return found;
                }
                if is_named(name, key) {
                    found = Some((i, next));
                }
                i = next;
            }
            _ => return found,
        }
    }
}

/// The 1-based line on which each span starts.
fn start_lines(bytes: &[u8], spans: &[(usize, usize)]) -> Vec<usize> {
    let mut lines = Vec::with_capacity(spans.len());
    let (mut line, mut at) = (1, 0);
    for &(off, _) in spans {
        line += memchr::memchr_iter(b'\n', &bytes[at..off]).count();
        at = off;
        lines.push(line);
    }
    lines
}

/// Whether the JSON string `name` (quotes included) reads `key`, escapes decoded.
fn is_named(name: &[u8], key: &str) -> bool {
    match name.get(1..name.len().saturating_sub(1)) {
        Some(raw) if !raw.contains(&b'\\') => raw == key.as_bytes(),
        _ => from_slice::<String>(name).is_ok_and(|n| n == key),
    }
}

/// The offset just past the string whose opening quote is at `i` (the input's length when it
/// does not end).
fn skip_string(bytes: &[u8], i: usize) -> usize {
    let mut j = i + 1;
    loop {
        let Some(rest) = bytes.get(j..) else { return bytes.len() };
        match memchr::memchr2(b'"', b'\\', rest) {
            None => return bytes.len(),
            Some(k) if rest[k] == b'"' => return j + k + 1,
            Some(k) => j += k + 2,
        }
    }
}

fn skip_ws(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    i
}

/// The offset just past the value starting at `i`.
fn skip_value(bytes: &[u8], mut i: usize) -> usize {
    let mut depth = 0usize;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'"' => {
                i = skip_string(bytes, i);
                if depth == 0 {
                    return i;
                }
                continue;
            }
            b'[' | b'{' => depth += 1,
            b']' | b'}' if depth == 0 => return i,
            b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            b',' if depth == 0 => return i,
            _ => {}
        }
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_of_messages_in_a_pretty_body() {
        let doc = b"{\n  \"model\": \"x\",\n  \"note\": \"a [b] {c}\",\n  \"messages\": [\n    {\"role\": \"user\"},\n    {\"role\": \"assistant\", \"content\": \"q\\\"]\"},\n    3\n  ]\n}\n";
        let list = member(doc, 0, "messages").expect("a list");
        assert_eq!(&doc[list.1 - 3..list.1], b"  ]", "the list ends at its bracket");
        let offs: Vec<usize> = element_spans(doc, list.0).iter().map(|s| s.0).collect();
        let lines: Vec<usize> = offs.iter().map(|o| doc[..*o].iter().filter(|b| **b == b'\n').count() + 1).collect();
        assert_eq!(lines, vec![5, 6, 7]);
        let starts: Vec<usize> = element_spans(b"[1, [2, 3], {\"a\": [4]}, \"]\"]", 0).iter().map(|s| s.0).collect();
        assert_eq!(starts, vec![1, 4, 12, 24]);
    }

    #[test]
    fn element_spans_run_from_first_to_last_byte() {
        let doc = b"[1 , \"a,]\" ,{\"b\": [1, \"}\"]}\n , [] ]";
        let texts: Vec<&[u8]> = element_spans(doc, 0).iter().map(|&(a, b)| &doc[a..b]).collect();
        assert_eq!(texts, vec![&b"1"[..], b"\"a,]\"", b"{\"b\": [1, \"}\"]}", b"[]"]);
        assert!(element_spans(b"[]", 0).is_empty());
        assert!(element_spans(b"{\"a\": 1}", 0).is_empty(), "not a list");
        assert_eq!(
            member(b"{\"messages\": 1, \"m\": [], \"messages\": [2]}", 0, "messages"),
            Some((37, 40)),
            "the last"
        );
        assert_eq!(member(b"{\"mess\\u0061ges\": [2]}", 0, "messages"), Some((18, 21)), "escapes decoded");
        assert_eq!(member(b"{\"a\": {\"messages\": []}}", 0, "messages"), None, "only the root's members");
    }

    fn doc(bytes: &[u8]) -> LazyDoc {
        match LazyDoc::parse("t", bytes, None) {
            Ok(super::super::Body::Doc(d)) => d,
            Ok(_) => panic!("not a document"),
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn the_root_is_kept_without_its_list() {
        let d = doc(br#"{"model": "m", "messages": [{"role": "user"}, 2], "tools": [{"a": "\ud83d"}], "z": 1}"#);
        assert_eq!(d.root(), &serde_json::json!({"model": "m", "messages": [], "tools": [{"a": "\u{fffd}"}], "z": 1}));
        assert_eq!(
            d.root().as_object().map(|o| o.keys().cloned().collect::<Vec<_>>()),
            Some(vec!["model".to_string(), "messages".into(), "tools".into(), "z".into()])
        );
        assert_eq!(d.len(), 2);
        assert!(d.record(b"", 5).is_err(), "no such message");
        let d = doc(br#"{"input": "x", "history": [1], "input": [[3], 4]}"#);
        assert_eq!((d.key, d.len()), (Some("input"), 2), "the last of a repeated key, first of the keys");
        assert_eq!(d.root(), &serde_json::json!({"input": [], "history": [1]}));
        let d = doc(b" [1, {\"a\": 2}]\n");
        assert_eq!((d.root(), d.len()), (&serde_json::json!([]), 2));
    }

    /// The document as it was written before messages were parsed one at a time: the whole
    /// document parsed, messages replaced, serialized in its style.
    fn whole(bytes: &[u8], key: Option<&str>, edit: impl FnOnce(&mut Vec<Value>)) -> Vec<u8> {
        let mut root: Value = from_slice(bytes).expect("parses");
        let list = match key {
            Some(k) => &mut root[k],
            None => &mut root,
        };
        if let Value::Array(list) = list {
            edit(list);
        }
        let start = bytes.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(0);
        let end = bytes.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(bytes.len(), |i| i + 1);
        let mut out = bytes[..start].to_vec();
        write_styled(&style(&bytes[start..end]), &root, &mut out).expect("writes");
        out.extend_from_slice(&bytes[end..]);
        out
    }

    #[test]
    fn writing_gives_the_bytes_the_whole_document_gave() {
        let body = serde_json::json!({
            "model": "m",
            "messages": [
                {"role": "system", "content": "be terse"},
                {"role": "user", "content": "q", "n": 1.50, "big": 12345678901234567890u64},
                {"role": "tool", "tool_call_id": "c", "content": "long output"},
                [], "s", 3
            ],
            "tools": [{"type": "function"}],
            "stream": false
        });
        let compact = serde_json::to_string(&body).expect("json").replace("be terse", "cut \\ud83d");
        let pretty = format!("\n{}\n\n", serde_json::to_string_pretty(&body).expect("json")).replace("q", "\\udc00q");
        let tabbed = "[\n\t{\"role\": \"user\",  \"content\": \"1e3\"},\n\t1e3,\n\t-0.0\n]".to_string();
        let new = serde_json::json!({"role": "tool", "tool_call_id": "c", "content": "[replaced]"});
        for (text, key) in [(compact, Some("messages")), (pretty, Some("messages")), (tabbed, None)] {
            let bytes = text.as_bytes();
            let d = doc(bytes);
            let changed = BTreeMap::from([(2, new.clone())]);
            let mut out = Vec::new();
            d.write(bytes, &changed, &mut out).expect("writes");
            let old = whole(bytes, key, |l| {
                if l.len() > 2 {
                    l[2] = new.clone();
                }
            });
            assert_eq!(String::from_utf8_lossy(&out), String::from_utf8_lossy(&old));
            let mut same = Vec::new();
            d.write(bytes, &BTreeMap::new(), &mut same).expect("writes");
            assert_eq!(same, whole(bytes, key, |_| ()));
            let records = [super::super::Out::Keep(1), super::super::Out::New(new.clone()), super::super::Out::Keep(9)];
            let mut rebuilt = Vec::new();
            d.write_list(bytes, &records, &mut rebuilt).expect("writes");
            let old = whole(bytes, key, |l| *l = vec![l[1].clone(), new.clone()]);
            assert_eq!(String::from_utf8_lossy(&rebuilt), String::from_utf8_lossy(&old));
            let mut empty = Vec::new();
            d.write_list(bytes, &[], &mut empty).expect("writes");
            assert_eq!(empty, whole(bytes, key, Vec::clear));
        }
    }

    #[test]
    fn style_is_compact_or_the_indent_of_line_two() {
        assert_eq!(style(b"[{\"a\":1}]"), Style::Compact);
        assert_eq!(style(b"[{\"a, b: c\":1, \"d\": 2}]"), Style::Compact, "separators in strings do not count");
        assert_eq!(style(b"{\"a\": [1, 2]}"), Style::Spaced);
        assert_eq!(style(b"[\"x\\\"\", 2]"), Style::Spaced);
        assert_eq!(style(b"[\n    1\n]"), Style::Pretty(b"    ".to_vec()));
        assert_eq!(style(b"[\n\t1\n]"), Style::Pretty(b"\t".to_vec()));
    }
}

/// Parses JSON that may hold lone surrogate escapes (`"\\ud83d"`, as JavaScript agents write
/// when they cut a string inside an emoji): serde_json refuses them, so they are read as U+FFFD.
/// The bytes of a record ctx does not change are written back as they were, escapes included.
pub fn from_slice<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> serde_json::Result<T> {
    serde_json::from_slice(bytes).or_else(|e| match without_lone_surrogates(bytes) {
        Some(clean) => serde_json::from_slice(&clean),
        None => Err(e),
    })
}

/// `bytes` with every lone surrogate escape replaced by `\\ufffd`; `None` when there is none.
pub(super) fn without_lone_surrogates(bytes: &[u8]) -> Option<Vec<u8>> {
    let unit = |at: usize| -> Option<u16> {
        let hex = bytes.get(at..at + 6)?;
        if hex[0] != b'\\' || hex[1] != b'u' {
            return None;
        }
        u16::from_str_radix(std::str::from_utf8(&hex[2..]).ok()?, 16).ok()
    };
    let mut out: Option<Vec<u8>> = None;
    let (mut i, mut copied) = (0, 0);
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        let lone = match unit(i) {
            Some(0xD800..=0xDBFF) if matches!(unit(i + 6), Some(0xDC00..=0xDFFF)) => {
                i += 12;
                continue;
            }
            Some(0xD800..=0xDFFF) => true,
            Some(_) => false,
            None => {
                // Another escape (`\\\\`, `\\"`, ...): skip it whole.
                i += 2;
                continue;
            }
        };
        if lone {
            let buf = out.get_or_insert_with(|| Vec::with_capacity(bytes.len()));
            buf.extend_from_slice(&bytes[copied..i]);
            buf.extend_from_slice(b"\\ufffd");
            copied = i + 6;
        }
        i += 6;
    }
    out.map(|mut buf| {
        buf.extend_from_slice(&bytes[copied..]);
        buf
    })
}

#[cfg(test)]
mod surrogate_tests {
    use super::*;

    #[test]
    fn lone_surrogates_read_as_replacement_characters_and_pairs_stay() {
        let v: Value =
            from_slice(br#"{"a":"cut \ud83d", "b":"\udc00!", "c":"\ud83d\ude00", "d":"\\ud83d"}"#).expect("parses");
        assert_eq!(v["a"], "cut \u{fffd}");
        assert_eq!(v["b"], "\u{fffd}!");
        assert_eq!(v["c"], "\u{1f600}");
        assert_eq!(v["d"], "\\ud83d", "an escaped backslash is not an escape");
        assert!(from_slice::<Value>(br#"{"a": oops}"#).is_err());
    }
}
