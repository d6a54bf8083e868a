//! `ctx-chunk`: split text into boundary-aware chunks. See `ctx-chunk --help`.
//! A thin entry point: it runs the `ctx` installed beside it as `ctx-chunk` (see `ctx::multicall`).

fn main() -> std::process::ExitCode {
    ctx::multicall::exec("ctx-chunk")
}
