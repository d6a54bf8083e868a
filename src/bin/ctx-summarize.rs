//! `ctx-summarize`: tiered summaries, with an LLM or extractive. See `ctx-summarize --help`.

fn main() -> std::process::ExitCode {
    ctx::cli::summarize::main()
}
