//! What history compaction writes from the summarized part: the summarizer's input (roles,
//! tool calls as `name(args)`, results cut), the user's own words, and the extractive record.

use super::Options;
use crate::text::count_chars;
use crate::tokens::Encoding;
use crate::transcript::{Item, Transcript};
use anyhow::Result;
use std::collections::HashMap;

/// Tokens of the room left below which a user message that does not fit is not cut to it.
const MIN_CUT: u64 = 48;

/// The user's own earlier messages, newest first up to `cap` tokens (the smaller of
/// `keep_user` and the room left), in their order; the one that overflows is cut head and tail
/// with a marker to the room left.
pub(super) fn user_words(t: &Transcript, dropped: &[usize], opts: &Options, cap: u64) -> Result<String> {
    let mut words: Vec<String> = Vec::new();
    for &i in dropped {
        t.with_record(i, |v| {
            let items = t.items_of(v);
            if items.iter().any(|it| matches!(it, Item::Turn)) {
                let before = words.len();
                for it in items {
                    if let Item::Text { role: "user", text } = it
                        && !text.trim().is_empty()
                    {
                        words.push(text.trim().to_string());
                    }
                }
                // Codex: the turn is an event holding the prompt as typed; its text reaches
                // the model in another line, among the context Codex injects.
                if words.len() == before
                    && let Some(typed) = crate::transcript::codex::typed(v).filter(|s| !s.trim().is_empty())
                {
                    words.push(typed.trim().to_string());
                }
            }
        })?;
    }
    // Codex's rule (codex-rs core/src/compact.rs, `build_compacted_history_with_limit`): newest
    // first while they fit; the first that does not is cut to the room left, and older ones stay
    // in the summary only.
    let cap = opts.keep_user.min(cap);
    let (mut kept, mut used) = (Vec::new(), 0u64);
    for w in words.iter().rev() {
        let n = opts.encoding.count(w.as_bytes());
        if used + n > cap {
            // A cut smaller than this would be little more than its marker.
            if cap - used >= MIN_CUT {
                let budget = crate::text::Budget { tokens: Some(cap - used), ..Default::default() };
                kept.push(crate::summarize::fit(w.as_bytes(), &budget, opts.encoding));
            }
            break;
        }
        used += n;
        kept.push(w.clone());
    }
    if kept.is_empty() {
        return Ok(String::new());
    }
    kept.reverse();
    let list: Vec<String> = kept.iter().map(|w| format!("- {}", w.replace('\n', "\n  "))).collect();
    Ok(format!("\n\nThe user's own messages, verbatim (oldest first):\n{}", list.join("\n")))
}

/// Chars of a fact that name it.
const FACT: usize = 60;

/// What an agent needs from each record of the main conversation, by record: the user's typed
/// messages, the calls' arguments as the record shows them (commands, paths), and the verdict
/// line of each failed result; each as its first [`FACT`] chars, whitespace collapsed.
pub(super) fn facts(t: &Transcript, recs: &[super::Rec]) -> Result<Vec<(usize, String)>> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for i in (0..t.len()).filter(|i| recs[*i].message && !recs[*i].system && !recs[*i].sidechain) {
        let mut add = |text: &str| {
            let fact: String = normalized(text).chars().take(FACT).collect();
            if fact.chars().count() >= 8 && seen.insert(fact.clone()) {
                out.push((i, fact));
            }
        };
        t.with_record(i, |v| {
            let items = t.items_of(v);
            let turn = items.iter().any(|it| matches!(it, Item::Turn));
            for item in items {
                match item {
                    Item::Text { role: "user", text } if turn => add(&text),
                    Item::Call { input, .. } => {
                        add(&call_args(input));
                        for path in paths(&crate::transcript::value_text(input)) {
                            add(path);
                        }
                    }
                    Item::Result { content, .. } => {
                        let text = content.text();
                        if is_error(&text) {
                            add(&verdict_line(&text));
                        }
                    }
                    _ => {}
                }
            }
        })?;
    }
    Ok(out)
}

/// The file names in `text`: words with a dot and an extension of letters and digits
/// (`src/x.py`, `README.md`).
fn paths(text: &str) -> impl Iterator<Item = &str> {
    static PATH: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"[\w./-]*\w\.[A-Za-z][A-Za-z0-9]{0,5}\b").expect("a valid pattern")
    });
    PATH.find_iter(text).map(|m| m.as_str())
}

/// `text` with every run of whitespace one space.
pub(super) fn normalized(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The summarized part rendered for the summarizer: roles, tool calls as `name(args)`, each
/// tool result cut to its first 2,000 chars.
pub(super) fn render(t: &Transcript, dropped: &[usize]) -> Result<String> {
    let mut out = String::new();
    let mut names: HashMap<String, String> = HashMap::new();
    for &i in dropped {
        t.with_record(i, |v| {
            for item in t.items_of(v) {
                match item {
                    Item::Text { role, text } if !text.trim().is_empty() => {
                        out.push_str(&format!("{}: {}\n\n", capitalized(role), text.trim()));
                    }
                    Item::Call { id, name, input } => {
                        if let Some(id) = id {
                            names.insert(id.to_string(), name.to_string());
                        }
                        let args = cut(&crate::transcript::value_text(input), 500);
                        out.push_str(&format!("Assistant called {name}({args})\n\n"));
                    }
                    Item::Result { id, content, .. } => {
                        let name = id.and_then(|id| names.get(id)).map_or("a tool", String::as_str);
                        out.push_str(&format!("Result of {name}: {}\n\n", cut(&content.text(), 2000)));
                    }
                    _ => {}
                }
            }
        })?;
    }
    Ok(out)
}

/// A call's arguments as the record shows them: a shell call's command alone (the last word of
/// an argv such as `["bash", "-lc", "CMD"]`), as it was typed, and the file it names when an
/// editor's `command` is a verb (SWE-agent's `{"command": "view", "path": ...}`); the values of
/// flat arguments (`{"path": "setup.py"}` as `setup.py`: the keys and quotes cost as many tokens
/// as the facts); anything else as JSON.
fn call_args(input: &serde_json::Value) -> String {
    use serde_json::Value;
    // Codex and the Responses API hold the arguments as a JSON string.
    if let Some(parsed) = input.as_str().and_then(|s| serde_json::from_str::<Value>(s).ok()).filter(Value::is_object) {
        return call_args(&parsed);
    }
    let command = match input.get("command") {
        Some(Value::String(c)) => c.clone(),
        Some(Value::Array(argv)) if argv.iter().all(Value::is_string) => {
            argv.last().and_then(Value::as_str).unwrap_or_default().to_string()
        }
        _ => return values(input).unwrap_or_else(|| crate::transcript::value_text(input).into_owned()),
    };
    match ["path", "file_path"].iter().find_map(|k| input.get(*k).and_then(Value::as_str)) {
        Some(path) if !command.contains(path) => format!("{command} {path}"),
        _ => command,
    }
}

/// The values of an object without nested objects or lists, strings as they are, joined.
fn values(input: &serde_json::Value) -> Option<String> {
    let object = input.as_object()?;
    object.values().all(|v| !v.is_object() && !v.is_array()).then(|| {
        let shown: Vec<String> =
            object.values().map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string)).collect();
        shown.join(", ")
    })
}

fn capitalized(role: &str) -> String {
    let mut c = role.chars();
    c.next().map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

/// The first `n` chars of `s`, with the count of the rest.
fn cut(s: &str, n: u64) -> String {
    let total = count_chars(s.as_bytes());
    if total <= n {
        return s.to_string();
    }
    let end = crate::text::nth_char_start(s.as_bytes(), n);
    format!("{}[... {} more chars]", &s[..end], crate::text::group_digits(total - n))
}

/// One summarized tool call, as the record lists it.
struct Call {
    /// `name`, and its arguments as [`call_args`] gives them.
    name: String,
    args: String,
    /// The call failed, and the first line saying so.
    failed: Option<String>,
    /// The first line of its result.
    first: String,
    /// The decisive lines of a failed result.
    decisive: Option<String>,
}

/// What the record of some summarized records is made of, read once (each failed result's
/// decisive lines are a salient cut of it) and put together in any room by [`Material::record`].
pub(super) struct Material {
    calls: Vec<Call>,
    last: String,
}

impl Material {
    /// The calls and the last assistant text of the records `dropped` of `t`.
    pub(super) fn of(t: &Transcript, dropped: &[usize]) -> Result<Material> {
        let (calls, last) = collect(t, dropped)?;
        Ok(Material { calls, last })
    }

    /// The offline record: each tool call with its outcome (commands and paths whole as far as
    /// the room allows), the decisive lines of the failed results, and the last assistant text.
    /// Built to fit `room` tokens: when everything does not fit, the calls' outcomes and long
    /// arguments are cut first, then the errors shrink to their verdict line, then the oldest
    /// calls go (counted); never cut blindly in the middle. Deterministic, and labelled as what
    /// it is.
    pub(super) fn record(&self, room: u64, encoding: Encoding) -> String {
        compose(&self.calls, &self.last, room, encoding)
    }
}

/// The record of `calls` and `last` in `room` tokens (see [`Material::record`]).
fn compose(calls: &[Call], last: &str, room: u64, encoding: Encoding) -> String {
    let count = |s: &str| encoding.count(s.as_bytes());
    let mut s = String::from(
        "[Extractive record of the earlier conversation, made without an LLM: tool calls, errors, last assistant text.]",
    );
    let mut left = room.saturating_sub(count(&s));
    // The calls first: what was run and touched is what the agent needs most; then the errors,
    // then the last text, each in what the others left.
    let tail = |n: u64| count(last).min(n);
    let share = left.saturating_sub(tail(left / 8));
    let mut listed = list_calls(calls, share * 3 / 4, &count);
    if listed.contains(NOT_LISTED) {
        // Calls left out of three quarters: more calls named by their command or path say more
        // of what was done than the errors' lines would in the same room; the newest verdicts
        // keep an eighth.
        let errors = if calls.iter().any(|c| c.failed.is_some()) { share / 8 } else { 0 };
        listed = list_calls(calls, share - errors, &count);
    }
    if !listed.is_empty() {
        s.push_str(&listed);
        left = left.saturating_sub(count(&listed));
    }
    let errors = list_errors(calls, left.saturating_sub(tail(left / 4)), &count);
    if !errors.is_empty() {
        s.push_str(&errors);
        left = left.saturating_sub(count(&errors));
    }
    let heading = "\n\nLast assistant text:\n";
    if !last.is_empty() && left > count(heading) + 8 {
        let budget = crate::text::Budget { tokens: Some(left - count(heading)), ..Default::default() };
        s.push_str(heading);
        s.push_str(&crate::summarize::fit(last.as_bytes(), &budget, encoding));
    }
    s
}

/// The calls and the last assistant text of the summarized records.
fn collect(t: &Transcript, dropped: &[usize]) -> Result<(Vec<Call>, String)> {
    let (mut calls, mut last) = (Vec::new(), String::new());
    let mut names: HashMap<String, (String, String)> = HashMap::new();
    for &i in dropped {
        t.with_record(i, |v| {
            for item in t.items_of(v) {
                match item {
                    Item::Call { id: Some(id), name, input } => {
                        names.insert(id.to_string(), (name.to_string(), call_args(input)));
                    }
                    Item::Result { id, content, .. } => {
                        let text = content.text();
                        let (name, args) = id
                            .and_then(|id| names.get(id))
                            .cloned()
                            .unwrap_or_else(|| ("a tool call".into(), String::new()));
                        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim().to_string();
                        let failed = is_error(&text).then(|| verdict_line(&text));
                        let decisive = failed.is_some().then(|| {
                            let budget = crate::text::Budget { chars: Some(1000), ..Default::default() };
                            crate::summarize::fit_with(
                                text.trim().as_bytes(),
                                &budget,
                                Default::default(),
                                crate::truncate::Strategy::Salient,
                            )
                        });
                        calls.push(Call { name, args, failed, first, decisive });
                    }
                    Item::Text { role: "assistant", text } if !text.trim().is_empty() => last = text.trim().to_string(),
                    _ => {}
                }
            }
        })?;
    }
    Ok((calls, last))
}

/// The first line of `text` that is a verdict (or its first line).
fn verdict_line(text: &str) -> String {
    let mut scanner = crate::signals::Scanner::new(None);
    let line = text.lines().find(|l| scanner.line(l.as_bytes()).class >= crate::signals::Class::Verdict);
    line.or_else(|| text.lines().find(|l| !l.trim().is_empty())).unwrap_or("").trim().to_string()
}

/// How the list of calls says that the oldest were left out, after their number.
const NOT_LISTED: &str = " earlier calls not listed]";

/// The list of calls within `room` tokens: with their outcome's first line and arguments up
/// to 1,000 chars if that fits, else shorter (down to 60 chars: a command or a path), else
/// the newest that fit, the others counted.
fn list_calls(calls: &[Call], room: u64, count: &dyn Fn(&str) -> u64) -> String {
    if calls.is_empty() {
        return String::new();
    }
    let line = |c: &Call, args: u64, first: u64| {
        let outcome = match (&c.failed, first) {
            (Some(v), f) if f > 0 => format!("error: {}", cut(v, f)),
            (Some(_), _) => "error".to_string(),
            (None, f) if f > 0 && !c.first.is_empty() => format!("ok: {}", cut(&c.first, f)),
            (None, _) => "ok".to_string(),
        };
        format!("- {}({}) → {outcome}", c.name, cut(&c.args, args))
    };
    let render = |from: usize, args: u64, first: u64| {
        let mut s = String::from("\n\nTool calls:");
        if from > 0 {
            s.push_str(&format!("\n- [{from}{NOT_LISTED}"));
        }
        for c in &calls[from..] {
            s.push('\n');
            s.push_str(&line(c, args, first));
        }
        s
    };
    for (args, first) in [(1000, 160), (1000, 60), (400, 0), (160, 0), (60, 0)] {
        let s = render(0, args, first);
        if count(&s) <= room {
            return s;
        }
    }
    // The newest calls that fit, in their order.
    let mut from = calls.len();
    let mut used = count(&render(calls.len(), 60, 0));
    while from > 0 {
        let n = count(&line(&calls[from - 1], 60, 0)) + 1;
        if used + n > room {
            break;
        }
        used += n;
        from -= 1;
    }
    if from == calls.len() { String::new() } else { render(from, 60, 0) }
}

/// The failed results within `room` tokens, in order: their decisive lines, newest first while
/// they fit, else their verdict line alone.
fn list_errors(calls: &[Call], room: u64, count: &dyn Fn(&str) -> u64) -> String {
    let heading = "\n\nErrors:";
    let failed: Vec<&Call> = calls.iter().filter(|c| c.failed.is_some()).collect();
    let mut used = count(heading);
    let mut shown: Vec<Option<String>> = vec![None; failed.len()];
    for (k, c) in failed.iter().enumerate().rev() {
        let call = format!("{}({})", c.name, cut(&c.args, 160));
        let full = format!("\n{call}:\n{}\n", c.decisive.as_deref().unwrap_or(""));
        let short = format!("\n{call}: {}\n", cut(c.failed.as_deref().unwrap_or(""), 200));
        for text in [full, short] {
            let n = count(&text);
            if used + n <= room {
                used += n;
                shown[k] = Some(text);
                break;
            }
        }
    }
    let body: String = shown.into_iter().flatten().collect();
    if body.is_empty() { String::new() } else { format!("{heading}{}", body.trim_end()) }
}

/// Whether a tool result reads as a failure: a line of it is a verdict (see [`crate::signals`]).
fn is_error(text: &str) -> bool {
    crate::signals::reaches(text.as_bytes(), crate::signals::Class::Verdict)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// An OpenAI chat of `n` shell calls; every third fails.
    fn chat(n: usize) -> Transcript {
        let mut m = vec![json!({"role": "user", "content": "build it"})];
        for i in 0..n {
            let id = format!("c{i}");
            let command = format!("make target{i} --jobs 2 && ls build/out{i}.txt");
            let args = json!({"command": command}).to_string();
            m.push(json!({"role": "assistant", "content": null, "tool_calls": [
                {"id": id, "type": "function", "function": {"name": "bash", "arguments": args}}]}));
            let out = if i % 3 == 2 {
                format!("compiling {i}\nerror: undefined symbol sym{i}\nmake: *** [target{i}] Error 1")
            } else {
                format!("built target{i}\n{}", "detail line\n".repeat(40))
            };
            m.push(json!({"role": "tool", "tool_call_id": id, "content": out}));
        }
        m.push(json!({"role": "assistant", "content": "All built but the failing targets."}));
        Transcript::parse("t", serde_json::to_vec(&json!(m)).expect("json"), None).expect("parse")
    }

    #[test]
    fn call_arguments_show_commands_paths_and_flat_values() {
        assert_eq!(call_args(&json!({"command": "view", "path": "/testbed/setup.py"})), "view /testbed/setup.py");
        assert_eq!(call_args(&json!({"command": "cat setup.py", "file_path": "setup.py"})), "cat setup.py");
        assert_eq!(call_args(&json!({"command": ["bash", "-lc", "ls -F"], "workdir": "/w"})), "ls -F");
        assert_eq!(call_args(&json!({"path": "src/x.py", "line_number": 14})), "src/x.py, 14");
        assert_eq!(call_args(&json!("{\"file_name\": \"fields.py\", \"dir\": \"src\"}")), "fields.py, src");
        assert_eq!(call_args(&json!({})), "");
        assert_eq!(call_args(&json!({"edits": [{"old": "a"}]})), r#"{"edits":[{"old":"a"}]}"#);
    }

    #[test]
    fn the_record_fits_its_room_and_keeps_the_newest_calls_and_verdicts() {
        let t = chat(60);
        let all: Vec<usize> = (0..t.len()).collect();
        let e = Encoding::O200k;
        let roomy = Material::of(&t, &all).expect("material").record(100_000, e);
        assert!(roomy.contains("- bash(make target0 --jobs 2 && ls build/out0.txt) → ok: built target0"), "{roomy}");
        assert!(
            roomy.contains("- bash(make target2 --jobs 2 && ls build/out2.txt) → error: error: undefined symbol sym2")
        );
        assert!(roomy.ends_with("Last assistant text:\nAll built but the failing targets."));
        for room in [2_000, 600, 200] {
            let r = Material::of(&t, &all).expect("material").record(room, e);
            assert!(e.count(r.as_bytes()) <= room, "{room}: {} tokens", e.count(r.as_bytes()));
            assert!(r.contains("- bash(make target58 --jobs 2 && ls build/out58.txt) → ok"), "{room}: {r}");
        }
        let tight = Material::of(&t, &all).expect("material").record(600, e);
        assert!(tight.contains("earlier calls not listed]"), "{tight}");
        // Calls that do not fit in three quarters take all but an eighth (the newest calls,
        // without their outcomes' lines); the errors, newest first, get that eighth: whole while
        // they fit, then their verdict line alone.
        assert!(tight.contains(
            "\n- [35 earlier calls not listed]\n- bash(make target35 --jobs 2 && ls build/out35.txt) → error\n"
        ));
        assert!(tight.contains("\n\nErrors:\n"), "{tight}");
        assert!(tight.ends_with("\n\nbash(make target59 --jobs 2 && ls build/out59.txt):\ncompiling 59\nerror: undefined symbol sym59\nmake: *** [target59] Error 1"));
    }
}
