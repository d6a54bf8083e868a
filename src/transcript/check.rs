//! Structural validation of a transcript: every tool result has its call, every call has a
//! result, and ids are unique. (Invalid JSON is caught when the transcript is read.)

use super::{Kind, Transcript};
use std::collections::HashMap;

/// One problem, at a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The 1-based line where the problem is.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// The problems of `t`, in the order of their lines.
pub fn problems(t: &Transcript) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut calls: HashMap<&str, (usize, &str)> = HashMap::new();
    let mut results: HashMap<&str, usize> = HashMap::new();
    for e in &t.entries {
        let line = t.line(e.record);
        match &e.kind {
            Kind::Call { id: Some(id), name } => {
                if let Some((first, _)) = calls.get(id.as_str()) {
                    out.push(Problem {
                        line,
                        message: format!("tool call id '{id}' is used again (first on line {first})"),
                    });
                } else {
                    calls.insert(id, (line, name));
                }
            }
            Kind::Call { id: None, name } => {
                out.push(Problem { line, message: format!("tool call '{name}' has no id") });
            }
            Kind::Result { id: Some(id), .. } => {
                if let Some(first) = results.get(id.as_str()) {
                    out.push(Problem {
                        line,
                        message: format!("a second result for tool call '{id}' (first on line {first})"),
                    });
                } else {
                    results.insert(id, line);
                }
                if !calls.contains_key(id.as_str()) {
                    out.push(Problem { line, message: format!("tool result for '{id}' has no earlier tool call") });
                }
            }
            Kind::Result { id: None, .. } => out.push(Problem { line, message: "tool result has no call id".into() }),
            Kind::Turn | Kind::Reply(_) => {}
        }
    }
    for (id, (line, name)) in &calls {
        if !results.contains_key(id) {
            out.push(Problem { line: *line, message: format!("tool call '{id}' ({name}) has no result") });
        }
    }
    out.sort_by_key(|p| p.line);
    out
}

/// The calls and results of a record as `(is_call, id)`: compaction must leave them as found.
pub fn pairing(t: &Transcript, record: &serde_json::Value) -> Vec<(bool, Option<String>)> {
    t.items_of(record)
        .into_iter()
        .filter_map(|item| match item {
            super::Item::Call { id, .. } => Some((true, id.map(str::to_string))),
            super::Item::Result { id, .. } => Some((false, id.map(str::to_string))),
            _ => None,
        })
        .collect()
}
