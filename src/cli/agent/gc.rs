//! `ctx gc`: not built yet.

use anyhow::Result;
use std::process::ExitCode;

/// The arguments of `ctx gc`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `ctx gc`.
pub fn run(_args: Args) -> Result<ExitCode> {
    anyhow::bail!("'ctx gc' is not built yet")
}
