//! `ctx`: every filter under one roof, and the agent entry point. Run as `ctx-truncate` (the
//! thin entry points do) or as `ctx truncate`, it is that filter; else `ctx hook | init | doctor
//! | mcp | gc`. See `ctx --help`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    match ctx::multicall::tool(&args) {
        Some((tool, argv)) => ctx::cli::run_tool(tool, argv),
        None => ctx::cli::agent::main(args),
    }
}
