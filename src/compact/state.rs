//! `--state FILE`: the decisions of earlier runs over the same, growing transcript, so that an
//! agent can run compaction before every request without breaking its provider's prompt cache.
//! Each tool result is either replaced (with the exact text it got) or frozen (seen and kept);
//! the last history compaction is kept as the first record it kept and its summary. A rerun
//! re-applies all of it byte for byte, and only fresh results are candidates.

use crate::transcript::Transcript;
use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The state of one transcript.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TranscriptState {
    /// The format version of this file.
    pub version: u32,
    /// Keys of the first record of the transcripts this state belongs to (the original's and
    /// the compacted output's).
    pub first: BTreeSet<String>,
    /// By tool result id: the replacement text, or `None` when frozen (kept as it was).
    pub results: BTreeMap<String, Option<String>>,
    /// Tool result ids that history compaction summarized (they may be gone from the input).
    pub summarized: BTreeSet<String>,
    /// The last history compaction.
    pub compaction: Option<Event>,
}

/// A history compaction, as the next run reproduces it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// The key of the first record kept verbatim.
    pub first_kept: String,
    /// The summary text.
    pub summary: String,
    /// Claude Code's `compactMetadata.preTokens`: the tokens before the compaction.
    #[serde(default)]
    pub pre_tokens: u64,
    /// Claude Code's `logicalParentUuid`: the last line summarized.
    #[serde(default)]
    pub logical_parent: Option<String>,
}

/// What names the cut before record `k` across runs: the key of record `k`, or, when nothing
/// was kept verbatim (`k` is the end), `after ` and the key of the last record, so that a grown
/// transcript is cut after it.
pub fn cut_key(t: &Transcript, k: usize) -> Result<String> {
    match k.checked_sub(1).filter(|_| k == t.len()) {
        Some(last) => Ok(format!("{AFTER}{}", record_key(t, last)?)),
        None => record_key(t, k),
    }
}

/// Where the cut named by `key` (see [`cut_key`]) falls in `t`, if its record is there.
pub fn cut_at(t: &Transcript, key: &str) -> Option<usize> {
    let (wanted, after) = match key.strip_prefix(AFTER) {
        Some(k) => (k, 1),
        None => (key, 0),
    };
    (0..t.len()).find(|i| record_key(t, *i).is_ok_and(|k| k == wanted)).map(|i| i + after)
}

/// How a cut key after the last record begins (a record's own key is a uuid or a digest).
const AFTER: &str = "after ";

/// The key that names record `i` across runs: a Claude Code line's `uuid`, else the digest of
/// the record as JSON.
pub fn record_key(t: &Transcript, i: usize) -> Result<String> {
    t.with_record(i, |v| match v.get("uuid").and_then(Value::as_str) {
        Some(u) => u.to_string(),
        None => crate::store::key_of(v.to_string().as_bytes()),
    })
}

impl TranscriptState {
    /// Reads the state at `path` (a fresh state when there is no file) and checks that it
    /// belongs to `t`.
    pub fn load(path: &Path, t: &Transcript) -> Result<TranscriptState> {
        let Ok(text) = std::fs::read_to_string(path) else {
            return Ok(TranscriptState { version: 1, ..TranscriptState::default() });
        };
        let state: TranscriptState = serde_json::from_str(&text)
            .with_context(|| format!("'{}' is not a ctx-compact state file", path.display()))?;
        let first = if t.is_empty() { String::new() } else { record_key(t, 0)? };
        if !state.first.is_empty() && !state.first.contains(&first) {
            bail!(
                "the state '{}' belongs to another transcript (its first message differs from {}'s); remove it or pass another --state",
                path.display(),
                t.name
            );
        }
        let ids: BTreeSet<&str> = t
            .entries
            .iter()
            .filter_map(|e| match &e.kind {
                crate::transcript::Kind::Result { id: Some(id), .. } => Some(id.as_str()),
                _ => None,
            })
            .collect();
        let unknown: Vec<&str> = state
            .results
            .keys()
            .map(String::as_str)
            .filter(|id| !ids.contains(id) && !state.summarized.contains(*id))
            .take(3)
            .collect();
        if !unknown.is_empty() {
            bail!(
                "the state '{}' names tool results that are not in {} ({}): it belongs to another transcript",
                path.display(),
                t.name,
                unknown.join(", ")
            );
        }
        Ok(state)
    }

    /// Writes the state atomically: a temporary file beside it, synced, then renamed over it; as
    /// private as the transcript's mode `from` (it holds its summaries: see
    /// [`crate::store::write_from`]).
    pub fn save(&self, path: &Path, from: Option<u32>) -> Result<()> {
        let bytes = serde_json::to_vec_pretty(self)?;
        crate::store::write_from(path, from, &mut |w| Ok(w.write_all(&bytes)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transcript::Dialect;

    fn openai(n: usize) -> Transcript {
        let messages: Vec<Value> =
            (0..n).map(|i| serde_json::json!({"role": "user", "content": format!("message {i}")})).collect();
        let bytes = serde_json::to_vec(&serde_json::json!({ "messages": messages })).expect("json");
        Transcript::parse("t", bytes, Some(Dialect::Openai)).expect("parses")
    }

    #[test]
    fn a_cut_at_the_end_falls_after_the_same_record_in_a_grown_transcript() {
        let (t, grown) = (openai(3), openai(5));
        for k in 0..=3 {
            let key = cut_key(&t, k).expect("key");
            assert_eq!(cut_at(&t, &key), Some(k), "{k}");
            assert_eq!(cut_at(&grown, &key), Some(k), "{k} in the grown transcript");
        }
        assert!(cut_key(&t, 3).expect("key").starts_with(AFTER));
        assert_eq!(cut_at(&openai(2), &cut_key(&t, 3).expect("key")), None, "its last record is not there");
    }
}
