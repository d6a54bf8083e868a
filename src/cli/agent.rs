//! `ctx`: the agent-facing entry point. `ctx hook AGENT` answers an agent's hook event,
//! `ctx init AGENT` installs that hook, `ctx doctor` checks it, `ctx mcp` serves the filters
//! over MCP and `ctx gc` keeps the store bounded.

use crate::agent::Agent;
use anyhow::Result;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

const TOOL: &str = "ctx";

/// Put ctx into coding agents: hooks that fit every tool result into a budget, with the full
/// text one read away.
#[derive(Parser, Debug)]
#[command(name = "ctx", version)]
pub struct Args {
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Answer one hook event of AGENT (JSON on stdin, the agent's reply on stdout)
    Hook {
        /// The agent whose event is on stdin
        agent: Agent,
    },
    /// Serve the filters to an MCP client over stdio
    Mcp,
}

/// Runs `ctx` with the process's arguments.
pub fn main() -> ExitCode {
    super::main_with(TOOL, run)
}

fn run(args: Args) -> Result<ExitCode> {
    match args.command {
        Command::Hook { agent } => anyhow::bail!("ctx hook {agent} is not built yet"),
        Command::Mcp => {
            super::mcp::serve(std::io::stdin().lock(), std::io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
