//! `ctx-compact`: the arguments, finding the transcripts, and running each one through the
//! compact module in parallel, with the report at the end.

mod batch;
mod report;

use super::args::{EncodingArg, OutputArgs};
use super::usage;
use crate::compact::{self, DEFAULT_PLACEHOLDER};
use crate::transcript::Dialect;
use anyhow::Result;
use clap::Parser;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const TOOL: &str = "ctx-compact";

const EXAMPLES: &str = "\
Examples:
  ctx-compact session.jsonl > small.jsonl        prune old tool results, keep the format
  ctx-compact --stats session.jsonl              tokens by role and tool, largest results
  ctx-compact --check session.jsonl              every call has its result, ids are unique
  ctx-compact --in-place -j 4 ~/.claude/projects every session, atomically, in parallel
  ctx-compact --out-dir small ~/.codex/sessions  compacted copies, same tree
  ctx-compact --restore small.jsonl > orig.jsonl the original, byte for byte
  ctx-compact --context-window 200000 --state s.json --model m --base-url URL body.json
                                                 before every request: fit, cache-stable

Nothing is lost: every replaced content and every original transcript is kept in the store
(--store DIR; by default .ctx-store beside the output file, or ~/.cache/ctx/spill when the
output is stdout), and each placeholder names the file that holds the full text.";

/// Compact agent transcripts (OpenAI chat, Responses, Anthropic, Claude Code, Codex): prune
/// old tool results, hold results to size budgets, summarize old history to fit a target, keep
/// every original restorable.
#[derive(Parser, Debug)]
#[command(name = "ctx-compact", version, after_help = EXAMPLES)]
pub struct Args {
    /// Transcripts, or directories searched for them (see --glob); none or - reads stdin
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// The transcript format [default: detected]
    #[arg(long, value_enum, value_name = "FORMAT", env = "CTX_FORMAT")]
    pub format: Option<Dialect>,

    /// Print token counts by role and by tool, the largest tool results and the usage the
    /// agent recorded; change nothing
    #[arg(long, help_heading = "Mode", conflicts_with_all = ["check", "restore", "dry_run"])]
    pub stats: bool,
    /// Check the structure: every tool result has its call, every call its result, ids are
    /// unique; print each problem as FILE:LINE: problem and exit 1 if there is any
    #[arg(long, help_heading = "Mode", conflicts_with_all = ["restore", "dry_run"])]
    pub check: bool,
    /// Rebuild the original of a compacted transcript, byte for byte, from the store
    #[arg(long, help_heading = "Mode", conflicts_with = "dry_run")]
    pub restore: bool,
    /// Report what would be replaced; write nothing, store nothing
    #[arg(long, help_heading = "Mode")]
    pub dry_run: bool,

    /// Never prune tool results in the most recent N tokens of tool results
    #[arg(long, value_name = "N", default_value_t = 20_000, help_heading = "Pruning")]
    pub protect: u64,
    /// Never prune tool results in the last N user turns
    #[arg(long, value_name = "N", default_value_t = 2, help_heading = "Pruning")]
    pub protect_turns: usize,
    /// Prune only when the old tool results add up to at least N tokens, so that small savings
    /// do not churn the prompt cache
    #[arg(long, value_name = "N", default_value_t = 10_000, help_heading = "Pruning")]
    pub prune_minimum: u64,
    /// Never replace the results of tool NAME (repeatable)
    #[arg(long, value_name = "NAME", help_heading = "Pruning")]
    pub protect_tool: Vec<String>,
    /// Do not prune; apply only the size budgets
    #[arg(long, help_heading = "Pruning")]
    pub no_prune: bool,
    /// The text of a pruned result; {chars}, {tool} and {path} are filled in
    #[arg(long, value_name = "TEMPLATE", default_value = DEFAULT_PLACEHOLDER, help_heading = "Pruning")]
    pub placeholder: String,

    /// A tool result over N chars becomes a preview (0: no limit)
    #[arg(long, value_name = "N", default_value_t = 50_000, help_heading = "Budgets")]
    pub max_result: u64,
    /// Chars of a result a preview keeps
    #[arg(long, value_name = "N", default_value_t = 2_000, help_heading = "Budgets")]
    pub preview: u64,
    /// The results answering one assistant turn may hold N chars together; the largest are
    /// replaced until they fit (0: no limit)
    #[arg(long, value_name = "N", default_value_t = 200_000, help_heading = "Budgets")]
    pub message_budget: u64,

    /// Write the transcript to FILE (one input only)
    #[arg(short, long, value_name = "FILE", help_heading = "Output", conflicts_with_all = ["out_dir", "in_place"])]
    pub output: Option<PathBuf>,
    /// Write each transcript under DIR, keeping the tree below each directory argument
    #[arg(long, value_name = "DIR", help_heading = "Output", conflicts_with = "in_place")]
    pub out_dir: Option<PathBuf>,
    /// Replace each file atomically (temporary file, fsync, rename); the original stays
    /// restorable from the store
    #[arg(long, help_heading = "Output")]
    pub in_place: bool,
    /// Keep replaced contents and originals in DIR [default: .ctx-store beside the output
    /// file; ~/.cache/ctx/spill for stdout]; --persist and $CTX_PERSIST_DIR name the same folder
    /// in every tool ($CTX_STORE, its old name, still works)
    #[arg(long, visible_alias = "persist", value_name = "DIR", env = "CTX_PERSIST_DIR", help_heading = "Output")]
    pub store: Option<PathBuf>,

    /// In directories, take files whose name matches PATTERN (* and ?; repeatable)
    /// [default: *.jsonl, *.json]
    #[arg(long, value_name = "PATTERN", help_heading = "Batch")]
    pub glob: Vec<String>,
    /// Transcripts processed at once [default: the number of CPUs]
    #[arg(short, long, value_name = "N", env = "CTX_FILE_JOBS", value_parser = clap::value_parser!(u16).range(1..), help_heading = "Batch")]
    pub jobs: Option<u16>,
    /// Redo outputs that are already up to date (newer than their input)
    #[arg(long, help_heading = "Batch")]
    pub force: bool,

    /// The size the output must fit, in tokens: when the transcript is still over --trigger of
    /// it after pruning, its older history is summarized
    #[arg(long, value_name = "N", value_parser = super::args::budget_value, help_heading = "History", conflicts_with = "context_window")]
    pub max_tokens: Option<u64>,
    /// The model's context window in tokens: the target is W minus --reserve
    #[arg(long, value_name = "W", value_parser = super::args::budget_value, help_heading = "History")]
    pub context_window: Option<u64>,
    /// Tokens of the window left for the model's output
    #[arg(long, value_name = "R", default_value_t = 8_192, help_heading = "History")]
    pub reserve: u64,
    /// Compact when the transcript is over this share of the target
    #[arg(long, value_name = "F", default_value_t = 0.9, value_parser = trigger, help_heading = "History")]
    pub trigger: f64,
    /// Tokens of the newest part kept verbatim [default: what the target leaves beside a quarter of it for the summary]
    #[arg(long, value_name = "N", value_parser = super::args::budget_value, help_heading = "History")]
    pub keep_recent: Option<u64>,
    /// Tokens of the user's own earlier messages kept verbatim inside the summary
    #[arg(long, value_name = "N", default_value_t = 20_000, help_heading = "History")]
    pub keep_user: u64,
    /// The summary as a user question and the assistant's answer, or as one user message
    /// (OpenAI, Anthropic, Responses; Claude Code and Codex use their own compaction records)
    #[arg(long, value_enum, value_name = "SHAPE", default_value = "pair", help_heading = "History")]
    pub summary_as: crate::compact::history::SummaryAs,
    /// What the summary must keep
    #[arg(long, value_name = "TEXT", help_heading = "History")]
    pub focus: Option<String>,
    /// A prompt replacing the built-in one: a template with {text}, {max_chars} and {focus}
    #[arg(long, value_name = "FILE", help_heading = "History")]
    pub summary_prompt: Option<PathBuf>,
    /// Take the transcript's size from the usage the agent recorded in it, where there is one
    #[arg(long, help_heading = "History")]
    pub usage: bool,
    /// Exit 1 when a summary call failed, instead of falling back to the extractive record
    #[arg(long, help_heading = "History")]
    pub strict: bool,
    /// Keep the decisions of each run in FILE and re-apply them on the next run over the same,
    /// grown transcript, so that the output only ever grows at its end (prompt-cache stable):
    /// replaced results keep their text, kept results are never replaced later, and the last
    /// history compaction is made again without a new call until another is needed
    #[arg(long, value_name = "FILE", help_heading = "History")]
    pub state: Option<PathBuf>,

    #[command(flatten)]
    pub llm: super::args::LlmConnArgs,

    #[command(flatten)]
    pub batch: super::batch::BatchArgs,

    #[command(flatten)]
    pub encoding: EncodingArg,

    #[command(flatten)]
    pub profile: super::profile::ProfileArgs,

    #[command(flatten)]
    pub output_args: OutputArgs,
}

fn trigger(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(f) if f > 0.0 && f <= 1.0 => Ok(f),
        _ => Err(format!("'{s}' is not a share of the target: give a number above 0 and at most 1")),
    }
}

/// Runs `ctx-compact` with the process's arguments.
pub fn main(argv: Vec<std::ffi::OsString>) -> ExitCode {
    super::profile::main(TOOL, argv, apply_config, run)
}

/// Lays the config file's `[defaults]` under the flags given: of its keys, ctx-compact takes
/// the LLM's (`base_url`, `model`, `provider`, with the rule that `./ctx.toml` may not set them
/// untrusted) and `encoding`; the others are budgets of a tool's output, which a transcript's
/// target is not.
fn apply_config(args: &mut Args, m: &clap::ArgMatches) -> Result<Option<String>> {
    super::profile::bind_keys!(m, |flags| {
        let mut r = super::profile::resolve(&args.profile, None, &flags, m, args.output_args.verbose, TOOL)?;
        super::profile::openai_base_url(&mut r);
        r.settings.retain(&["encoding", "model", "base_url", "provider"]);
        if args.profile.print_config {
            return Ok(Some(super::profile::render(&r)));
        }
        r
    }, {
        val encoding => args.encoding.encoding,
        opt model => args.llm.model,
        opt base_url => args.llm.base_url,
        opt provider => args.llm.provider,
    });
    Ok(None)
}

impl Args {
    /// History compaction, when a target is given; with the LLM client if one is configured.
    fn history(&self) -> Result<Option<(crate::compact::history::Options, Option<crate::llm::Client>)>> {
        let target = match (self.max_tokens, self.context_window) {
            (Some(t), _) => t,
            (None, Some(w)) if self.reserve >= w => {
                return Err(usage(format!(
                    "--reserve {} leaves no room in a context window of {w} tokens",
                    self.reserve
                )));
            }
            (None, Some(w)) => w - self.reserve,
            (None, None) if self.batch.batch_out.is_some() => {
                return Err(usage("--batch-out asks for history summaries: give --max-tokens or --context-window"));
            }
            (None, None) => return Ok(None),
        };
        let prompt = super::read_template(self.summary_prompt.as_deref())?;
        let client = match (self.dry_run, self.batch.apply(self.llm.config()?)?) {
            (false, Some(cfg)) => Some(crate::llm::Client::new(cfg)?),
            _ => None,
        };
        let opts = crate::compact::history::Options {
            target,
            trigger: self.trigger,
            keep_recent: self.keep_recent,
            keep_user: self.keep_user,
            summary_as: self.summary_as,
            focus: self.focus.clone(),
            prompt,
            encoding: self.encoding.encoding,
            usage: self.usage,
        };
        Ok(Some((opts, client)))
    }

    /// The compaction options these arguments ask for.
    fn options(&self) -> Result<compact::Options> {
        let nonzero = |n: u64| (n > 0).then_some(n);
        if self.max_result > 0 && self.preview >= self.max_result {
            return Err(usage(format!(
                "--preview {} must be smaller than --max-result {}, or previews would be previewed again",
                self.preview, self.max_result
            )));
        }
        if !self.placeholder.contains("{path}") {
            return Err(usage("--placeholder must contain {path}, so that the full text can be found"));
        }
        Ok(compact::Options {
            prune: !self.no_prune,
            protect: self.protect,
            protect_turns: self.protect_turns,
            prune_minimum: self.prune_minimum,
            protect_tools: self.protect_tool.clone(),
            placeholder: self.placeholder.clone(),
            max_result: nonzero(self.max_result),
            preview: self.preview,
            message_budget: nonzero(self.message_budget),
            encoding: self.encoding.encoding,
        })
    }
}

fn run(mut args: Args) -> Result<ExitCode> {
    if args.store.is_none() {
        args.store = std::env::var_os("CTX_STORE").filter(|v| !v.is_empty()).map(PathBuf::from);
    }
    let opts = args.options()?;
    let ingest_only = args.batch.ingest_only(!args.paths.is_empty())?;
    args.batch.ingest(TOOL, args.llm.no_cache, args.output_args.verbose, args.output_args.quiet)?;
    if ingest_only {
        return Ok(ExitCode::SUCCESS);
    }
    let inputs = batch::inputs(&args)?;
    let writes_files = args.in_place || args.out_dir.is_some() || args.output.is_some();
    let reports = args.stats || args.check || args.dry_run;
    if inputs.len() > 1 && !writes_files && !reports {
        return Err(usage("several transcripts need --out-dir or --in-place (or --stats, --check, --dry-run)"));
    }
    if let Some(o) = &args.output
        && o.as_os_str() != "-"
    {
        if inputs.len() > 1 {
            return Err(usage("-o names one output file; for several transcripts use --out-dir"));
        }
        if o.is_dir() {
            return Err(usage(format!("-o '{}' is a folder; name a file, or use --out-dir", o.display())));
        }
    }
    if args.in_place && inputs.iter().any(|i| i.path.is_none()) {
        return Err(usage("--in-place needs files, not standard input"));
    }
    if args.output_args.json && !writes_files && !reports {
        return Err(usage(
            "--json reports on files written with -o, --out-dir or --in-place; the transcript is on stdout",
        ));
    }
    if args.state.is_some() && inputs.len() > 1 {
        return Err(usage("--state follows one transcript; give one"));
    }
    if (args.stats || args.check) && writes_files {
        return Err(usage("--stats and --check write nothing; drop -o, --out-dir and --in-place"));
    }
    if writes_files {
        sweep_temporaries(&args, &inputs);
    }
    let history = args.history()?;
    batch::run(&args, &opts, history.as_ref(), inputs)
}

/// Removes what a killed earlier run left beside the outputs this run writes (a temporary file
/// of an atomic write can be as large as a transcript).
fn sweep_temporaries(args: &Args, inputs: &[batch::Job]) {
    let mut dirs: Vec<PathBuf> = Vec::new();
    if let Some(o) = &args.output {
        dirs.push(o.parent().map(Path::to_path_buf).unwrap_or_default());
    }
    if let Some(d) = &args.out_dir {
        dirs.push(d.clone());
    }
    if args.in_place {
        dirs.extend(inputs.iter().filter_map(|j| j.path.as_ref().and_then(|p| p.parent()).map(Path::to_path_buf)));
    }
    dirs.sort();
    dirs.dedup();
    for dir in dirs {
        let dir = if dir.as_os_str().is_empty() { PathBuf::from(".") } else { dir };
        let n = crate::store::sweep_temporaries(&dir);
        if n > 0 && !args.output_args.quiet {
            eprintln!("{TOOL}: removed {n} temporary files a killed run left in '{}'", dir.display());
        }
    }
}
