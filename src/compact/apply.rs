//! Carrying out a plan: each replaced content is stored first, then replaced in its record by
//! the placeholder or a preview that names where it went. Records are re-checked: the calls and
//! results they hold must be the ones they held before.

use super::plan::{Action, Options, Plan, preview_note, render_placeholder};
use crate::text::{count_chars, nth_char_start};
use crate::transcript::{self, Transcript, check};
use anyhow::{Result, bail};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// One replaced tool result.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Replaced {
    /// The line its record starts on.
    pub line: usize,
    /// The id of its call.
    pub id: Option<String>,
    /// Its tool.
    pub tool: String,
    /// What was done.
    pub action: Action,
    /// Chars before.
    pub chars: u64,
    /// Chars after.
    pub chars_after: u64,
    /// Where the full content is.
    pub path: PathBuf,
    /// Tokens before and after, when they were counted.
    pub tokens: Option<(u64, u64)>,
    /// The text it got.
    #[serde(skip)]
    pub text: String,
}

/// The records a plan changed, and what it replaced.
#[derive(Debug, Default)]
pub struct Applied {
    /// The changed records, by index.
    pub changed: BTreeMap<usize, Value>,
    /// The replaced results, in order.
    pub replaced: Vec<Replaced>,
}

/// Carries out `plan` on `t`: `put` stores a content and gives its path; with `count`, the
/// tokens of each replaced content and of its replacement are counted.
///
/// A replaced content is never copied: it is stored and cut from where it lies in `t`, and a
/// record of a document is copied without the contents it loses (a huge result would otherwise
/// be held three times: in the document, in the copy, and as text).
pub fn apply(
    t: &Transcript,
    plan: &Plan,
    opts: &Options,
    count: Option<crate::tokens::Encoding>,
    put: &mut dyn FnMut(&[u8]) -> Result<PathBuf>,
) -> Result<Applied> {
    let mut out = Applied::default();
    let mut at = 0;
    while at < plan.actions.len() {
        let record = plan.results[plan.actions[at].0].record;
        let end = at + plan.actions[at..].iter().take_while(|(i, _)| plan.results[*i].record == record).count();
        let actions = &plan.actions[at..end];
        at = end;
        let mut replace = |src: &Value| replacements(t, src, plan, actions, opts, count, put);
        let (before, replaced, mut v) = if t.is_lines() {
            // A line is parsed for this record alone: it is changed where it is.
            let v = t.record(record)?;
            (check::pairing(t, &v), replace(&v)?, v)
        } else {
            let slots: Vec<&transcript::Slot> = actions.iter().map(|(i, _)| &plan.results[*i].slot).collect();
            t.with_record(record, |src| -> Result<_> {
                Ok((check::pairing(t, src), replace(src)?, hollow_copy(src, &slots)))
            })??
        };
        for ((i, _), r) in actions.iter().zip(&replaced) {
            transcript::replace(&mut v, &plan.results[*i].slot, &r.text)?;
        }
        if check::pairing(t, &v) != before {
            bail!(
                "{}:{}: compaction would break the pairing of tool calls and results; nothing written",
                t.name,
                t.line(record)
            );
        }
        out.replaced.extend(replaced);
        out.changed.insert(record, v);
    }
    Ok(out)
}

/// The replacements of `actions` (all in record `src`): each content is stored first.
fn replacements(
    t: &Transcript,
    src: &Value,
    plan: &Plan,
    actions: &[(usize, Action)],
    opts: &Options,
    count: Option<crate::tokens::Encoding>,
    put: &mut dyn FnMut(&[u8]) -> Result<PathBuf>,
) -> Result<Vec<Replaced>> {
    let mut out = Vec::new();
    for &(i, action) in actions {
        let r = &plan.results[i];
        let Some(content) = transcript::content(src, &r.slot) else {
            bail!("{}:{}: the tool result moved while it was compacted", t.name, t.line(r.record))
        };
        let text = content.text();
        let path = match action {
            Action::Recorded => PathBuf::new(),
            _ => put(text.as_bytes())?,
        };
        let shown = path.display().to_string();
        let chars = count_chars(text.as_bytes());
        let new = match action {
            Action::Recorded => plan.recorded.get(&i).cloned().unwrap_or_default(),
            Action::Prune => render_placeholder(&opts.placeholder, chars, &r.tool, &shown),
            Action::Preview => {
                let head = &text[..nth_char_start(text.as_bytes(), opts.preview)];
                let head = head.trim_end_matches('\n');
                format!("{head}{}", preview_note(count_chars(head.as_bytes()), chars, &shown))
            }
        };
        out.push(Replaced {
            line: t.line(r.record),
            id: r.id.clone(),
            tool: r.tool.clone(),
            action,
            chars,
            chars_after: count_chars(new.as_bytes()),
            path,
            tokens: count.map(|e| (e.count(text.as_bytes()), e.count(new.as_bytes()))),
            text: new,
        });
    }
    Ok(out)
}

/// A copy of `v` in which the contents at `slots` (and their mirrors), about to be replaced,
/// keep only their shape: strings empty, parts without their text. A wrapped output is a
/// string whose other fields are kept, so it is copied whole.
fn hollow_copy(v: &Value, slots: &[&transcript::Slot]) -> Value {
    fn walk(v: &Value, path: &mut Vec<transcript::Seg>, holes: &[(&[transcript::Seg], bool)]) -> Value {
        if let Some((_, wrapped)) = holes.iter().find(|(p, _)| *p == path.as_slice()) {
            return if *wrapped { v.clone() } else { shape(v) };
        }
        if !holes.iter().any(|(p, _)| p.starts_with(path)) {
            return v.clone();
        }
        match v {
            Value::Object(map) => Value::Object(
                map.iter()
                    .map(|(k, x)| {
                        // Paths name keys with static strings; a key no path names is copied as it is.
                        let seg = holes.iter().find_map(|(p, _)| match p.get(path.len()) {
                            Some(transcript::Seg::Key(s)) if *s == k.as_str() => Some(transcript::Seg::Key(s)),
                            _ => None,
                        });
                        let Some(seg) = seg else { return (k.clone(), x.clone()) };
                        path.push(seg);
                        let copy = walk(x, path, holes);
                        path.pop();
                        (k.clone(), copy)
                    })
                    .collect(),
            ),
            Value::Array(items) => Value::Array(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, x)| {
                        path.push(transcript::Seg::Index(i));
                        let copy = walk(x, path, holes);
                        path.pop();
                        copy
                    })
                    .collect(),
            ),
            other => other.clone(),
        }
    }
    /// The shape of a content: what `transcript::replace` looks at.
    fn shape(v: &Value) -> Value {
        match v {
            Value::String(_) => Value::String(String::new()),
            Value::Array(parts) => Value::Array(
                parts
                    .iter()
                    .map(|p| serde_json::json!({ "type": p.get("type").cloned().unwrap_or(Value::Null) }))
                    .collect(),
            ),
            _ => Value::Null,
        }
    }
    let mut holes: Vec<(&[transcript::Seg], bool)> = Vec::new();
    for s in slots {
        holes.push((&s.path, s.wrapped));
        if let Some(m) = &s.mirror {
            holes.push((m, false));
        }
    }
    walk(v, &mut Vec::new(), &holes)
}
