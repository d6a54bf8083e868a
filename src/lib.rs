//! `ctx`: small Unix filters that keep long text from blowing up an LLM agent's context.
//!
//! The library holds all the logic; the binaries in `src/bin` parse arguments and call it.
//! - [`text`]: units, sizes, budgets, and the one cut helper.
//! - [`tokens`]: exact o200k/cl100k token counts and the estimate.
//! - [`signals`]: how much a line matters (ranked classes, templates), for every tool.
//! - [`clean`]: terminal noise removal.
//! - [`truncate`]: fitting text into a budget.
//! - [`store`]: the content-addressed store for full texts and originals.
//! - [`transcript`]: agent transcript formats and their common view.
//! - [`compact`]: pruning and budgets over transcripts, stats, restore.
//! - [`config`]: per-tool profiles from a TOML config file.
//! - [`structure`]: HTML to readable text, and JSON cut so that it stays valid JSON.
//! - [`agent`]: the agents' hook contracts and settings.
//! - [`multicall`]: one binary under six names.
//! - [`cli`]: what every tool shares at its edges.

pub mod agent;
pub mod chunk;
pub mod clean;
pub mod cli;
pub mod compact;
pub mod config;
pub mod error;
pub mod llm;
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
