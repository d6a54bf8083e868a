//! The man pages in `man/` are generated from the clap definitions. This test fails when one
//! is stale; `CTX_UPDATE_MAN=1 cargo test --test man` writes them anew.

use clap::CommandFactory;
use std::path::Path;

fn check(name: &str, cmd: clap::Command) {
    let mut page = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut page).expect("renders");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("man").join(format!("{name}.1"));
    if std::env::var_os("CTX_UPDATE_MAN").is_some() {
        std::fs::write(&path, &page).expect("writes the man page");
        return;
    }
    let current = std::fs::read(&path).unwrap_or_default();
    assert!(current == page, "{} is stale: run CTX_UPDATE_MAN=1 cargo test --test man", path.display());
}

#[test]
fn man_pages_are_current() {
    check("ctx-truncate", ctx::cli::truncate::Args::command());
    check("ctx-chunk", ctx::cli::chunk::Args::command());
    check("ctx-score", ctx::cli::score::Args::command());
    check("ctx-summarize", ctx::cli::summarize::Args::command());
    check("ctx-compact", ctx::cli::compact::Args::command());
}
