//! `ctx`: small Unix filters that keep long text from blowing up an LLM agent's context.
//!
//! The library holds all the logic; the binaries in `src/bin` parse arguments and call it.
//! - [`text`]: units, sizes, budgets, and the one cut helper.
//! - [`tokens`]: exact o200k/cl100k token counts and the estimate.
//! - [`signals`]: how much a line matters (ranked classes, templates), for every tool.
//! - [`matcher`]: whether a line matches any of the built-in patterns, from an automaton built fast.
//! - [`clean`]: terminal noise removal.
//! - [`truncate`]: fitting text into a budget.
//! - [`structure`]: input formats: HTML to readable text, and JSON cut so that it stays valid JSON.
//! - [`chunk`]: boundary-aware chunking by tokens, chars, bytes or lines.
//! - [`score`]: chunk scoring and the one selection of chunks ([`score::Select`]).
//! - [`summarize`]: the tiered summarizer: pass through, truncate, or map-reduce (LLM or extractive).
//! - [`llm`]: the HTTP client for OpenAI-compatible and Anthropic chat APIs.
//! - [`store`]: the content-addressed store for full texts and originals.
//! - [`transcript`]: agent transcript formats ([`transcript::Dialect`]) and their common view.
//! - [`compact`]: pruning and budgets over transcripts, history, stats, restore.
//! - [`config`]: per-tool profiles from a TOML config file, each key declared once.
//! - [`error`]: usage errors (exit 2) and the one-line error report.
//! - [`regular`]: reading only regular files, up to a cap, from paths someone else named.
//! - [`agent`]: the agents' hook contracts and settings.
//! - [`multicall`]: one binary under six names.
//! - [`cli`]: the tools' argument parsing and reporting at the edges; no module outside it
//!   (and `src/bin`) uses it.

pub mod agent;
pub mod chunk;
pub mod clean;
pub mod cli;
pub mod compact;
pub mod config;
pub mod error;
pub mod llm;
pub mod matcher;
pub mod multicall;
pub mod regular;
pub mod score;
pub mod signals;
pub mod store;
pub mod structure;
pub mod summarize;
#[cfg(test)]
mod testing;
pub mod text;
pub mod tokens;
pub mod transcript;
pub mod truncate;
