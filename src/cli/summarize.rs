//! `ctx-summarize`: the arguments, and the glue from them to the summarize module.

use super::args::{EncodingArg, LlmArgs, OutputArgs, SelectArg};
use super::{read_chunks, usage};
use crate::chunk::{self, Level};
use crate::llm::Client;
use crate::score::Select;
use crate::summarize::{self, Backend, Summary, Tier, progressive};
use crate::text::{Budget, Unit};
use anyhow::{Context, Result};
use clap::{Parser, ValueEnum};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

const TOOL: &str = "ctx-summarize";

const EXAMPLES: &str = "\
Examples:
  ctx-summarize big.log                           offline: pass through, truncate, or extract
  CTX_BASE_URL=http://127.0.0.1:8080/v1 CTX_MODEL=qwen ctx-summarize big.log
                                                  map-reduce with a local llama.cpp server
  OPENAI_API_KEY=... ctx-summarize --model gpt-4o-mini --select extract report.md
  ctx-summarize --tool read_file < file.rs        read_file output: only ever truncated
  ctx-summarize --dry-run --model m --base-url http://x/v1 big.md
                                                  print the requests, send nothing";

/// `--select`'s values, as `--help` lists them.
const SELECT: [(SelectArg, &str); 3] = [
    (
        SelectArg::HeadTail,
        "The first --head and last --tail chunks, and as many again of the middle chunks that hold a verdict (a failed test, a compiler error), best scored first",
    ),
    (SelectArg::Extract, "The best --ratio of the chunks by score"),
    (SelectArg::All, "Every chunk"),
];

/// Tiered summaries: short input passes through, medium input is truncated head-tail, long
/// input is map-reduced by an LLM (OpenAI-compatible or Anthropic), or summarized extractively
/// when no LLM is configured. Nothing is replaced by a placeholder.
#[derive(Parser, Debug)]
#[command(name = "ctx-summarize", version, after_help = EXAMPLES)]
pub struct Args {
    /// Files to read, one after another; none or - reads standard input
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Input up to N (in --unit) comes out unchanged
    #[arg(long, value_name = "N", default_value_t = 12_000, value_parser = super::args::budget_value, help_heading = "Tiers")]
    pub pass_through: u64,
    /// Input up to N is truncated head-tail to --pass-through; larger input is summarized
    #[arg(long, value_name = "N", default_value_t = 30_000, value_parser = super::args::budget_value, help_heading = "Tiers")]
    pub summarize_above: u64,
    /// The unit of --pass-through and --summarize-above
    #[arg(long, value_enum, value_name = "UNIT", default_value = "chars", help_heading = "Tiers")]
    pub unit: TierUnit,
    /// Never summarize: only truncate (salient for a log, else head-tail; a profile's strategy wins)
    #[arg(long, help_heading = "Tiers")]
    pub preserve: bool,
    /// How the truncated tier cuts: the profile's `strategy`, else auto.
    #[arg(skip)]
    pub strategy: crate::truncate::Strategy,
    /// The tool whose output this is; those in --preserve-tools are preserved
    #[arg(long, value_name = "NAME", help_heading = "Tiers")]
    pub tool: Option<String>,
    /// Tools whose output is never summarized
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        default_value = "read_file,Read,cat,view",
        help_heading = "Tiers"
    )]
    pub preserve_tools: Vec<String>,

    /// Chunk size in chars
    #[arg(long, value_name = "N", default_value_t = chunk::DEFAULT_SIZE, value_parser = super::args::budget_value, help_heading = "Pipeline")]
    pub chunk_size: u64,
    /// Which chunks are summarized
    #[arg(long = "select", value_parser = SelectArg::parser(SELECT), value_name = "HOW", default_value = "head-tail", help_heading = "Pipeline")]
    pub select: SelectArg,
    /// With head-tail: chunks from the start
    #[arg(long, value_name = "N", default_value_t = 3, help_heading = "Pipeline")]
    pub head: usize,
    /// With head-tail: chunks from the end
    #[arg(long, value_name = "N", default_value_t = 3, help_heading = "Pipeline")]
    pub tail: usize,
    /// With extract: the share of chunks summarized, the best by score
    #[arg(long, value_name = "R", default_value_t = 0.5, help_heading = "Pipeline")]
    pub ratio: f64,
    /// The output never exceeds N chars; above it the chunk summaries are merged
    #[arg(long, visible_alias = "max-chars", value_name = "N", default_value_t = 8_000, value_parser = super::args::budget_value, help_heading = "Pipeline")]
    pub max_output: u64,
    /// The output never exceeds N tokens of --encoding either
    #[arg(short = 't', long, value_name = "N", value_parser = super::args::budget_value, help_heading = "Pipeline")]
    pub max_tokens: Option<u64>,
    /// The size a merge aims at, in chars
    #[arg(long, value_name = "N", default_value_t = 3_000, value_parser = super::args::budget_value, help_heading = "Pipeline")]
    pub target: u64,
    /// What the summary must keep
    #[arg(long, value_name = "TEXT", help_heading = "Pipeline")]
    pub focus: Option<String>,
    /// The map prompt: a template with {text}, {max_chars} and {focus}
    #[arg(long, value_name = "FILE", help_heading = "Pipeline")]
    pub map_prompt: Option<PathBuf>,
    /// The reduce prompt: a template with {text}, {max_chars} and {focus}
    #[arg(long, value_name = "FILE", help_heading = "Pipeline")]
    pub reduce_prompt: Option<PathBuf>,
    /// Which backend summarizes
    #[arg(long, value_enum, value_name = "BACKEND", default_value = "auto", help_heading = "Pipeline")]
    pub backend: Backend,
    /// Do not start the output with the line that says what happened
    #[arg(long)]
    pub no_header: bool,

    /// A first look: the first --preview-lines lines, a short summary (100 to 300 chars), the
    /// size of the whole and the path where the whole was saved
    #[arg(long, help_heading = "Progressive")]
    pub progressive: bool,
    /// Lines the first look shows
    #[arg(long, value_name = "N", default_value_t = 50, value_parser = super::args::budget_value, help_heading = "Progressive")]
    pub preview_lines: u64,
    /// Where the first look saves the whole [default: ~/.cache/ctx/spill]
    #[arg(long, visible_alias = "store", value_name = "DIR", env = "CTX_PERSIST_DIR", help_heading = "Progressive")]
    pub persist: Option<PathBuf>,

    /// Print a tool definition (openai or anthropic shape) for an agent tool that summarizes a
    /// file with a focus by this command, and exit
    #[arg(long, value_enum, value_name = "PROVIDER")]
    pub tool_schema: Option<super::schema::Shape>,
    /// Exit 1 when any call failed, instead of falling back
    #[arg(long)]
    pub strict: bool,

    #[command(flatten)]
    pub llm: LlmArgs,

    #[command(flatten)]
    pub batch: super::batch::BatchArgs,

    #[command(flatten)]
    pub encoding: EncodingArg,

    /// What the input is: html becomes readable text first; json over --pass-through is cut
    /// so that it stays valid JSON; auto tells them apart [default: text]
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub from: Option<crate::structure::Format>,

    #[command(flatten)]
    pub profile: super::profile::ProfileArgs,

    #[command(flatten)]
    pub output: OutputArgs,
}

/// The units thresholds take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TierUnit {
    /// Unicode scalar values.
    Chars,
    /// Tokens of --encoding.
    Tokens,
}

/// Runs `ctx-summarize` with the process's arguments.
pub fn main(argv: Vec<std::ffi::OsString>) -> ExitCode {
    super::profile::main(TOOL, argv, apply_profile, run)
}

/// Lays the tool's profile under the flags given; with `--print-config`, the text to print. A
/// profile's `max_chars` is the pass-through size when it sets none, and `summarize = false`
/// is `--preserve`.
fn apply_profile(args: &mut Args, m: &clap::ArgMatches) -> Result<Option<String>> {
    let preserve_given = super::profile::given(m, "preserve");
    let r = super::profile::bind_keys!(m, |flags| {
        flags.summarize = preserve_given.then_some(!args.preserve);
        let mut r = super::profile::resolve(&args.profile, args.tool.as_deref(), &flags, m, args.output.verbose, TOOL)?;
        super::profile::openai_base_url(&mut r);
        if args.profile.print_config {
            return Ok(Some(super::profile::render(&r)));
        }
        r
    }, {
        val encoding => args.encoding.encoding,
        opt from => args.from,
        val pass_through => args.pass_through,
        val summarize_above => args.summarize_above,
        val max_output => args.max_output,
        val backend => args.backend,
        opt model => args.llm.conn.model,
        opt base_url => args.llm.conn.base_url,
        opt provider => args.llm.conn.provider,
        opt focus => args.focus,
        opt persist => args.persist,
    });
    let s = r.settings;
    args.preserve = s.summarize.map_or(args.preserve, |summarize| !summarize);
    args.strategy = s.strategy.unwrap_or(args.strategy);
    // A profile's max_chars is the pass-through size when nothing sets that (a flag given sets it).
    if s.pass_through.is_none()
        && let Some(chars) = s.max_chars
    {
        args.pass_through = chars;
    }
    args.summarize_above = args.summarize_above.max(args.pass_through);
    Ok(None)
}

fn options(args: &Args) -> Result<summarize::Options> {
    if !(0.0..=1.0).contains(&args.ratio) {
        return Err(usage(format!("--ratio {} is not a ratio from 0 to 1", args.ratio)));
    }
    if args.summarize_above < args.pass_through {
        return Err(usage("--summarize-above is smaller than --pass-through"));
    }
    let encoding = args.encoding.encoding;
    let preserve = args.preserve || args.tool.as_ref().is_some_and(|t| args.preserve_tools.iter().any(|p| p == t));
    Ok(summarize::Options {
        pass_through: args.pass_through,
        summarize_above: args.summarize_above,
        unit: match args.unit {
            TierUnit::Chars => Unit::Chars,
            TierUnit::Tokens => Unit::Tokens,
        },
        encoding,
        preserve,
        strategy: args.strategy,
        chunk: chunk::Options {
            size: args.chunk_size,
            unit: Unit::Chars,
            boundary: Level::Paragraph,
            overlap: 0,
            encoding,
        },
        select: match args.select {
            SelectArg::HeadTail => Select::HeadTail { head: args.head, tail: args.tail },
            SelectArg::Extract => Select::Ratio(args.ratio),
            SelectArg::All => Select::All,
        },
        max_output: args.max_output,
        max_tokens: args.max_tokens,
        target: args.target.min(args.max_output),
        map_chars: 500,
        focus: args.focus.clone(),
        map_prompt: super::read_template(args.map_prompt.as_deref())?,
        reduce_prompt: super::read_template(args.reduce_prompt.as_deref())?,
        header: !args.no_header,
        merge: false,
        count_tokens: args.output.json,
    })
}

fn run(args: Args) -> Result<ExitCode> {
    if let Some(provider) = args.tool_schema {
        writeln!(std::io::stdout(), "{}", serde_json::to_string_pretty(&super::schema::summarize_file(provider))?)?;
        return Ok(ExitCode::SUCCESS);
    }
    let opts = options(&args)?;
    let ingest_only = args.batch.ingest_only(!args.files.is_empty())?;
    args.batch.ingest(TOOL, args.llm.conn.no_cache, args.output.verbose, args.output.quiet)?;
    if ingest_only {
        return Ok(ExitCode::SUCCESS);
    }
    if args.progressive && args.batch.batch_out.is_some() {
        return Err(usage("--progressive is a first look, made at once: drop --batch-out"));
    }
    let store = match args.progressive {
        true => Some(crate::store::Store::open(&args.persist.clone().unwrap_or_else(crate::store::default_dir))?),
        false => None,
    };
    let client = client(&args)?;
    let summarizer = |text: &[u8], short: &summarize::Options| {
        let summary = summarize_one(text, short, client.as_ref(), &args);
        refused(client.as_ref())?;
        Ok(summary)
    };
    let progressive = store.map(|store| progressive::Request {
        opts: opts.clone(),
        preview_lines: args.preview_lines,
        store,
        json: args.output.json,
        summarizer: &summarizer,
    });
    let mut noted = args.backend != Backend::Auto || args.output.quiet;
    let mut out = BufWriter::new(io::stdout().lock());
    let (mut fell_back, mut printed) = (false, 0);
    let mut round: Option<u32> = None;
    let failed = super::each_input(TOOL, &args.files, &mut out, |src, reader, out| {
        let mut all = Vec::new();
        read_chunks(reader, &src.name, |d| {
            all.extend_from_slice(d);
            Ok(())
        })?;
        let all = match prepare(all, args.from, &opts, &src.name)? {
            Prepared::Text(all) => all,
            Prepared::Json(cut) => {
                src.header(out)?;
                out.write_all(cut.as_bytes())?;
                return Ok(());
            }
        };
        if let Some(req) = &progressive {
            let input =
                progressive::Input { text: &all, name: src.many.then_some(&src.name), header: src.header_line() };
            let look = progressive::run(input, req, out)?;
            if !args.output.json {
                src.headed();
            }
            fell_back |= warn(&look.summary, &args);
            return Ok(());
        }
        let started = std::time::Instant::now();
        let summary = summarize_one(&all, &opts, client.as_ref(), &args);
        refused(client.as_ref())?;
        if let Some(d) = summary.deferred {
            // Waiting for a batch: nothing of it is printed but, with --json, where it is.
            round = Some(round.map_or(d.round, |r| r.min(d.round)));
            if args.output.json {
                let mut v = serde_json::json!({"tier": summary.tier, "batch": d});
                if src.many {
                    v["name"] = src.name.clone().into();
                }
                writeln!(out, "{v}")?;
            }
            return Ok(());
        }
        // Said where a person reads it (a terminal) or asked for: harnesses that merge stderr
        // into a tool's result would otherwise carry the note in every result.
        let note = args.output.verbose || (std::io::stderr().is_terminal() && !args.output.quiet);
        if summary.tier == Tier::Extracted && note && !std::mem::replace(&mut noted, true) {
            eprintln!(
                "{TOOL}: no LLM configured (--base-url and --model, or CTX_BASE_URL and CTX_MODEL): the summary is extractive"
            );
        }
        if let Some(c) = client.as_ref().filter(|c| c.config().dry_run) {
            let requests = c.dry_requests();
            for req in &requests[printed..] {
                writeln!(out, "{req}")?;
            }
            printed = requests.len();
            return Ok(());
        }
        marked(&summary)?;
        if !args.output.json {
            src.header(out)?;
        }
        write_summary(&summary, client.as_ref(), started, src.many.then_some(&src.name), &args, out)?;
        fell_back |= warn(&summary, &args);
        Ok(())
    })?;
    out.flush()?;
    // An input that failed is reported; the requests of the others are written all the same.
    if let Some(code) = args.batch.emit(TOOL, client.as_ref(), round.unwrap_or(1))?
        && !failed
    {
        return Ok(code);
    }
    Ok(super::status(failed || (fell_back && args.strict)))
}

/// An input ready for the pipeline.
enum Prepared {
    /// Text to summarize (HTML already made readable text).
    Text(Vec<u8>),
    /// JSON, which is never summarized: cut to the pass-through size, still valid, to print.
    Json(String),
}

fn prepare(
    all: Vec<u8>,
    from: Option<crate::structure::Format>,
    opts: &summarize::Options,
    name: &str,
) -> Result<Prepared> {
    Ok(match crate::structure::resolve(from, &all) {
        crate::structure::Format::Html => {
            Prepared::Text(crate::structure::html::to_text(&all, &Default::default()).into_bytes())
        }
        crate::structure::Format::Json => {
            // The pass-through size, within --max-output and --max-tokens as every tier is.
            let budget = summarize::budget_of(opts.pass_through, opts);
            let cut = crate::structure::json::cut(&all, &budget, opts.encoding)
                .with_context(|| format!("cannot cut '{name}' as JSON"))?;
            Prepared::Json(cut.text)
        }
        _ => Prepared::Text(all),
    })
}

/// Runs `ctx-summarize [--focus FOCUS] [--max-tokens N]` on `input` in this process and returns
/// what it would print (one input, no progress bar, no notes on stderr): the MCP server
/// summarizes as the command does. The other options are the command's defaults, its
/// environment variables and the config file's.
pub fn agent_summarize(focus: Option<&str>, max_tokens: Option<u64>, input: &[u8]) -> Result<Vec<u8>> {
    let (mut args, m) = super::parse_from::<Args>(TOOL, &[])?;
    args.focus = focus.map(str::to_string);
    args.max_tokens = max_tokens;
    apply_profile(&mut args, &m)?;
    let opts = options(&args)?;
    let client = client(&args)?;
    let mut out = Vec::new();
    let all = match prepare(input.to_vec(), args.from, &opts, "input")? {
        Prepared::Text(all) => all,
        Prepared::Json(cut) => return Ok(cut.into_bytes()),
    };
    let summary = summarize::summarize(&all, &opts, client.as_ref(), &|_| {});
    refused(client.as_ref())?;
    marked(&summary)?;
    write_summary(&summary, client.as_ref(), std::time::Instant::now(), None, &args, &mut out)?;
    Ok(out)
}

/// The LLM client for `--backend`, if one is configured and wanted.
fn client(args: &Args) -> Result<Option<Client>> {
    let config = match args.backend {
        Backend::Extractive => None,
        _ => args.batch.apply(args.llm.config()?)?,
    };
    if args.backend == Backend::Llm && config.is_none() {
        return Err(usage("no LLM configured: pass --base-url and --model (or set CTX_BASE_URL and CTX_MODEL)"));
    }
    config.map(Client::new).transpose()
}

/// An error when the LLM refused the run in a way no retry can fix (a wrong key, model or URL):
/// no summary is claimed, nothing is written, and no later input sends anything.
fn refused(client: Option<&Client>) -> Result<()> {
    match client.and_then(Client::fatal) {
        Some(e) => {
            Err(anyhow::anyhow!(e).context("the LLM refused the request (check the key, --model and --base-url)"))
        }
        None => Ok(()),
    }
}

/// An error when a cut in `s` shows no marker (a budget too small for even `[...]`), as
/// ctx-truncate refuses one: a cut is never silent.
fn marked(s: &Summary) -> Result<()> {
    match s.unmarked {
        true => Err(anyhow::anyhow!(crate::truncate::UNMARKED)),
        false => Ok(()),
    }
}

fn summarize_one(input: &[u8], opts: &summarize::Options, client: Option<&Client>, args: &Args) -> Summary {
    // A bar on a terminal for what takes time: LLM calls, or a large input read extractively.
    let shown =
        std::io::stderr().is_terminal() && !args.output.quiet && (client.is_some() || input.len() >= SHOWN_FROM);
    let bar = if shown {
        progress_bar(input.len() as u64, client.is_some(), indicatif::ProgressDrawTarget::stderr())
    } else {
        indicatif::ProgressBar::hidden()
    };
    let summary = summarize::summarize(input, opts, client, &|p| advance(&bar, p));
    bar.finish_and_clear();
    summary
}

/// Inputs from this many bytes get a bar without an LLM too (reading their lines takes a
/// second or more).
const SHOWN_FROM: usize = 1 << 20;

/// The bar of one summary: from its first frame, a spinner naming the input's size while it is
/// split and scored for the LLM (no chunk count is known yet: it never claims "0/0 chunks"), or
/// read for an extractive summary, then the chunks summarized out of the real total.
fn progress_bar(bytes: u64, llm: bool, target: indicatif::ProgressDrawTarget) -> indicatif::ProgressBar {
    let pb = indicatif::ProgressBar::with_draw_target(None, target);
    pb.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg} {elapsed}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    let what = if llm { "splitting and scoring" } else { "picking the lines to keep" };
    pb.set_message(format!("summarizing {}: {what}", indicatif::HumanBytes(bytes)));
    pb.enable_steady_tick(std::time::Duration::from_millis(120));
    pb
}

/// Moves `bar` on as the summary reports.
fn advance(bar: &indicatif::ProgressBar, p: summarize::Progress) {
    match p {
        summarize::Progress::Total(n) => {
            bar.set_length(n);
            bar.set_position(0);
            bar.set_style(
                indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} chunks")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            bar.set_message("summarizing");
        }
        summarize::Progress::Chunk => bar.inc(1),
        summarize::Progress::Merge => bar.set_message("merging"),
    }
}

/// One warning line per kind of fallback; whether there were any.
fn warn(s: &Summary, args: &Args) -> bool {
    for kind in ["map", "reduce", "truncate"] {
        let of_kind: Vec<_> = s.fallbacks.iter().filter(|f| f.kind == kind).collect();
        let Some(first) = of_kind.first() else { continue };
        let what = match kind {
            "map" => format!("{} chunk summaries failed; their extractive summaries stand in", of_kind.len()),
            "reduce" => "merging the chunk summaries failed; they stand in, fitted to --max-output".to_string(),
            _ => "the summary was cut to fit --max-output".to_string(),
        };
        let level = if args.strict { "error" } else { "warning" };
        // -q silences warnings; with --strict it is an error, which always shows.
        if args.strict || !args.output.quiet {
            eprintln!("{TOOL}: {level}: {what} ({})", first.error);
        }
    }
    !s.fallbacks.is_empty()
}

fn write_summary(
    s: &Summary,
    client: Option<&Client>,
    started: std::time::Instant,
    name: Option<&str>,
    args: &Args,
    out: &mut impl Write,
) -> Result<()> {
    if !args.output.json {
        out.write_all(s.summary.as_bytes())?;
        // The newline a terminal wants ends the output only where `--max-output` (and
        // `--max-tokens`) still hold it: a summary, or an input passed through, that fills the
        // budget to its last char stays as it is.
        let limit = Budget { chars: Some(args.max_output), tokens: args.max_tokens, ..Budget::default() };
        let ended = || limit.fits(format!("{}\n", s.summary).as_bytes(), args.encoding.encoding);
        if !s.summary.is_empty() && !s.summary.ends_with('\n') && ended() {
            out.write_all(b"\n")?;
        }
        return Ok(());
    }
    let stats = client.map(Client::stats).unwrap_or_default();
    let mut v = serde_json::json!({
        "summary": s.summary,
        "tier": s.tier,
        "input": {"bytes": s.input.bytes, "chars": s.input.chars, "tokens": s.input.tokens},
        "chunks": s.chunks,
        "calls": stats.calls,
        "cache_hits": stats.cache_hits,
        "retries": stats.retries,
        "splits": s.splits,
        "fallbacks": s.fallbacks,
        "usage": stats.usage,
    });
    // Timing only when asked (-v): the same input must give byte-identical output.
    if args.output.verbose {
        v["elapsed_ms"] = (started.elapsed().as_millis() as u64).into();
    }
    if let Some(n) = name {
        v["name"] = n.into();
    }
    writeln!(out, "{v}")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first frame named "0/0 chunks" under a full bar: now it names the input's size, and
    /// the chunk count appears once it is known.
    #[test]
    fn the_bar_starts_with_the_input_size_and_counts_real_chunks() {
        let bar = progress_bar(200_000_000, false, indicatif::ProgressDrawTarget::hidden());
        assert_eq!(bar.message(), "summarizing 190.73 MiB: picking the lines to keep");
        let bar = progress_bar(200_000_000, true, indicatif::ProgressDrawTarget::hidden());
        assert_eq!(bar.length(), None, "no chunk total is claimed before it is known");
        assert_eq!(bar.message(), "summarizing 190.73 MiB: splitting and scoring");
        advance(&bar, summarize::Progress::Total(7));
        assert_eq!((bar.length(), bar.position(), bar.message()), (Some(7), 0, "summarizing".to_string()));
        advance(&bar, summarize::Progress::Chunk);
        assert_eq!(bar.position(), 1);
        bar.finish_and_clear();
    }
}
