//! Carrying out a plan: each replaced content is stored first, then replaced in its record by
//! the placeholder or a preview that names where it went. Records are re-checked: the calls and
//! results they hold must be the ones they held before.

use super::{Action, Plan, preview_note};
use crate::text::{count_chars, group_digits, nth_char_start};
use crate::transcript::{self, Transcript, check};
use anyhow::{Result, bail};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The placeholder `template` filled in.
pub fn render_placeholder(template: &str, chars: u64, tool: &str, path: &str) -> String {
    template.replace("{chars}", &group_digits(chars)).replace("{tool}", tool).replace("{path}", path)
}

/// One replaced tool result.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Replaced {
    /// The line its record starts on.
    pub line: usize,
    /// The id of its call.
    pub id: Option<String>,
    /// Its tool.
    pub tool: String,
    /// What was done.
    pub action: Action,
    /// Chars before.
    pub chars: u64,
    /// Chars after.
    pub chars_after: u64,
    /// Where the full content is.
    pub path: PathBuf,
    /// Tokens before and after, when they were counted.
    pub tokens: Option<(u64, u64)>,
    /// The text it got.
    #[serde(skip)]
    pub text: String,
}

/// The records a plan changed, and what it replaced.
#[derive(Debug, Default)]
pub struct Applied {
    /// The changed records, by index.
    pub changed: BTreeMap<usize, Value>,
    /// The replaced results, in order.
    pub replaced: Vec<Replaced>,
}

/// Carries out `plan` on `t`: `put` stores a content and gives its path; with `count`, the
/// tokens of each replaced content and of its replacement are counted.
pub fn apply(
    t: &Transcript,
    plan: &Plan,
    opts: &super::Options,
    count: Option<crate::tokens::Encoding>,
    put: &mut dyn FnMut(&[u8]) -> Result<PathBuf>,
) -> Result<Applied> {
    let mut out = Applied::default();
    let mut at = 0;
    while at < plan.actions.len() {
        let record = plan.results[plan.actions[at].0].record;
        let mut v = t.record(record)?;
        let before = check::pairing(t, &v);
        while let Some(&(i, action)) = plan.actions.get(at).filter(|(i, _)| plan.results[*i].record == record) {
            at += 1;
            let r = &plan.results[i];
            let text = match transcript::content(&v, &r.slot) {
                Some(c) => c.text().into_owned(),
                None => bail!("{}:{}: the tool result moved while it was compacted", t.name, t.line(record)),
            };
            let path = match action {
                Action::Recorded => PathBuf::new(),
                _ => put(text.as_bytes())?,
            };
            let shown = path.display().to_string();
            let chars = count_chars(text.as_bytes());
            let new = match action {
                Action::Recorded => plan.recorded.get(&i).cloned().unwrap_or_default(),
                Action::Prune => render_placeholder(&opts.placeholder, chars, &r.tool, &shown),
                Action::Preview => {
                    let head = &text[..nth_char_start(text.as_bytes(), opts.preview)];
                    let head = head.trim_end_matches('\n');
                    format!("{head}{}", preview_note(count_chars(head.as_bytes()), chars, &shown))
                }
            };
            transcript::replace(&mut v, &r.slot, &new)?;
            out.replaced.push(Replaced {
                line: t.line(record),
                id: r.id.clone(),
                tool: r.tool.clone(),
                action,
                chars,
                chars_after: count_chars(new.as_bytes()),
                path,
                tokens: count.map(|e| (e.count(text.as_bytes()), e.count(new.as_bytes()))),
                text: new.clone(),
            });
        }
        if check::pairing(t, &v) != before {
            bail!(
                "{}:{}: compaction would break the pairing of tool calls and results; nothing written",
                t.name,
                t.line(record)
            );
        }
        out.changed.insert(record, v);
    }
    Ok(out)
}
