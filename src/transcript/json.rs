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
    /// Pretty-printed with this indent.
    Pretty(Vec<u8>),
}

/// A transcript that is one JSON document.
pub struct Doc {
    root: Value,
    key: Option<&'static str>,
    style: Style,
    prefix: Vec<u8>,
    suffix: Vec<u8>,
    lines: Vec<usize>,
}

/// The keys under which a document keeps its message list, in the order they are looked for.
const KEYS: [&str; 3] = ["messages", "input", "history"];

impl Doc {
    /// Parses a document; errors name the line and column.
    pub fn parse(name: &str, bytes: &[u8]) -> Result<super::Body> {
        let root: Value = from_slice(bytes).map_err(|e| anyhow::anyhow!("{name}:{}: {}", e.line(), describe(&e)))?;
        let key = match &root {
            Value::Array(_) => None,
            Value::Object(o) => match KEYS.into_iter().find(|k| o.get(*k).is_some_and(Value::is_array)) {
                Some(k) => Some(k),
                None => bail!("{name} is not a transcript: a JSON object with no messages, input or history list"),
            },
            _ => bail!("{name} is not a transcript: its JSON is neither a list nor an object"),
        };
        let start = bytes.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(0);
        let end = bytes.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(bytes.len(), |i| i + 1);
        let offsets = element_offsets(bytes, start, key);
        let mut lines = Vec::with_capacity(offsets.len());
        let (mut line, mut at) = (1, 0);
        for off in offsets {
            line += memchr::memchr_iter(b'\n', &bytes[at..off]).count();
            at = off;
            lines.push(line);
        }
        let style = style(&bytes[start..end]);
        Ok(super::Body::Doc(Doc {
            root,
            key,
            style,
            prefix: bytes[..start].to_vec(),
            suffix: bytes[end..].to_vec(),
            lines,
        }))
    }

    /// The whole document.
    pub fn root(&self) -> &Value {
        &self.root
    }

    /// The message list.
    pub fn records(&self) -> Option<&Vec<Value>> {
        match self.key {
            None => self.root.as_array(),
            Some(k) => self.root.get(k).and_then(Value::as_array),
        }
    }

    /// The line on which message `i` starts.
    pub fn line(&self, i: usize) -> usize {
        self.lines.get(i).copied().unwrap_or(1)
    }

    /// Writes the document with the messages in `changed` replaced, in its own style, without
    /// copying it.
    pub fn write(&self, changed: &BTreeMap<usize, Value>, out: &mut dyn Write) -> Result<()> {
        let list = self.records().map(Vec::as_slice).unwrap_or_default();
        let list: Vec<&Value> = list.iter().enumerate().map(|(i, v)| changed.get(&i).unwrap_or(v)).collect();
        self.write_list(&list, out)
    }

    /// Writes the document with its message list replaced by `list`, in its own style.
    pub fn write_list(&self, list: &[&Value], out: &mut dyn Write) -> Result<()> {
        let doc = Listed { root: &self.root, key: self.key, list };
        out.write_all(&self.prefix)?;
        match &self.style {
            Style::Compact => serde_json::to_writer(&mut *out, &doc)?,
            Style::Pretty(indent) => {
                let fmt = serde_json::ser::PrettyFormatter::with_indent(indent);
                let mut ser = serde_json::Serializer::with_formatter(&mut *out, fmt);
                serde::Serialize::serialize(&doc, &mut ser)?;
            }
        }
        out.write_all(&self.suffix)?;
        Ok(())
    }
}

/// The document as it serializes with another message list.
struct Listed<'a> {
    root: &'a Value,
    key: Option<&'static str>,
    list: &'a [&'a Value],
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

/// Whether the input reads as JSON Lines: it starts with an object that ends on its first line,
/// and either more follows or that object is not a document holding a message list.
pub fn looks_like_lines(bytes: &[u8]) -> bool {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(0);
    if bytes.get(start) != Some(&b'{') {
        return false;
    }
    let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |i| start + i);
    let Ok(first) = serde_json::from_slice::<Value>(&bytes[start..end]) else { return false };
    let more = bytes[end..].iter().any(|b| !b.is_ascii_whitespace());
    more || !KEYS.iter().any(|k| first.get(k).is_some_and(Value::is_array))
}

/// A serde_json error without its "at line L column C" tail, with the column kept.
pub fn describe(e: &serde_json::Error) -> String {
    let msg = e.to_string();
    let head = msg.rfind(" at line ").map_or(msg.as_str(), |i| &msg[..i]);
    if e.column() > 0 { format!("{head} at column {}", e.column()) } else { head.to_string() }
}

/// Compact when the document is on one line; else pretty, indented as its second line is.
fn style(doc: &[u8]) -> Style {
    let Some(nl) = memchr::memchr(b'\n', doc) else { return Style::Compact };
    let indent: Vec<u8> = doc[nl + 1..].iter().take_while(|b| **b == b' ' || **b == b'\t').copied().collect();
    Style::Pretty(if indent.is_empty() { b"  ".to_vec() } else { indent })
}

/// The byte offsets at which the elements of the message list start: the root array, or the
/// array under `key` in the root object. The document is known to be valid JSON.
fn element_offsets(bytes: &[u8], start: usize, key: Option<&str>) -> Vec<usize> {
    let array = match key {
        None => Some(start),
        Some(k) => key_value(bytes, start, k),
    };
    let mut out = Vec::new();
    let Some(mut i) = array.map(|a| a + 1) else { return out };
    loop {
        i = skip_ws(bytes, i);
        match bytes.get(i) {
            None | Some(b']') => return out,
            Some(b',') => i += 1,
            Some(_) => {
                out.push(i);
                let next = skip_value(bytes, i);
                // Valid JSON always moves on; anything else ends the scan rather than spin.
                if next <= i {
                    return out;
                }
                i = next;
            }
        }
    }
}

/// The offset of the value of `key` in the object starting at `start`.
fn key_value(bytes: &[u8], start: usize, key: &str) -> Option<usize> {
    let mut i = start + 1;
    loop {
        i = skip_ws(bytes, i);
        match bytes.get(i)? {
            b'}' => return None,
            b',' => i += 1,
            b'"' => {
                let end = skip_value(bytes, i);
                let name = bytes.get(i + 1..end.saturating_sub(1))?;
                i = skip_ws(bytes, end);
                i = skip_ws(bytes, i + 1);
                if name == key.as_bytes() {
                    return Some(i);
                }
                i = skip_value(bytes, i);
            }
            _ => return None,
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
                i += 1;
                while let Some(&c) = bytes.get(i) {
                    i += if c == b'\\' { 2 } else { 1 };
                    if c == b'"' {
                        break;
                    }
                }
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
        let offs = element_offsets(doc, 0, Some("messages"));
        let lines: Vec<usize> = offs.iter().map(|o| doc[..*o].iter().filter(|b| **b == b'\n').count() + 1).collect();
        assert_eq!(lines, vec![5, 6, 7]);
        assert_eq!(element_offsets(b"[1, [2, 3], {\"a\": [4]}, \"]\"]", 0, None), vec![1, 4, 12, 24]);
    }

    #[test]
    fn style_is_compact_or_the_indent_of_line_two() {
        assert_eq!(style(b"[{\"a\":1}]"), Style::Compact);
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
fn without_lone_surrogates(bytes: &[u8]) -> Option<Vec<u8>> {
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
