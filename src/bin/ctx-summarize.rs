//! `ctx-summarize`: tiered summaries, with an LLM or extractive. See `ctx-summarize --help`.
//! A thin entry point: it runs the `ctx` installed beside it as `ctx-summarize` (see `ctx::multicall`).

fn main() -> std::process::ExitCode {
    ctx::multicall::exec("ctx-summarize")
}
