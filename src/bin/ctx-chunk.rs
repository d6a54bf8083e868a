//! `ctx-chunk`: split text into boundary-aware chunks. See `ctx-chunk --help`.

fn main() -> std::process::ExitCode {
    ctx::cli::chunk::main()
}
