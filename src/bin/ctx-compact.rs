//! `ctx-compact`: compact agent transcripts. See `ctx-compact --help`.

fn main() -> std::process::ExitCode {
    ctx::cli::compact::main()
}
