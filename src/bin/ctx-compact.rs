//! `ctx-compact`: compact agent transcripts. See `ctx-compact --help`.
//! A thin entry point: it runs the `ctx` installed beside it as `ctx-compact` (see `ctx::multicall`).

fn main() -> std::process::ExitCode {
    ctx::multicall::exec("ctx-compact")
}
