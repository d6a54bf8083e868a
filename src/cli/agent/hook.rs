//! `ctx hook`: not built yet.

use anyhow::Result;
use std::process::ExitCode;

/// The arguments of `ctx hook`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `ctx hook`.
pub fn run(_args: Args) -> Result<ExitCode> {
    anyhow::bail!("'ctx hook' is not built yet")
}
