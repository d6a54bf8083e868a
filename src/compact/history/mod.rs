//! History compaction: when a transcript is still over its target after pruning, the older part
//! of the conversation is replaced by a summary (by an LLM through the summarize module, or an
//! extractive record without one). System prompts, the user's own earlier words and the newest
//! part stay verbatim; the cut never separates a tool call from its result.

mod record;
mod shape;

use crate::compact::stats;
use crate::llm::Client;
use crate::summarize;
use crate::text::{Budget, Unit};
use crate::tokens::Encoding;
use crate::transcript::{Dialect, Item, Kind, Transcript};
use anyhow::{Result, bail};
use std::collections::HashMap;

/// How the summary enters the transcript (OpenAI, Anthropic, Responses).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum SummaryAs {
    /// A user message asking what was done, and the assistant's summary.
    #[default]
    Pair,
    /// One user message holding the summary.
    User,
}

/// What history compaction aims at.
#[derive(Clone, Debug)]
pub struct Options {
    /// The size the output must fit, in tokens.
    pub target: u64,
    /// Compact when the transcript is over this share of the target.
    pub trigger: f64,
    /// Tokens of the newest part kept verbatim [default: 30% of the target].
    pub keep_recent: Option<u64>,
    /// Tokens of the user's earlier messages kept verbatim in the summary.
    pub keep_user: u64,
    /// The summary's shape.
    pub summary_as: SummaryAs,
    /// What the summary must keep.
    pub focus: Option<String>,
    /// A prompt replacing the built-in one (`{text}`, `{max_chars}`, `{focus}`).
    pub prompt: Option<String>,
    /// How tokens are counted.
    pub encoding: Encoding,
    /// Take the size from the usage the agent recorded, when there is one.
    pub usage: bool,
}

/// What history compaction did: the older records condensed into a summary.
#[derive(Debug, Default)]
pub struct Condensed {
    /// The transcript, rebuilt (`None`: nothing to do, it fits).
    pub bytes: Option<Vec<u8>>,
    /// Its size before, in tokens (the recorded usage with `usage`).
    pub before: u64,
    /// Its size after, counted (unchanged when nothing was done).
    pub after: u64,
    /// Records summarized.
    pub dropped: usize,
    /// Whether an LLM wrote the summary.
    pub llm: bool,
    /// Notes for the user (fallbacks, cuts).
    pub warnings: Vec<String>,
    /// The compaction, as `--state` records it: the first record kept, and the summary.
    pub event: Option<crate::compact::state::Event>,
    /// The tool result ids in the summarized part.
    pub summarized: Vec<String>,
}

/// Transcripts up to this many bytes have other cuts tried at a generous target (each one is an
/// output built and counted).
const TRIED_UP_TO: usize = 64 << 20;

/// Tokens a summary gets at the least.
const MIN_SUMMARY: u64 = 200;

/// How Claude Code's summary line begins, as Claude Code's own compaction writes it.
const CONTINUED: &str = "This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:";

/// The question of the summary pair.
pub const QUESTION: &str = "What did we do so far?";

/// What the summary must hold (the built-in prompt).
const PROMPT: &str = "Below is the earlier part of a conversation between a user and a coding agent \
that uses tools. The agent will continue the work from your summary alone, so write it for the agent, \
in at most {max_chars} characters. Cover, under short headings: 1. the user's goal, with every explicit \
request, constraint and preference; 2. what was done and decided; 3. the current state and the work in \
progress; 4. the files read, created and modified, and what changed in them; 5. the errors met and how \
they were resolved; 6. the identifiers, commands, paths and numbers that matter, exactly as written; \
7. the next steps. Do not invent anything. {focus}Write only the summary.\n\n<conversation>\n{text}\n\
</conversation>";

/// Merging the summaries of consecutive parts of a long history.
const MERGE_PROMPT: &str = "Below are summaries of consecutive parts of one conversation between a user \
and a coding agent, in order. Merge them into one summary of at most {max_chars} characters with the same \
headings: goal and constraints, what was done and decided, current state, files, errors and fixes, \
identifiers and commands, next steps. Later parts win where they disagree. {focus}Write only the \
summary.\n\n<summaries>\n{text}\n</summaries>";

/// One record as history compaction sees it.
#[derive(Clone, Debug, Default)]
struct Rec {
    tokens: u64,
    /// Tokens of the user's own text in it.
    user: u64,
    system: bool,
    turn: bool,
    result_first: bool,
    message: bool,
    sidechain: bool,
}

/// The size of `t` in tokens, as [`crate::compact::stats::size`] counts it, or the context the
/// agent recorded at its last request with `usage`.
pub fn size(t: &Transcript, encoding: Encoding, usage: bool) -> Result<u64> {
    let counted = stats::size(t, encoding)?.tokens;
    if usage { Ok(recorded(t)?.unwrap_or(counted)) } else { Ok(counted) }
}

/// The size of `t` counted from its records.
fn counted(t: &Transcript, recs: &[Rec], encoding: Encoding) -> u64 {
    recs.iter().map(|r| r.tokens).sum::<u64>() + stats::root_system(t, encoding)
}

/// The context size of the last request the agent recorded, if it recorded any; a subagent's
/// (a sidechain line's) requests are its own context, not this conversation's.
fn recorded(t: &Transcript) -> Result<Option<u64>> {
    let (mut recorded, mut side) = (None, None);
    t.each_item(|i, item| match item {
        // A record says it is a sidechain before its other items.
        Item::Sidechain => side = Some(i),
        Item::Usage { context, .. } if side != Some(i) => recorded = Some(*context),
        _ => {}
    })?;
    Ok(recorded)
}

fn records(t: &Transcript, encoding: Encoding) -> Result<Vec<Rec>> {
    let mut recs = vec![Rec::default(); t.len()];
    t.each_item(|i, item| {
        let r = &mut recs[i];
        let first = !r.message;
        r.message = true;
        // Counted as everything else counts them.
        r.tokens += stats::item_tokens(item, encoding);
        match item {
            Item::Turn => r.turn = true,
            Item::Sidechain => r.sidechain = true,
            Item::Text { role, .. } => {
                r.system |= first && matches!(*role, "system" | "developer");
                if *role == "user" {
                    r.user += stats::item_tokens(item, encoding);
                }
            }
            Item::Result { .. } => r.result_first |= first,
            Item::Call { .. } | Item::Reply(_) | Item::Usage { .. } => {}
        }
    })?;
    // A side conversation (a Claude Code subagent) is not part of what the model is sent.
    for r in recs.iter_mut().filter(|r| r.sidechain) {
        r.tokens = 0;
    }
    Ok(recs)
}

/// Whether a cut before record `k` would separate a call from its result, for every `k`.
fn crossing(t: &Transcript) -> Vec<bool> {
    let n = t.len();
    let mut calls: HashMap<&str, usize> = HashMap::new();
    let mut diff = vec![0i64; n + 2];
    for e in &t.entries {
        match &e.kind {
            Kind::Call { id: Some(id), .. } => {
                calls.insert(id, e.record);
            }
            Kind::Result { id: Some(id), .. } => {
                if let Some(&c) = calls.get(id.as_str()).filter(|c| **c < e.record) {
                    diff[c + 1] += 1;
                    diff[e.record + 1] -= 1;
                }
            }
            _ => {}
        }
    }
    let mut open = 0;
    (0..n)
        .map(|k| {
            open += diff[k];
            open > 0
        })
        .collect()
}

/// The first record kept verbatim, or `None` when no cut leaves room: the newest part within
/// `keep` tokens, at a safe cut (not between a call and its result, not on a result), at a user
/// turn where possible, else inside the newest turn; keeping more than `keep` only when nothing
/// later is safe. `room` is the most the kept part may hold. When even the newest safe part is
/// over it, nothing is kept verbatim (the end, as Claude Code's and Codex's own compaction do),
/// unless the last call is still waiting for its result, which must find its call.
fn boundary(t: &Transcript, recs: &[Rec], keep: u64, room: u64) -> Option<usize> {
    let crossing = crossing(t);
    let first = recs.iter().position(|r| r.message && !r.system)?;
    let safe = |k: &usize| safe(&crossing, recs, *k);
    let suffix = suffix(recs);
    let k0 = (0..=recs.len()).find(|k| suffix[*k] <= keep).unwrap_or(recs.len());
    let later = (k0.max(first + 1)..recs.len()).filter(safe);
    let turns = later.clone().filter(|k| recs[*k].turn);
    let earlier = (first + 1..k0.max(first + 1)).rev().filter(safe);
    let end = (!waiting(t)).then_some(recs.len());
    turns.chain(later).chain(earlier).chain(end).find(|k| suffix[*k] <= room)
}

/// Whether a cut before record `k` is safe: not between a call and its result, not on a
/// result, not on what is never summarized.
fn safe(crossing: &[bool], recs: &[Rec], k: usize) -> bool {
    let r = &recs[k];
    !crossing[k] && !r.result_first && r.message && !r.system && !r.sidechain
}

/// The tokens of the records from each record on (and 0 after the last).
fn suffix(recs: &[Rec]) -> Vec<u64> {
    let mut suffix = vec![0u64; recs.len() + 1];
    for k in (0..recs.len()).rev() {
        suffix[k] = suffix[k + 1] + recs[k].tokens;
    }
    suffix
}

/// Why no cut fits the target, with the smallest target that has one: the system prompt and a
/// short summary, and the newest safe part when the last call still waits for its result (it
/// must stay with its call); else nothing need be kept verbatim.
fn too_small(t: &Transcript, recs: &[Rec], system: u64, opts: &Options) -> String {
    let name = &t.name;
    let (target, trigger) = (opts.target, opts.trigger);
    let waiting_part = if waiting(t) {
        let crossing = crossing(t);
        let first = recs.iter().position(|r| r.message && !r.system).unwrap_or(recs.len());
        let suffix = suffix(recs);
        match (first + 1..recs.len()).rev().find(|k| safe(&crossing, recs, *k)) {
            Some(k) => Some(suffix[k]),
            None => {
                return format!(
                    "{name}: no target can be met: the last tool call still waits for its result, and nothing before it can be summarized"
                );
            }
        }
    } else {
        None
    };
    let need = system + MIN_SUMMARY + waiting_part.unwrap_or(0).max(1);
    // The smallest target whose share under the trigger holds `need`.
    let aim = |t: u64| ((t as f64) * trigger).floor() as u64;
    let mut least = ((need as f64) / trigger).ceil() as u64;
    while aim(least) < need {
        least += 1;
    }
    while least > 0 && aim(least - 1) >= need {
        least -= 1;
    }
    let waiting = waiting_part
        .map(|n| format!(", the newest part with the tool call still waiting for its result ({n} tokens)"))
        .unwrap_or_default();
    format!(
        "{name}: the target of {target} tokens is too small: the system prompt ({system} tokens){waiting} and a summary ({MIN_SUMMARY} tokens at least) must fit under --trigger {trigger} of it; the smallest target that does is {least} tokens: raise --max-tokens"
    )
}

/// Whether a call of the last record that holds calls has no result yet (the agent is running
/// it).
fn waiting(t: &Transcript) -> bool {
    let Some(last) = t.entries.iter().rev().find(|e| matches!(e.kind, Kind::Call { .. })).map(|e| e.record) else {
        return false;
    };
    let answered: std::collections::HashSet<&str> = t
        .entries
        .iter()
        .filter_map(|e| match &e.kind {
            Kind::Result { id: Some(id), .. } => Some(id.as_str()),
            _ => None,
        })
        .collect();
    t.entries.iter().filter(|e| e.record == last).any(|e| match &e.kind {
        Kind::Call { id: Some(id), .. } => !answered.contains(id.as_str()),
        _ => false,
    })
}

/// Compacts the history of `t` when it is over the trigger; `path` is where the original is
/// stored (named by the summary), `llm` the summarizer if one is configured.
pub fn compact(t: &Transcript, opts: &Options, path: &str, llm: Option<&Client>) -> Result<Condensed> {
    let recs = records(t, opts.encoding)?;
    let counted = counted(t, &recs, opts.encoding);
    let before = if opts.usage { recorded(t)?.unwrap_or(counted) } else { counted };
    let mut out = Condensed { before, after: counted, ..Condensed::default() };
    let aim = ((opts.target as f64) * opts.trigger).floor() as u64;
    if before <= aim {
        return Ok(out);
    }
    let system: u64 =
        recs.iter().filter(|r| r.system).map(|r| r.tokens).sum::<u64>() + stats::root_system(t, opts.encoding);
    // Fill the target: the newest part verbatim takes what a quarter of the target for the
    // summary leaves (a short output wastes context the agent could use).
    let keep = opts.keep_recent.unwrap_or_else(|| aim.saturating_sub(system + (opts.target / 4).max(MIN_SUMMARY)));
    // The summary needs room too: at least a short one.
    let room = aim.saturating_sub(system + MIN_SUMMARY);
    if room == 0 || boundary(t, &recs, keep, room).is_none() {
        bail!("{}", too_small(t, &recs, system, opts));
    }
    let at = At { recs: &recs, system, aim, path, llm };
    let mut best = attempt(t, opts, &at, keep)?;
    // A generous target (at least two fifths of the transcript) leaves little to summarize: more
    // of the newest records verbatim may then keep more of what the agent needs (its requests,
    // commands, files and errors) than a record of them would. The default keeps a quarter of
    // the target for the summary; half of that, and a short summary alone, are tried too, and
    // the one that keeps the most facts wins (the default on a tie). Only for the extractive
    // record, which costs no call, and up to a size where building three outputs costs little.
    if llm.is_none()
        && opts.keep_recent.is_none()
        && opts.target.saturating_mul(5) >= before.saturating_mul(2)
        && t.bytes.len() <= TRIED_UP_TO
    {
        let facts = record::facts(t, &recs)?;
        let mut score = kept_facts(&facts, &best);
        for more in [keep.midpoint(room), room] {
            let Ok(other) = attempt(t, opts, &at, more) else { continue };
            let n = kept_facts(&facts, &other);
            if other.k != best.k && other.after <= opts.target && n > score {
                (best, score) = (other, n);
            }
        }
    }
    out.warnings.append(&mut best.warnings);
    out.llm = best.llm;
    out.after = best.after;
    out.summarized = t
        .entries
        .iter()
        .filter(|e| e.record < best.k)
        .filter_map(|e| match &e.kind {
            Kind::Result { id: Some(id), .. } => Some(id.clone()),
            _ => None,
        })
        .collect();
    // A target is a promise: an output over it is refused, with what took the room.
    if out.after > opts.target {
        bail!(
            "{}: the compacted transcript is {} tokens, over the target of {}: the system prompt ({system} tokens) and the newest part kept verbatim ({} tokens) leave too little; raise --max-tokens or lower --keep-recent",
            t.name,
            out.after,
            opts.target,
            best.kept
        );
    }
    out.event = Some(best.event);
    out.dropped = best.dropped;
    out.bytes = Some(best.bytes);
    Ok(out)
}

/// What every attempt at a cut shares.
struct At<'a> {
    recs: &'a [Rec],
    system: u64,
    aim: u64,
    path: &'a str,
    llm: Option<&'a Client>,
}

/// The transcript compacted at one cut.
struct Attempt {
    /// The first record kept verbatim.
    k: usize,
    /// Its tokens and those of the records after it.
    kept: u64,
    /// Records summarized.
    dropped: usize,
    event: crate::compact::state::Event,
    bytes: Vec<u8>,
    after: u64,
    llm: bool,
    warnings: Vec<String>,
}

/// The facts of `facts` that `a` keeps: in its verbatim part, or named in its summary.
fn kept_facts(facts: &[(usize, String)], a: &Attempt) -> usize {
    let summary = record::normalized(&a.event.summary);
    facts.iter().filter(|(i, fact)| *i >= a.k || summary.contains(fact.as_str())).count()
}

/// Compacts `t` with the newest `keep` tokens verbatim, cut where it is safe.
fn attempt(t: &Transcript, opts: &Options, at: &At, keep: u64) -> Result<Attempt> {
    let (recs, system, aim) = (at.recs, at.system, at.aim);
    let room = aim.saturating_sub(system + MIN_SUMMARY);
    let Some(k) = boundary(t, recs, keep, room) else { bail!("{}: no cut keeps {keep} tokens", t.name) };
    let kept: u64 = recs[k..].iter().map(|r| r.tokens).sum();
    let dropped: Vec<usize> = (0..k).filter(|i| recs[*i].message && !recs[*i].system && !recs[*i].sidechain).collect();
    // The user's own words are bounded by the room the target leaves beside a summary, which
    // gets at least a short one's room and at least as much as they do.
    let free = aim.saturating_sub(system + kept);
    let left = free.saturating_sub(MIN_SUMMARY).min(free / 2);
    let users = record::user_words(t, &dropped, opts, left)?;
    let pointer = format!(
        "The full earlier history ({} messages) is stored at {}; search it for details this summary lacks.",
        dropped.len(),
        at.path
    );
    // What surrounds the summary body: the question (or Claude Code's opening), the user's own
    // words and the pointer, with a margin for the joins.
    let opening = match t.format {
        Dialect::ClaudeCode => CONTINUED,
        Dialect::Codex => "",
        _ if shape::as_pair(t, k, opts) => QUESTION,
        _ => "",
    };
    let frame = opts.encoding.count(format!("{opening}\n{users}\n{pointer}\n").as_bytes()) + 16;
    let room = aim.saturating_sub(system + kept + frame);
    let (body, material, warnings) = summary(t, &dropped, room, opts, at.llm)?;
    let llm_used = material.is_none();
    let pre_tokens = recs.iter().map(|r| r.tokens).sum();
    let logical_parent = shape::last_uuid(t, recs, k)?;
    // The transcript with `body` as the summary, and its size.
    let build = |body: &str| -> Result<(crate::compact::state::Event, Vec<u8>, u64)> {
        let event = crate::compact::state::Event {
            first_kept: crate::compact::state::cut_key(t, k)?,
            summary: format!("{body}{users}\n\n{pointer}"),
            pre_tokens,
            logical_parent: logical_parent.clone(),
        };
        let seq = shape::rebuild(t, recs, k, &event, opts)?;
        let mut bytes = Vec::new();
        t.rebuild(&seq, &mut bytes)?;
        let after = size(&Transcript::parse(&t.name, bytes.clone(), Some(t.format))?, opts.encoding, false)?;
        Ok((event, bytes, after))
    };
    let (mut event, mut bytes, mut after) = build(&body)?;
    // Fill the target: the frame was counted with a margin for the joins and the messages' own
    // tokens, so an extractive record is built again in the room that margin left. Its lines
    // join with escapes the count of the body did not see, so a record can come out over the
    // aim: the extra room is then halved between what fitted and what did not, six tries at
    // most, a record already built is not built again, and the fullest record under the aim
    // is kept.
    if let Some(material) = material.as_ref()
        && after < aim
    {
        let (mut fits, mut over) = (0, None::<u64>);
        let mut extra = aim - after;
        let mut built: Vec<(String, u64)> = vec![(body.clone(), after)];
        for _ in 0..6 {
            let more = material.record(room + extra, opts.encoding);
            let size = match built.iter().find(|(text, _)| *text == more) {
                Some(&(_, size)) => size,
                None => {
                    let again = build(&more)?;
                    let size = again.2;
                    if size <= aim && size > after {
                        (event, bytes, after) = again;
                    }
                    built.push((more, size));
                    size
                }
            };
            if size > aim {
                over = Some(extra);
            } else {
                fits = extra;
            }
            let Some(hi) = over else { break };
            if after == aim || hi - fits <= 1 {
                break;
            }
            extra = fits + (hi - fits) / 2;
        }
    }
    Ok(Attempt { k, kept, dropped: dropped.len(), event, bytes, after, llm: llm_used, warnings })
}

/// The compaction `event` of an earlier run, made again on `t` (the same transcript, grown):
/// the records before the one it kept first are replaced by the same summary. `None` when
/// that record is not in `t`.
pub fn reapply(t: &Transcript, opts: &Options, event: &crate::compact::state::Event) -> Result<Option<Vec<u8>>> {
    let Some(k) = crate::compact::state::cut_at(t, &event.first_kept) else {
        return Ok(None);
    };
    let recs = records(t, opts.encoding)?;
    let seq = shape::rebuild(t, &recs, k, event, opts)?;
    let mut bytes = Vec::new();
    t.rebuild(&seq, &mut bytes)?;
    Ok(Some(bytes))
}

/// A batch run's summary waits for the answers of these requests: the transcript is not
/// written (the run that has them writes it).
#[derive(Clone, Copy, Debug)]
pub struct Waiting(pub summarize::Deferred);

impl std::fmt::Display for Waiting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the summary waits for {} batch requests of round {}", self.0.requests, self.0.round)
    }
}

impl std::error::Error for Waiting {}

/// The summary body: by the LLM when one is configured and every call succeeds, else the
/// extractive record; cut to `room` tokens. With the record comes what it was made of (the
/// dropped records read once), for the fill to build it again in more room; `None` when the
/// LLM wrote the summary.
fn summary(
    t: &Transcript,
    dropped: &[usize],
    room: u64,
    opts: &Options,
    llm: Option<&Client>,
) -> Result<(String, Option<record::Material>, Vec<String>)> {
    let chars = (room * 3).clamp(200, 12_000);
    let mut warnings = Vec::new();
    if let Some(client) = llm {
        let input = record::render(t, dropped)?;
        let s = summarize::summarize(input.as_bytes(), &llm_options(opts, chars), Some(client), &|_| {});
        if let Some(d) = s.deferred {
            return Err(Waiting(d).into());
        }
        if let Some(e) = client.fatal() {
            anyhow::bail!("the LLM refused the request (check the key, --model and --base-url): {e}");
        }
        if s.fallbacks.is_empty() && !s.summary.trim().is_empty() {
            return Ok((fit(s.summary.trim(), room, opts.encoding, &mut warnings), None, warnings));
        }
        let why = s.fallbacks.first().map_or_else(|| "the reply was empty".to_string(), |f| f.error.clone());
        warnings.push(format!("{}: the summary call failed ({why}); an extractive record stands in", t.name));
    }
    let material = record::Material::of(t, dropped)?;
    let record = material.record(room, opts.encoding);
    Ok((fit(&record, room, opts.encoding, &mut warnings), Some(material), warnings))
}

fn llm_options(opts: &Options, chars: u64) -> summarize::Options {
    summarize::Options {
        pass_through: 1,
        summarize_above: 1,
        unit: Unit::Chars,
        encoding: opts.encoding,
        chunk: crate::chunk::Options {
            size: 24_000,
            unit: Unit::Chars,
            boundary: crate::chunk::Level::Paragraph,
            overlap: 0,
            encoding: opts.encoding,
        },
        select: crate::score::Select::All,
        max_output: chars,
        target: chars * 2 / 3,
        map_chars: chars,
        focus: opts.focus.clone(),
        map_prompt: Some(opts.prompt.clone().unwrap_or_else(|| PROMPT.to_string())),
        reduce_prompt: Some(MERGE_PROMPT.to_string()),
        header: false,
        merge: true,
        count_tokens: false,
        ..summarize::Options::default()
    }
}

/// `text` cut to `room` tokens, with a warning when it had to be.
fn fit(text: &str, room: u64, encoding: Encoding, warnings: &mut Vec<String>) -> String {
    let budget = Budget { tokens: Some(room.max(1)), ..Budget::default() };
    if budget.fits(text.as_bytes(), encoding) {
        return text.to_string();
    }
    let (cut, unmarked) = summarize::fitted(text.as_bytes(), &budget, encoding, crate::truncate::Strategy::HeadTail);
    // A cut is never silent: where the room cannot hold even `[...]`, the summary is left out.
    if unmarked {
        warnings.push(format!(
            "the summary was left out: the {room} tokens left cannot hold it with a marker where it is cut"
        ));
        return String::new();
    }
    warnings.push(format!("the summary was cut to the {room} tokens left for it"));
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A summary cut to a room too small for `[...]` is left out, with a warning, not cut with
    /// no marker.
    #[test]
    fn a_summary_is_cut_with_a_marker_or_left_out() {
        let text = "The build failed in part seven; the fix renames the module and reruns the tests.";
        let mut warnings = Vec::new();
        assert_eq!(fit(text, 1, Encoding::O200k, &mut warnings), "");
        assert_eq!(
            warnings,
            ["the summary was left out: the 1 tokens left cannot hold it with a marker where it is cut"]
        );
        let mut warnings = Vec::new();
        let cut = fit(text, 12, Encoding::O200k, &mut warnings);
        assert!(cut.contains("[...]"), "{cut}");
        assert!(Encoding::O200k.count(cut.as_bytes()) <= 12, "{cut}");
        assert_eq!(warnings, ["the summary was cut to the 12 tokens left for it"]);
    }
}
