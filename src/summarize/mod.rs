//! The tiered summarizer: pass short input through, truncate medium input head-tail, and
//! map-reduce long input with an LLM: chunk, select, summarize the chunks concurrently, merge.
//! Without an LLM, or where a call fails, an extractive summary (the best chunks and sentences,
//! verbatim, with gap markers) stands in: content is never replaced by a placeholder.

pub mod progressive;

use crate::chunk::{self, Level};
use crate::llm::{CallError, Client, Message, Request, Role};
use crate::score::{self, Piece, Scorer, Select, Weights};
use crate::text::{self, Budget, Size, Unit, group_digits};
use crate::tokens::Encoding;
use crate::truncate::{self, Doc, Marker};
use serde::Serialize;
use std::sync::Mutex;

/// Which backend summarizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Backend {
    /// The LLM when one is configured, else extractive.
    Auto,
    /// The LLM; an error when none is configured.
    Llm,
    /// Extractive: the best chunks and sentences, verbatim.
    Extractive,
}

/// How the input was handled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tier {
    /// Short enough: unchanged.
    PassThrough,
    /// Truncated to the pass-through size: head-tail, or the decisive lines of a log.
    Truncated,
    /// Map-reduced by the LLM.
    Summarized,
    /// Summarized extractively (no LLM).
    Extracted,
}

/// What to do.
#[derive(Clone, Debug)]
pub struct Options {
    /// Input up to this size comes out unchanged.
    pub pass_through: u64,
    /// Input up to this size is truncated head-tail to `pass_through`; larger is summarized.
    pub summarize_above: u64,
    /// The unit of the two thresholds (chars or tokens).
    pub unit: Unit,
    /// How tokens are counted.
    pub encoding: Encoding,
    /// Never summarize: only truncate.
    pub preserve: bool,
    /// How the truncated tier cuts (a profile's `strategy`); `auto` keeps the decisive lines of
    /// a log (salient) and the start and the end of anything else (head-tail).
    pub strategy: truncate::Strategy,
    /// How the input is chunked.
    pub chunk: chunk::Options,
    /// Which chunks are summarized.
    pub select: Select,
    /// The output never exceeds this many chars.
    pub max_output: u64,
    /// The output never exceeds this many tokens of `encoding`, when given.
    pub max_tokens: Option<u64>,
    /// The size a merge aims at, in chars.
    pub target: u64,
    /// The size each chunk summary aims at, in chars.
    pub map_chars: u64,
    /// What a summary must keep.
    pub focus: Option<String>,
    /// The map prompt template (`{text}`, `{max_chars}`, `{focus}`), replacing the built-in one.
    pub map_prompt: Option<String>,
    /// The reduce prompt template, replacing the built-in one.
    pub reduce_prompt: Option<String>,
    /// Start the output with a line that says what happened.
    pub header: bool,
    /// Merge the chunk summaries into one text even when together they fit `max_output`.
    pub merge: bool,
    /// Count the input's tokens for the result even when no threshold is in tokens.
    pub count_tokens: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            pass_through: 12_000,
            summarize_above: 30_000,
            unit: Unit::Chars,
            encoding: Encoding::O200k,
            preserve: false,
            strategy: truncate::Strategy::Auto,
            chunk: chunk::Options::default(),
            select: Select::HeadTail { head: 3, tail: 3 },
            max_output: 8_000,
            max_tokens: None,
            target: 3_000,
            map_chars: 500,
            focus: None,
            map_prompt: None,
            reduce_prompt: None,
            header: true,
            merge: false,
            count_tokens: false,
        }
    }
}

/// A result that stands in for a failed call.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fallback {
    /// `map` (a chunk's extractive summary stands in), `reduce` (the map summaries, fitted,
    /// stand in) or `truncate` (the output was cut to fit).
    pub kind: &'static str,
    /// The chunk, for `map`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chunk: Option<u64>,
    /// Why.
    pub error: String,
}

/// What came out.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The output text.
    pub summary: String,
    /// How the input was handled.
    pub tier: Tier,
    /// The input's size.
    pub input: Size,
    /// Chunks in all and summarized, when an LLM summarized them (0 and 0 on the other tiers).
    pub chunks: Chunks,
    /// Results that stand in for failed calls.
    pub fallbacks: Vec<Fallback>,
    /// Chunks that were split in half after a context-length error.
    pub splits: u64,
    /// Whether something was cut that no marker shows: the budget cannot hold even `[...]`
    /// ([`truncate::Fitted::unmarked`]). A caller must not print such a summary as it is, but
    /// fail with [`truncate::UNMARKED`].
    #[serde(skip)]
    pub unmarked: bool,
    /// In a batch run ([`crate::llm::Config::batch`]): the requests this summary still waits
    /// for, recorded for a batch file instead of sent. The summary is then not made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deferred: Option<Deferred>,
}

/// What a batch run's summary waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Deferred {
    /// The round of the requests: 1 for the chunk summaries, 2 for their merge, and one more
    /// for each merge of merges.
    pub round: u32,
    /// Requests recorded (one per call, before the batch file takes each once).
    pub requests: u64,
}

/// Chunk counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Chunks {
    /// Chunks of the input.
    pub total: usize,
    /// Chunks summarized.
    pub selected: usize,
}

const MAP_PROMPT: &str = "Condense the text below for a reader who will not see it. Write at most \
{max_chars} characters, in the language of the text. Keep facts, numbers, names, identifiers, commands, \
file paths, errors and findings exactly as written; drop repetition and filler. {focus}Write only the \
summary.\n\n<text>\n{text}\n</text>";

const REDUCE_PROMPT: &str = "Below are summaries of consecutive parts of one longer text, in order. \
Merge them into one summary of at most {max_chars} characters, in the language of the text. Keep facts, \
numbers, names, identifiers, errors and findings; remove repetition; keep the order of events. {focus}Write \
only the summary.\n\n<summaries>\n{text}\n</summaries>";

const SYSTEM: &str = "You write faithful, dense summaries. You never invent content.";

/// A merge request holds at most this many chars of summaries; more are merged in groups.
const REDUCE_INPUT: usize = 24_000;

/// Halving a text on context-length errors stops at this depth.
const MAX_SPLITS: u32 = 6;

/// The size of `text` in the unit of the thresholds.
fn measure(text: &[u8], opts: &Options) -> u64 {
    match opts.unit {
        Unit::Tokens => opts.encoding.count(text),
        Unit::Bytes => text.len() as u64,
        Unit::Lines => text::count_lines(text),
        Unit::Chars => text::count_chars(text),
    }
}

/// Summarizes `input`. With `llm`, long input is map-reduced; without, it is summarized
/// extractively. `progress` hears how many chunks will be summarized, each one done, and the
/// start of the merge.
pub fn summarize(input: &[u8], opts: &Options, llm: Option<&Client>, progress: &(dyn Fn(Progress) + Sync)) -> Summary {
    let size = measure(input, opts);
    let counted = opts.count_tokens || opts.unit == Unit::Tokens;
    let input_size = Size::of(input, counted.then_some(opts.encoding));
    let mut out = Summary {
        summary: String::new(),
        tier: Tier::PassThrough,
        input: input_size,
        chunks: Chunks::default(),
        fallbacks: Vec::new(),
        splits: 0,
        unmarked: false,
        deferred: None,
    };
    // `max_output` holds on every tier: input over it is never passed through whole.
    if size <= opts.pass_through && opts.limit().fits(input, opts.encoding) {
        out.summary = String::from_utf8_lossy(input).into_owned();
        return out;
    }
    if opts.preserve || size <= opts.summarize_above {
        out.tier = Tier::Truncated;
        // `auto` is decided by the truncate module (salient for a log), on the scan it then uses.
        // What is cut is cut from what a terminal shows, line for line, as `ctx-truncate` does;
        // preserved text (code) keeps its bytes.
        let shown = if opts.preserve { std::borrow::Cow::Borrowed(input) } else { crate::clean::visible_text(input) };
        (out.summary, out.unmarked) = fitted(&shown, &budget_of(opts.pass_through, opts), opts.encoding, opts.strategy);
        return out;
    }
    match llm {
        None => {
            // Nothing is chunked for the model here: `chunks` stays 0 of 0, and the header
            // names the input's lines, which the markers number.
            out.tier = Tier::Extracted;
            let log = is_log(input);
            let kept = if log { "decisive lines" } else { "best sentences" };
            let mut head = match opts.header {
                true => format!(
                    "[extractive summary of {} chars, {} lines: {kept} kept verbatim]\n",
                    group_digits(input_size.chars),
                    group_digits(text::count_lines(input)),
                ),
                false => String::new(),
            };
            // The header takes at most half of the target, as a full gap marker does in the
            // truncate module: a smaller budget keeps the text, marked, rather than the header.
            let half =
                Budget { chars: Some(opts.target / 2), tokens: opts.max_tokens.map(|t| t / 2), ..Budget::default() };
            if !half.fits(head.as_bytes(), opts.encoding) {
                head.clear();
            }
            // The header counts against the target, so that the whole fits without a second cut.
            let room = Budget {
                chars: Some(opts.target.saturating_sub(text::count_chars(head.as_bytes()))),
                tokens: opts.max_tokens.map(|t| t.saturating_sub(opts.encoding.count(head.as_bytes()))),
                ..Budget::default()
            };
            let (body, unmarked) = extract(input, &room, opts.encoding, log);
            (out.summary, out.unmarked) = (head + &body, unmarked);
        }
        Some(client) => {
            let pieces = score::pieces(input, &opts.chunk);
            let scorer = Scorer::new(&[], Weights::default(), 0.0).expect("the built-in markers build");
            let scores = scorer.score(&pieces.iter().map(|p| &p.text[..]).collect::<Vec<_>>(), opts.focus.as_deref());
            let mut keep = score::select(&scores, opts.select);
            if let Select::HeadTail { head, tail } = opts.select {
                with_verdicts(&pieces, &scores, &mut keep, head + tail);
            }
            out.chunks = Chunks { total: pieces.len(), selected: keep.iter().filter(|&&k| k).count() };
            out.tier = Tier::Summarized;
            let mut run = Run {
                client,
                opts,
                fallbacks: Mutex::new(Vec::new()),
                splits: Mutex::new(0),
                unmarked: false,
                deferred: Mutex::new(None),
            };
            let body = run.map_reduce(&pieces, &keep, progress);
            out.deferred = *run.deferred.get_mut().unwrap_or_else(|e| e.into_inner());
            if out.deferred.is_some() {
                // Nothing is made of a part: the next run, after the answers, makes the whole.
                return out;
            }
            out.unmarked = run.unmarked;
            out.fallbacks = std::mem::take(run.fallbacks.get_mut().unwrap_or_else(|e| e.into_inner()));
            out.splits = *run.splits.get_mut().unwrap_or_else(|e| e.into_inner());
            // The header claims only the summaries the model wrote: a chunk whose call failed
            // stands as its extractive summary, and is counted as such.
            let failed = out.fallbacks.iter().filter(|f| f.kind == "map").count();
            let written = out.chunks.selected.saturating_sub(failed);
            let extracted = match failed {
                0 => String::new(),
                n => format!(", {} extractive after a failed call", group_digits(n as u64)),
            };
            let head = format!(
                "[summary of {} chars: {} chunks, {} summarized ({}){extracted}, model {}]\n",
                group_digits(input_size.chars),
                group_digits(pieces.len() as u64),
                group_digits(written as u64),
                opts.select.name(),
                client.config().map_model.as_deref().map_or(client.config().model.clone(), |m| {
                    format!("{m} (map), {} (reduce)", client.config().model)
                }),
            );
            out.summary = if opts.header { head + &body } else { body };
        }
    }
    // The last resort: the output always fits.
    let limit = opts.limit();
    if !limit.fits(out.summary.as_bytes(), opts.encoding) {
        out.fallbacks.push(Fallback {
            kind: "truncate",
            chunk: None,
            error: "the summary was longer than --max-output or --max-tokens".into(),
        });
        let (text, unmarked) = fitted(out.summary.as_bytes(), &limit, opts.encoding, truncate::Strategy::HeadTail);
        out.summary = text;
        out.unmarked |= unmarked;
    }
    out
}

impl Options {
    /// What the output may take at most: `max_output` chars and `max_tokens` tokens.
    fn limit(&self) -> Budget {
        Budget { chars: Some(self.max_output), tokens: self.max_tokens, ..Budget::default() }
    }
}

/// `n` in the tiers' unit, and never more than the output's limit.
pub fn budget_of(n: u64, opts: &Options) -> Budget {
    let limit = opts.limit();
    match opts.unit {
        Unit::Tokens => Budget { tokens: Some(limit.tokens.map_or(n, |t| t.min(n))), ..limit },
        _ => Budget { chars: Some(n.min(opts.max_output)), ..limit },
    }
}

/// `text` truncated head-tail into `budget` by the truncate module, with its gap marker.
pub fn fit(text: &[u8], budget: &Budget, encoding: Encoding) -> String {
    fit_with(text, budget, encoding, truncate::Strategy::HeadTail)
}

/// `text` truncated into `budget` by the truncate module with `strategy` (with
/// [`truncate::Strategy::Salient`]: its decisive lines, head and tail, every gap marked).
pub fn fit_with(text: &[u8], budget: &Budget, encoding: Encoding, strategy: truncate::Strategy) -> String {
    fitted(text, budget, encoding, strategy).0
}

/// [`fit_with`], and whether a cut in it is unmarked ([`truncate::Fitted::unmarked`]): a
/// caller must not use such a text as it is.
pub fn fitted(text: &[u8], budget: &Budget, encoding: Encoding, strategy: truncate::Strategy) -> (String, bool) {
    marked(text, budget, encoding, strategy, Marker::Default)
}

/// [`fitted`], its gaps marked by `marker`.
fn marked(
    text: &[u8],
    budget: &Budget,
    encoding: Encoding,
    strategy: truncate::Strategy,
    marker: Marker,
) -> (String, bool) {
    let opts = truncate::Options { budget: *budget, encoding, strategy, marker, ..truncate::Options::default() };
    let o = truncate::fit(&Doc::whole(text.to_vec()), &opts, None);
    (String::from_utf8_lossy(&o.text).into_owned(), o.unmarked)
}

/// The best chunks and sentences of `text`, verbatim and in order, with gap markers, in at most
/// `chars` chars; for text with verdicts in it (a failed build, a traceback), its decisive lines
/// by [`truncate::salient`].
pub fn extractive(text: &[u8], chars: u64, encoding: Encoding) -> String {
    extract(text, &Budget { chars: Some(chars), ..Budget::default() }, encoding, is_log(text)).0
}

/// Adds to a head-tail selection up to `most` chunks of the middle that hold a verdict (see
/// [`crate::signals`]), the best scored first: what failed in the middle of a long log is
/// summarized, not skipped.
fn with_verdicts(pieces: &[score::Piece], scores: &[score::Scores], keep: &mut [bool], most: usize) {
    let telling = |i: &usize| !keep[*i] && crate::signals::reaches(&pieces[*i].text, crate::signals::Class::Verdict);
    let extra: Vec<usize> = score::ranking(scores).into_iter().filter(telling).take(most).collect();
    for i in extra {
        keep[i] = true;
    }
}

/// Whether `text` reads as a log or a tool's output with a verdict or a summary in it.
fn is_log(text: &[u8]) -> bool {
    crate::signals::reaches(text, crate::signals::Class::Summary)
}

/// [`extractive`], told whether `text` is a log (its decisive lines, not its best prose), and
/// whether a cut in it is unmarked.
fn extract(text: &[u8], budget: &Budget, encoding: Encoding, log: bool) -> (String, bool) {
    let budget = *budget;
    let chars = budget.chars.unwrap_or(u64::MAX);
    if budget.fits(text, encoding) {
        return (String::from_utf8_lossy(text).into_owned(), false);
    }
    if log {
        // A summary is read, not replayed: its lines are taken as a terminal shows them, so
        // that colour codes do not take the room of decisive lines. Lines stay where they
        // were, so the markers' line numbers are the input's, and the markers name them alone
        // (the header gives the whole's size): on bench/reallogs.sh, brief markers kept 24
        // decisive lines more in 3,000 chars (1,681 to 1,705 of 1,943).
        let shown = crate::clean::visible_text(text);
        return marked(&shown, &budget, encoding, truncate::Strategy::Salient, Marker::Brief);
    }
    let size = (chars / 6).clamp(120, 600);
    let opts = chunk::Options { size, unit: Unit::Chars, boundary: Level::Paragraph, overlap: 0, encoding };
    let pieces = score::pieces(text, &opts);
    // Sentences that carry markers (findings, errors) matter more here than where they stand.
    let weights = Weights { position: 0.2, discourse: 0.6, entity: 0.2 };
    let scorer = Scorer::new(&[], weights, 0.0).expect("the built-in markers build");
    let mut scores = scorer.score(&pieces.iter().map(|p| &p.text[..]).collect::<Vec<_>>(), None);
    // Blank pieces carry nothing: rank them last.
    for (s, p) in scores.iter_mut().zip(&pieces) {
        if p.text.iter().all(u8::is_ascii_whitespace) {
            s.total = -1.0;
        }
    }
    let keep = score::pack(&pieces, &scores, &budget, encoding);
    let rendered = score::render(&pieces, &keep);
    // Nothing kept would render as one marker over the whole text: its head and tail say more.
    if budget.fits(&rendered, encoding) && keep.iter().any(|&k| k) {
        (String::from_utf8_lossy(&rendered).into_owned(), false)
    } else {
        fitted(text, &budget, encoding, truncate::Strategy::HeadTail)
    }
}

/// What a summary run reports as it goes, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// This many chunks will be summarized.
    Total(u64),
    /// One chunk is done.
    Chunk,
    /// The chunk summaries are being merged.
    Merge,
}

/// One map-reduce run: the client, the options, and what stood in for failures.
struct Run<'a> {
    client: &'a Client,
    opts: &'a Options,
    fallbacks: Mutex<Vec<Fallback>>,
    splits: Mutex<u64>,
    /// Whether the fallback's cut of the chunk summaries is unmarked.
    unmarked: bool,
    /// What a batch run waits for.
    deferred: Mutex<Option<Deferred>>,
}

impl Run<'_> {
    /// Notes a request of `round` deferred to a batch: the lowest round is the one the run is at.
    fn defer(&self, round: u32) {
        let mut d = self.deferred.lock().unwrap_or_else(|e| e.into_inner());
        let d = d.get_or_insert(Deferred { round, requests: 0 });
        d.round = d.round.min(round);
        d.requests += 1;
    }

    fn waiting(&self) -> bool {
        self.deferred.lock().unwrap_or_else(|e| e.into_inner()).is_some()
    }

    fn fallback(&self, f: Fallback) {
        self.fallbacks.lock().unwrap_or_else(|e| e.into_inner()).push(f);
    }

    fn prompt(&self, template: Option<&str>, builtin: &str, text: &str, max_chars: u64) -> Vec<Message> {
        let focus = self.opts.focus.as_deref().map(|f| format!("Above all, keep: {f}. ")).unwrap_or_default();
        let user = template
            .unwrap_or(builtin)
            .replace("{max_chars}", &max_chars.to_string())
            .replace("{focus}", &focus)
            .replace("{text}", text);
        vec![Message::new(Role::System, SYSTEM), Message::new(Role::User, user)]
    }

    fn request(&self, model: &str, messages: Vec<Message>, max_chars: u64) -> Request {
        // About four chars a token: a third gives room to finish a sentence without running far
        // past the size asked for.
        let max_tokens = u32::try_from(max_chars / 3 + 32).unwrap_or(u32::MAX);
        Request { model: model.to_string(), messages, max_tokens, temperature: self.client.config().temperature }
    }

    fn map_reduce(&mut self, pieces: &[Piece], keep: &[bool], progress: &(dyn Fn(Progress) + Sync)) -> String {
        let chosen: Vec<&Piece> = pieces.iter().zip(keep).filter(|(_, k)| **k).map(|(p, _)| p).collect();
        progress(Progress::Total(chosen.len() as u64));
        let summaries = self.client.map(&chosen, |_, piece| {
            let s = self.map_one(piece, &String::from_utf8_lossy(&piece.text), 0);
            progress(Progress::Chunk);
            s
        });
        // A batch run: the merge needs every chunk's summary, which the batch brings.
        if self.waiting() {
            return String::new();
        }
        // Each summary under the lines it covers, with a marker for what was not summarized.
        let mut parts: Vec<Piece> = Vec::new();
        let mut i = 0;
        for (piece, kept) in pieces.iter().zip(keep) {
            let text = if *kept {
                let s = &summaries[i];
                i += 1;
                format!("[lines {}-{}]\n{}\n", group_digits(piece.start_line), group_digits(piece.end_line), s.trim())
            } else {
                String::from_utf8_lossy(&piece.text).into_owned()
            };
            parts.push(Piece { text: text.into_bytes(), ..piece.clone() });
        }
        let joined = String::from_utf8_lossy(&score::render(&parts, keep)).into_owned();
        if self.opts.merge && summaries.len() == 1 {
            return summaries[0].trim().to_string();
        }
        let fits = text::count_chars(joined.as_bytes()) <= self.opts.max_output;
        if self.client.config().dry_run || (fits && !self.opts.merge) {
            return joined;
        }
        let merged: Vec<String> = parts
            .iter()
            .zip(keep)
            .filter(|(_, k)| **k)
            .map(|(p, _)| String::from_utf8_lossy(&p.text).into_owned())
            .collect();
        progress(Progress::Merge);
        match self.reduce(&merged, 0, 2) {
            Ok(Some(s)) => s,
            Ok(None) => String::new(),
            Err(e) => {
                self.fallback(Fallback { kind: "reduce", chunk: None, error: e });
                let budget = Budget { chars: Some(self.opts.max_output), ..Budget::default() };
                let (text, unmarked) =
                    fitted(joined.as_bytes(), &budget, self.opts.encoding, truncate::Strategy::HeadTail);
                self.unmarked = unmarked;
                text
            }
        }
    }

    /// A chunk's summary: from the model, from its halves after a context-length error, or
    /// extractive after any other failure.
    fn map_one(&self, piece: &Piece, text: &str, depth: u32) -> String {
        let cfg = self.client.config();
        let model = cfg.map_model.as_deref().unwrap_or(&cfg.model);
        let messages = self.prompt(self.opts.map_prompt.as_deref(), MAP_PROMPT, text, self.opts.map_chars);
        match self.client.chat(&self.request(model, messages, self.opts.map_chars)) {
            Ok(r) => r.text.trim().to_string(),
            Err(CallError::DryRun) => String::new(),
            Err(CallError::Deferred) => {
                self.defer(1);
                String::new()
            }
            Err(CallError::ContextLength(_)) if depth < MAX_SPLITS && text.chars().count() > 200 => {
                *self.splits.lock().unwrap_or_else(|p| p.into_inner()) += 1;
                let (a, b) = halves(text);
                format!("{}\n{}", self.map_one(piece, a, depth + 1), self.map_one(piece, b, depth + 1))
            }
            Err(e) => {
                self.fallback(Fallback { kind: "map", chunk: Some(piece.index), error: e.to_string() });
                extractive(text.as_bytes(), self.opts.map_chars, self.opts.encoding)
            }
        }
    }

    /// Merges summaries into one of about `target` chars: in one request if they fit, else in
    /// groups and then again; halves a group on a context-length error. `round` is the batch
    /// round of this merge's requests; `None` when a batch run deferred one (every group of a
    /// round is still asked for, so that the round's batch holds them all).
    fn reduce(&self, parts: &[String], depth: u32, round: u32) -> Result<Option<String>, String> {
        let total: usize = parts.iter().map(String::len).sum();
        if parts.len() > 1 && total > REDUCE_INPUT {
            let mut groups: Vec<Vec<String>> = vec![Vec::new()];
            let mut size = 0;
            for p in parts {
                if size + p.len() > REDUCE_INPUT && !groups.last().is_some_and(Vec::is_empty) {
                    groups.push(Vec::new());
                    size = 0;
                }
                size += p.len();
                if let Some(g) = groups.last_mut() {
                    g.push(p.clone());
                }
            }
            let merged = groups.iter().map(|g| self.reduce(g, depth + 1, round)).collect::<Result<Vec<_>, _>>()?;
            let Some(merged) = merged.into_iter().collect::<Option<Vec<_>>>() else { return Ok(None) };
            return if merged.len() < parts.len() {
                self.reduce(&merged, depth + 1, round + 1)
            } else {
                Ok(Some(merged.join("\n")))
            };
        }
        let text = parts.join("\n");
        let messages = self.prompt(self.opts.reduce_prompt.as_deref(), REDUCE_PROMPT, &text, self.opts.target);
        let model = self.client.config().model.clone();
        match self.client.chat(&self.request(&model, messages, self.opts.target)) {
            Ok(r) => Ok(Some(r.text.trim().to_string())),
            Err(CallError::Deferred) => {
                self.defer(round);
                Ok(None)
            }
            Err(CallError::ContextLength(e)) => {
                if depth >= MAX_SPLITS || parts.len() < 2 {
                    return Err(e);
                }
                *self.splits.lock().unwrap_or_else(|p| p.into_inner()) += 1;
                let (a, b) = parts.split_at(parts.len() / 2);
                let (a, b) = (self.reduce(a, depth + 1, round)?, self.reduce(b, depth + 1, round)?);
                let (Some(a), Some(b)) = (a, b) else { return Ok(None) };
                self.reduce(&[a, b], depth + 1, round + 1)
            }
            Err(e) => Err(e.to_string()),
        }
    }
}

/// `text` cut in two near its middle, at the best boundary the chunk module finds.
fn halves(text: &str) -> (&str, &str) {
    let half = (text::count_chars(text.as_bytes()) / 2).max(1);
    let opts = chunk::Options { size: half, unit: Unit::Chars, ..chunk::Options::default() };
    let end = chunk::chunk_end(text.as_bytes(), true, &opts).unwrap_or(text.len());
    let end = if text.is_char_boundary(end) { end } else { text.len() / 2 };
    let end = (0..=end).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
    text.split_at(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(n: usize) -> String {
        (0..n).map(|i| format!("line {i}: compiling crate number {i} of many\n")).collect()
    }

    /// The progress a bar shows counts the chunks really summarized, whatever the selection.
    #[test]
    fn progress_counts_the_chunks_summarized() {
        use std::sync::Mutex;
        let mut cfg = crate::llm::Config::new(crate::llm::Provider::Openai, "http://127.0.0.1:9/v1", "m");
        cfg.dry_run = true;
        cfg.cache_dir = None;
        let client = Client::new(cfg).expect("client");
        let input = text(4000);
        for (select, n) in [(Select::All, None), (Select::HeadTail { head: 2, tail: 1 }, Some(3))] {
            let opts = Options { select, ..Options::default() };
            let seen = Mutex::new(Vec::new());
            let s = summarize(input.as_bytes(), &opts, Some(&client), &|p| seen.lock().expect("lock").push(p));
            let seen = seen.into_inner().expect("lock");
            let total = n.unwrap_or(s.chunks.selected as u64);
            assert_eq!(seen[0], Progress::Total(total));
            assert_eq!(seen.iter().filter(|p| **p == Progress::Chunk).count() as u64, total);
            assert_eq!(s.chunks.selected as u64, total);
        }
    }

    /// A head-tail selection also summarizes the chunk of the middle where the build failed.
    #[test]
    fn head_tail_selection_takes_the_chunk_with_the_verdict() {
        let mut input = text(4000);
        let mid = input.len() / 2;
        let at = mid + input[mid..].find('\n').expect("a line") + 1;
        input.insert_str(at, "error[E0308]: mismatched types\n");
        let pieces = score::pieces(input.as_bytes(), &Options::default().chunk);
        let scorer = Scorer::new(&[], Weights::default(), 0.0).expect("the built-in markers build");
        let scores = scorer.score(&pieces.iter().map(|p| &p.text[..]).collect::<Vec<_>>(), None);
        let mut keep = score::select(&scores, Select::HeadTail { head: 1, tail: 1 });
        assert!(pieces.len() > 4 && keep.iter().filter(|&&k| k).count() == 2);
        with_verdicts(&pieces, &scores, &mut keep, 2);
        let picked: Vec<usize> = (0..pieces.len()).filter(|&i| keep[i]).collect();
        assert_eq!(picked.len(), 3, "{picked:?}");
        assert!(String::from_utf8_lossy(&pieces[picked[1]].text).contains("error[E0308]: mismatched types"));
    }

    #[test]
    fn tiers_without_an_llm() {
        let opts = Options::default();
        let short = summarize(b"short", &opts, None, &|_| {});
        assert_eq!((short.tier, short.summary.as_str()), (Tier::PassThrough, "short"));
        let medium = text(500);
        let m = summarize(medium.as_bytes(), &opts, None, &|_| {});
        assert_eq!(m.tier, Tier::Truncated);
        assert!(m.summary.chars().count() <= 12_000);
        assert!(m.summary.contains(" omitted: lines "));
        let long = text(2000);
        let l = summarize(long.as_bytes(), &opts, None, &|_| {});
        assert_eq!(l.tier, Tier::Extracted);
        assert!(l.summary.starts_with("[extractive summary of "));
        assert!(l.summary.chars().count() <= 8_000);
    }

    #[test]
    fn preserve_only_truncates() {
        let long = text(2000);
        let opts = Options { preserve: true, ..Options::default() };
        let s = summarize(long.as_bytes(), &opts, None, &|_| {});
        assert_eq!(s.tier, Tier::Truncated);
        assert!(s.summary.chars().count() <= 12_000);
    }

    /// The truncated tier cuts what a terminal shows, line for line, as `ctx-truncate` does; a
    /// preserved text keeps its bytes.
    #[test]
    fn the_truncated_tier_cuts_what_a_terminal_shows() {
        let line = |i: usize| format!("\x1b[32m\x1b[1mok\x1b[0m step {i}\n");
        let coloured: String = (0..1000).map(line).collect();
        let plain: String = (0..1000).map(|i| format!("ok step {i}\n")).collect();
        let s = summarize(coloured.as_bytes(), &Options::default(), None, &|_| {});
        assert_eq!(s.tier, Tier::Truncated);
        assert_eq!(s.summary, summarize(plain.as_bytes(), &Options::default(), None, &|_| {}).summary);
        assert!(s.summary.contains("\nok step 999\n") && s.summary.contains(" omitted: lines "), "{}", s.summary);
        let opts = Options { preserve: true, ..Options::default() };
        let kept = summarize(coloured.as_bytes(), &opts, None, &|_| {});
        assert!(kept.summary.ends_with(&line(999)), "{}", kept.summary);
    }

    #[test]
    fn extractive_keeps_sentences_verbatim_in_order() {
        let mut t = text(300);
        t.insert_str(t.len() / 2, "error: the build failed because of a missing semicolon\n");
        let s = extractive(t.as_bytes(), 1_500, Encoding::O200k);
        assert!(s.chars().count() <= 1_500);
        assert!(s.contains("error: the build failed because of a missing semicolon"));
        assert!(s.contains("\n[... lines 156-298 omitted, 143 like the line above ...]\n"), "{s}");
    }

    /// An extractive summary marks its gaps by their line range alone: eight failures spread over
    /// 329 lines fit in 1,000 chars, where the full wording (`[... 40 lines (1,590 chars)
    /// omitted: lines 42-81 ...]`) keeps seven.
    #[test]
    fn a_summary_marks_its_gaps_by_their_lines() {
        let mut log = String::new();
        for i in 1..=8 {
            for j in 0..40 {
                log.push_str(&format!("tests/test_api.py::test_get_{i}_{j} PASSED\n"));
            }
            log.push_str(&format!("FAILED tests/test_api.py::test_post_{i} - AssertionError: status 500 != 201\n"));
        }
        log.push_str("=== 8 failed, 320 passed in 3.21s ===\n");
        let s = extractive(log.as_bytes(), 1_000, Encoding::O200k);
        let failed = |i: u32| format!("FAILED tests/test_api.py::test_post_{i} - AssertionError: status 500 != 201\n");
        let expected = [
            "tests/test_api.py::test_get_1_0 PASSED\n[... lines 2-40 omitted ...]\n".to_string(),
            failed(1),
            "[... lines 42-81 omitted ...]\n".into(),
            failed(2),
            "[... lines 83-122 omitted ...]\n".into(),
            failed(3),
            "[... lines 124-163 omitted ...]\n".into(),
            failed(4),
            "[... lines 165-202 omitted ...]\n".into(),
            "tests/test_api.py::test_get_5_38 PASSED\ntests/test_api.py::test_get_5_39 PASSED\n".into(),
            failed(5),
            "[... lines 206-245 omitted ...]\n".into(),
            failed(6),
            "[... lines 247-286 omitted ...]\n".into(),
            failed(7),
            "[... lines 288-327 omitted ...]\n".into(),
            failed(8),
            "=== 8 failed, 320 passed in 3.21s ===\n".into(),
        ];
        assert_eq!(s, expected.concat());
        let budget = Budget { chars: Some(1_000), ..Budget::default() };
        let (full, _) = fitted(log.as_bytes(), &budget, Encoding::O200k, truncate::Strategy::Salient);
        assert_eq!(full.matches("\nFAILED tests/").count(), 7, "{full}");
    }

    /// A coloured log is summarized as a terminal shows it: the escapes of a real pytest run
    /// (master-thesis thefuck) do not take the room of its failures, and the lines keep their
    /// numbers.
    #[test]
    fn a_coloured_log_is_summarized_as_shown() {
        let mut log = String::new();
        for i in 1..=400 {
            log.push_str(&format!(
                "tests/rules/test_git_push.py::test_match[{i}] \x1b[32mPASSED\x1b[0m\x1b[36m [ {i}%]\x1b[0m\n"
            ));
        }
        log.push_str(
            "\x1b[31m\x1b[1m_____________________________ test_match[command0] _____________________________\x1b[0m\n",
        );
        log.push_str(
            "\x1b[1m\x1b[31mE                   AssertionError: Missing rule \"shoaib\" in README.md\x1b[0m\n",
        );
        for i in 1..=400 {
            log.push_str(&format!(
                "tests/rules/test_yarn_alias.py::test_match[{i}] \x1b[32mPASSED\x1b[0m\x1b[36m [ {i}%]\x1b[0m\n"
            ));
        }
        log.push_str("\x1b[31m\x1b[1m=== 1 failed, 1609 passed, 16 skipped in 443.93 seconds ===\x1b[0m\n");
        let s = extractive(log.as_bytes(), 1_000, Encoding::O200k);
        assert!(s.chars().count() <= 1_000, "{s}");
        assert!(!s.contains('\x1b'), "{s}");
        assert!(s.contains("\nE                   AssertionError: Missing rule \"shoaib\" in README.md\n"), "{s}");
        assert!(s.contains("\n[... lines 403-802 omitted ...]\n"), "{s}");
        assert!(s.ends_with("\n=== 1 failed, 1609 passed, 16 skipped in 443.93 seconds ===\n"), "{s}");
    }

    #[test]
    fn halves_split_near_the_middle() {
        let t = "one two three. four five six. seven eight nine. ten eleven twelve.";
        let (a, b) = halves(t);
        assert_eq!(format!("{a}{b}"), t);
        assert!(a.len() > 10 && b.len() > 10, "{a:?} | {b:?}");
    }
}
