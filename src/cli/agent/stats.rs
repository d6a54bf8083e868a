//! `ctx stats`: what the hooks did, summed from the log they keep in the store.

use super::StatsArgs;
use crate::agent::stats;
use anyhow::{Context, Result};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// `ctx stats`.
pub(super) fn report(args: &StatsArgs) -> Result<ExitCode> {
    let store = args.store.clone().unwrap_or_else(crate::store::spill_dir);
    let (mut entries, bad) = stats::read(&store)?;
    if let Some(days) = args.days {
        let today = stats::now() / 86_400;
        entries.retain(|e| e.time / 86_400 + days > today);
    }
    if args.here {
        let cwd = std::env::current_dir().context("cannot tell the current directory")?;
        entries.retain(|e| std::path::Path::new(&e.project).starts_with(&cwd));
    }
    let mut by = args.by.clone();
    by.dedup();
    let (groups, total) = stats::summarize(&entries, &by);
    let log = stats::log_path(&store);
    let mut out = std::io::stdout().lock();
    let from = entries.first().map(|e| stats::day(e.time));
    let to = entries.last().map(|e| stats::day(e.time));
    if args.json {
        let v = serde_json::json!({"log": log.display().to_string(), "calls": entries.len(), "unreadable_lines": bad,
            "from": from, "to": to, "total": total, "groups": groups});
        writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    let (Some(from), Some(to)) = (from, to) else {
        writeln!(out, "no hook calls logged in '{}': is ctx installed (`ctx doctor`)?", log.display())?;
        return Ok(ExitCode::SUCCESS);
    };
    let saved = match total.tokens_in {
        0 => String::new(),
        t => format!(
            "; {} of {} tokens kept from the model ({:.1}%)",
            crate::text::group_digits(total.saved()),
            crate::text::group_digits(t),
            total.saved() as f64 * 100.0 / t as f64
        ),
    };
    writeln!(out, "{} hook calls from {from} to {to} (UTC){saved}", crate::text::group_digits(total.calls))?;
    writeln!(out)?;
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty()).map(PathBuf::from);
    write!(out, "{}", stats::table(&by, &groups, &total, home.as_deref()))?;
    if total.persisted > 0 {
        writeln!(
            out,
            "{} of the outputs cut had been saved to a file by the agent first: without ctx the model would have seen their start, not all of their tokens in",
            crate::text::group_digits(total.persisted)
        )?;
    }
    if total.ranked > 0 {
        writeln!(
            out,
            "{} of the outputs cut were ranked against the last output of the same command in the project (their last line says so)",
            crate::text::group_digits(total.ranked)
        )?;
    }
    if total.estimated > 0 {
        let (n, were) = match total.estimated {
            1 => ("1 output was".to_string(), "its"),
            n => (format!("{} outputs were", crate::text::group_digits(n)), "their"),
        };
        writeln!(out, "{n} longer than 64 KiB: {were} tokens in are counted on the first 64 KiB and scaled by bytes")?;
    }
    if bad > 0 {
        let lines = if bad == 1 { "line" } else { "lines" };
        writeln!(out, "{bad} {lines} of the log could not be read (written by a newer ctx, or torn): left out")?;
    }
    Ok(ExitCode::SUCCESS)
}
