//! `ctx`: the agent-facing entry point. Each subcommand's arguments and glue live in their own
//! module; the logic lives in [`crate::agent`] and [`crate::store`].

pub mod doctor;
pub mod gc;
pub mod hook;
pub mod init;
pub mod mcp;

use anyhow::Result;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

const TOOL: &str = "ctx";

/// Put ctx into coding agents: hooks that fit every tool's output into a budget, an MCP
/// server, and the store that keeps the full text one read away.
#[derive(Parser, Debug)]
#[command(name = "ctx", version)]
pub struct Args {
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Read an agent's hook event on stdin and write its hook reply (fails open)
    Hook(hook::Args),
    /// Install ctx's hook into an agent's settings (or remove it with --uninstall)
    Init(init::Args),
    /// Say per agent what is installed and whether a test event round-trips
    Doctor(doctor::Args),
    /// Serve ctx's tools over MCP on stdio
    Mcp(mcp::Args),
    /// Prune the store of spilled outputs and stored originals
    Gc(gc::Args),
}

/// The whole `main` of `ctx`.
pub fn main() -> ExitCode {
    super::main_with(TOOL, |args: Args| run(args))
}

fn run(args: Args) -> Result<ExitCode> {
    match args.command {
        Command::Hook(a) => hook::run(a),
        Command::Init(a) => init::run(a),
        Command::Doctor(a) => doctor::run(a),
        Command::Mcp(a) => mcp::run(a),
        Command::Gc(a) => gc::run(a),
    }
}
