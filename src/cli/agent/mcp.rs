//! `ctx mcp`: not built yet.

use anyhow::Result;
use std::process::ExitCode;

/// The arguments of `ctx mcp`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `ctx mcp`.
pub fn run(_args: Args) -> Result<ExitCode> {
    anyhow::bail!("'ctx mcp' is not built yet")
}
