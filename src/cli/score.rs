//! `ctx-score`: the arguments, and the glue from them to the chunk and score modules.

use super::args::{ChunkArgs, EncodingArg, OutputArgs, SelectArg};
use super::{read_chunks, usage};
use crate::score::{self, Piece, Scorer, Scores, Select, Weights};
use crate::text::{self, Budget, group_digits};
use anyhow::{Context, Result};
use clap::{Parser, ValueEnum};
use std::io::{self, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

const TOOL: &str = "ctx-score";

const EXAMPLES: &str = "\
Examples:
  ctx-score report.md                             keep the better half of its chunks
  ctx-chunk --json report.md | ctx-score --top-k 5
                                                  the five best chunks, in their order
  ctx-score --query 'token budget' --top-k 3 notes.md
                                                  the chunks most about a query
  ctx-score --max-tokens 2000 --explain build.log why each chunk was or was not kept
  ctx-score --select head-tail --head 2 --tail 2 log.txt";

/// What the input is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InputKind {
    /// Chunk JSON Lines if the first line is one, else text.
    Auto,
    /// Plain text, chunked with the chunking options.
    Text,
    /// JSON Lines of chunks, as `ctx-chunk --json` writes them.
    Chunks,
}

/// `--select`'s values, as `--help` lists them.
const SELECT: [(SelectArg, &str); 3] = [
    (SelectArg::Extract, "The best chunks by score (--top-k, --ratio or --budget)"),
    (SelectArg::HeadTail, "The first --head and last --tail chunks"),
    (SelectArg::All, "Every chunk"),
];

/// Score chunks by position, discourse markers and entity density (and relevance to --query),
/// then keep the best in their original order, with a marker in every gap.
#[derive(Parser, Debug)]
#[command(name = "ctx-score", version, after_help = EXAMPLES)]
pub struct Args {
    /// Files to read, one after another; none or - reads standard input
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// What the input is
    #[arg(long, value_enum, value_name = "KIND", default_value = "auto")]
    pub input: InputKind,

    #[command(flatten)]
    pub chunk: ChunkArgs,

    #[command(flatten)]
    pub encoding: EncodingArg,

    #[command(flatten)]
    pub profile: super::profile::ProfileArgs,

    /// Weights of position, discourse and entity
    #[arg(long, value_name = "P,D,E", default_value = "0.5,0.3,0.2", help_heading = "Scoring")]
    pub weights: Weights,

    /// More markers, one per line (matched case-insensitively, as whole words when ASCII)
    #[arg(long, value_name = "FILE", help_heading = "Scoring")]
    pub markers: Option<PathBuf>,

    /// Add BM25 relevance to TEXT to every score
    #[arg(long, value_name = "TEXT", help_heading = "Scoring")]
    pub query: Option<String>,

    /// The weight of --query relevance
    #[arg(long, value_name = "W", default_value_t = 1.0, value_parser = super::non_negative, help_heading = "Scoring")]
    pub query_weight: f64,

    /// How chunks are chosen
    #[arg(long = "select", value_parser = SelectArg::parser(SELECT), value_name = "HOW", default_value = "extract", help_heading = "Selection")]
    pub select: SelectArg,

    /// With head-tail: chunks kept from the start
    #[arg(long, value_name = "N", default_value_t = 3, help_heading = "Selection")]
    pub head: usize,

    /// With head-tail: chunks kept from the end
    #[arg(long, value_name = "N", default_value_t = 3, help_heading = "Selection")]
    pub tail: usize,

    /// With extract: keep the N best chunks
    #[arg(long, value_name = "N", conflicts_with_all = ["ratio", "budget", "max_chars"], help_heading = "Selection")]
    pub top_k: Option<usize>,

    /// With extract: keep this share of the chunks, the best [default: 0.5]
    #[arg(long, value_name = "R", value_parser = super::ratio, conflicts_with = "budget", help_heading = "Selection")]
    pub ratio: Option<f64>,

    /// With extract: keep the best chunks that fit N tokens (of --encoding), markers included;
    /// --budget is its old name
    #[arg(short = 't', long = "max-tokens", alias = "budget", value_name = "N", value_parser = super::args::budget_value, help_heading = "Selection")]
    pub budget: Option<u64>,

    /// With extract: keep the best chunks that fit N chars, markers included
    #[arg(long, value_name = "N", value_parser = super::args::budget_value, conflicts_with_all = ["top_k", "ratio"], help_heading = "Selection")]
    pub max_chars: Option<u64>,

    /// Print a table of every chunk's scores and whether it was kept, instead of the text
    #[arg(long, conflicts_with = "json")]
    pub explain: bool,

    #[command(flatten)]
    pub output: OutputArgs,
}

/// Runs `ctx-score` with the process's arguments.
pub fn main(argv: Vec<std::ffi::OsString>) -> ExitCode {
    super::profile::main(TOOL, argv, apply_config, run)
}

/// The config file's `[defaults]` `encoding` under `--encoding` (the one key this tool takes).
fn apply_config(args: &mut Args, m: &clap::ArgMatches) -> Result<Option<String>> {
    super::profile::encoding_only(&args.profile, &mut args.encoding, m, args.output.verbose, TOOL)
}

fn run(args: Args) -> Result<ExitCode> {
    let budgeted = args.budget.is_some() || args.max_chars.is_some();
    if args.select != SelectArg::Extract && (args.top_k.is_some() || args.ratio.is_some() || budgeted) {
        return Err(usage("--top-k, --ratio, --max-tokens and --max-chars choose chunks for --select extract"));
    }
    let extra = match &args.markers {
        None => Vec::new(),
        Some(p) => std::fs::read_to_string(p)
            .with_context(|| format!("cannot open '{}'", p.display()))?
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_string)
            .collect(),
    };
    let scorer = Scorer::new(&extra, args.weights, args.query_weight)?;
    let chunking = args.chunk.options(args.encoding.encoding)?;
    let mut out = BufWriter::with_capacity(64 << 10, io::stdout().lock());
    let failed = super::each_input(TOOL, &args.files, &mut out, |src, reader, out| {
        let items = load(reader, &src.name, &args, &chunking)?;
        if !args.output.json {
            src.header(out)?;
        }
        report(&items, &scorer, &args, src.many.then_some(src.name.as_str()), out)
    })?;
    out.flush()?;
    Ok(super::status(failed))
}

/// Reads an input and makes its chunks: parsed from chunk JSON Lines, or cut from text.
fn load(reader: impl Read, name: &str, args: &Args, opts: &crate::chunk::Options) -> Result<Vec<Piece>> {
    let mut all = Vec::new();
    read_chunks(reader, name, |d| {
        all.extend_from_slice(d);
        Ok(())
    })?;
    let first = all.iter().position(|b| !b.is_ascii_whitespace()).map(|i| all[i]);
    let as_chunks = match args.input {
        InputKind::Chunks => true,
        InputKind::Text => false,
        InputKind::Auto => first == Some(b'{') && first_line_is_chunk(&all),
    };
    if as_chunks {
        return parse_chunks(&all);
    }
    Ok(score::pieces(&all, opts))
}

fn first_line_is_chunk(all: &[u8]) -> bool {
    let line = all.split(|&b| b == b'\n').find(|l| !l.iter().all(u8::is_ascii_whitespace)).unwrap_or_default();
    serde_json::from_slice::<serde_json::Value>(line).is_ok_and(|v| v.get("text").is_some_and(|t| t.is_string()))
}

fn parse_chunks(all: &[u8]) -> Result<Vec<Piece>> {
    let mut items = Vec::new();
    let mut next_line = 1u64;
    for (n, line) in all.split(|&b| b == b'\n').enumerate() {
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let bad = || anyhow::anyhow!("line {}: expected a chunk object with \"text\"", n + 1);
        let v: serde_json::Value = serde_json::from_slice(line).map_err(|_| bad())?;
        let text = v.get("text").and_then(|t| t.as_str()).ok_or_else(bad)?.as_bytes().to_vec();
        let num = |k: &str| v.get(k).and_then(serde_json::Value::as_u64);
        let start_line = num("start_line").unwrap_or(next_line);
        let end_line =
            num("end_line").unwrap_or(start_line + text::count_newlines(&text[..text.len().saturating_sub(1)]));
        next_line = end_line + 1;
        items.push(Piece {
            index: num("index").unwrap_or(items.len() as u64),
            start_byte: num("start_byte"),
            end_byte: num("end_byte"),
            start_line,
            end_line,
            text,
        });
    }
    Ok(items)
}

fn report(items: &[Piece], scorer: &Scorer, args: &Args, name: Option<&str>, out: &mut impl Write) -> Result<()> {
    let texts: Vec<&[u8]> = items.iter().map(|i| &i.text[..]).collect();
    let scores = scorer.score(&texts, args.query.as_deref());
    let encoding = args.encoding.encoding;
    let budget = Budget { tokens: args.budget, chars: args.max_chars, ..Budget::default() };
    let keep = match (args.select, budget.is_unlimited()) {
        (SelectArg::All, _) => score::select(&scores, Select::All),
        (SelectArg::HeadTail, _) => score::select(&scores, Select::HeadTail { head: args.head, tail: args.tail }),
        (SelectArg::Extract, false) => score::pack(items, &scores, &budget, encoding),
        (SelectArg::Extract, true) => match args.top_k {
            Some(k) => score::select(&scores, Select::TopK(k)),
            None => score::select(&scores, Select::Ratio(args.ratio.unwrap_or(0.5))),
        },
    };
    if args.explain {
        return explain(items, &scores, &keep, args.query.is_some(), out);
    }
    if args.output.json {
        for ((item, s), kept) in items.iter().zip(&scores).zip(&keep) {
            let mut v = serde_json::json!({
                "index": item.index,
                "start_byte": item.start_byte,
                "end_byte": item.end_byte,
                "start_line": item.start_line,
                "end_line": item.end_line,
                "scores": s,
                "total": s.total,
                "selected": kept,
                "text": String::from_utf8_lossy(&item.text),
            });
            if let Some(n) = name {
                v["name"] = n.into();
            }
            writeln!(out, "{v}")?;
        }
        return Ok(());
    }
    let text = score::render(items, &keep);
    // A budget is a promise: where not even the marker of what is left out fits, say so.
    if !budget.fits(&text, encoding) {
        let size = match budget.tokens {
            Some(_) => format!("{} tokens", text::group_digits(encoding.count(&text))),
            None => format!("{} chars", text::group_digits(text::count_chars(&text))),
        };
        anyhow::bail!("the budget cannot hold even the marker of what is left out ({size}): raise the budget");
    }
    out.write_all(&text)?;
    Ok(())
}

fn explain(items: &[Piece], scores: &[Scores], keep: &[bool], query: bool, out: &mut impl Write) -> Result<()> {
    let q = if query { "  query" } else { "" };
    writeln!(out, "index  lines          chars  position  discourse  entity{q}  total  kept")?;
    for ((item, s), kept) in items.iter().zip(scores).zip(keep) {
        let lines = format!("{}-{}", item.start_line, item.end_line);
        let qv = s.query.map(|v| format!("  {v:>5.2}")).unwrap_or_default();
        writeln!(
            out,
            "{:>5}  {lines:<13} {:>6}  {:>8.2}  {:>9.2}  {:>6.2}{qv}  {:>5.2}  {}",
            item.index,
            group_digits(text::count_chars(&item.text)),
            s.position,
            s.discourse,
            s.entity,
            s.total,
            if *kept { "yes" } else { "-" }
        )?;
    }
    Ok(())
}
