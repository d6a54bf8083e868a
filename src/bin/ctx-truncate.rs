//! `ctx-truncate`: fit text into a budget. See `ctx-truncate --help`.

fn main() -> std::process::ExitCode {
    ctx::cli::truncate::main()
}
