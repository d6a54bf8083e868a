//! JSON cut to a budget so that it stays valid JSON.
//!
//! A document that already fits is returned unchanged, byte for byte. Otherwise it is parsed and
//! rendered again with limits that are tightened step by step until the output fits:
//!
//! - arrays keep their first and last items around a marker item `"… 180 more items"`;
//! - objects keep their first members, then a marker member `"…": "12 more keys"`;
//! - strings keep their first chars: `"first chars… [12,345 more chars]"` (only when that is
//!   shorter than the string);
//! - containers below the depth limit are summarized: an object keeps its keys with their values
//!   replaced by `"…"` (except null, booleans, numbers of up to five chars and empty strings,
//!   which are no longer than the marker), and an array becomes `["… 12 items"]`;
//! - an object with no member left is `{"…": "12 keys"}`.
//!
//! A marker member's key is `…` (or `……` and so on when the object has that key already).
//! Numbers (every digit: serde_json keeps them as text, though it spells an exponent `e+5` or
//! `e-5`), booleans, null and key order are kept as in the input; strings are escaped as
//! serde_json escapes them. The output is pretty-printed with two spaces when the input spans
//! several lines and compact otherwise, and ends with a newline when the input did; when no
//! pretty form fits, the compact one is tried. When nothing else fits, the output is `[]`, `{}`
//! or `""` after the kind of the top value, and when even that does not fit the cut fails.
//!
//! The search: for each depth limit, a binary search over `STEPS` (items, keys and chars
//! tightened together) finds the loosest step that fits. The depth whose rendering shows the
//! most values wins (then the longest), and its three limits are loosened one step at a time
//! while the output still fits. A rendering stops as soon as it has more bytes or lines than
//! the budget could hold, and only renderings are measured against the budget, never the whole
//! document again. Recursion follows the parsed value, whose depth serde_json bounds (128
//! levels), so no input can overflow the stack.

use crate::text::{Budget, count_chars, group_digits};
use crate::tokens::Encoding;
use anyhow::{Context, Result, anyhow, bail};
use serde_json::{Map, Value};
use std::fmt::Write as _;

/// What a cut kept and dropped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CutReport {
    /// The output: valid JSON that fits the budget.
    pub text: String,
    /// Array items and object members left out, as counted by the markers (`"… 180 more items"`,
    /// `"… 12 items"`, `"…": "12 more keys"`, `"…": "12 keys"`) or by an empty `[]` or `{}`.
    pub items_dropped: u64,
    /// Strings shortened with a `… [N more chars]` marker.
    pub strings_cut: u64,
    /// Containers summarized at the depth limit (and a top scalar replaced by `""` when nothing
    /// else fits).
    pub depth_cut: u64,
}

/// How far the rendering goes: containers nested `depth` levels deep are summarized; arrays keep
/// `items` items, objects `keys` members, strings `chars` chars.
#[derive(Clone, Copy, Debug)]
struct Limits {
    depth: usize,
    items: usize,
    keys: usize,
    chars: usize,
}

/// Breadth steps from the whole document to the tightest form: (items, keys, chars).
const STEPS: [(usize, usize, usize); 22] = [
    (usize::MAX, usize::MAX, usize::MAX),
    (1000, 1000, 5000),
    (400, 500, 2000),
    (200, 300, 1000),
    (100, 200, 600),
    (60, 120, 400),
    (40, 80, 300),
    (24, 60, 200),
    (16, 40, 150),
    (12, 30, 120),
    (10, 24, 100),
    (8, 20, 80),
    (6, 16, 64),
    (5, 12, 48),
    (4, 10, 40),
    (3, 8, 32),
    (2, 6, 24),
    (2, 4, 16),
    (2, 3, 12),
    (2, 2, 8),
    (2, 1, 4),
    (0, 0, 0),
];

/// Depth limits tried, from none to summarizing the top value itself.
const DEPTHS: [usize; 9] = [usize::MAX, 8, 6, 5, 4, 3, 2, 1, 0];

/// The shape of the output text.
#[derive(Clone, Copy, Debug)]
struct Layout {
    pretty: bool,
    final_newline: bool,
}

/// Cuts the JSON document `input` to fit `budget` (every given unit), staying valid JSON.
/// Input that fits is returned unchanged; input that is not JSON is an error with its line and
/// column.
pub fn cut(input: &[u8], budget: &Budget, encoding: Encoding) -> Result<CutReport> {
    let value: Value = serde_json::from_slice(input).map_err(|e| anyhow!("not valid JSON: {e}"))?;
    if budget.fits(input, encoding) {
        let text = String::from_utf8(input.to_vec()).context("not valid JSON: not UTF-8")?;
        return Ok(CutReport { text, ..CutReport::default() });
    }
    let final_newline = input.ends_with(b"\n");
    let pretty = Layout { pretty: input.trim_ascii_end().contains(&b'\n'), final_newline };
    let compact = Layout { pretty: false, final_newline };
    let search = |layout| Search { value: &value, budget, encoding, layout }.best();
    let found = search(pretty).or_else(|| search(compact));
    match found {
        Some(cut) => Ok(cut),
        None => smallest(&value, budget, encoding, final_newline),
    }
}

/// The empty form of the top value (`[]`, `{}` or `""`), with its final newline if it fits.
fn smallest(value: &Value, budget: &Budget, encoding: Encoding, final_newline: bool) -> Result<CutReport> {
    let (text, empty) = match value {
        Value::Array(items) => ("[]", CutReport { items_dropped: items.len() as u64, ..CutReport::default() }),
        Value::Object(map) => ("{}", CutReport { items_dropped: map.len() as u64, ..CutReport::default() }),
        Value::String(_) => ("\"\"", CutReport { strings_cut: 1, ..CutReport::default() }),
        _ => ("\"\"", CutReport { depth_cut: 1, ..CutReport::default() }),
    };
    let with_newline = format!("{text}\n");
    let candidates = [final_newline.then_some(with_newline.as_str()), Some(text)];
    match candidates.into_iter().flatten().find(|t| budget.fits(t.as_bytes(), encoding)) {
        Some(fits) => Ok(CutReport { text: fits.to_owned(), ..empty }),
        None => bail!("the budget is too small for any valid JSON: even {text} does not fit"),
    }
}

/// Whether `bytes` look like one JSON document: the first non-space byte is `{` or `[`, the last
/// one closes it, and the whole parses.
pub fn looks_like_json(bytes: &[u8]) -> bool {
    let trimmed = bytes.trim_ascii();
    matches!((trimmed.first(), trimmed.last()), (Some(b'{'), Some(b'}')) | (Some(b'['), Some(b']')))
        && serde_json::from_slice::<serde::de::IgnoredAny>(bytes).is_ok()
}

/// One search for the best rendering of a document within a budget, in one layout.
struct Search<'a> {
    value: &'a Value,
    budget: &'a Budget,
    encoding: Encoding,
    layout: Layout,
}

impl Search<'_> {
    /// The rendering that fits and shows the most values (then the longest) over every depth
    /// limit, since keys alone say less than a few whole items; then loosened where it has room.
    fn best(&self) -> Option<CutReport> {
        let levels = depth_of(self.value);
        let mut best: Option<(usize, usize, Rendered)> = None;
        for depth in DEPTHS.into_iter().filter(|&d| d == usize::MAX || d < levels) {
            let Some((step, found)) = self.loosest(depth) else { continue };
            let score = |r: &Rendered| (r.values, r.cut.text.len());
            if best.as_ref().is_none_or(|b| score(&found) > score(&b.2)) {
                best = Some((depth, step, found));
            }
            if step == 0 {
                break; // nothing is cut but depth, so shallower limits only lose more
            }
        }
        best.map(|(depth, step, found)| self.relax(depth, [step; 3], found).cut)
    }

    /// The loosest breadth step (and its rendering) at which the document fits at `depth`.
    fn loosest(&self, depth: usize) -> Option<(usize, Rendered)> {
        let (mut lo, mut hi, mut found) = (0, STEPS.len(), None);
        while lo < hi {
            let mid = (lo + hi) / 2;
            match self.fit(depth, [mid; 3]) {
                Some(r) => (found, hi) = (Some((mid, r)), mid),
                None => lo = mid + 1,
            }
        }
        found
    }

    /// Loosens the item, key and char limits one step at a time, in turn, for as long as the
    /// output still fits: the steps move all three together, and the budget often has room
    /// between two of them. A limit that cut nothing is not tried, as loosening it would change
    /// nothing.
    fn relax(&self, depth: usize, mut at: [usize; 3], mut found: Rendered) -> Rendered {
        loop {
            let mut moved = false;
            for dim in 0..3 {
                let mut next = at;
                next[dim] = at[dim].saturating_sub(1);
                if found.bit[dim]
                    && next[dim] < at[dim]
                    && let Some(r) = self.fit(depth, next)
                {
                    (at, found, moved) = (next, r, true);
                }
            }
            if !moved {
                return found;
            }
        }
    }

    /// The rendering with the items, keys and chars of the steps `at`, if it fits.
    fn fit(&self, depth: usize, at: [usize; 3]) -> Option<Rendered> {
        let limits = Limits { depth, items: STEPS[at[0]].0, keys: STEPS[at[1]].1, chars: STEPS[at[2]].2 };
        render(self.value, limits, self.layout, self.budget)
            .filter(|r| self.budget.fits(r.cut.text.as_bytes(), self.encoding))
    }
}

/// How many container levels `value` has (0 for a scalar).
fn depth_of(value: &Value) -> usize {
    match value {
        Value::Array(items) => 1 + items.iter().map(depth_of).max().unwrap_or(0),
        Value::Object(map) => 1 + map.values().map(depth_of).max().unwrap_or(0),
        _ => 0,
    }
}

/// Renders `value` within `limits`, or `None` as soon as the output is too long for `budget`.
fn render(value: &Value, limits: Limits, layout: Layout, budget: &Budget) -> Option<Rendered> {
    let mut w = Writer {
        out: Rendered::default(),
        limits,
        pretty: layout.pretty,
        max_bytes: budget.max_bytes().map_or(usize::MAX, |b| usize::try_from(b).unwrap_or(usize::MAX)),
        max_newlines: budget.lines.unwrap_or(u64::MAX),
        newlines: 0,
        over: false,
    };
    w.value(value, 0);
    if layout.final_newline {
        w.push("\n");
    }
    (!w.over).then_some(w.out)
}

/// A rendering, how many scalar values it shows whole or cut (outside summarized objects), and
/// which of the item, key and char limits cut something (or could have).
#[derive(Default)]
struct Rendered {
    cut: CutReport,
    values: u64,
    bit: [bool; 3],
}

/// Writes JSON text, keeping the counts, and notes when the output has become too long.
struct Writer {
    out: Rendered,
    limits: Limits,
    pretty: bool,
    max_bytes: usize,
    max_newlines: u64,
    newlines: u64,
    over: bool,
}

impl Writer {
    fn push(&mut self, s: &str) {
        self.out.cut.text.push_str(s);
        self.over |= self.out.cut.text.len() > self.max_bytes;
    }

    /// Starts a line indented for `level` (pretty output only).
    fn newline(&mut self, level: usize) {
        if !self.pretty {
            return;
        }
        self.newlines += 1;
        self.over |= self.newlines > self.max_newlines;
        self.out.cut.text.push('\n');
        for _ in 0..level {
            self.out.cut.text.push_str("  ");
        }
    }

    /// Starts an item of a container at `level`.
    fn item(&mut self, first: &mut bool, level: usize) {
        if !std::mem::take(first) {
            self.out.cut.text.push(',');
        }
        self.newline(level + 1);
    }

    fn value(&mut self, value: &Value, level: usize) {
        if self.over {
            return;
        }
        match value {
            Value::Array(items) => self.array(items, level),
            Value::Object(map) => self.object(map, level),
            scalar => {
                self.out.values += 1;
                self.scalar(scalar);
            }
        }
    }

    /// Writes a scalar (a container becomes `"…"`).
    fn scalar(&mut self, value: &Value) {
        match value {
            Value::Null => self.push("null"),
            Value::Bool(b) => self.push(if *b { "true" } else { "false" }),
            Value::Number(n) => self.push(n.as_str()),
            Value::String(s) => self.string(s),
            Value::Array(_) | Value::Object(_) => self.quoted("…"),
        }
    }

    /// Writes the first and last items around a count marker.
    fn array(&mut self, items: &[Value], level: usize) {
        if items.is_empty() {
            return self.push("[]");
        }
        let full = level < self.limits.depth;
        self.out.cut.depth_cut += u64::from(!full);
        let keep = if full { self.limits.items.min(items.len()) } else { 0 };
        self.out.cut.items_dropped += (items.len() - keep) as u64;
        self.out.bit[0] |= full && keep < items.len();
        let (head, tail) = (keep - keep / 2, keep / 2);
        self.push("[");
        let mut first = true;
        for item in &items[..head] {
            self.item(&mut first, level);
            self.value(item, level + 1);
        }
        if keep < items.len() {
            self.item(&mut first, level);
            let marker = count_marker(items.len() - keep, keep > 0, "item", "items");
            self.quoted(&format!("… {marker}"));
        }
        for item in &items[items.len() - tail..] {
            self.item(&mut first, level);
            self.value(item, level + 1);
        }
        self.newline(level);
        self.push("]");
    }

    /// Writes the first members (values as `"…"` below the depth limit) and a count marker.
    fn object(&mut self, map: &Map<String, Value>, level: usize) {
        if map.is_empty() {
            return self.push("{}");
        }
        let full = level < self.limits.depth;
        self.out.cut.depth_cut += u64::from(!full);
        let keep = self.limits.keys.min(map.len());
        self.out.cut.items_dropped += (map.len() - keep) as u64;
        self.out.bit[1] |= keep < map.len();
        self.push("{");
        let mut first = true;
        for (key, value) in map.iter().take(keep) {
            self.member_key(&mut first, level, key);
            if full {
                self.value(value, level + 1);
            } else if is_short(value) {
                self.scalar(value);
            } else {
                self.quoted("…");
            }
        }
        if keep < map.len() {
            self.member_key(&mut first, level, &marker_key(map));
            self.quoted(&count_marker(map.len() - keep, keep > 0, "key", "keys"));
        }
        self.newline(level);
        self.push("}");
    }

    fn member_key(&mut self, first: &mut bool, level: usize, key: &str) {
        self.item(first, level);
        self.quoted(key);
        self.push(if self.pretty { ": " } else { ":" });
    }

    /// Writes `s`, cut to the char limit with a marker when that makes it shorter.
    fn string(&mut self, s: &str) {
        if s.len() > self.limits.chars
            && let Some((end, _)) = s.char_indices().nth(self.limits.chars)
        {
            self.out.bit[2] = true;
            let rest = count_chars(&s.as_bytes()[end..]);
            let marker = format!("… [{} more chars]", group_digits(rest));
            if (marker.chars().count() as u64) < rest {
                self.out.cut.strings_cut += 1;
                return self.quoted(&format!("{}{marker}", &s[..end]));
            }
        }
        self.quoted(s)
    }

    /// Writes `s` as a JSON string, escaped as serde_json escapes.
    fn quoted(&mut self, s: &str) {
        let out = &mut self.out.cut.text;
        out.push('"');
        let mut start = 0;
        for (i, b) in s.bytes().enumerate() {
            let escape = match b {
                b'"' => "\\\"",
                b'\\' => "\\\\",
                b'\n' => "\\n",
                b'\r' => "\\r",
                b'\t' => "\\t",
                0x08 => "\\b",
                0x0c => "\\f",
                0..=0x1f => "",
                _ => continue,
            };
            out.push_str(&s[start..i]); // `i` is an ASCII byte, so a char boundary
            if escape.is_empty() {
                let _ = write!(out, "\\u{b:04x}");
            } else {
                out.push_str(escape);
            }
            start = i + 1;
        }
        out.push_str(&s[start..]);
        out.push('"');
        self.over |= out.len() > self.max_bytes;
    }
}

/// `180 more items` (`1 more item`) when some were kept, `180 items` when none were.
fn count_marker(n: usize, more: bool, one: &str, many: &str) -> String {
    let noun = if n == 1 { one } else { many };
    let more = if more { "more " } else { "" };
    format!("{} {more}{noun}", group_digits(n as u64))
}

/// Whether `value` is a scalar no longer than the `"…"` that would replace it: null, a boolean,
/// a number of at most five chars, or the empty string.
fn is_short(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(_) => true,
        Value::Number(n) => n.as_str().len() <= 5,
        Value::String(s) => s.is_empty(),
        Value::Array(_) | Value::Object(_) => false,
    }
}

/// The key of a marker member: `…`, or as many `…` as it takes not to clash with a key of `map`.
fn marker_key(map: &Map<String, Value>) -> String {
    let mut key = String::from("…");
    while map.contains_key(&key) {
        key.push('…');
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(n: u64) -> Budget {
        Budget { bytes: Some(n), ..Budget::default() }
    }

    fn cut_to(input: &str, budget: Budget) -> CutReport {
        cut(input.as_bytes(), &budget, Encoding::O200k).expect("cuts")
    }

    /// Renders compact JSON with explicit limits.
    fn render_with(input: &str, depth: usize, items: usize, keys: usize, chars: usize) -> String {
        let value: Value = serde_json::from_str(input).expect("valid");
        let layout = Layout { pretty: false, final_newline: false };
        let limits = Limits { depth, items, keys, chars };
        render(&value, limits, layout, &Budget::default()).expect("unlimited").cut.text
    }

    fn twenty() -> String {
        format!("[{}]", (1..=20).map(|i| i.to_string()).collect::<Vec<_>>().join(","))
    }

    const DEEP: &str =
        r#"{"name":"x","meta":{"owner":{"login":"octocat","id":1,"site_admin":false},"tags":["a","b","c"]}}"#;

    #[test]
    fn fitting_input_is_returned_byte_for_byte() {
        let input = "{ \"a\" : [1, 2.50, 1E400],\n\t\"b\": \"\\u00e9\" }\n";
        assert_eq!(cut_to(input, Budget::default()), CutReport { text: input.into(), ..CutReport::default() });
        assert_eq!(cut_to(input, bytes(input.len() as u64)).text, input);
    }

    #[test]
    fn long_arrays_keep_first_and_last_items_around_a_marker() {
        let c = cut_to(&twenty(), bytes(30));
        assert_eq!(c.text, r#"[1,2,"… 17 more items",20]"#);
        assert_eq!((c.items_dropped, c.strings_cut, c.depth_cut), (17, 0, 0));
        assert_eq!(render_with(&twenty(), 9, 4, 9, 9), r#"[1,2,"… 16 more items",19,20]"#);
        assert_eq!(render_with("[1,2,3]", 9, 2, 9, 9), r#"[1,"… 1 more item",3]"#);
    }

    #[test]
    fn long_strings_keep_their_first_chars_and_a_count() {
        let input = format!(r#"{{"id":7,"s":"{}"}}"#, "abcdefghij".repeat(20));
        let c = cut_to(&input, bytes(60));
        assert_eq!(c.text, r#"{"id":7,"s":"abcdefghijabcdefghijabcd… [176 more chars]"}"#);
        assert_eq!((c.items_dropped, c.strings_cut, c.depth_cut), (0, 1, 0));
        let c = cut_to(&input, Budget { chars: Some(40), ..Budget::default() });
        assert_eq!(c.text, r#"{"id":7,"s":"abcd… [196 more chars]"}"#);
        let cjk = format!(r#"["{}"]"#, "日本語".repeat(10));
        assert_eq!(render_with(&cjk, 9, 9, 9, 2), r#"["日本… [28 more chars]"]"#);
    }

    #[test]
    fn a_string_is_not_cut_when_the_marker_is_longer_than_the_rest() {
        assert_eq!(render_with(r#"["abcdefghijklmnopqrst"]"#, 9, 9, 9, 4), r#"["abcdefghijklmnopqrst"]"#);
    }

    #[test]
    fn objects_at_the_depth_limit_keep_their_keys() {
        let c = cut_to(DEEP, bytes(60));
        assert_eq!(c.text, r#"{"name":"x","meta":{"owner":"…","tags":"…"}}"#);
        assert_eq!((c.items_dropped, c.strings_cut, c.depth_cut), (0, 0, 1));
        assert_eq!(
            render_with(DEEP, 2, 9, 9, 99),
            r#"{"name":"x","meta":{"owner":{"login":"…","id":1,"site_admin":false},"tags":["… 3 items"]}}"#
        );
        assert_eq!(cut_to(DEEP, bytes(40)).text, r#"{"name":"x","…":"1 more key"}"#);
        assert_eq!(cut_to(DEEP, bytes(25)).text, r#"{"…":"2 keys"}"#);
    }

    #[test]
    fn pretty_input_gives_pretty_output_with_its_final_newline() {
        let pretty =
            "{\n    \"name\": \"x\",\n    \"meta\": {\"owner\": {\"login\": \"octocat\"}, \"tags\": [1, 2]}\n}\n";
        let want = "{\n  \"name\": \"x\",\n  \"meta\": {\n    \"owner\": \"…\",\n    \"tags\": \"…\"\n  }\n}\n";
        assert_eq!(cut_to(pretty, bytes(want.len() as u64)).text, want);
        // One line holds no pretty form, so the output is compact.
        let c = cut_to(pretty, Budget { lines: Some(1), ..Budget::default() });
        assert_eq!(c.text, "{\"name\":\"x\",\"meta\":{\"owner\":{\"login\":\"octocat\"},\"tags\":[1,2]}}\n");
    }

    #[test]
    fn numbers_and_escapes_are_kept_as_in_the_input() {
        let numbers = "[1.50,-0.0,123456789012345678901234567890,0.1,1.0e-7]";
        assert_eq!(render_with(numbers, 9, 9, 9, 9), numbers);
        // serde_json spells an exponent `e+` or `e-`; the value is the same.
        assert_eq!(render_with("[1E400,2e5]", 9, 9, 9, 9), "[1e+400,2e+5]");
        let strings = r#"["a\"b\\c\n\r\t\b\f\u0001\u001f/é😀"]"#;
        assert_eq!(render_with(strings, 9, 9, 9, 99), strings);
    }

    #[test]
    fn a_marker_key_does_not_clash_with_a_key() {
        assert_eq!(render_with(r#"{"…":1,"b":2,"c":3}"#, 9, 9, 1, 9), r#"{"…":1,"……":"2 more keys"}"#);
    }

    #[test]
    fn tiny_budgets_get_the_smallest_json_or_an_error() {
        assert_eq!(cut_to(&twenty(), bytes(16)).text, r#"["… 20 items"]"#);
        assert_eq!(cut_to(&twenty(), bytes(15)).text, "[]");
        assert_eq!(cut_to("[1,2,3]\n", bytes(2)).text, "[]");
        assert_eq!(cut_to(r#""a long string""#, bytes(3)).text, r#""""#);
        assert_eq!(cut_to("123456", bytes(5)).text, r#""""#);
        let err = cut(twenty().as_bytes(), &bytes(1), Encoding::O200k).expect_err("nothing fits");
        assert_eq!(err.to_string(), "the budget is too small for any valid JSON: even [] does not fit");
    }

    #[test]
    fn invalid_json_is_an_error_with_line_and_column() {
        let err = cut(b"[1,\n  2,\n  x]", &bytes(5), Encoding::O200k).expect_err("invalid");
        assert_eq!(err.to_string(), "not valid JSON: expected value at line 3 column 3");
        let err = cut(b"", &bytes(5), Encoding::O200k).expect_err("empty");
        assert_eq!(err.to_string(), "not valid JSON: EOF while parsing a value at line 1 column 0");
        assert!(cut(b"[\"\xff\"]", &bytes(5), Encoding::O200k).is_err());
    }

    #[test]
    fn deep_nesting_is_cut_or_refused_without_overflow() {
        let deep = format!("{}{}", "[".repeat(120), "]".repeat(120));
        let c = cut_to(&deep, bytes(20));
        assert!(serde_json::from_str::<Value>(&c.text).is_ok() && c.text.len() <= 20, "{}", c.text);
        let deeper = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        let err = cut(deeper.as_bytes(), &bytes(20), Encoding::O200k).expect_err("too deep");
        assert!(err.to_string().contains("recursion limit exceeded"), "{err}");
    }

    #[test]
    fn looks_like_json_wants_one_object_or_array() {
        assert!(looks_like_json(b" {\"a\": [1]}\n"));
        assert!(looks_like_json(b"[]"));
        for no in [&b"[INFO] started"[..], b"{\"a\":1}\n{\"b\":2}\n", b"\"text\"", b"42", b"", b"[1,2"] {
            assert!(!looks_like_json(no), "{}", String::from_utf8_lossy(no));
        }
    }
}
