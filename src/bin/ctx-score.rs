//! `ctx-score`: score chunks and keep the best. See `ctx-score --help`.

fn main() -> std::process::ExitCode {
    ctx::cli::score::main()
}
