//! `ctx-truncate`: fit text into a budget. See `ctx-truncate --help`.
//! A thin entry point: it runs the `ctx` installed beside it as `ctx-truncate` (see `ctx::multicall`).

fn main() -> std::process::ExitCode {
    ctx::multicall::exec("ctx-truncate")
}
