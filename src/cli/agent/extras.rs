//! `ctx install-extras`: the man pages and the shell completions of all six commands.

use super::TOOL;
use anyhow::{Context, Result};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// The man pages, as generated from the clap definitions (`tests/man.rs` keeps them current).
const MAN_PAGES: [(&str, &str); 6] = [
    ("ctx", include_str!("../../../man/ctx.1")),
    ("ctx-truncate", include_str!("../../../man/ctx-truncate.1")),
    ("ctx-chunk", include_str!("../../../man/ctx-chunk.1")),
    ("ctx-score", include_str!("../../../man/ctx-score.1")),
    ("ctx-summarize", include_str!("../../../man/ctx-summarize.1")),
    ("ctx-compact", include_str!("../../../man/ctx-compact.1")),
];

/// The clap definition of each command, for its completions.
fn commands() -> [(&'static str, clap::Command); 6] {
    use clap::CommandFactory;
    [
        ("ctx", super::Args::command()),
        ("ctx-truncate", crate::cli::truncate::Args::command()),
        ("ctx-chunk", crate::cli::chunk::Args::command()),
        ("ctx-score", crate::cli::score::Args::command()),
        ("ctx-summarize", crate::cli::summarize::Args::command()),
        ("ctx-compact", crate::cli::compact::Args::command()),
    ]
}

pub(super) fn install(prefix: Option<PathBuf>, dry: bool) -> Result<ExitCode> {
    use clap_complete::Shell;
    let prefix = match prefix {
        Some(p) => p,
        None => std::env::var_os("HOME")
            .map(|h| PathBuf::from(h).join(".local"))
            .context("HOME is not set: give --prefix")?,
    };
    let share = prefix.join("share");
    let mut files: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    for (name, page) in MAN_PAGES {
        files.push((share.join(format!("man/man1/{name}.1")), page.as_bytes().to_vec()));
    }
    for (name, mut cmd) in commands() {
        for (shell, path) in [
            (Shell::Bash, format!("bash-completion/completions/{name}")),
            (Shell::Zsh, format!("zsh/site-functions/_{name}")),
            (Shell::Fish, format!("fish/vendor_completions.d/{name}.fish")),
        ] {
            let mut buf = Vec::new();
            clap_complete::generate(shell, &mut cmd, name, &mut buf);
            files.push((share.join(path), buf));
        }
    }
    for (path, bytes) in &files {
        if !dry {
            crate::store::write_atomic(path, &mut |w| Ok(w.write_all(bytes)?))?;
        }
        writeln!(std::io::stdout(), "{}{}", if dry { "would write " } else { "" }, path.display())?;
    }
    eprintln!(
        "{TOOL}: {} files{}; zsh finds its completions when {} is in $fpath",
        files.len(),
        if dry { " (dry run)" } else { " written" },
        share.join("zsh/site-functions").display()
    );
    Ok(ExitCode::SUCCESS)
}
