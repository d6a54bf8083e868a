//! `ctx-summarize --progressive`: a first look at a large output. Its first lines, a short
//! summary (by the LLM, or extractive), the size of the whole and where the whole was saved, so
//! that an agent can then read exactly the part it needs (`ctx-truncate --lines A:B PATH`).
//!
//! One call, [`run`], as `ctx-summarize --progressive` makes it for each input.

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

/// How to take a first look.
pub struct Request<'a> {
    /// The summary's options: `max_output` holds for the whole look, and `encoding` counts.
    pub opts: summarize::Options,
    /// Lines the look shows at most.
    pub preview_lines: u64,
    /// Where the whole is saved.
    pub store: Store,
    /// Write the look as JSON.
    pub json: bool,
    /// What summarizes (with the short options the look gives it): [`summarize::summarize`]
    /// with an LLM or without, behind a progress bar or not; an error (an LLM that refused the
    /// run) ends the look before anything is written.
    pub summarizer: &'a dyn Fn(&[u8], &summarize::Options) -> Result<Summary>,
}

/// One input to look at.
pub struct Input<'a> {
    /// Its text.
    pub text: &'a [u8],
    /// Its name, given in the JSON look when there are several inputs.
    pub name: Option<&'a str>,
    /// Written before the text look (not before a JSON one): `==> name <==`.
    pub header: Option<String>,
}

/// Saves `input`, takes its first lines and a short summary of it, and writes the look to
/// `output`; the look is given back (its summary says whether it fell back).
pub fn run(input: Input<'_>, request: &Request<'_>, output: &mut impl Write) -> Result<Look> {
    let look = look(input.text, request)?;
    if let Some(h) = input.header.as_deref().filter(|_| !request.json) {
        output.write_all(h.as_bytes())?;
    }
    write(&look, input.name, request.json, output)?;
    Ok(look)
}

/// Saves `input`, then takes its first lines and a short summary of it.
fn look(input: &[u8], req: &Request<'_>) -> Result<Look> {
    let opts = &req.opts;
    let path = req.store.put(input)?.display().to_string();
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
    let mut summary = (req.summarizer)(input, &short)?;
    if summary.tier == summarize::Tier::Extracted {
        summary.summary = gist(input, SUMMARY_CHARS, opts.encoding);
    }
    let size = Size::of(input, None);
    let mut look = Look { head: String::new(), shown: 0, summary, size, path };
    // --max-output holds for the whole look: its first lines take what the rest leaves.
    let mut rest = Vec::new();
    write(&look, None, false, &mut rest)?;
    let rest = crate::text::count_chars(&rest) + crate::text::count_chars(group_digits(size.lines).as_bytes());
    let Some(room) = opts.max_output.checked_sub(rest) else {
        anyhow::bail!(
            "--max-output {} cannot hold the first look's summary and where the whole was saved ({} chars): raise it",
            group_digits(opts.max_output),
            group_digits(rest)
        );
    };
    // A last line without its newline is given one when written.
    let room = room.saturating_sub(u64::from(input.last().is_some_and(|&c| c != b'\n')));
    look.head = first_lines(input, req.preview_lines, room);
    look.shown = crate::text::count_lines(look.head.as_bytes());
    Ok(look)
}

/// The first `lines` lines of `input` in at most `chars` chars: whole lines, or, when not even
/// the first one fits, its start marked ` [...]` where it is cut.
fn first_lines(input: &[u8], lines: u64, chars: u64) -> String {
    let head = |chars: u64| {
        let opts = truncate::Options {
            budget: Budget { lines: Some(lines), chars: Some(chars), ..Budget::default() },
            strategy: Strategy::Head,
            marker: Marker::Off,
            ..truncate::Options::default()
        };
        truncate::fit(&Doc::whole(input.to_vec()), &opts, None).text
    };
    let mut text = head(chars);
    if text.len() < input.len() && text.last().is_some_and(|&c| c != b'\n') {
        match memchr::memrchr(b'\n', &text) {
            Some(i) => text.truncate(i + 1),
            None if chars > CUT.len() as u64 => {
                text = head(chars - CUT.len() as u64);
                text.extend_from_slice(CUT.as_bytes());
            }
            None => text.clear(),
        }
    }
    String::from_utf8_lossy(&text).into_owned()
}

/// What ends a first line cut for want of room.
const CUT: &str = " [...]\n";

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

#[cfg(test)]
mod tests {
    use super::*;

    /// A first look as `ctx-summarize --progressive` takes it, without a binary: the first
    /// lines, an extractive summary, the size of the whole and where it was saved.
    #[test]
    fn looks_as_the_command_does() {
        let dir = std::env::temp_dir().join(format!("ctx-progressive-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let summarizer = |text: &[u8], short: &summarize::Options| Ok(summarize::summarize(text, short, None, &|_| {}));
        let req = Request {
            opts: summarize::Options { max_output: 2000, ..summarize::Options::default() },
            preview_lines: 2,
            store: Store::open(&dir).expect("store"),
            json: false,
            summarizer: &summarizer,
        };
        let text = "The build failed.\nerror: cannot find crate `serde`.\nIt was added to Cargo.toml.\nRun cargo update first.\n";
        let mut out = Vec::new();
        let input = Input { text: text.as_bytes(), name: None, header: Some("==> a <==\n".into()) };
        let look = run(input, &req, &mut out).expect("look");
        let path = req.store.dir().join(crate::store::name_of(text.as_bytes()));
        assert_eq!(look.path, path.display().to_string());
        assert_eq!(
            String::from_utf8(out).expect("utf-8"),
            format!(
                "==> a <==\n[first 2 of 4 lines]\nThe build failed.\nerror: cannot find crate `serde`.\n[extractive summary: The build failed. error: cannot find crate `serde`. It was added to Cargo.toml. Run cargo update first.]\n[whole: 4 lines, 104 chars, 104 bytes; full text at {p}]\n[read more: ctx-truncate --lines A:B {p}]\n",
                p = look.path
            )
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
