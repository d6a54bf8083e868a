//! `ctx gc`: the store pruned by age, then by size, keeping what is still pointed to.

use super::GcArgs;
use crate::agent::stats;
use anyhow::{Context, Result};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

pub(super) fn gc(args: &GcArgs) -> Result<ExitCode> {
    let dirs = match args.store.as_slice() {
        // The store the hooks and the MCP server write to, and the `ctx stats` log in it.
        [] => vec![crate::store::spill_dir(), crate::store::cache_dir("llm")],
        given => given.to_vec(),
    };
    let policy = crate::store::Policy {
        max_age: std::time::Duration::from_secs(args.max_age.saturating_mul(86_400)),
        max_bytes: args.max_size.saturating_mul(1 << 20),
    };
    for dir in dirs {
        if !dir.is_dir() {
            writeln!(std::io::stdout(), "{}: no store there", dir.display())?;
            continue;
        }
        let s = sweep(&dir, &policy, &args.keep_named, args.dry_run)?;
        let mib = |b: u64| format!("{:.1} MiB", b as f64 / f64::from(1 << 20));
        writeln!(
            std::io::stdout(),
            "{}: {} {} files ({}), kept {} ({}), {} of them pointed to",
            dir.display(),
            if args.dry_run { "would remove" } else { "removed" },
            s.removed.0,
            mib(s.removed.1),
            s.kept.0,
            mib(s.kept.1),
            s.protected
        )?;
        if dir.join(stats::LOG).exists() || dir.join(stats::OLD_LOG).exists() {
            let max_age = args.max_age.saturating_mul(86_400);
            let (removed, kept) = stats::prune(&dir, max_age, stats::now(), args.dry_run)?;
            writeln!(
                std::io::stdout(),
                "{}: {} {removed} lines older than {} days, kept {kept}",
                stats::log_path(&dir).display(),
                if args.dry_run { "would remove" } else { "removed" },
                args.max_age
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Prunes the store at `dir`, keeping what its restore indexes and the `keep` files point to.
pub(super) fn sweep(
    dir: &std::path::Path,
    policy: &crate::store::Policy,
    keep: &[PathBuf],
    dry: bool,
) -> Result<crate::store::Swept> {
    let store = crate::store::Store::open(dir)?;
    let mut protected = crate::compact::restore::referenced(&store)?;
    for f in keep {
        let text = std::fs::read(f).with_context(|| format!("cannot read '{}'", f.display()))?;
        protected.extend(crate::store::named_in(&text, store.dir()));
    }
    crate::store::gc(store.dir(), policy, &protected, dry)
}
