//! `ctx`: puts the filters into agents. See `ctx --help`.

fn main() -> std::process::ExitCode {
    ctx::cli::agent::main()
}
