//! `ctx init`: not built yet.

use anyhow::Result;
use std::process::ExitCode;

/// The arguments of `ctx init`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `ctx init`.
pub fn run(_args: Args) -> Result<ExitCode> {
    anyhow::bail!("'ctx init' is not built yet")
}
