//! Compaction of agent transcripts: old tool results are pruned to a one-line placeholder,
//! results over a size budget become a preview, and the results answering one assistant turn
//! are held to a budget together ([`plan`], [`apply`]); over a target, the older history is
//! summarized ([`history`]). Decisions are made on the common view of [`crate::transcript`];
//! every replaced content goes to the store first, so nothing is lost.
//!
//! [`run`] is the whole pipeline as one call (prune, budgets, history, `--state`, the sizes
//! counted by [`stats::size`], the original and its restore index stored); `ctx-compact` only
//! reads files, calls it, writes what it returns and prints its [`Report`].

mod apply;
pub mod history;
mod plan;
pub mod restore;
mod run;
pub mod state;
pub mod stats;

pub use apply::{Applied, Replaced, apply};
pub use plan::{Action, DEFAULT_PLACEHOLDER, Options, Plan, ToolResult, plan, plan_with, render_placeholder, text_of};
pub use run::{Compacted, Report, RunOptions, Stash, run};
