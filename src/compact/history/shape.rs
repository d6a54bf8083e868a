//! The compacted transcript in each format's own shape: a question and the summary (OpenAI,
//! Anthropic, Responses), Claude Code's `compact_boundary` and summary lines in one `parentUuid`
//! tree, or Codex's `compacted` line.

use super::{CONTINUED, Options, QUESTION, Rec, SummaryAs};
use crate::compact::state::Event;
use crate::transcript::{Dialect, Out, Transcript};
use anyhow::Result;
use serde_json::{Value, json};
use std::collections::HashSet;

/// The records of the compacted transcript, in the format's own shape.
pub(super) fn rebuild(t: &Transcript, recs: &[Rec], k: usize, event: &Event, opts: &Options) -> Result<Vec<Out>> {
    let text = event.summary.as_str();
    let mut seq: Vec<Out> = (0..k).filter(|i| keep_before(t, recs, *i)).map(Out::Keep).collect();
    let pair = as_pair(t, k, opts);
    match t.format {
        Dialect::Openai => {
            if pair {
                seq.push(Out::New(json!({"role": "user", "content": QUESTION})));
                seq.push(Out::New(json!({"role": "assistant", "content": text})));
            } else {
                seq.push(Out::New(json!({"role": "user", "content": text})));
            }
        }
        Dialect::Anthropic => {
            if pair {
                seq.push(Out::New(json!({"role": "user", "content": QUESTION})));
                seq.push(Out::New(json!({"role": "assistant", "content": [{"type": "text", "text": text}]})));
            } else {
                seq.push(Out::New(json!({"role": "user", "content": text})));
            }
        }
        Dialect::Responses => {
            let msg = |role: &str, kind: &str, s: &str| json!({"type": "message", "role": role, "content": [{"type": kind, "text": s}]});
            if pair {
                seq.push(Out::New(msg("user", "input_text", QUESTION)));
                seq.push(Out::New(msg("assistant", "output_text", text)));
            } else {
                seq.push(Out::New(msg("user", "input_text", text)));
            }
        }
        Dialect::Codex => {
            let stamp = timestamp(t, k)?;
            seq.push(Out::New(json!({"timestamp": stamp, "type": "compacted", "payload": {"message": text}})));
        }
        Dialect::ClaudeCode => return claude_code(t, k, event, seq),
    }
    seq.extend((k..t.len()).map(Out::Keep));
    Ok(seq)
}

/// Whether the summary is a question and the assistant's answer: as asked, unless nothing is
/// kept after it. A conversation that ends with the assistant's words asks an Anthropic model to
/// go on with them, so the summary is then one user message, as Claude Code's and Codex's own
/// compaction write it.
pub(super) fn as_pair(t: &Transcript, k: usize, opts: &Options) -> bool {
    opts.summary_as == SummaryAs::Pair && k < t.len()
}

/// Records before the cut that stay: system prompts (and Codex's session line, and its
/// `user_message` events).
fn keep_before(t: &Transcript, recs: &[Rec], i: usize) -> bool {
    // Claude Code's subagent (sidechain) lines are not what the model is sent, so they cost
    // nothing against the target; they stay, as Claude Code's own compaction keeps them.
    if recs[i].system || (t.format == Dialect::ClaudeCode && recs[i].sidechain) {
        return true;
    }
    // Claude Code's `summary` lines title the session: metadata, never sent to the model.
    if t.format == Dialect::ClaudeCode
        && t.with_record(i, |v| v.get("type").and_then(Value::as_str) == Some("summary")).unwrap_or(false)
    {
        return true;
    }
    // Codex keeps its session line (and the legacy layout's header line). Its `user_message`
    // events stay too: the model never sees them (they cost nothing against the target), but
    // `codex resume` lists a session only if one is among its first 200 records, as its first
    // user message (openai/codex codex-rs/rollout/src/list.rs, `USER_EVENT_SCAN_LIMIT`), and
    // Codex replays them as the session's prompts.
    t.format == Dialect::Codex
        && t.with_record(i, |v| {
            let kind = v.get("type").and_then(Value::as_str);
            let payload = v.pointer("/payload/type").and_then(Value::as_str);
            kind == Some("session_meta")
                || (kind.is_none() && v.get("instructions").is_some())
                || (kind == Some("event_msg") && payload == Some("user_message"))
        })
        .unwrap_or(false)
}

fn timestamp(t: &Transcript, k: usize) -> Result<Value> {
    t.with_record(k.min(t.len().saturating_sub(1)), |v| v.get("timestamp").cloned().unwrap_or(Value::Null))
}

/// Claude Code's own compaction records: a `compact_boundary` system line, then the summary as
/// a user line with `isCompactSummary`; kept lines that pointed into the summarized part point
/// at the summary, so the session still loads as one tree.
fn claude_code(t: &Transcript, k: usize, event: &Event, mut seq: Vec<Out>) -> Result<Vec<Out>> {
    let text = event.summary.as_str();
    // The session's fields, from the first line kept, or the last line when none is.
    let first = t.record(k.min(t.len().saturating_sub(1)))?;
    let field = |name: &str| first.get(name).cloned().unwrap_or(Value::Null);
    let kept: HashSet<usize> = seq.iter().filter_map(|o| if let Out::Keep(i) = o { Some(*i) } else { None }).collect();
    let mut dropped_uuids: HashSet<String> = HashSet::new();
    for i in (0..k).filter(|i| !kept.contains(i)) {
        t.with_record(i, |v| {
            if let Some(u) = v.get("uuid").and_then(Value::as_str) {
                dropped_uuids.insert(u.to_string());
            }
        })?;
    }
    // A kept subagent line whose parent was summarized starts its own tree.
    for o in &mut seq {
        if let Out::Keep(i) = *o {
            let v = t.record(i)?;
            if v.get("parentUuid").and_then(Value::as_str).is_some_and(|p| dropped_uuids.contains(p)) {
                let mut v = v;
                v["parentUuid"] = Value::Null;
                *o = Out::New(v);
            }
        }
    }
    // `logicalParentUuid` names the last line before the boundary; that line is summarized and
    // gone from this file (its original is in the store), so the key is left out rather than
    // naming a line that is not there. Not null: readers take it as an optional string
    // (claude-code-viewer: `logicalParentUuid: z.string().optional()`).
    let pre = event.pre_tokens;
    let boundary_uuid = uuid_of(&format!("boundary\n{text}"));
    let summary_uuid = uuid_of(&format!("summary\n{text}"));
    // Optional string fields the session lacks are left out, not null (claude-code-viewer:
    // `gitBranch: z.string().optional()`).
    let bare = |mut v: Value| {
        if let Some(o) = v.as_object_mut() {
            o.retain(|k, x| !(k == "gitBranch" && x.is_null()));
        }
        v
    };
    seq.push(Out::New(bare(json!({
        "parentUuid": null, "isSidechain": false, "userType": "external",
        "cwd": field("cwd"), "sessionId": field("sessionId"), "version": field("version"), "gitBranch": field("gitBranch"),
        "type": "system", "subtype": "compact_boundary", "content": "Conversation compacted", "isMeta": false,
        "timestamp": field("timestamp"), "uuid": boundary_uuid, "level": "info",
        "compactMetadata": {"trigger": "manual", "preTokens": pre},
    }))));
    seq.push(Out::New(bare(json!({
        "parentUuid": boundary_uuid, "isSidechain": false, "userType": "external",
        "cwd": field("cwd"), "sessionId": field("sessionId"), "version": field("version"), "gitBranch": field("gitBranch"),
        "type": "user",
        "message": {"role": "user", "content": format!("{CONTINUED}\n{text}")},
        "isCompactSummary": true, "uuid": summary_uuid, "timestamp": field("timestamp"),
    }))));
    for i in k..t.len() {
        let mut v = t.record(i)?;
        let parent = v.get("parentUuid").and_then(Value::as_str).map(str::to_string);
        match parent {
            Some(p) if dropped_uuids.contains(&p) => {
                v["parentUuid"] = Value::String(summary_uuid.clone());
                seq.push(Out::New(v));
            }
            _ => seq.push(Out::Keep(i)),
        }
    }
    Ok(seq)
}

/// The `uuid` of the last line of the main conversation before record `k`.
pub(super) fn last_uuid(t: &Transcript, recs: &[Rec], k: usize) -> Result<Option<String>> {
    for i in (0..k).rev().filter(|i| !recs[*i].sidechain) {
        if let Some(u) = t.with_record(i, |v| v.get("uuid").and_then(Value::as_str).map(str::to_string))? {
            return Ok(Some(u));
        }
    }
    Ok(None)
}

/// A UUID-shaped name derived from `seed`: compaction is deterministic.
fn uuid_of(seed: &str) -> String {
    let h = crate::store::key_of(seed.as_bytes());
    format!("{}-{}-4{}-8{}-{}", &h[0..8], &h[8..12], &h[13..16], &h[17..20], &h[20..32])
}
