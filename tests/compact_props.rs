//! `ctx-compact` properties over generated transcripts in every format: a target is a promise
//! (the output fits it with exit 0, or the run fails with exit 1 and one line), and a
//! history-compacted JSON Lines file restores after the agent appended any lines to it.

mod common;

use common::{run, tmp, tool};
use ctx::compact::stats;
use ctx::tokens::Encoding;
use ctx::transcript::Transcript;
use proptest::prelude::*;
use serde_json::{Value, json};
use std::fs;

/// One step of the agent: some text, then a tool call with its arguments and its result.
#[derive(Clone, Debug)]
struct Step {
    text: usize,
    args: usize,
    result: usize,
}

/// A user turn and the agent's steps answering it.
#[derive(Clone, Debug)]
struct Turn {
    user: usize,
    steps: Vec<Step>,
    reply: usize,
}

#[derive(Clone, Copy, Debug)]
enum Shape {
    OpenAi,
    Anthropic,
    Responses,
    ClaudeCode,
    Codex,
}

/// `n` words, different in every place they are used (`tag`).
fn words(tag: &str, n: usize) -> String {
    (0..n).map(|i| format!("{tag}w{i}")).collect::<Vec<_>>().join(" ")
}

fn turns() -> impl Strategy<Value = Vec<Turn>> {
    let step = (0..30usize, 0..40usize, 0..600usize).prop_map(|(text, args, result)| Step { text, args, result });
    let turn = (1..60usize, prop::collection::vec(step, 0..4), 0..40usize).prop_map(|(user, steps, reply)| Turn {
        user,
        steps,
        reply,
    });
    prop::collection::vec(turn, 1..7)
}

fn shape() -> impl Strategy<Value = Shape> {
    prop::sample::select(vec![Shape::OpenAi, Shape::Anthropic, Shape::Responses, Shape::ClaudeCode, Shape::Codex])
}

/// The calls of turn `t` as (id, args, result, text) strings.
fn calls(t: usize, turn: &Turn) -> Vec<(String, String, String, String)> {
    turn.steps
        .iter()
        .enumerate()
        .map(|(s, st)| {
            let tag = format!("t{t}s{s}");
            let args = json!({"command": words(&format!("{tag}a"), st.args)}).to_string();
            (format!("call_{tag}"), args, words(&format!("{tag}r"), st.result), words(&format!("{tag}x"), st.text))
        })
        .collect()
}

fn openai(turns: &[Turn]) -> Vec<u8> {
    let mut m = vec![json!({"role": "system", "content": "You are a coding agent."})];
    for (t, turn) in turns.iter().enumerate() {
        m.push(json!({"role": "user", "content": words(&format!("t{t}u"), turn.user)}));
        for (id, args, result, text) in calls(t, turn) {
            m.push(json!({"role": "assistant", "content": text, "tool_calls": [
                {"id": id, "type": "function", "function": {"name": "bash", "arguments": args}}]}));
            m.push(json!({"role": "tool", "tool_call_id": id, "content": result}));
        }
        m.push(json!({"role": "assistant", "content": words(&format!("t{t}e"), turn.reply)}));
    }
    serde_json::to_vec_pretty(&json!({"model": "gpt", "messages": m})).expect("json")
}

/// Anthropic messages (the body, or Claude Code's lines when `lines`).
fn anthropic_messages(turns: &[Turn]) -> Vec<Value> {
    let mut m = Vec::new();
    for (t, turn) in turns.iter().enumerate() {
        m.push(json!({"role": "user", "content": words(&format!("t{t}u"), turn.user)}));
        for (id, args, result, text) in calls(t, turn) {
            let input: Value = serde_json::from_str(&args).expect("json");
            m.push(json!({"role": "assistant", "content": [{"type": "text", "text": text},
                {"type": "tool_use", "id": id, "name": "Bash", "input": input}]}));
            m.push(json!({"role": "user", "content": [{"type": "tool_result", "tool_use_id": id, "content": result}]}));
        }
        m.push(
            json!({"role": "assistant", "content": [{"type": "text", "text": words(&format!("t{t}e"), turn.reply)}]}),
        );
    }
    m
}

fn anthropic(turns: &[Turn]) -> Vec<u8> {
    let body = json!({"model": "claude", "system": "You are a coding agent.", "messages": anthropic_messages(turns)});
    serde_json::to_vec(&body).expect("json")
}

fn claude_code(turns: &[Turn]) -> Vec<u8> {
    let mut out = String::new();
    let mut parent = Value::Null;
    for (i, m) in anthropic_messages(turns).into_iter().enumerate() {
        let uuid = format!("u{i}");
        let kind = m["role"].as_str().unwrap_or("user").to_string();
        let line = json!({"parentUuid": parent, "isSidechain": false, "userType": "external", "sessionId": "s",
            "uuid": uuid, "type": kind, "message": m, "timestamp": "2025-01-01T00:00:00Z"});
        out.push_str(&line.to_string());
        out.push('\n');
        parent = Value::String(uuid);
    }
    out.into_bytes()
}

fn response_items(turns: &[Turn]) -> Vec<Value> {
    let mut items = Vec::new();
    for (t, turn) in turns.iter().enumerate() {
        let text = words(&format!("t{t}u"), turn.user);
        items.push(json!({"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]}));
        for (id, args, result, text) in calls(t, turn) {
            items.push(
                json!({"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": text}]}),
            );
            items.push(json!({"type": "function_call", "call_id": id, "name": "shell", "arguments": args}));
            items.push(json!({"type": "function_call_output", "call_id": id, "output": result}));
        }
        let reply = words(&format!("t{t}e"), turn.reply);
        items
            .push(json!({"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": reply}]}));
    }
    items
}

fn responses(turns: &[Turn]) -> Vec<u8> {
    serde_json::to_vec(&response_items(turns)).expect("json")
}

fn codex(turns: &[Turn]) -> Vec<u8> {
    let at = "2025-01-01T00:00:00.000Z";
    let mut lines = vec![json!({"timestamp": at, "type": "session_meta", "payload": {"id": "s", "timestamp": at,
        "cwd": "/w", "originator": "codex_cli_rs", "cli_version": "0.58.0"}})];
    for item in response_items(turns) {
        if item["role"] == "user" {
            let text = item["content"][0]["text"].clone();
            lines.push(
                json!({"timestamp": at, "type": "event_msg", "payload": {"type": "user_message", "message": text}}),
            );
        }
        lines.push(json!({"timestamp": at, "type": "response_item", "payload": item}));
    }
    lines.iter().map(|l| format!("{l}\n")).collect::<String>().into_bytes()
}

fn render(shape: Shape, turns: &[Turn]) -> Vec<u8> {
    match shape {
        Shape::OpenAi => openai(turns),
        Shape::Anthropic => anthropic(turns),
        Shape::Responses => responses(turns),
        Shape::ClaudeCode => claude_code(turns),
        Shape::Codex => codex(turns),
    }
}

fn size(bytes: &[u8]) -> u64 {
    let t = Transcript::parse("out", bytes.to_vec(), None).expect("the output parses");
    stats::size(&t, Encoding::O200k).expect("size").tokens
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, failure_persistence: None, ..ProptestConfig::default() })]

    /// Any shape, any target: the output fits with exit 0, or the run fails with exit 1 and a
    /// sentence; never exit 0 over the target.
    #[test]
    fn the_output_fits_the_target_or_the_run_fails(shape in shape(), turns in turns(), share in 1u64..120) {
        let input = render(shape, &turns);
        let before = size(&input);
        let target = (before * share / 100).max(1);
        let store = tmp("props-fit");
        let r = run(tool("ctx-compact").arg("--store").arg(&store).arg("--max-tokens").arg(target.to_string())
            .write_stdin(input));
        match r.code {
            0 => {
                let after = size(r.out.as_bytes());
                prop_assert!(after <= target, "{shape:?}: {after} tokens over the target of {target} (from {before})");
            }
            1 => {
                prop_assert!(r.out.is_empty(), "nothing written on failure");
                prop_assert!(r.err.starts_with("ctx-compact: ") && r.err.ends_with('\n'), "{}", r.err);
                prop_assert_eq!(r.err.lines().count(), 1, "one line: {}", r.err);
            }
            code => prop_assert!(false, "{shape:?}: exit {code}: {}", r.err),
        }
    }

    /// A history-compacted JSON Lines file, with any lines appended by the agent, restores to the
    /// original followed by the appended lines, byte for byte.
    #[test]
    fn restore_after_appends_gives_the_original_and_the_appended_lines(
        codex_shape in any::<bool>(),
        turns in turns(),
        appended in prop::collection::vec("[ -~]{0,80}", 0..4),
    ) {
        let shape = if codex_shape { Shape::Codex } else { Shape::ClaudeCode };
        let input = render(shape, &turns);
        let dir = tmp("props-restore");
        let (file, store) = (dir.join("session.jsonl"), dir.join("store"));
        fs::write(&file, &input).expect("write");
        let target = (size(&input) / 2).max(1);
        let r = run(tool("ctx-compact").arg("--store").arg(&store).arg("--max-tokens").arg(target.to_string())
            .arg("--in-place").arg("-q").arg(&file));
        prop_assume!(r.code == 0);
        let mut extra = String::new();
        for line in &appended {
            extra.push_str(line);
            extra.push('\n');
        }
        let mut grown = fs::read(&file).expect("read");
        grown.extend_from_slice(extra.as_bytes());
        fs::write(&file, &grown).expect("write");
        let r = run(tool("ctx-compact").arg("--store").arg(&store).arg("--restore").arg(&file));
        prop_assert_eq!(r.code, 0, "{}", r.err);
        let mut want = input.clone();
        want.extend_from_slice(extra.as_bytes());
        prop_assert!(r.out.as_bytes() == want.as_slice(), "{shape:?}: the restored file differs");
    }
}
