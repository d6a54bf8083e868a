//! `--batch-out` and `--batch-in` of ctx-summarize and ctx-compact: a run that sends nothing
//! and writes the requests the cache cannot answer as a provider batch input file, and the
//! reading of batch output files into the cache, so that the same command run again goes on
//! from the answers (see [`crate::llm::batch`]).

use crate::llm::{Client, Config, batch};
use anyhow::{Context, Result};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// The exit status of a run that wrote batch requests: not done yet, run again after their
/// results are read in with `--batch-in`.
pub const EXIT_BATCH: u8 = 3;

/// The batch flags.
#[derive(Args, Clone, Debug, Default)]
pub struct BatchArgs {
    /// Send nothing: write each request the response cache cannot answer to FILE as a batch
    /// input file (OpenAI's Batch API and vLLM run-batch shape; Anthropic's Message Batches with
    /// --provider anthropic), split at the provider's limits (FILE-1.jsonl, FILE-2.jsonl, ...),
    /// and exit 3; run the same command again after --batch-in with the results
    #[arg(long, value_name = "FILE", help_heading = "Provider batches", conflicts_with = "dry_run")]
    pub batch_out: Option<PathBuf>,
    /// Read a batch output file (OpenAI, Anthropic or vLLM run-batch results) into the response
    /// cache first (repeatable); errored and expired requests are reported, never cached as
    /// answers. Without --batch-out nothing else is done
    #[arg(long, value_name = "FILE", help_heading = "Provider batches")]
    pub batch_in: Vec<PathBuf>,
}

impl BatchArgs {
    /// Whether the run only reads batch results in (`--batch-in` without `--batch-out`); an
    /// error when inputs are given too, which such a run would not read.
    pub fn ingest_only(&self, inputs: bool) -> Result<bool> {
        let only = self.batch_out.is_none() && !self.batch_in.is_empty();
        if only && inputs {
            return Err(super::usage(
                "--batch-in without --batch-out only fills the cache: give --batch-out FILE to go on with the inputs in the same run",
            ));
        }
        Ok(only)
    }

    /// `cfg` made a batch run's with `--batch-out`: nothing is sent; what the cache cannot
    /// answer is recorded. An error when no model is configured or the cache is off.
    pub fn apply(&self, cfg: Option<Config>) -> Result<Option<Config>> {
        if self.batch_out.is_none() {
            return Ok(cfg);
        }
        let Some(mut cfg) = cfg else {
            return Err(super::usage(
                "--batch-out needs a model: pass --model (and --base-url or --provider), or set CTX_MODEL",
            ));
        };
        if cfg.cache_dir.is_none() {
            return Err(super::usage("--batch-out needs the response cache, where the answers go: drop --no-cache"));
        }
        cfg.batch = true;
        Ok(Some(cfg))
    }

    /// Reads every `--batch-in` file into the response cache, with a line on stderr for each
    /// (and with `verbose`, one for each request not cached).
    pub fn ingest(&self, tool: &str, no_cache: bool, verbose: bool, quiet: bool) -> Result<()> {
        if self.batch_in.is_empty() {
            return Ok(());
        }
        if no_cache {
            return Err(super::usage("--batch-in fills the response cache: drop --no-cache"));
        }
        let cache = crate::store::Store::open(&crate::store::cache_dir("llm"))?;
        for path in &self.batch_in {
            let name = path.display().to_string();
            let file = std::fs::File::open(path).with_context(|| format!("cannot open '{name}'"))?;
            let mut got = batch::Ingested::default();
            batch::ingest(std::io::BufReader::new(file), &name, &cache, &mut got)?;
            if !quiet || got.errored + got.retry > 0 {
                eprintln!("{tool}: {}", ingested_line(&name, &got));
            }
            let shown = if verbose { got.notes.len() } else { 0 };
            for note in &got.notes[..shown] {
                eprintln!("{tool}: {note}");
            }
        }
        Ok(())
    }

    /// Writes what `client` deferred to the `--batch-out` file(s) and says so in one line on
    /// stderr; `round` is the lowest round waiting. `None` when nothing was deferred (the run is
    /// done), else the exit status [`EXIT_BATCH`].
    pub fn emit(&self, tool: &str, client: Option<&Client>, round: u32) -> Result<Option<ExitCode>> {
        let (Some(path), Some(client)) = (&self.batch_out, client) else { return Ok(None) };
        let requests = client.deferred();
        if requests.is_empty() {
            // Done: an earlier round's file holds only answered requests.
            batch::remove_stale(path, 0);
            return Ok(None);
        }
        let files = batch::write(path, client.config().provider, &requests)?;
        let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
        let n = requests.len();
        eprintln!(
            "{tool}: {} in {} for round {round}: {}; run the same command again with --batch-in and their results",
            plural(n as u64, "request"),
            plural(files.len() as u64, "file"),
            names.join(" ")
        );
        Ok(Some(ExitCode::from(EXIT_BATCH)))
    }
}

/// `n thing` or `n things`.
fn plural(n: u64, thing: &str) -> String {
    format!("{} {thing}{}", crate::text::group_digits(n), if n == 1 { "" } else { "s" })
}

/// The line that reports one batch output file read in.
fn ingested_line(name: &str, got: &batch::Ingested) -> String {
    let mut s = format!("{name}: {} cached", plural(got.cached, "answer"));
    if got.errored > 0 {
        s += &format!(", {} failed for good (their fallback stands in)", group(got.errored));
    }
    if got.retry > 0 {
        s += &format!(", {} expired, canceled or failed for now (asked again in the next batch)", group(got.retry));
    }
    if (got.errored > 0 || got.retry > 0)
        && let Some(first) = got.notes.first()
    {
        s += &format!("; the first: {first}");
    }
    s
}

fn group(n: u64) -> String {
    crate::text::group_digits(n)
}

/// `ctx batch`: hand a batch file to the provider, follow it, and fetch its results.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Upload a batch file written by --batch-out and start the batch; print its id
    Submit {
        /// The batch input file
        #[arg(value_name = "FILE")]
        file: PathBuf,
        #[command(flatten)]
        conn: ConnArgs,
    },
    /// Print one line on a batch (its state and requests done); exit 0 once it has ended, 3
    /// while it runs, 1 when it failed as a whole
    Status {
        /// The batch id
        id: String,
        #[command(flatten)]
        conn: ConnArgs,
        /// Print the state as JSON
        #[arg(long)]
        json: bool,
    },
    /// Write the results of a batch that has ended (for --batch-in) to FILE or stdout
    Fetch {
        /// The batch id
        id: String,
        /// Write to FILE (atomically) instead of stdout
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        #[command(flatten)]
        conn: ConnArgs,
    },
}

/// Where the provider is. Taken from flags and the environment only, never from a config file.
#[derive(Args, Clone, Debug, Default)]
pub struct ConnArgs {
    /// The API's wire format [default: Anthropic for a msgbatch_ id or a file of params lines,
    /// else OpenAI]
    #[arg(long, value_enum, value_name = "PROVIDER")]
    pub provider: Option<crate::llm::Provider>,
    /// The API's base URL [default: the provider's] (env: CTX_BASE_URL, then OPENAI_BASE_URL)
    #[arg(long, value_name = "URL", env = "CTX_BASE_URL", hide_env = true)]
    pub base_url: Option<String>,
    /// The environment variable that holds the API key [default: CTX_API_KEY, then
    /// OPENAI_API_KEY or ANTHROPIC_API_KEY by provider]
    #[arg(long, value_name = "NAME")]
    pub api_key_env: Option<String>,
    /// The limit of each request, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 600.0)]
    pub timeout: f64,
}

impl ConnArgs {
    fn api(&self, hint: &str) -> Result<crate::llm::batches::Api> {
        use crate::llm::{Provider, Secret};
        let env = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
        let provider = self.provider.unwrap_or_else(|| crate::llm::batches::infer(hint));
        let base = self.base_url.clone().or_else(|| env("OPENAI_BASE_URL").filter(|_| provider == Provider::Openai));
        let base = base.unwrap_or_else(|| provider.default_base_url().to_string());
        super::args::check_base_url(&base)?;
        let key = super::args::api_key(self.api_key_env.as_deref(), provider)?;
        if !(self.timeout > 0.0 && self.timeout <= 86_400.0) {
            return Err(super::usage(format!("--timeout {} is not a number of seconds from 0 to 86400", self.timeout)));
        }
        crate::llm::batches::Api::new(crate::llm::batches::Endpoint {
            provider,
            base_url: base,
            key: key.map(Secret::new),
            timeout: std::time::Duration::from_secs_f64(self.timeout),
        })
    }
}

/// Runs `ctx batch ...`.
pub fn run(cmd: Command) -> Result<ExitCode> {
    use std::io::Write;
    match cmd {
        Command::Submit { file, conn } => {
            let name = file.display().to_string();
            let bytes = std::fs::read(&file).with_context(|| format!("cannot open '{name}'"))?;
            let first = bytes.split(|b| *b == b'\n').next().unwrap_or_default();
            let api = conn.api(&String::from_utf8_lossy(first))?;
            let n = bytes.split(|b| *b == b'\n').filter(|l| !l.trim_ascii().is_empty()).count();
            let id = api.submit(&name, &bytes)?;
            eprintln!("ctx batch: {} of '{name}' submitted as batch {id}", plural(n as u64, "request"));
            writeln!(std::io::stdout(), "{id}")?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Status { id, conn, json } => {
            let st = conn.api(&id)?.status(&id)?;
            let line = if json {
                serde_json::to_string(&st)?
            } else {
                let errors = if st.errors > 0 {
                    format!(", {} failed, expired or canceled", group(st.errors))
                } else {
                    String::new()
                };
                format!("{} {}: {} of {} done{errors}", st.id, st.status, group(st.done), group(st.total))
            };
            writeln!(std::io::stdout(), "{line}")?;
            Ok(match (st.ended, st.failed) {
                (true, false) => ExitCode::SUCCESS,
                (true, true) => ExitCode::from(super::EXIT_ERROR),
                (false, _) => ExitCode::from(EXIT_BATCH),
            })
        }
        Command::Fetch { id, output, conn } => {
            let bytes = conn.api(&id)?.fetch(&id)?;
            match output {
                Some(path) => crate::store::write_atomic(&path, &mut |w| Ok(w.write_all(&bytes)?))?,
                None => std::io::stdout().write_all(&bytes)?,
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}
