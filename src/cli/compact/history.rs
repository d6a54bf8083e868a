//! The history path of `ctx-compact`: prune and budgets, then history compaction when a target
//! is given, and `--state` around both.

use super::batch::{Ctx, Dest, write_dest};
use super::report::{Outcome, Status};
use crate::compact::{self, restore};
use crate::store::{self, Store};
use crate::transcript::Transcript;
use anyhow::{Context, Result};
use std::path::Path;

/// Prune and budgets, then, when the result is still over the target, history compaction;
/// with `--state`, the decisions of earlier runs first and this run's recorded after. The whole
/// original is stored, and the output maps back to it whole.
#[allow(clippy::too_many_arguments)]
pub(super) fn compact_history(
    t: &Transcript,
    ctx: &Ctx<'_>,
    dest: &Dest,
    outcome: &mut Outcome,
    plan: &compact::Plan,
    mut state: Option<compact::state::State>,
    (dir, shown): (&Path, &Path),
    count: Option<crate::tokens::Encoding>,
) -> Result<()> {
    let dry = ctx.args.dry_run;
    let store = if dry { None } else { Some(Store::open(dir)?) };
    let mut put = |b: &[u8]| match &store {
        Some(s) => s.put(b),
        None => Ok(shown.join(store::name_of(b))),
    };
    let applied = compact::apply(t, plan, ctx.opts, count, &mut put)?;
    let mut pruned = Vec::new();
    t.write(&applied.changed, &mut pruned, &mut |_, _| Ok(()))?;
    let mut stage = Transcript::parse(&t.name, pruned, Some(t.format))?;
    // Sizes are counted for the report only: the history module counts what it needs itself.
    let before = count.map(|e| compact::history::size(t, e, false)).transpose()?;
    outcome.record(before, &applied.replaced);
    let mut after = None;
    if let Some((hopts, client)) = ctx.history {
        if let Some(event) = state.as_ref().and_then(|s| s.compaction.as_ref())
            && let Some(bytes) = compact::history::reapply(&stage, hopts, event)?
        {
            stage = Transcript::parse(&t.name, bytes, Some(t.format))?;
        }
        let pointer = shown.join(store::name_of(&t.bytes)).display().to_string();
        let h = compact::history::compact(&stage, hopts, &pointer, client.as_ref())?;
        outcome.warnings.extend(h.warnings.iter().cloned());
        outcome.strict_failure = ctx.args.strict && client.is_some() && h.bytes.is_some() && !h.llm;
        if outcome.strict_failure {
            // --strict means nothing is written when anything fell back.
            anyhow::bail!("the summary fell back to the extractive record and --strict is set: nothing was written");
        }
        outcome.history = h.bytes.is_some().then_some(h.dropped);
        after = Some(h.after);
        if let Some(bytes) = h.bytes {
            stage = Transcript::parse(&t.name, bytes, Some(t.format))?;
        }
        if let (Some(s), Some(event)) = (state.as_mut(), h.event) {
            s.compaction = Some(event);
            s.summarized.extend(h.summarized);
        }
    }
    if let (Some(before), Some(e)) = (before, count) {
        let after = match after {
            Some(a) => a,
            None => compact::history::size(&stage, e, false)?,
        };
        outcome.tokens = Some((before, after));
    }
    let out = stage.bytes;
    outcome.bytes.1 = out.len() as u64;
    if let Some(s) = state.as_mut() {
        remember(s, t, plan, &applied, &out)?;
    }
    if dry {
        outcome.status = Status::DryRun;
        return Ok(());
    }
    if let (Some(s), Some(path)) = (&state, &ctx.args.state) {
        s.save(path)?;
    }
    if out == t.bytes {
        outcome.status = Status::Unchanged;
        return match dest {
            Dest::InPlace(_) => Ok(()),
            _ => write_dest(dest, &mut |w| Ok(w.write_all(&t.bytes)?)),
        };
    }
    let store = store.as_ref().context("no store")?;
    let original = store.put(&t.bytes)?;
    let mut index = restore::Index::new(&original)?;
    index.add(&out, 0..t.bytes.len());
    if t.is_lines() && out.ends_with(b"\n") {
        index.add_prefix(&out, 0..t.bytes.len());
    }
    write_dest(dest, &mut |w| {
        w.write_all(&out)?;
        index.save(store)
    })?;
    outcome.status = Status::Written;
    Ok(())
}

/// Records this run's decisions in the state: every fresh result replaced (with its text) or
/// frozen, and the first records of the input and the output.
fn remember(
    s: &mut compact::state::State,
    t: &Transcript,
    plan: &compact::Plan,
    applied: &compact::Applied,
    out: &[u8],
) -> Result<()> {
    let replaced: std::collections::HashMap<&str, &str> =
        applied.replaced.iter().filter_map(|r| r.id.as_deref().map(|id| (id, r.text.as_str()))).collect();
    for r in &plan.results {
        if let Some(id) = &r.id {
            s.results.entry(id.clone()).or_insert_with(|| replaced.get(id.as_str()).map(|text| (*text).to_string()));
        }
    }
    if !t.is_empty() {
        s.first.insert(compact::state::record_key(t, 0)?);
    }
    let output = Transcript::parse(&t.name, out.to_vec(), Some(t.format))?;
    if !output.is_empty() {
        s.first.insert(compact::state::record_key(&output, 0)?);
    }
    Ok(())
}
