//! Gap markers: one line, in place of each gap, with the real numbers of what was omitted.

use crate::text::{Size, group_digits};
use serde::Serialize;

/// A run of the input left out of the output.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Gap {
    /// First line (1-based) the gap touches.
    pub start_line: u64,
    /// Last line the gap touches.
    pub end_line: u64,
    /// First byte omitted (0-based offset).
    pub start_byte: u64,
    /// One past the last byte omitted.
    pub end_byte: u64,
    /// Lines omitted (a partly omitted line counts as one).
    pub lines: u64,
    /// Chars omitted.
    pub chars: u64,
    /// Tokens omitted, when counted.
    pub tokens: Option<u64>,
    /// Whether `tokens` is an estimate.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub tokens_estimated: bool,
    /// Whether the gap starts and ends on line boundaries.
    #[serde(skip)]
    pub aligned: bool,
    /// Lines of the gap that share the template of the kept line just before it (they differ
    /// from it only in numbers, ids or timestamps): what folding them saved.
    #[serde(skip_serializing_if = "is_zero")]
    pub repeats: u64,
    /// Whether `repeats` counts lines like the kept line just after the gap instead.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub repeats_below: bool,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Gap {
    /// The gap `[start, end)` of the given size, starting on `start_line`.
    pub fn new(start: u64, end: u64, size: &Size, start_line: u64, aligned: bool) -> Gap {
        Gap {
            start_line,
            end_line: start_line + size.lines.saturating_sub(1),
            start_byte: start,
            end_byte: end,
            lines: size.lines,
            chars: size.chars,
            tokens: size.tokens,
            tokens_estimated: size.tokens_estimated,
            aligned,
            repeats: 0,
            repeats_below: false,
        }
    }
}

/// What marks a gap.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Marker {
    /// The built-in wording, e.g. `[... 120 lines (4,560 chars) omitted: lines 41-160 ...]`.
    #[default]
    Default,
    /// The line range alone, e.g. `[... lines 41-160 omitted ...]`, with the lines folded into a
    /// kept one as in the default wording: for an extractive summary, which is read rather than
    /// replayed, whose header gives the whole's size, and whose many gaps in a small budget
    /// would otherwise take its room (on bench/reallogs.sh the default wording took 19% of the
    /// 3,000 chars of the offline summaries that missed a decisive line). A gap that starts or
    /// ends inside a line is shown with its size, as in the default wording.
    Brief,
    /// The spill-to-disk preview footer: how much is shown of how much, and where the rest is.
    Preview,
    /// `[...]` (`[... full text: PATH ...]` when the text was saved): used when the full wording
    /// would take more than half the budget.
    Compact,
    /// A user template with `{placeholders}` (see [`PLACEHOLDERS`]).
    Template(String),
    /// Nothing.
    Off,
}

/// The placeholders a template may use.
pub const PLACEHOLDERS: &[&str] = &[
    "lines",
    "chars",
    "bytes",
    "tokens",
    "start_line",
    "end_line",
    "path",
    "total_lines",
    "total_chars",
    "total_bytes",
];

/// The placeholders that show the gap itself; a template needs one of them, or a cut would be
/// marked with nothing that says what is missing.
const GAP_PLACEHOLDERS: &[&str] = &["lines", "chars", "bytes", "tokens", "start_line", "end_line"];

/// Checks a template: every `{name}` must be a known placeholder, and one must show the gap.
pub fn check_template(t: &str) -> Result<(), String> {
    let mut rest = t;
    let mut shows_gap = false;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else { break };
        let name = &rest[open + 1..open + close];
        if !PLACEHOLDERS.contains(&name) {
            return Err(format!("unknown placeholder '{{{name}}}' in --marker; known: {}", PLACEHOLDERS.join(", ")));
        }
        shows_gap |= GAP_PLACEHOLDERS.contains(&name);
        rest = &rest[open + close + 1..];
    }
    if !shows_gap {
        let names: Vec<String> = GAP_PLACEHOLDERS.iter().map(|p| format!("{{{p}}}")).collect();
        return Err(format!(
            "--marker '{t}' does not show what is cut: use at least one of {} (or --no-marker)",
            names.join(" ")
        ));
    }
    Ok(())
}

/// What a marker may mention besides the gap.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    /// The size of the whole input.
    pub total: &'a Size,
    /// Where the full text was saved.
    pub path: Option<&'a str>,
    /// Whether the default wording counts tokens, not chars (with a token budget): a marker in a
    /// token budget is paid for in tokens, and what it needs to say is the gap's lines and its
    /// size in the budget's unit (on bench/reallogs.sh, counting tokens alone in the markers
    /// kept 8 decisive lines more at 2,000 tokens; the markers had been two fifths of the tokens
    /// of a coffeescript run's output).
    pub show_tokens: bool,
    /// The number of the input's first line (not 1 when it is a range of a larger text).
    pub first_line: u64,
}

fn tokens(gap: &Gap) -> Option<String> {
    gap.tokens.map(|t| format!("{}{}", if gap.tokens_estimated { "~" } else { "" }, group_digits(t)))
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", group_digits(n), if n == 1 { one } else { many })
}

fn line_range(gap: &Gap) -> String {
    if gap.start_line == gap.end_line {
        format!("line {}", group_digits(gap.start_line))
    } else {
        format!("lines {}-{}", group_digits(gap.start_line), group_digits(gap.end_line))
    }
}

/// What a marker says of the gap's lines that share the template of the kept line next to it.
fn like(gap: &Gap) -> String {
    match gap.repeats {
        0 => String::new(),
        n => format!(", {} like the line {}", group_digits(n), if gap.repeats_below { "below" } else { "above" }),
    }
}

/// The marker line for `gap`, without its newline; `None` when markers are off.
pub fn render(marker: &Marker, gap: &Gap, cx: Context<'_>) -> Option<String> {
    let path = cx.path.map(|p| format!("; full text: {p}")).unwrap_or_default();
    // The gap's size in the budget's unit, for the default wording.
    let counts = || match tokens(gap).filter(|_| cx.show_tokens) {
        Some(t) => format!("{t} tokens"),
        None => plural(gap.chars, "char", "chars"),
    };
    Some(match marker {
        Marker::Off => return None,
        Marker::Compact => match cx.path {
            Some(p) => format!("[... full text: {p} ...]"),
            None => "[...]".to_string(),
        },
        Marker::Default if gap.aligned => format!(
            "[... {} ({}) omitted: {}{}{path} ...]",
            plural(gap.lines, "line", "lines"),
            counts(),
            line_range(gap),
            like(gap)
        ),
        Marker::Brief if gap.aligned => format!("[... {} omitted{}{path} ...]", line_range(gap), like(gap)),
        Marker::Default | Marker::Brief if gap.start_line == gap.end_line => {
            format!("[... {} omitted from line {}{path} ...]", counts(), group_digits(gap.start_line))
        }
        Marker::Default | Marker::Brief => {
            format!("[... {} omitted: {} (partly){path} ...]", counts(), line_range(gap))
        }
        Marker::Preview => format!(
            "[... output truncated: showing {} of {} chars ({} lines in all); full output: {} ...]",
            group_digits(cx.total.chars.saturating_sub(gap.chars)),
            group_digits(cx.total.chars),
            group_digits(cx.total.lines),
            cx.path.unwrap_or("(not saved)"),
        ),
        Marker::Template(t) => fill(t, gap, cx),
    })
}

fn fill(template: &str, gap: &Gap, cx: Context<'_>) -> String {
    let value = |name: &str| -> Option<String> {
        Some(match name {
            "lines" => group_digits(gap.lines),
            "chars" => group_digits(gap.chars),
            "bytes" => group_digits(gap.end_byte - gap.start_byte),
            "tokens" => tokens(gap).unwrap_or_else(|| "?".into()),
            "start_line" => group_digits(gap.start_line),
            "end_line" => group_digits(gap.end_line),
            "path" => cx.path.unwrap_or("").to_string(),
            "total_lines" => group_digits(cx.total.lines),
            "total_chars" => group_digits(cx.total.chars),
            "total_bytes" => group_digits(cx.total.bytes),
            _ => return None,
        })
    };
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let close = rest[open..].find('}').map(|c| open + c);
        match close.and_then(|c| value(&rest[open + 1..c]).map(|v| (c, v))) {
            Some((c, v)) => {
                out.push_str(&v);
                rest = &rest[c + 1..];
            }
            None => {
                out.push('{');
                rest = &rest[open + 1..];
            }
        }
    }
    out.push_str(rest);
    out.replace('\n', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gap(aligned: bool, start: u64, lines: u64) -> Gap {
        Gap { start_line: start, end_line: start + lines - 1, lines, chars: 4567890, aligned, ..Gap::default() }
    }

    #[test]
    fn default_wording() {
        let total = Size::default();
        let cx = Context { total: &total, path: None, show_tokens: false, first_line: 1 };
        assert_eq!(
            render(&Marker::Default, &gap(true, 129, 12345), cx).as_deref(),
            Some("[... 12,345 lines (4,567,890 chars) omitted: lines 129-12,473 ...]")
        );
        assert_eq!(
            render(&Marker::Default, &gap(false, 5, 1), cx).as_deref(),
            Some("[... 4,567,890 chars omitted from line 5 ...]")
        );
        let mut g = gap(true, 7, 1);
        g.tokens = Some(1234);
        g.tokens_estimated = true;
        let cx = Context { total: &total, path: Some("/tmp/x.txt"), show_tokens: false, first_line: 1 };
        assert_eq!(
            render(&Marker::Default, &g, cx).as_deref(),
            Some("[... 1 line (4,567,890 chars) omitted: line 7; full text: /tmp/x.txt ...]")
        );
        // A token budget is shown tokens.
        let cx = Context { show_tokens: true, ..cx };
        assert_eq!(
            render(&Marker::Default, &g, cx).as_deref(),
            Some("[... 1 line (~1,234 tokens) omitted: line 7; full text: /tmp/x.txt ...]")
        );
        assert_eq!(
            render(&Marker::Default, &Gap { aligned: false, ..g.clone() }, cx).as_deref(),
            Some("[... ~1,234 tokens omitted from line 7; full text: /tmp/x.txt ...]")
        );
        // Without a token count, chars stand in.
        assert_eq!(
            render(&Marker::Default, &gap(true, 129, 12345), cx).as_deref(),
            Some("[... 12,345 lines (4,567,890 chars) omitted: lines 129-12,473; full text: /tmp/x.txt ...]")
        );
    }

    #[test]
    fn brief_wording() {
        let total = Size::default();
        let cx = Context { total: &total, path: None, show_tokens: false, first_line: 1 };
        assert_eq!(
            render(&Marker::Brief, &gap(true, 129, 12345), cx).as_deref(),
            Some("[... lines 129-12,473 omitted ...]")
        );
        assert_eq!(render(&Marker::Brief, &gap(true, 7, 1), cx).as_deref(), Some("[... line 7 omitted ...]"));
        // Folds and the saved path as in the default wording.
        let folded = Gap { repeats: 12, repeats_below: true, ..gap(true, 129, 40) };
        let cx = Context { path: Some("/tmp/x.txt"), ..cx };
        assert_eq!(
            render(&Marker::Brief, &folded, cx).as_deref(),
            Some("[... lines 129-168 omitted, 12 like the line below; full text: /tmp/x.txt ...]")
        );
        // A gap inside a line says how much of it is gone.
        assert_eq!(
            render(&Marker::Brief, &gap(false, 5, 1), cx).as_deref(),
            Some("[... 4,567,890 chars omitted from line 5; full text: /tmp/x.txt ...]")
        );
        assert_eq!(
            render(&Marker::Brief, &gap(false, 5, 3), cx).as_deref(),
            Some("[... 4,567,890 chars omitted: lines 5-7 (partly); full text: /tmp/x.txt ...]")
        );
    }

    #[test]
    fn templates() {
        let total = Size { lines: 99, ..Size::default() };
        let cx = Context { total: &total, path: None, show_tokens: true, first_line: 1 };
        let t = Marker::Template("<{lines} of {total_lines}, {nope}>".into());
        assert_eq!(render(&t, &gap(true, 1, 3), cx).as_deref(), Some("<3 of 99, {nope}>"));
        assert!(check_template("{lines} {start_line}").is_ok());
        assert!(check_template("{line}").is_err());
        for blind in ["", "x", "[cut] {path}", "{total_lines} in all", "{lines"] {
            let e = check_template(blind).expect_err(blind);
            assert!(
                e.starts_with(&format!("--marker '{blind}' does not show what is cut: use at least one of {{lines}}")),
                "{e}"
            );
        }
    }
}
