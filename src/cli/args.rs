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
    /// At most N tokens (of --encoding)
    #[arg(long, value_name = "N", value_parser = budget_value, help_heading = "Budget")]
    pub max_tokens: Option<u64>,
    /// At most N chars (Unicode scalar values) [default: 12000 when no budget is given]
    #[arg(long, value_name = "N", value_parser = budget_value, help_heading = "Budget")]
    pub max_chars: Option<u64>,
    /// At most N bytes
    #[arg(long, value_name = "N", value_parser = budget_value, help_heading = "Budget")]
    pub max_bytes: Option<u64>,
    /// At most N lines
    #[arg(long, value_name = "N", value_parser = budget_value, help_heading = "Budget")]
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
