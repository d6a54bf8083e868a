//! `ctx doctor`: not built yet.

use anyhow::Result;
use std::process::ExitCode;

/// The arguments of `ctx doctor`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `ctx doctor`.
pub fn run(_args: Args) -> Result<ExitCode> {
    anyhow::bail!("'ctx doctor' is not built yet")
}
