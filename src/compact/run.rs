//! The whole compaction of one transcript as one call: prune and budgets, then, when a target is
//! given and the result is still over its trigger, history compaction; `--state` around both;
//! the sizes counted one way ([`stats::size`]); every replaced content and the original (or its changed
//! lines) stored before anything is written, with the index that restores it. The CLI reads the file, calls
//! [`run`], writes what it returns and prints the [`Report`].

use super::apply::{Applied, Replaced, apply};
use super::plan::{Options, Plan, plan_with};
use super::stats::{self, TranscriptSize};
use super::{history, restore, state};
use crate::llm::Client;
use crate::store::{self, Store};
use crate::transcript::Transcript;
use anyhow::{Result, bail};
use serde_json::Value;
use std::cell::OnceCell;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Everything one run does.
#[derive(Clone, Default)]
pub struct RunOptions<'a> {
    /// Pruning and budgets.
    pub prune: Options,
    /// History compaction, when a target is given.
    pub history: Option<history::Options>,
    /// The LLM that writes summaries; without one, the extractive record does.
    pub llm: Option<&'a Client>,
    /// Fail, writing nothing, when a summary call failed and the extractive record stood in.
    pub strict: bool,
    /// Count the sizes before and after for the report (pruning alone counts nothing else).
    pub count: bool,
}

/// Where replaced contents and the original go: a store, opened when something is first put
/// in it, or nowhere (a dry run), where paths are named as the store would name them.
pub struct Stash {
    dir: Option<PathBuf>,
    shown: PathBuf,
    store: OnceCell<Store>,
}

impl Stash {
    /// The store at `dir`.
    pub fn new(dir: &Path) -> Stash {
        Stash { dir: Some(dir.to_path_buf()), shown: shown(dir), store: OnceCell::new() }
    }

    /// Nothing is stored; paths name files of the store at `dir` as if they were.
    pub fn dry(dir: &Path) -> Stash {
        Stash { dir: None, shown: shown(dir), store: OnceCell::new() }
    }

    /// Whether anything is stored (not a dry run).
    pub fn stores(&self) -> bool {
        self.dir.is_some()
    }

    fn store(&self) -> Result<Option<&Store>> {
        let Some(dir) = &self.dir else { return Ok(None) };
        if self.store.get().is_none() {
            let _ = self.store.set(Store::open(dir)?);
        }
        Ok(self.store.get())
    }

    /// Stores `bytes`, or only names them in a dry run; gives the path.
    fn put(&self, bytes: &[u8]) -> Result<PathBuf> {
        match self.store()? {
            Some(s) => s.put(bytes),
            None => Ok(self.shown.join(store::name_of(bytes))),
        }
    }

    /// The length in chars of a stored content's path.
    fn path_chars(&self) -> u64 {
        crate::text::count_chars(self.shown.as_os_str().as_encoded_bytes()) + 1 + 36
    }
}

/// The directory as outputs name it: absolute, canonical when it exists.
fn shown(dir: &Path) -> PathBuf {
    std::fs::canonicalize(dir).or_else(|_| std::path::absolute(dir)).unwrap_or_else(|_| dir.to_path_buf())
}

/// What one run did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The tool results of the transcript.
    pub results: usize,
    /// The results replaced, in order.
    pub replaced: Vec<Replaced>,
    /// The size before and after, when counted.
    pub size: Option<(TranscriptSize, TranscriptSize)>,
    /// Bytes before and after.
    pub bytes: (u64, u64),
    /// Records summarized by history compaction, when it ran.
    pub summarized: Option<usize>,
    /// Whether an LLM wrote the summary.
    pub llm: bool,
    /// Notes for the user (a summary call that failed, a summary cut); the transcript's own
    /// are in [`Transcript::warnings`].
    pub warnings: Vec<String>,
}

/// The compacted transcript and what was done.
pub struct Compacted<'t> {
    t: &'t Transcript,
    body: Body,
    /// What was done.
    pub report: Report,
}

enum Body {
    /// Nothing changed.
    Same,
    /// JSON Lines with these records changed: written around the input, never copied whole.
    Records(BTreeMap<usize, Value>),
    /// A new transcript.
    Bytes(Vec<u8>),
}

impl Compacted<'_> {
    /// Whether the output differs from the input.
    pub fn changed(&self) -> bool {
        !matches!(self.body, Body::Same)
    }

    /// Writes the output (the input itself when nothing changed).
    pub fn write(&self, out: &mut dyn Write) -> Result<()> {
        match &self.body {
            Body::Same => Ok(out.write_all(&self.t.bytes)?),
            Body::Records(changed) => self.t.write(changed, out, &mut |_, _| Ok(())),
            Body::Bytes(b) => Ok(out.write_all(b)?),
        }
    }

    /// The output as bytes.
    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        self.write(&mut out)?;
        Ok(out)
    }
}

/// Compacts `t`: with `state`, the decisions of earlier runs are made again first and this run's
/// are recorded in it (the caller loads and saves it). Everything replaced, and the original,
/// is in `stash` before this returns, with the index that restores the output.
pub fn run<'t>(
    t: &'t Transcript,
    opts: &RunOptions<'_>,
    stash: &Stash,
    state: Option<&mut state::TranscriptState>,
) -> Result<Compacted<'t>> {
    let plan = plan_with(t, &opts.prune, stash.path_chars(), state.as_deref())?;
    let count = opts.count.then_some(opts.prune.encoding);
    let before = count.map(|e| stats::size(t, e)).transpose()?;
    let applied = apply(t, &plan, &opts.prune, count, &mut |b| stash.put(b))?;
    let mut report = Report {
        results: plan.results.len(),
        size: before.map(|b| (b, pruned_size(b, &applied.replaced))),
        bytes: (t.bytes.len() as u64, t.bytes.len() as u64),
        ..Report::default()
    };
    report.replaced.clone_from(&applied.replaced);
    if let Some(budget) = opts.prune.message_budget {
        for &(first, chars) in &plan.over_budget {
            report.warnings.push(format!(
                "the results of one assistant turn (from tool result {}) hold {} chars, over --message-budget {}: the rest are protected, or no shorter as placeholders",
                first + 1,
                crate::text::group_digits(chars),
                crate::text::group_digits(budget)
            ));
        }
    }
    if opts.history.is_none() && state.is_none() {
        let body = prune_only(t, applied.changed, stash, &mut report)?;
        return Ok(Compacted { t, body, report });
    }
    let body = with_history(t, opts, stash, state, (&plan, &applied), &mut report)?;
    Ok(Compacted { t, body, report })
}

/// The size after pruning: the replaced contents' tokens swapped for their replacements'.
fn pruned_size(before: TranscriptSize, replaced: &[Replaced]) -> TranscriptSize {
    let (old, new) = replaced.iter().filter_map(|r| r.tokens).fold((0u64, 0u64), |(o, n), (a, b)| (o + a, n + b));
    TranscriptSize { tokens: before.tokens.saturating_sub(old) + new, ..before }
}

/// Pruning and budgets only: the changed records, and their restore entries.
fn prune_only(t: &Transcript, changed: BTreeMap<usize, Value>, stash: &Stash, report: &mut Report) -> Result<Body> {
    if changed.is_empty() {
        return Ok(Body::Same);
    }
    let body = if t.is_lines() {
        // Counted, not copied: the output is written around the input when it is asked for.
        let mut counter = Counting { inner: &mut io::sink(), n: 0 };
        let mut lines: Vec<(String, std::ops::Range<usize>)> = Vec::new();
        t.write(&changed, &mut counter, &mut |line, range| {
            lines.push((store::key_of(line), range));
            Ok(())
        })?;
        report.bytes.1 = counter.n;
        if stash.stores() {
            // Only the changed lines' originals are stored, one after another: the other lines
            // are in the output as they were, and the store would otherwise hold the session
            // and, again, every content replaced in it.
            let mut originals = Vec::new();
            let mut entries = Vec::with_capacity(lines.len());
            for (key, range) in lines {
                let start = originals.len();
                originals.extend_from_slice(&t.bytes[range]);
                entries.push((key, start..originals.len()));
            }
            let mut index = restore::Index::new(&stash.put(&originals)?)?;
            for (key, range) in entries {
                index.add_key(&key, range);
            }
            save_index(Some(index), stash)?;
        }
        Body::Records(changed)
    } else {
        let mut index = match stash.stores() {
            true => Some(restore::Index::new(&stash.put(&t.bytes)?)?),
            false => None,
        };
        let mut doc = Vec::new();
        t.write(&changed, &mut doc, &mut |_, _| Ok(()))?;
        if let Some(index) = index.as_mut() {
            index.add(&doc, 0..t.bytes.len());
        }
        report.bytes.1 = doc.len() as u64;
        save_index(index, stash)?;
        Body::Bytes(doc)
    };
    Ok(body)
}

fn save_index(index: Option<restore::Index>, stash: &Stash) -> Result<()> {
    match (index, stash.store()?) {
        (Some(index), Some(store)) => index.save(store),
        _ => Ok(()),
    }
}

/// Pruning and budgets, then history compaction when a target is given and the result is still
/// over its trigger; `--state`'s earlier compaction first. The output maps back to the whole
/// original.
fn with_history(
    t: &Transcript,
    opts: &RunOptions<'_>,
    stash: &Stash,
    mut state: Option<&mut state::TranscriptState>,
    (plan, applied): (&Plan, &Applied),
    report: &mut Report,
) -> Result<Body> {
    let mut pruned = Vec::new();
    t.write(&applied.changed, &mut pruned, &mut |_, _| Ok(()))?;
    let mut stage = Transcript::parse(&t.name, pruned, Some(t.format))?;
    if let Some(hopts) = &opts.history {
        if let Some(event) = state.as_ref().and_then(|s| s.compaction.as_ref())
            && let Some(bytes) = history::reapply(&stage, hopts, event)?
        {
            stage = Transcript::parse(&t.name, bytes, Some(t.format))?;
        }
        let pointer = stash.shown.join(store::name_of(&t.bytes)).display().to_string();
        let h = history::compact(&stage, hopts, &pointer, opts.llm)?;
        if opts.strict && opts.llm.is_some() && h.bytes.is_some() && !h.llm {
            let why = h.warnings.first().map_or_else(String::new, |w| format!(" ({w})"));
            bail!("the summary fell back to the extractive record{why} and --strict is set: nothing was written");
        }
        report.warnings.extend(h.warnings.iter().cloned());
        report.summarized = h.bytes.is_some().then_some(h.dropped);
        report.llm = h.llm;
        if let Some(bytes) = h.bytes {
            stage = Transcript::parse(&t.name, bytes, Some(t.format))?;
        }
        if let (Some(s), Some(event)) = (state.as_deref_mut(), h.event) {
            s.compaction = Some(event);
            s.summarized.extend(h.summarized);
        }
    }
    if let Some((before, _)) = report.size {
        let size = stats::size(&stage, opts.prune.encoding)?;
        report.size = Some((before, size));
    }
    let out = stage.bytes;
    report.bytes.1 = out.len() as u64;
    if let Some(s) = state {
        remember(s, t, plan, applied, &out)?;
    }
    if out == t.bytes {
        return Ok(Body::Same);
    }
    if stash.stores() {
        let mut index = restore::Index::new(&stash.put(&t.bytes)?)?;
        index.add(&out, 0..t.bytes.len());
        if t.is_lines() && out.ends_with(b"\n") {
            index.add_prefix(&out, 0..t.bytes.len());
        }
        save_index(Some(index), stash)?;
    }
    Ok(Body::Bytes(out))
}

/// Records this run's decisions in the state: every fresh result replaced (with its text) or
/// frozen, and the first records of the input and the output.
fn remember(s: &mut state::TranscriptState, t: &Transcript, plan: &Plan, applied: &Applied, out: &[u8]) -> Result<()> {
    let replaced: std::collections::HashMap<&str, &str> =
        applied.replaced.iter().filter_map(|r| r.id.as_deref().map(|id| (id, r.text.as_str()))).collect();
    for r in &plan.results {
        if let Some(id) = &r.id {
            s.results.entry(id.clone()).or_insert_with(|| replaced.get(id.as_str()).map(|text| (*text).to_string()));
        }
    }
    if !t.is_empty() {
        s.first.insert(state::record_key(t, 0)?);
    }
    let output = Transcript::parse(&t.name, out.to_vec(), Some(t.format))?;
    if !output.is_empty() {
        s.first.insert(state::record_key(&output, 0)?);
    }
    Ok(())
}

/// A writer that counts what passes through it.
struct Counting<'a> {
    inner: &'a mut dyn Write,
    n: u64,
}

impl Write for Counting<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.n += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokens::Encoding;
    use serde_json::json;

    /// A fresh directory for a store.
    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("ctx-run-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    /// An OpenAI chat body: a user turn, then `n` shell calls each answered by `size` words.
    fn chat(n: usize, size: usize) -> Vec<u8> {
        let mut messages = vec![json!({"role": "system", "content": "You are terse."})];
        for i in 0..n {
            messages.push(json!({"role": "user", "content": format!("step {i}: list the files")}));
            let id = format!("call_{i}");
            messages.push(json!({"role": "assistant", "content": null, "tool_calls": [
                {"id": id, "type": "function", "function": {"name": "bash", "arguments": "{\"command\":\"ls\"}"}}]}));
            let out: String = (0..size).map(|w| format!("file{i}_{w}.txt ")).collect();
            messages.push(json!({"role": "tool", "tool_call_id": id, "content": out}));
        }
        serde_json::to_vec(&json!({"model": "m", "messages": messages})).expect("json")
    }

    fn parse(bytes: Vec<u8>) -> Transcript {
        Transcript::parse("t", bytes, None).expect("parse")
    }

    fn prune_hard() -> Options {
        Options { protect: 10, protect_turns: 0, prune_minimum: 10, encoding: Encoding::O200k, ..Options::default() }
    }

    #[test]
    fn pruning_stores_what_it_replaces_and_the_output_restores() {
        let t = parse(chat(3, 300));
        let d = dir("prune");
        let opts = RunOptions { prune: prune_hard(), count: true, ..RunOptions::default() };
        let c = run(&t, &opts, &Stash::new(&d), None).expect("run");
        let out = c.to_bytes().expect("bytes");
        assert!(c.changed());
        assert_eq!(c.report.results, 3);
        assert_eq!(c.report.replaced.len(), 3, "each result reaches past the 10 tokens protected");
        assert_eq!(c.report.bytes, (t.bytes.len() as u64, out.len() as u64));
        let (before, after) = c.report.size.expect("counted");
        assert_eq!(before, stats::size(&t, Encoding::O200k).expect("size"));
        assert_eq!(after, stats::size(&parse(out.clone()), Encoding::O200k).expect("size"), "counted as stats does");
        for r in &c.report.replaced {
            assert!(r.path.is_file(), "{} is stored", r.path.display());
        }
        let store = Store::open(&d).expect("store");
        assert_eq!(restore::restore(&store, &out).expect("restore"), Some(t.bytes.clone()));
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_dry_run_reports_the_same_and_stores_nothing() {
        let t = parse(chat(3, 300));
        let (d, e) = (dir("dry"), dir("wet"));
        let opts = RunOptions { prune: prune_hard(), count: true, ..RunOptions::default() };
        let dry = run(&t, &opts, &Stash::dry(&d), None).expect("run");
        let wet = run(&t, &opts, &Stash::new(&e), None).expect("run");
        assert!(!d.exists(), "nothing stored");
        assert_eq!((dry.report.bytes, dry.report.size), (wet.report.bytes, wet.report.size));
        assert_eq!(dry.report.replaced.len(), wet.report.replaced.len());
        let _ = std::fs::remove_dir_all(&e);
    }

    #[test]
    fn nothing_to_do_gives_the_input_back() {
        let t = parse(chat(2, 5));
        let d = dir("same");
        let c = run(&t, &RunOptions::default(), &Stash::new(&d), None).expect("run");
        assert!(!c.changed());
        assert_eq!(c.to_bytes().expect("bytes"), t.bytes);
        assert_eq!(c.report.size, None, "not counted unless asked");
        assert!(!d.exists(), "a store is opened only when something goes in it");
    }

    #[test]
    fn a_target_is_met_by_history_compaction() {
        let t = parse(chat(12, 200));
        let before = stats::size(&t, Encoding::O200k).expect("size").tokens;
        let target = before / 3;
        let history = history::Options {
            target,
            trigger: 0.9,
            keep_recent: None,
            keep_user: 20_000,
            summary_as: history::SummaryAs::Pair,
            focus: None,
            prompt: None,
            encoding: Encoding::O200k,
            usage: false,
        };
        let opts = RunOptions {
            prune: Options { prune: false, ..Options::default() },
            history: Some(history),
            count: true,
            ..RunOptions::default()
        };
        let d = dir("history");
        let c = run(&t, &opts, &Stash::new(&d), None).expect("run");
        let out = parse(c.to_bytes().expect("bytes"));
        let after = stats::size(&out, Encoding::O200k).expect("size").tokens;
        assert!(after <= target, "{after} over {target}");
        assert_eq!(c.report.size.map(|(b, a)| (b.tokens, a.tokens)), Some((before, after)));
        assert!(c.report.summarized.is_some_and(|n| n > 0));
        let store = Store::open(&d).expect("store");
        assert_eq!(restore::restore(&store, &out.bytes).expect("restore"), Some(t.bytes.clone()));
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn subagent_lines_are_counted_apart() {
        let line = |uuid: &str, side: bool, text: &str| {
            json!({"type": "user", "uuid": uuid, "isSidechain": side, "message": {"role": "user", "content": text}})
                .to_string()
        };
        let text = format!("{}\n{}\n", line("a", false, "hello there"), line("b", true, "one two three four"));
        let t = parse(text.into_bytes());
        let e = Encoding::O200k;
        let size = stats::size(&t, e).expect("size");
        assert_eq!(size, TranscriptSize { tokens: e.count(b"hello there"), sidechain: e.count(b"one two three four") });
        let tally = stats::tally(&t, e).expect("tally");
        assert_eq!((tally.total, tally.sidechain), (size.tokens, size.sidechain));
        assert_eq!(history::size(&t, e, false).expect("size"), size.tokens, "the trigger counts the same");
    }
}
