//! `ctx-summarize --progressive`: a first look at a large output. Its first lines, a short
//! summary (by the LLM, or extractive), the size of the whole and where the whole was saved, so
//! that an agent can then read exactly the part it needs (`ctx-truncate --lines A:B PATH`).

use super::Args;
use crate::llm::Client;
use crate::store::Store;
use crate::summarize::{self, Summary};
use crate::text::{Budget, Size, group_digits};
use crate::truncate::{self, Doc, Marker, Strategy};
use anyhow::Result;
use std::io::Write;

/// The short summary's size: at most this many chars, aiming at about two thirds of it.
const SUMMARY_CHARS: u64 = 300;

/// A first look at one input.
pub struct Look {
    /// Its first lines.
    pub head: String,
    /// Lines shown.
    pub shown: u64,
    /// The short summary.
    pub summary: Summary,
    /// The size of the whole.
    pub size: Size,
    /// Where the whole was saved.
    pub path: String,
}

/// Saves `input`, then takes its first lines and a short summary of it.
pub fn look(
    input: &[u8],
    opts: &summarize::Options,
    client: Option<&Client>,
    store: &Store,
    args: &Args,
) -> Result<Look> {
    let path = store.put(input)?.display().to_string();
    let head_opts = truncate::Options {
        budget: Budget { lines: Some(args.preview_lines), chars: Some(args.max_output), ..Budget::default() },
        strategy: Strategy::Head,
        marker: Marker::Off,
        ..truncate::Options::default()
    };
    let head = truncate::fit(&Doc::whole(input.to_vec()), &head_opts, None);
    let short = summarize::Options {
        pass_through: 1,
        summarize_above: 1,
        max_output: SUMMARY_CHARS,
        target: SUMMARY_CHARS * 2 / 3,
        map_chars: SUMMARY_CHARS,
        header: false,
        merge: true,
        ..opts.clone()
    };
    let mut summary = super::summarize_one(input, &short, client, args);
    if summary.tier == summarize::Tier::Extracted {
        summary.summary = gist(input, SUMMARY_CHARS, opts.encoding);
    }
    let size = Size::of(input, None);
    let head = String::from_utf8_lossy(&head.text).into_owned();
    let shown = crate::text::count_lines(head.as_bytes());
    Ok(Look { head, shown, summary, size, path })
}

/// The best sentences of `text` by score, in order, joined by ` … ` in at most `chars` chars:
/// an extractive summary short enough that gap markers would take most of it.
fn gist(text: &[u8], chars: u64, encoding: crate::tokens::Encoding) -> String {
    use crate::chunk::{self, Level};
    use crate::score::{self, Scorer, Weights};
    let opts = chunk::Options {
        size: chars / 2,
        unit: crate::text::Unit::Chars,
        boundary: Level::Sentence,
        overlap: 0,
        encoding,
    };
    let pieces = score::pieces(text, &opts);
    let texts: Vec<String> = pieces
        .iter()
        .map(|p| String::from_utf8_lossy(&p.text).split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let weights = Weights { position: 0.2, discourse: 0.6, entity: 0.2 };
    let Ok(scorer) = Scorer::new(&[], weights, 0.0) else { return String::new() };
    let scores = scorer.score(&pieces.iter().map(|p| &p.text[..]).collect::<Vec<_>>(), None);
    let mut order: Vec<usize> = (0..pieces.len()).filter(|i| !texts[*i].is_empty()).collect();
    order.sort_by(|a, b| scores[*b].total.total_cmp(&scores[*a].total).then(a.cmp(b)));
    let (mut kept, mut used) = (Vec::new(), 0u64);
    for i in order {
        let n = crate::text::count_chars(texts[i].as_bytes()) + if kept.is_empty() { 0 } else { 3 };
        if used + n <= chars {
            kept.push(i);
            used += n;
        }
    }
    kept.sort_unstable();
    let joined = kept.iter().map(|i| texts[*i].as_str()).collect::<Vec<_>>().join(" … ");
    if joined.is_empty() {
        // Not one sentence fits: the start of the text, cut on a char.
        let flat = texts.join(" ");
        return flat[..crate::text::nth_char_start(flat.as_bytes(), chars)].to_string();
    }
    joined
}

/// Writes a first look as text, or as JSON with `--json`.
pub fn write(look: &Look, name: Option<&str>, json: bool, out: &mut impl Write) -> Result<()> {
    let one_line = look.summary.summary.split_whitespace().collect::<Vec<_>>().join(" ");
    if json {
        let mut v = serde_json::json!({
            "head": look.head, "head_lines": look.shown, "summary": one_line, "tier": look.summary.tier,
            "lines": look.size.lines, "chars": look.size.chars, "bytes": look.size.bytes, "path": look.path,
        });
        if let Some(n) = name {
            v["name"] = n.into();
        }
        writeln!(out, "{v}")?;
        return Ok(());
    }
    writeln!(out, "[first {} of {} lines]", group_digits(look.shown), group_digits(look.size.lines))?;
    out.write_all(look.head.as_bytes())?;
    if !look.head.is_empty() && !look.head.ends_with('\n') {
        writeln!(out)?;
    }
    let kind = if look.summary.tier == summarize::Tier::Extracted { "extractive summary" } else { "summary" };
    writeln!(out, "[{kind}: {one_line}]")?;
    writeln!(
        out,
        "[whole: {} lines, {} chars, {} bytes; full text at {}]",
        group_digits(look.size.lines),
        group_digits(look.size.chars),
        group_digits(look.size.bytes),
        look.path
    )?;
    writeln!(out, "[read more: ctx-truncate --lines A:B {}]", look.path)?;
    Ok(())
}
