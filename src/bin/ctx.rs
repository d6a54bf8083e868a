//! `ctx`: the agent-facing entry point (hook, init, doctor, mcp, gc). See `ctx --help`.

fn main() -> std::process::ExitCode {
    ctx::cli::agent::main()
}
