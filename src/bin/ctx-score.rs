//! `ctx-score`: score chunks and keep the best. See `ctx-score --help`.
//! A thin entry point: it runs the `ctx` installed beside it as `ctx-score` (see `ctx::multicall`).

fn main() -> std::process::ExitCode {
    ctx::multicall::exec("ctx-score")
}
