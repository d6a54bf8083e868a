//! Argument groups with the same names and meanings in every tool.

use crate::text::Budget;
use crate::tokens::Encoding;
use clap::Args;

/// Parses a budget: a whole number of at least 1.
pub(crate) fn budget_value(s: &str) -> Result<u64, String> {
    let n: u64 = s.replace('_', "").parse().map_err(|_| format!("'{s}' is not a whole number"))?;
    if n == 0 { Err("a budget of 0 leaves room for nothing; give at least 1".into()) } else { Ok(n) }
}

/// `--max-tokens`, `--max-chars`, `--max-bytes`, `--max-lines`: all given limits must hold.
#[derive(Args, Clone, Debug, Default)]
pub struct BudgetArgs {
    /// At most N tokens (of --encoding); -t as in ttok
    #[arg(short = 't', long, value_name = "N", value_parser = budget_value, help_heading = "Budget")]
    pub max_tokens: Option<u64>,
    /// At most N chars (Unicode scalar values) [default: 12000 when no budget is given]
    #[arg(long, value_name = "N", value_parser = budget_value, help_heading = "Budget")]
    pub max_chars: Option<u64>,
    /// At most N bytes; -c as in head and tail
    #[arg(short = 'c', long, value_name = "N", value_parser = budget_value, help_heading = "Budget")]
    pub max_bytes: Option<u64>,
    /// At most N lines; -n as in head and tail
    #[arg(short = 'n', long, value_name = "N", value_parser = budget_value, help_heading = "Budget")]
    pub max_lines: Option<u64>,
}

impl BudgetArgs {
    /// The budget given, or `None` when no limit was given.
    pub fn budget(&self) -> Option<Budget> {
        let b = Budget { bytes: self.max_bytes, chars: self.max_chars, lines: self.max_lines, tokens: self.max_tokens };
        (!b.is_unlimited()).then_some(b)
    }
}

/// `--encoding`: how tokens are counted.
#[derive(Args, Clone, Debug, Default)]
pub struct EncodingArg {
    /// How tokens are counted: exact o200k or cl100k, or a fast estimate
    #[arg(long, value_enum, env = "CTX_ENCODING", default_value_t = Encoding::O200k, value_name = "ENCODING")]
    pub encoding: Encoding,
}

/// `--json`, `-q`, `-v`.
#[derive(Args, Clone, Debug, Default)]
pub struct OutputArgs {
    /// Write a JSON result with the numbers instead of text (JSON Lines with several inputs)
    #[arg(long)]
    pub json: bool,
    /// Print no notes on stderr (errors still are)
    #[arg(short, long, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Print what was done on stderr
    #[arg(short, long)]
    pub verbose: bool,
}

/// How text is cut into chunks: shared by `ctx-chunk` and `ctx-score`.
#[derive(Args, Clone, Debug)]
pub struct ChunkArgs {
    /// The most a chunk holds, in --unit
    #[arg(long, value_name = "N", default_value_t = crate::chunk::DEFAULT_SIZE, help_heading = "Chunking")]
    pub size: u64,
    /// The unit of --size and --overlap
    #[arg(long, value_enum, value_name = "UNIT", default_value = "chars", help_heading = "Chunking")]
    pub unit: crate::text::Unit,
    /// The best boundary to cut at: coarser ones are not looked for
    #[arg(long, value_enum, value_name = "LEVEL", default_value = "paragraph", help_heading = "Chunking")]
    pub boundary: crate::chunk::Level,
    /// How much of a chunk's end the next chunk repeats, in --unit
    #[arg(long, value_name = "N", default_value_t = 0, help_heading = "Chunking")]
    pub overlap: u64,
}

impl ChunkArgs {
    /// The chunking options, checked; the error is a usage error.
    pub fn options(&self, encoding: Encoding) -> anyhow::Result<crate::chunk::Options> {
        let o = crate::chunk::Options {
            size: self.size,
            unit: self.unit,
            boundary: self.boundary,
            overlap: self.overlap,
            encoding,
        };
        o.check().map_err(super::usage)?;
        Ok(o)
    }
}

/// How to reach an LLM: shared by every tool that calls one.
#[derive(Args, Clone, Debug, Default)]
pub struct LlmConnArgs {
    /// The API's wire format [default: inferred from the base URL and the keys present]
    #[arg(long, value_enum, value_name = "PROVIDER", help_heading = "LLM")]
    pub provider: Option<crate::llm::Provider>,
    /// The API's base URL (env: CTX_BASE_URL, then OPENAI_BASE_URL)
    #[arg(long, value_name = "URL", env = "CTX_BASE_URL", hide_env = true, help_heading = "LLM")]
    pub base_url: Option<String>,
    /// The model
    #[arg(long, value_name = "MODEL", env = "CTX_MODEL", help_heading = "LLM")]
    pub model: Option<String>,
    /// The environment variable that holds the API key [default: CTX_API_KEY, then
    /// OPENAI_API_KEY or ANTHROPIC_API_KEY by provider]; there is no key flag
    #[arg(long, value_name = "NAME", help_heading = "LLM")]
    pub api_key_env: Option<String>,
    /// The limit of each request, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 120.0, help_heading = "LLM")]
    pub timeout: f64,
    /// The limit of all LLM work of the run, in seconds: after it nothing more is sent and
    /// what is left falls back as a failed call does (no request outlives it)
    #[arg(long, value_name = "SECS", default_value_t = 3600.0, help_heading = "LLM")]
    pub deadline: f64,
    /// Retries of a failed request (408, 409, 429, 5xx, connection errors, timeouts)
    #[arg(long, value_name = "N", default_value_t = 4, help_heading = "LLM")]
    pub retries: u32,
    /// Do not read or write the response cache (~/.cache/ctx/llm)
    #[arg(long, help_heading = "LLM")]
    pub no_cache: bool,
}

impl LlmConnArgs {
    /// The LLM configuration, `None` when none is configured (no base URL and no model).
    /// Errors are usage errors: a base URL without a model, an invalid URL, a key variable
    /// that is not set.
    pub fn config(&self) -> anyhow::Result<Option<crate::llm::Config>> {
        use crate::llm::{Config, Provider, Secret};
        let env = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
        let base = self.base_url.clone().or_else(|| env("OPENAI_BASE_URL"));
        let model = match (&self.model, &base) {
            (None, None) => return Ok(None),
            (None, Some(_)) => return Err(super::usage("no model: pass --model or set CTX_MODEL")),
            (Some(m), _) => m.clone(),
        };
        let provider = self.provider.unwrap_or_else(|| {
            Provider::infer(base.as_deref(), env("ANTHROPIC_API_KEY").is_some(), env("OPENAI_API_KEY").is_some())
        });
        let base = base.unwrap_or_else(|| provider.default_base_url().to_string());
        check_base_url(&base)?;
        let key = api_key(self.api_key_env.as_deref(), provider)?;
        if !(self.timeout > 0.0 && self.timeout <= 86_400.0) {
            return Err(super::usage(format!("--timeout {} is not a number of seconds from 0 to 86400", self.timeout)));
        }
        let mut cfg = Config::new(provider, &base, &model);
        cfg.api_key = key.map(Secret::new);
        cfg.timeout = std::time::Duration::from_secs_f64(self.timeout);
        cfg.connect_timeout = cfg.timeout.min(std::time::Duration::from_secs(10));
        cfg.retries = self.retries;
        let d = self.deadline;
        if !(d > 0.0 && d <= 86_400.0) {
            return Err(super::usage(format!("--deadline {d} is not a number of seconds from 0 to 86400")));
        }
        cfg.deadline = Some(std::time::Duration::from_secs_f64(d));
        if self.no_cache {
            cfg.cache_dir = None;
        }
        Ok(Some(cfg))
    }
}

/// A usage error unless `base` is an http:// or https:// URL with a host (shown without its
/// credentials).
pub(crate) fn check_base_url(base: &str) -> anyhow::Result<()> {
    let shown = crate::llm::redact_url(base);
    let url = reqwest::Url::parse(base).map_err(|e| super::usage(format!("invalid base URL '{shown}': {e}")))?;
    if !matches!(url.scheme(), "http" | "https") || url.host().is_none() {
        return Err(super::usage(format!("invalid base URL '{shown}': it must be http:// or https:// with a host")));
    }
    Ok(())
}

/// The API key: from the variable `--api-key-env` names (a usage error when it is not set), else
/// `CTX_API_KEY`, then `OPENAI_API_KEY` or `ANTHROPIC_API_KEY` by provider.
pub(crate) fn api_key(named: Option<&str>, provider: crate::llm::Provider) -> anyhow::Result<Option<String>> {
    use crate::llm::Provider;
    let env = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    Ok(match named {
        Some(name) => Some(
            env(name)
                .ok_or_else(|| super::usage(format!("--api-key-env names {name}, which is not set (or is empty)")))?,
        ),
        None => env("CTX_API_KEY").or_else(|| match provider {
            Provider::Openai => env("OPENAI_API_KEY"),
            Provider::Anthropic => env("ANTHROPIC_API_KEY"),
        }),
    })
}

/// The LLM arguments of map-reduce: the connection, a map model, concurrency, temperature and a
/// dry run.
#[derive(Args, Clone, Debug, Default)]
pub struct LlmArgs {
    #[command(flatten)]
    pub conn: LlmConnArgs,
    /// A cheaper model for the map phase; the main model merges
    #[arg(long, value_name = "MODEL", env = "CTX_MAP_MODEL", help_heading = "LLM")]
    pub map_model: Option<String>,
    /// Requests in flight at most
    #[arg(short, long, value_name = "N", default_value_t = 4, env = "CTX_LLM_JOBS", value_parser = clap::value_parser!(u16).range(1..), help_heading = "LLM")]
    pub jobs: u16,
    /// Sampling temperature
    #[arg(long, value_name = "T", default_value_t = 0.0, help_heading = "LLM")]
    pub temperature: f64,
    /// Print the requests that would be sent, as JSON Lines, and send nothing
    #[arg(long, help_heading = "LLM")]
    pub dry_run: bool,
}

impl LlmArgs {
    /// The LLM configuration (see [`LlmConnArgs::config`]) with the map model, concurrency,
    /// temperature and dry run.
    pub fn config(&self) -> anyhow::Result<Option<crate::llm::Config>> {
        if !(0.0..=2.0).contains(&self.temperature) {
            return Err(super::usage(format!("--temperature {} is not a number from 0 to 2", self.temperature)));
        }
        let Some(mut cfg) = self.conn.config()? else { return Ok(None) };
        if cfg.provider == crate::llm::Provider::Anthropic && self.temperature != 0.0 {
            return Err(super::usage(
                "--temperature: Anthropic's Messages API takes none for its current models (and its SDKs have none): drop it",
            ));
        }
        cfg.map_model = self.map_model.clone();
        cfg.jobs = usize::from(self.jobs);
        cfg.temperature = self.temperature;
        cfg.dry_run = self.dry_run;
        Ok(Some(cfg))
    }
}

/// `--select`: how chunks are chosen, shared by `ctx-score` and `ctx-summarize`; with the
/// tool's numbers (`--head`/`--tail`, `--ratio`, `--top-k`) it becomes a
/// [`crate::score::Select`]. Each tool lists the values in its own order with its own help
/// ([`SelectArg::parser`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelectArg {
    /// The best chunks by score.
    Extract,
    /// The first and last chunks.
    HeadTail,
    /// Every chunk.
    All,
}

impl SelectArg {
    /// The value as `--select` takes it.
    pub fn name(self) -> &'static str {
        match self {
            SelectArg::Extract => "extract",
            SelectArg::HeadTail => "head-tail",
            SelectArg::All => "all",
        }
    }

    /// The parser of `--select` for a tool: `values` in the order its `--help` lists them, each
    /// with that tool's help.
    pub fn parser(values: [(SelectArg, &'static str); 3]) -> impl clap::builder::TypedValueParser<Value = SelectArg> {
        use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
        PossibleValuesParser::new(values.map(|(v, help)| PossibleValue::new(v.name()).help(help))).try_map(
            move |name: String| {
                values.iter().map(|&(v, _)| v).find(|v| v.name() == name).ok_or(format!("'{name}' is not a selection"))
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::SelectArg;

    #[test]
    fn select_parses_each_value_and_lists_them_in_the_tools_order() {
        let order = [(SelectArg::All, "a"), (SelectArg::HeadTail, "b"), (SelectArg::Extract, "c")];
        let cmd =
            clap::Command::new("t").arg(clap::Arg::new("s").long("select").value_parser(SelectArg::parser(order)));
        let m = cmd.clone().try_get_matches_from(["t", "--select", "head-tail"]).expect("parses");
        assert_eq!(m.get_one::<SelectArg>("s"), Some(&SelectArg::HeadTail));
        let e = cmd.try_get_matches_from(["t", "--select", "top"]).expect_err("not a value").to_string();
        assert!(e.contains("[possible values: all, head-tail, extract]"), "{e}");
    }
}
