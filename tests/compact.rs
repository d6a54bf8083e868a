//! `ctx-compact` end to end: every format on real corpus transcripts and hand-made fixtures,
//! round trips through the store, idempotence, pairing, budgets, bad input, batch and in-place.

mod common;

use common::{Run, run, tmp, tool};
use serde_json::{Value, json};
use std::fs;
use std::path::{Path, PathBuf};

const FIXTURES: &str = "tests/fixtures/transcripts";
const CORPUS: &str = "../shared/corpus/transcripts";
/// Options that prune even the small fixtures.
const AGGRESSIVE: [&str; 6] = ["--protect", "100", "--prune-minimum", "10", "--protect-turns", "0"];

fn compact(store: &Path) -> assert_cmd::Command {
    let mut c = tool("ctx-compact");
    c.arg("--store").arg(store);
    c
}

fn fixture(name: &str) -> PathBuf {
    Path::new(FIXTURES).join(name)
}

/// Every transcript to test on: the real corpus and the fixtures, with their formats.
fn transcripts() -> Vec<(PathBuf, &'static str)> {
    vec![
        (Path::new(CORPUS).join("claude-code/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl"), "claude-code"),
        (
            Path::new(CORPUS).join("codex/rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl"),
            "codex",
        ),
        (Path::new(CORPUS).join("swe-agent/marshmallow-code__marshmallow-1867.traj"), "openai"),
        (fixture("openai-body.json"), "openai"),
        (fixture("anthropic-body.json"), "anthropic"),
        (fixture("responses.json"), "responses"),
        (fixture("codex-legacy.jsonl"), "codex"),
        (fixture("claude-code.jsonl"), "claude-code"),
    ]
}

fn ok(r: Run) -> Run {
    assert_eq!(r.code, 0, "stderr: {}", r.err);
    r
}

/// The store path shown in placeholders, as the tool writes it.
fn shown(store: &Path) -> String {
    fs::canonicalize(store).expect("store exists").display().to_string()
}

fn placeholder(store: &Path, chars: &str, content: &str) -> String {
    let name = ctx::store::name_of(content.as_bytes());
    format!("[Old tool result content cleared: {chars} chars, full text at {}/{name}]", shown(store))
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn every_format_is_detected_on_shared_corpus() {
    for (file, format) in transcripts() {
        let r = run(tool("ctx-compact").args(["--check", "--json"]).arg(&file));
        let v: Value = serde_json::from_str(r.out.trim()).expect("json");
        assert_eq!(v["format"], format, "{}", file.display());
    }
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn compact_restore_and_recompact_on_every_transcript_on_shared_corpus() {
    for (file, _) in transcripts() {
        let dir = tmp(&format!("round-{}", file.file_name().and_then(|n| n.to_str()).unwrap_or("x")));
        let store = dir.join("store");
        let input = fs::read(&file).expect("read");
        let once = ok(run(compact(&store).args(AGGRESSIVE).arg(&file)));
        assert_ne!(once.out.as_bytes(), input.as_slice(), "{}: something is pruned", file.display());
        assert!(once.out.contains("[Old tool result content cleared: "), "{}", file.display());
        let out = dir.join("once");
        fs::write(&out, &once.out).expect("write");
        // Byte-identical restore.
        let restored =
            tool("ctx-compact").arg("--store").arg(&store).arg("--restore").arg(&out).output().expect("runs");
        assert_eq!(restored.status.code(), Some(0), "{}", String::from_utf8_lossy(&restored.stderr));
        assert!(restored.stdout == input, "{}: restore is byte-identical", file.display());
        // Compacting a compacted transcript with the same options changes nothing.
        let twice = ok(run(compact(&store).args(AGGRESSIVE).arg(&out)));
        assert_eq!(twice.out, once.out, "{}: idempotent", file.display());
        // The check finds the same problems before and after (the SWE-agent replay reuses ids).
        let before = run(tool("ctx-compact").arg("--check").arg(&file));
        let after = run(tool("ctx-compact").arg("--check").arg(&out));
        assert_eq!(after.code, before.code, "{}: {}", file.display(), after.out);
        let name = file.display().to_string();
        assert_eq!(after.out.replace(&out.display().to_string(), &name), before.out);
    }
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn untouched_jsonl_records_are_byte_identical_on_shared_corpus() {
    for (file, _) in transcripts().into_iter().filter(|(f, _)| f.extension().is_some_and(|e| e == "jsonl")) {
        let store = tmp("untouched").join("store");
        let input = fs::read_to_string(&file).expect("read");
        let out = ok(run(compact(&store).args(AGGRESSIVE).arg(&file))).out;
        let (a, b): (Vec<&str>, Vec<&str>) = (input.lines().collect(), out.lines().collect());
        assert_eq!(a.len(), b.len(), "{}", file.display());
        let changed = a.iter().zip(&b).filter(|(x, y)| x != y).count();
        assert!(changed > 0);
        for (x, y) in a.iter().zip(&b) {
            assert!(x == y || y.contains("[Old tool result content cleared: "), "{}: {y}", file.display());
        }
    }
}

#[test]
fn openai_body_keeps_its_fields_style_and_order() {
    let dir = tmp("openai-body");
    let store = dir.join("store");
    let file = fixture("openai-body.json");
    let input = fs::read_to_string(&file).expect("read");
    let out = ok(run(compact(&store).args(AGGRESSIVE).arg(&file))).out;
    let doc: Value = serde_json::from_str(&input).expect("json");
    let pytest = doc["messages"][3]["content"].as_str().expect("str");
    let app = doc["messages"][5]["content"][0]["text"].as_str().expect("str");
    let mut want = doc.clone();
    want["messages"][3]["content"] = json!(placeholder(&store, "3,909", pytest));
    want["messages"][5]["content"] = json!([{"type": "text", "text": placeholder(&store, "2,929", app)}]);
    // Same style (two-space indent, trailing newline): the document differs in two lines only.
    let mut expected = serde_json::to_string_pretty(&want).expect("json");
    expected.push('\n');
    assert_eq!(out, expected);
    let differing = input.lines().zip(out.lines()).filter(|(a, b)| a != b).count();
    assert_eq!(differing, 2);
    // The stored file holds the full text.
    let stored = fs::read_dir(&store).expect("store").flatten().map(|e| e.path());
    assert!(stored.filter_map(|p| fs::read_to_string(p).ok()).any(|s| s == pytest));
}

#[test]
fn defaults_protect_small_transcripts_and_thresholds_hold() {
    let store = tmp("defaults").join("store");
    let file = fixture("openai-body.json");
    let input = fs::read_to_string(&file).expect("read");
    // Defaults: 20,000 protected tokens cover everything.
    assert_eq!(ok(run(compact(&store).arg(&file))).out, input);
    // The last two user turns are protected by default.
    assert_eq!(ok(run(compact(&store).args(["--protect", "100", "--prune-minimum", "10"]).arg(&file))).out, input);
    // Old results under the minimum are not worth a cache miss.
    let r =
        run(compact(&store).args(["--protect", "100", "--prune-minimum", "100000", "--protect-turns", "0"]).arg(&file));
    assert_eq!(ok(r).out, input);
    assert!(!store.exists(), "nothing stored when nothing changes");
}

#[test]
fn protect_tool_is_never_replaced() {
    let store = tmp("protect-tool").join("store");
    let file = fixture("claude-code.jsonl");
    let input = fs::read_to_string(&file).expect("read");
    let out = ok(run(compact(&store).args(AGGRESSIVE).args(["--protect-tool", "Read"]).arg(&file))).out;
    assert_eq!(out, input);
}

#[test]
fn claude_code_mirror_sidechain_and_other_lines() {
    let store = tmp("claude-code").join("store");
    let file = fixture("claude-code.jsonl");
    let input = fs::read_to_string(&file).expect("read");
    let out = ok(run(compact(&store).args(AGGRESSIVE).arg(&file))).out;
    let (a, b): (Vec<&str>, Vec<&str>) = (input.lines().collect(), out.lines().collect());
    let changed: Vec<usize> = (0..a.len()).filter(|i| a[*i] != b[*i]).map(|i| i + 1).collect();
    assert_eq!(changed, [5], "only the Read result; sidechain, summary and boundary lines are kept");
    let old: Value = serde_json::from_str(a[4]).expect("json");
    let new: Value = serde_json::from_str(b[4]).expect("json");
    let text = old["message"]["content"][0]["content"].as_str().expect("str");
    let p = placeholder(&store, "3,869", text);
    assert_eq!(new["message"]["content"][0]["content"], json!(p));
    assert_eq!(new["toolUseResult"], json!(p), "the structured copy goes with it");
    let mut rest = new.clone();
    rest["message"]["content"][0]["content"] = old["message"]["content"][0]["content"].clone();
    rest["toolUseResult"] = old["toolUseResult"].clone();
    assert_eq!(rest, old, "every other field is kept");
}

#[test]
fn codex_wrapped_output_keeps_its_metadata() {
    let store = tmp("codex-wrapped").join("store");
    let file = fixture("codex-legacy.jsonl");
    let input = fs::read_to_string(&file).expect("read");
    let out = ok(run(compact(&store).args(AGGRESSIVE).arg(&file))).out;
    let old: Value = serde_json::from_str(input.lines().nth(3).expect("line")).expect("json");
    let new: Value = serde_json::from_str(out.lines().nth(3).expect("line")).expect("json");
    let inner_old: Value = serde_json::from_str(old["output"].as_str().expect("str")).expect("json");
    let inner_new: Value = serde_json::from_str(new["output"].as_str().expect("str")).expect("json");
    let text = inner_old["output"].as_str().expect("str");
    assert_eq!(inner_new, json!({"output": placeholder(&store, "3,749", text), "metadata": inner_old["metadata"]}));
}

#[test]
fn a_large_result_becomes_a_preview() {
    let store = tmp("preview").join("store");
    let file = fixture("responses.json");
    let out = ok(run(compact(&store).args(["--no-prune", "--max-result", "1000", "--preview", "100"]).arg(&file))).out;
    let doc: Value = serde_json::from_str(&out).expect("json");
    let input: Value = serde_json::from_str(&fs::read_to_string(&file).expect("read")).expect("json");
    let full = input[2]["output"].as_str().expect("str");
    let name = ctx::store::name_of(full.as_bytes());
    let want = format!(
        "{}\n[Tool result truncated: first 100 of 3,829 chars shown; full text at {}/{name}]",
        &full[..100],
        shown(&store)
    );
    assert_eq!(doc[2]["output"], json!(want));
    assert_eq!(fs::read_to_string(store.join(&name)).expect("stored"), full);
    // The patch output (1,929 chars) is over 1,000 too; the small ones are not.
    assert!(doc[4]["output"].as_str().expect("str").contains("first 100 of 1,929 chars shown"));
    assert_eq!(doc[8], input[8]);
}

#[test]
fn the_results_of_one_turn_are_held_to_the_message_budget() {
    let store = tmp("message-budget").join("store");
    let file = fixture("anthropic-body.json");
    let args = ["--no-prune", "--message-budget", "3000", "--preview", "500"];
    let out = ok(run(compact(&store).args(args).arg(&file))).out;
    assert!(!out.contains('\n'), "a compact document stays on one line");
    let doc: Value = serde_json::from_str(&out).expect("json");
    let input: Value = serde_json::from_str(&fs::read_to_string(&file).expect("read")).expect("json");
    let results = &doc["messages"][2]["content"];
    assert_eq!(results[0], input["messages"][2]["content"][0], "the smaller result is kept");
    let preview = results[1]["content"][0]["text"].as_str().expect("str");
    assert!(preview.contains("[Tool result truncated: first 500 of 3,454 chars shown; full text at "), "{preview}");
    let size = |v: &Value| v.as_str().map_or(0, |s| s.chars().count());
    assert!(size(&results[0]["content"]) + preview.chars().count() <= 3000);
    // When previews are not enough, the largest is cleared to its placeholder.
    let out =
        ok(run(compact(&store).args(["--no-prune", "--message-budget", "400", "--preview", "100"]).arg(&file))).out;
    let doc: Value = serde_json::from_str(&out).expect("json");
    let results = &doc["messages"][2]["content"];
    let b = results[1]["content"][0]["text"].as_str().expect("str");
    let a = results[0]["content"].as_str().expect("str");
    assert!(b.starts_with("[Old tool result content cleared: 3,454 chars"), "{b}");
    assert!(a.starts_with("ls line 0") && a.ends_with(".txt]") && a.contains("first 100 of 2,339 chars shown"), "{a}");
    assert!(a.chars().count() + b.chars().count() <= 400);
}

/// A turn whose results cannot be brought under --message-budget (protected, or no shorter as
/// placeholders) is named in a warning: the budget is not met silently.
#[test]
fn a_turn_left_over_the_message_budget_is_warned_of() {
    let store = tmp("message-budget-over").join("store");
    let file = fixture("anthropic-body.json");
    // Both results (2,339 and 3,454 chars) protected: nothing can be replaced.
    let args = ["--no-prune", "--message-budget", "400", "--protect-tool", "Bash", "--protect-tool", "Read"];
    let r = ok(run(compact(&store).args(args).arg(&file)));
    assert_eq!(
        r.err,
        "ctx-compact: the results of one assistant turn (from tool result 1) hold 5,793 chars, over --message-budget 400: the rest are protected, or no shorter as placeholders\n"
    );
    let r = ok(run(compact(&store).args(["--no-prune", "--message-budget", "400", "--preview", "100"]).arg(&file)));
    assert_eq!(r.err, "", "a turn brought under the budget is not warned of");
}

#[test]
fn stats_count_by_role_and_tool_beside_recorded_usage() {
    let r = ok(run(tool("ctx-compact").arg("--stats").arg(fixture("claude-code.jsonl"))));
    assert_eq!(
        r.out,
        "format: claude-code

role               tokens
assistant              17
tool                  888
user                    9
total                 914
subagents             853  (sidechain lines, not in the total)

tool                  calls  call tokens  results  result tokens
Read                      1            9        1            880
Bash                      1            6        1              8

largest tool results
    line tool                     tokens      chars
       5 Read                        880      3,869
      12 Bash                          8         26

recorded by the agent: 2,012 tokens of context at the last request, 57 output tokens in all
"
    );
    let r = ok(run(tool("ctx-compact").args(["--stats", "--json"]).arg(fixture("claude-code.jsonl"))));
    let v: Value = serde_json::from_str(r.out.trim()).expect("json");
    assert_eq!((v["stats"]["total"].as_u64(), v["stats"]["sidechain"].as_u64()), (Some(914), Some(853)));
    assert_eq!(v["stats"]["tools"]["Bash"]["results"], 1, "the subagent's call is its own");
    assert_eq!(v["stats"]["recorded"], json!({"last_context": 2012, "output": 57}));
}

#[test]
fn check_reports_each_problem_by_line() {
    let dir = tmp("check");
    let file = dir.join("broken.jsonl");
    let lines = [
        json!({"role": "user", "content": "go"}),
        json!({"role": "assistant", "content": null, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": "{}"}},
            {"id": "c2", "type": "function", "function": {"name": "read", "arguments": "{}"}}]}),
        json!({"role": "tool", "tool_call_id": "c1", "content": "ok"}),
        json!({"role": "tool", "tool_call_id": "c9", "content": "orphan"}),
        json!({"role": "assistant", "content": null, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": "{}"}}]}),
        json!({"role": "tool", "tool_call_id": "c1", "content": "again"}),
    ];
    fs::write(&file, lines.iter().map(|l| format!("{l}\n")).collect::<String>()).expect("write");
    let r = run(tool("ctx-compact").arg("--check").arg(&file));
    assert_eq!(r.code, 1);
    let f = file.display();
    assert_eq!(
        r.out,
        format!(
            "{f}:2: tool call 'c2' (read) has no result
{f}:4: tool result for 'c9' has no earlier tool call
{f}:5: tool call id 'c1' is used again (first on line 2)
{f}:6: a second result for tool call 'c1' (first on line 3)
"
        )
    );
    // A tool result without its call is left untouched by pruning.
    let store = dir.join("store");
    let out = ok(run(compact(&store).args(AGGRESSIVE).arg(&file))).out;
    assert_eq!(out, fs::read_to_string(&file).expect("read"));
}

#[test]
fn bad_input_is_one_clear_line_and_nothing_is_written() {
    let dir = tmp("bad-input");
    let store = dir.join("store");
    let cases: [(&str, &[u8], &str); 5] = [
        (
            "session.jsonl",
            b"{\"role\":\"user\",\"content\":\"hi\"}\noops\n",
            "session.jsonl:2: expected value at column 1",
        ),
        ("x.json", b"{\"foo\":1}\n{\"bar\":2}\n", "cannot tell the format of DIR/x.json; pass --format"),
        ("deep.json", &[b'['; 100_000], "deep.json:1: recursion limit exceeded at column 128"),
        (
            "deep.jsonl",
            &[b"{\"a\":".repeat(50_000), b"1".to_vec()].concat(),
            "deep.jsonl:1: recursion limit exceeded at column 636",
        ),
        (
            "utf8.jsonl",
            b"{\"role\":\"user\",\"content\":\"a\xffb\"}\n",
            "utf8.jsonl:1: invalid unicode code point at column 28",
        ),
    ];
    for (name, bytes, msg) in cases {
        let file = dir.join(name);
        fs::write(&file, bytes).expect("write");
        let r = run(compact(&store).arg("--in-place").arg(&file));
        assert_eq!(r.code, 1, "{name}");
        let msg = msg.replace("DIR", &dir.display().to_string());
        assert!(r.err.starts_with("ctx-compact: "), "{}", r.err);
        assert!(r.err.lines().next().is_some_and(|l| l.ends_with(&msg)), "{name}: {}", r.err);
        assert_eq!(fs::read(&file).expect("read"), bytes, "{name}: untouched");
    }
    let left: Vec<String> =
        fs::read_dir(&dir).expect("dir").flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    assert!(left.iter().all(|n| !n.contains("ctx-tmp")), "{left:?}");
}

#[test]
fn a_truncated_last_line_is_kept_with_a_warning() {
    let dir = tmp("partial");
    let file = dir.join("live.jsonl");
    let mut input = fs::read_to_string(fixture("claude-code.jsonl")).expect("read");
    input.push_str("{\"type\":\"assistant\",\"message\":{\"id\":\"msg_3\",\"content\":[{\"type\":\"te");
    fs::write(&file, &input).expect("write");
    let r = run(compact(&dir.join("store")).args(AGGRESSIVE).arg(&file));
    assert_eq!(r.code, 0);
    assert_eq!(
        r.err,
        format!(
            "ctx-compact: {}:13: the last line is incomplete (still being written?); kept as it is\n",
            file.display()
        )
    );
    assert!(r.out.ends_with("\"content\":[{\"type\":\"te"));
    assert_eq!(r.out.lines().count(), 13);
}

#[test]
fn batch_goes_on_past_a_bad_file_and_skips_what_is_up_to_date() {
    let dir = tmp("batch");
    let src = dir.join("src");
    fs::create_dir_all(src.join("sub")).expect("dirs");
    fs::copy(fixture("claude-code.jsonl"), src.join("a.jsonl")).expect("copy");
    fs::write(src.join("b.jsonl"), "{\"role\":\"user\"}\n{broken\n").expect("write");
    fs::copy(fixture("openai-body.json"), src.join("sub/c.json")).expect("copy");
    fs::write(src.join("notes.txt"), "not a transcript").expect("write");
    let out = dir.join("out");
    let batch = |extra: &[&str]| {
        run(tool("ctx-compact").args(AGGRESSIVE).args(["-j", "2", "--out-dir"]).arg(&out).args(extra).arg(&src))
    };
    let r = batch(&[]);
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(
        r.err
            .contains(&format!("ctx-compact: {}:2: key must be a string at column 2\n", src.join("b.jsonl").display()))
    );
    assert!(out.join("a.jsonl").is_file() && out.join("sub/c.json").is_file());
    assert!(!out.join("b.jsonl").exists() && !out.join("notes.txt").exists());
    assert!(out.join(".ctx-store").is_dir(), "the store is beside the outputs");
    let total = r.err.lines().last().unwrap_or("");
    assert!(total.starts_with("total: 3 files") && total.ends_with("1 error, 2 written"), "{total}");
    // A rerun skips what is up to date; --force redoes it.
    let r = batch(&[]);
    assert!(r.err.lines().last().unwrap_or("").ends_with("1 error, 2 up to date"), "{}", r.err);
    let r = batch(&["--force"]);
    assert!(r.err.lines().last().unwrap_or("").ends_with("1 error, 2 written"), "{}", r.err);
    // Other options are other outputs: not up to date, whatever the times say.
    let r = batch(&["--preview", "1500"]);
    assert!(r.err.lines().last().unwrap_or("").ends_with("1 error, 2 written"), "{}", r.err);
    // Skipping is said even with -q.
    let r = batch(&["--preview", "1500", "-q"]);
    assert!(
        r.err.contains("ctx-compact: skipped 2 outputs already made from their inputs by this version with these options (--force redoes them)\n"),
        "{}",
        r.err
    );
    // Outputs restore to their inputs.
    let restored = tool("ctx-compact").arg("--restore").arg(out.join("sub/c.json")).output().expect("runs");
    assert_eq!(restored.stdout, fs::read(src.join("sub/c.json")).expect("read"));
}

#[test]
fn in_place_is_atomic() {
    let dir = tmp("in-place");
    let file = dir.join("session.jsonl");
    let original = fs::read(fixture("claude-code.jsonl")).expect("read");
    fs::write(&file, &original).expect("write");
    let r = run(tool("ctx-compact").args(AGGRESSIVE).arg("--in-place").arg(&file).env("CTX_FAULT", "before-rename"));
    assert_eq!(r.code, 1);
    assert!(r.err.contains("simulated failure before the rename"), "{}", r.err);
    assert_eq!(fs::read(&file).expect("read"), original, "a failure before the rename leaves the original");
    let names: Vec<String> =
        fs::read_dir(&dir).expect("dir").flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    assert_eq!(names.iter().filter(|n| !n.starts_with(".ctx-store")).count(), 1, "{names:?}");
    ok(run(tool("ctx-compact").args(AGGRESSIVE).args(["-q", "--in-place"]).arg(&file)));
    assert_ne!(fs::read(&file).expect("read"), original);
    let restored = tool("ctx-compact").arg("--restore").arg(&file).output().expect("runs");
    assert_eq!(restored.stdout, original, "restorable from the store beside it");
}

#[test]
fn a_session_that_grew_after_compaction_still_restores() {
    let dir = tmp("grown");
    let file = dir.join("s.jsonl");
    let original = fs::read_to_string(fixture("claude-code.jsonl")).expect("read");
    fs::write(&file, &original).expect("write");
    ok(run(tool("ctx-compact").args(AGGRESSIVE).args(["-q", "--in-place"]).arg(&file)));
    let tail = "{\"type\":\"summary\",\"summary\":\"later\",\"leafUuid\":\"u11\"}\n";
    let mut grown = fs::read_to_string(&file).expect("read");
    grown.push_str(tail);
    fs::write(&file, grown).expect("write");
    let restored = ok(run(tool("ctx-compact").arg("--restore").arg(&file))).out;
    assert_eq!(restored, format!("{original}{tail}"));
}

#[test]
fn dry_run_reports_and_writes_nothing() {
    let dir = tmp("dry-run");
    let store = dir.join("store");
    let r = ok(run(compact(&store).args(AGGRESSIVE).arg("--dry-run").arg(fixture("codex-legacy.jsonl"))));
    let input = fs::read_to_string(fixture("codex-legacy.jsonl")).expect("read");
    let line: Value = serde_json::from_str(input.lines().nth(3).expect("line")).expect("json");
    let inner: Value = serde_json::from_str(line["output"].as_str().expect("str")).expect("json");
    let text = inner["output"].as_str().expect("str");
    // The placeholder names the store path that would be written; its length is the "after".
    let placeholder = format!(
        "[Old tool result content cleared: 3,749 chars, full text at {}/{}]",
        store.display(),
        ctx::store::name_of(text.as_bytes())
    );
    let after = placeholder.chars().count();
    let o200k = ctx::tokens::Encoding::O200k;
    let tokens = 863 - o200k.count(text.as_bytes()) + o200k.count(placeholder.as_bytes());
    assert_eq!(
        r.out,
        format!(
            "{}: would replace 1 of 2 tool results (1 pruned, 0 previewed): 3,749 -> {after} chars; transcript 863 -> {tokens} tokens\n  line      4  prune    call_l1  shell  3,749 chars\n",
            fixture("codex-legacy.jsonl").display()
        )
    );
    assert!(!store.exists());
    // The JSON report gives the exact size the output would have.
    let json =
        ok(run(compact(&store).args(AGGRESSIVE).args(["--dry-run", "--json"]).arg(fixture("codex-legacy.jsonl"))));
    let v: Value = serde_json::from_str(json.out.trim()).expect("json");
    assert!(!store.exists());
    let real = ok(run(compact(&store).args(AGGRESSIVE).arg(fixture("codex-legacy.jsonl"))));
    assert_eq!(v["bytes_after"], real.out.len());
    assert_eq!(v["bytes_before"], input.len());
}

#[test]
fn contract_stdin_file_dash_empty_missing_and_usage() {
    let store = tmp("contract").join("store");
    let file = fixture("codex-legacy.jsonl");
    let input = fs::read(&file).expect("read");
    let a = ok(run(compact(&store).args(AGGRESSIVE).arg(&file))).out;
    let b = ok(run(compact(&store).args(AGGRESSIVE).write_stdin(input.clone()))).out;
    let c = ok(run(compact(&store).args(AGGRESSIVE).arg("-").write_stdin(input))).out;
    assert_eq!((&a, &a), (&b, &c));
    let empty = run(compact(&store).write_stdin(""));
    assert_eq!((empty.code, empty.out.as_str(), empty.err.as_str()), (0, "", ""));
    let missing = run(tool("ctx-compact").arg("nope.jsonl"));
    assert_eq!(
        (missing.code, missing.err.as_str()),
        (1, "ctx-compact: cannot open 'nope.jsonl': No such file or directory\n")
    );
    for args in [vec!["--bogus"], vec!["a.jsonl", "b.jsonl"], vec!["--preview", "60000"], vec!["--in-place"]] {
        let r = run(tool("ctx-compact").args(&args).write_stdin(""));
        assert_eq!(r.code, 2, "{args:?}: {}", r.err);
        assert_eq!(r.err.lines().count(), 1, "{}", r.err);
    }
}

#[test]
fn a_claude_code_session_may_start_with_a_snapshot_line() {
    let dir = tmp("snapshot");
    let file = dir.join("s.jsonl");
    let snapshot = "{\"type\":\"file-history-snapshot\",\"messageId\":\"m0\",\"snapshot\":{\"trackedFileBackups\":{}},\"isSnapshotUpdate\":false}\n";
    let body = fs::read_to_string(fixture("claude-code.jsonl")).expect("read");
    let body: String = body.lines().skip(1).map(|l| format!("{l}\n")).collect();
    fs::write(&file, format!("{snapshot}{body}")).expect("write");
    let r = ok(run(tool("ctx-compact").args(["--check", "--json"]).arg(&file)));
    assert!(r.out.contains("\"format\":\"claude-code\""), "{}", r.out);
}

#[test]
fn an_output_onto_its_input_or_inside_the_tree_is_handled() {
    let dir = tmp("onto-input");
    let file = dir.join("s.jsonl");
    let original = fs::read(fixture("claude-code.jsonl")).expect("read");
    fs::write(&file, &original).expect("write");
    // -o naming the input is --in-place, not "up to date".
    ok(run(tool("ctx-compact").args(AGGRESSIVE).arg("-q").arg(&file).arg("-o").arg(&file)));
    assert_ne!(fs::read(&file).expect("read"), original);
    // An --out-dir inside the searched directory is not searched.
    let out = dir.join("out");
    ok(run(tool("ctx-compact").args(["-q", "--out-dir"]).arg(&out).arg(&dir)));
    ok(run(tool("ctx-compact").args(["-q", "--force", "--out-dir"]).arg(&out).arg(&dir)));
    assert!(out.join("s.jsonl").is_file());
    assert!(!out.join("out").exists());
}

#[test]
fn glob_picks_the_files_searched_in_directories() {
    let dir = tmp("glob");
    let src = dir.join("src");
    fs::create_dir_all(&src).expect("dir");
    fs::copy(fixture("claude-code.jsonl"), src.join("rollout-1.jsonl")).expect("copy");
    fs::copy(fixture("openai-body.json"), src.join("body.json")).expect("copy");
    let r = run(tool("ctx-compact").args(["--check", "-v", "--glob", "rollout-*.jsonl"]).arg(&src));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(r.out, format!("{}: ok, 3 tool calls, 3 tool results\n", src.join("rollout-1.jsonl").display()));
}

/// A dry run's report counts what the model is sent, and the subagent lines apart, as
/// `--stats` and the trigger do.
#[test]
fn reports_count_subagent_lines_apart() {
    let file = fixture("claude-code.jsonl");
    let r = ok(run(tool("ctx-compact").args(["--json", "--dry-run"]).arg(&file)));
    let v: Value = serde_json::from_str(r.out.trim()).expect("json");
    assert_eq!((v["tokens_before"].as_u64(), v["sidechain_tokens"].as_u64()), (Some(914), Some(853)));
    let r = ok(run(tool("ctx-compact").args(["--dry-run"]).arg(&file)));
    assert_eq!(
        r.out,
        format!(
            "{}: would replace 0 of 3 tool results (0 pruned, 0 previewed): 0 -> 0 chars; transcript 914 -> 914 tokens (subagent lines apart: 853)\n",
            file.display()
        )
    );
    let r = ok(run(tool("ctx-compact").args(["--json", "--dry-run"]).arg(fixture("openai-body.json"))));
    assert!(!r.out.contains("sidechain_tokens"), "none in a transcript without subagents: {}", r.out);
}

/// A JSON document that is not a transcript (a `package.json`) is refused at once, in one line,
/// in bounded time and memory: the scanner once took such an object for a list and never moved on.
#[test]
fn a_json_object_without_messages_is_refused_at_once() {
    let r = run(tool("ctx-compact")
        .arg("--check")
        .timeout(std::time::Duration::from_secs(20))
        .write_stdin("{\n \"a\": 1\n}\n"));
    assert_eq!(r.code, 1);
    assert_eq!(
        r.err,
        "ctx-compact: standard input is not a transcript: a JSON object with no messages, input or history list\n"
    );
}

/// `-o` names one file: several inputs, or a folder, are usage errors; and `-o FILE` is always
/// written, even when FILE is newer than the input (only a batch's --out-dir resumes).
#[test]
fn output_file_rules() {
    let dir = tmp("compact-o");
    let input = Path::new("tests/fixtures/transcripts/openai-body.json");
    let r = run(tool("ctx-compact").arg("-o").arg(dir.join("x.json")).arg(input).arg(input));
    assert_eq!(
        (r.code, r.err.as_str()),
        (2, "ctx-compact: -o names one output file; for several transcripts use --out-dir\n")
    );
    let r = run(tool("ctx-compact").arg("-o").arg(&dir).arg(input));
    assert_eq!(r.code, 2);
    assert_eq!(r.err, format!("ctx-compact: -o '{}' is a folder; name a file, or use --out-dir\n", dir.display()));
    let out = dir.join("out.json");
    fs::write(&out, "stale").expect("write");
    let r = run(tool("ctx-compact").arg("--store").arg(dir.join("store")).arg("-o").arg(&out).arg(input));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(fs::read(&out).expect("read"), fs::read(input).expect("read"), "written, not skipped as up to date");
}

/// A reader that stops reading (`| head`) ends the run quietly with 0, as in every tool.
#[test]
fn a_closed_pipe_ends_quietly() {
    let bin = common::bin("ctx-compact");
    // An OpenAI body of 400 KB, far more than a pipe holds, so that the write meets the closed pipe.
    let messages: Vec<serde_json::Value> = (0..400)
        .map(|i| serde_json::json!({"role": if i % 2 == 0 { "user" } else { "assistant" }, "content": format!("message {i} ").repeat(100)}))
        .collect();
    let file = tmp("closed-pipe").join("body.json");
    fs::write(&file, serde_json::json!({"model": "m", "messages": messages}).to_string()).expect("write");
    let script = format!("set -o pipefail; '{}' '{}' | head -c 10 >/dev/null", bin.display(), file.display());
    let o = std::process::Command::new("bash").args(["-c", &script]).output().expect("bash runs");
    assert_eq!(String::from_utf8_lossy(&o.stderr), "");
    assert_eq!(o.status.code(), Some(0));
}

/// `CTX_FILE_JOBS` is files at once here; `CTX_LLM_JOBS` is requests in flight in ctx-summarize:
/// one variable no longer means two things.
#[test]
fn jobs_variables_say_what_they_count() {
    let input = Path::new("tests/fixtures/transcripts/openai-body.json");
    let r = run(tool("ctx-compact").env("CTX_FILE_JOBS", "0").arg("--check").arg(input));
    assert_eq!(r.code, 2);
    assert!(r.err.contains("(the value comes from CTX_FILE_JOBS)"), "{}", r.err);
    let r = run(tool("ctx-compact").env("CTX_LLM_JOBS", "0").arg("--check").arg(input));
    assert_eq!(r.code, 0, "not this tool's variable: {}", r.err);
}

/// Responses items in the SDK's short form (`{"role": "user", "content": …}`, no `type`) are
/// messages: counted, and the user turn they hold is seen.
#[test]
fn responses_short_form_messages_count() {
    let dir = tmp("responses-short");
    let mut items: Vec<Value> =
        serde_json::from_str(&fs::read_to_string("tests/fixtures/transcripts/responses.json").expect("fixture"))
            .expect("json");
    items[0] = json!({"role": "user", "content": "Run the build, please; it fails on the CI machine."});
    let path = dir.join("short.json");
    fs::write(&path, serde_json::to_string_pretty(&items).expect("json")).expect("write");
    let r = run(tool("ctx-compact").arg("--stats").arg(&path));
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("\nuser                   15\n"), "{}", r.out);
    let r = run(tool("ctx-compact").args(["--max-tokens", "40"]).arg(&path));
    assert_eq!(r.code, 1);
    assert!(r.err.contains("the smallest target that does is 224 tokens"), "{}", r.err);
}

/// Two inputs that would land on the same output under --out-dir are refused before anything is
/// written (they used to be reported "written" with one output left).
#[test]
fn colliding_outputs_are_refused_before_writing() {
    let dir = tmp("compact-collide");
    for d in ["d1", "d2"] {
        fs::create_dir_all(dir.join(d)).expect("dir");
        fs::copy("tests/fixtures/transcripts/openai-body.json", dir.join(d).join("a.json")).expect("copy");
    }
    let out = dir.join("out");
    for args in [vec![dir.join("d1/a.json"), dir.join("d2/a.json")], vec![dir.join("d1"), dir.join("d2")]] {
        let r = run(tool("ctx-compact").arg("--out-dir").arg(&out).args(&args));
        assert_eq!(r.code, 2);
        assert_eq!(
            r.err,
            format!(
                "ctx-compact: '{}' and '{}' would both be written to '{}': give them separate --out-dir runs\n",
                dir.join("d1/a.json").display(),
                dir.join("d2/a.json").display(),
                out.join("a.json").display()
            )
        );
        assert!(!out.exists(), "nothing written");
    }
}

/// `--restore` of a file that ctx-compact left as it was (it bears no mark of a compaction)
/// writes it unchanged with exit 0; one with marks but no store is still an error.
#[test]
fn restore_of_an_unchanged_file_is_that_file() {
    let input = Path::new("tests/fixtures/transcripts/openai-body.json");
    let r = run(tool("ctx-compact").arg("--restore").arg(input));
    assert_eq!((r.code, r.err.as_str()), (0, ""));
    assert_eq!(r.out.as_bytes(), fs::read(input).expect("read").as_slice());
    let dir = tmp("restore-marked");
    let marked = dir.join("marked.json");
    let text = fs::read_to_string(input).expect("read").replacen(
        "pytest -x",
        "[Old tool result content cleared: 9 chars, full text at /nowhere/x.txt]",
        1,
    );
    fs::write(&marked, text).expect("write");
    let r = run(tool("ctx-compact").arg("--restore").arg(&marked));
    assert_eq!(r.code, 1);
}

/// `--check -v` on several files ends with a table of what the check found, not a table of
/// sizes before and after ending "done" (it claimed work it did not do); `--dry-run` says so.
#[test]
fn the_check_table_says_what_was_found() {
    let dir = tmp("check-table");
    let bad = dir.join("bad.json");
    fs::write(
        &bad,
        json!({"messages": [{"role": "assistant", "content": null, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": "{}"}}]}, {"role": "user", "content": "go on"}]})
        .to_string(),
    )
    .expect("write");
    let good = fixture("openai-body.json");
    let r = run(tool("ctx-compact").args(["--check", "-v"]).arg(&good).arg(&bad));
    assert_eq!(r.code, 1);
    let table: Vec<&str> = r.err.lines().skip_while(|l| !l.starts_with("file ")).collect();
    assert_eq!(
        table,
        [
            format!("{:<40}  status", "file"),
            format!("{:<40}  ok", good.display()),
            format!("{:<40}  1 problem", bad.display()),
            format!("{:<40}  1 ok, 1 with problems", "total: 2 files"),
        ]
    );
    let r = run(tool("ctx-compact").args(["--dry-run", "-v"]).arg(&good).arg(&good));
    assert!(r.err.lines().last().unwrap_or("").ends_with("  2 dry run"), "{}", r.err);
}

/// A one-line JSON body written with `", "` and `": "` (Python's `json.dumps`) keeps that style:
/// it came out compact, even the messages that did not change.
#[test]
fn a_spaced_one_line_body_keeps_its_style() {
    struct Spaced;
    impl serde_json::ser::Formatter for Spaced {
        fn begin_array_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W, first: bool) -> std::io::Result<()> {
            if first { Ok(()) } else { w.write_all(b", ") }
        }
        fn begin_object_key<W: ?Sized + std::io::Write>(&mut self, w: &mut W, first: bool) -> std::io::Result<()> {
            if first { Ok(()) } else { w.write_all(b", ") }
        }
        fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
            w.write_all(b": ")
        }
    }
    let spaced = |v: &Value| {
        let mut out = Vec::new();
        serde::Serialize::serialize(v, &mut serde_json::Serializer::with_formatter(&mut out, Spaced)).expect("json");
        String::from_utf8(out).expect("utf-8")
    };
    let body: Value =
        serde_json::from_str(&fs::read_to_string(fixture("openai-body.json")).expect("read")).expect("json");
    let dir = tmp("compact-spaced");
    let input = dir.join("body.json");
    fs::write(&input, format!("{}\n", spaced(&body))).expect("write");
    let out = ok(run(tool("ctx-compact").args(AGGRESSIVE).arg("--store").arg(dir.join("store")).arg(&input))).out;
    let new: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(out, format!("{}\n", spaced(&new)), "the whole body in its style");
    let (old, new) = (body["messages"].as_array().expect("list"), new["messages"].as_array().expect("list"));
    assert_ne!(old, new, "a result was replaced");
    for m in old.iter().filter(|m| new.contains(m)) {
        assert!(out.contains(&spaced(m)), "kept as written: {}", spaced(m));
    }
}

/// Resuming `--out-dir` decides by the input's content: an input edited with an older time is
/// compacted again (it was skipped), and an output that ctx left as it was is stamped too (it
/// was written again on every run).
#[test]
fn resuming_an_out_dir_goes_by_content() {
    let dir = tmp("batch-content");
    let src = dir.join("src");
    fs::create_dir_all(&src).expect("dir");
    fs::copy(fixture("claude-code.jsonl"), src.join("a.jsonl")).expect("copy");
    fs::copy(fixture("openai-body.json"), src.join("b.json")).expect("copy");
    let out = dir.join("out");
    let batch = || {
        run(tool("ctx-compact")
            .args(["--protect", "100", "--prune-minimum", "10", "-j", "1", "--out-dir"])
            .arg(&out)
            .arg(&src))
    };
    let last = |r: &common::Run| r.err.lines().last().unwrap_or("").to_string();
    let r = batch();
    assert!(last(&r).ends_with("1 unchanged, 1 written"), "{}", r.err);
    let r = batch();
    assert!(last(&r).ends_with("2 up to date"), "the unchanged output is stamped too: {}", r.err);
    // An edit that keeps an old time (a copy with -p, a restore from a backup).
    let a = src.join("a.jsonl");
    let before = fs::metadata(&a).and_then(|m| m.modified()).expect("mtime");
    let text = fs::read_to_string(&a).expect("read").replace("Read the log.", "Read the new log.");
    fs::write(&a, text).expect("write");
    let old = before - std::time::Duration::from_secs(3600);
    fs::File::options().write(true).open(&a).and_then(|f| f.set_modified(old)).expect("set time");
    let r = batch();
    assert!(last(&r).ends_with("1 up to date, 1 written"), "{}", r.err);
    assert!(fs::read_to_string(out.join("a.jsonl")).expect("out").contains("Read the new log."));
}

/// Pruning a JSON Lines session stores its changed lines' originals, not the whole session:
/// the store held the session and, again, every result replaced in it (805 MB of store for
/// 624 MB of sessions). It still restores byte for byte.
#[test]
fn the_store_of_a_pruned_session_is_smaller_than_the_session() {
    let dir = tmp("store-size");
    let store = dir.join("store");
    let input = fixture("claude-code.jsonl");
    let out = ok(run(compact(&store).args(AGGRESSIVE).arg(&input))).out;
    let output = dir.join("out.jsonl");
    fs::write(&output, &out).expect("write");
    let stored: u64 = fs::read_dir(&store)
        .expect("store")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_file())
        .map(|p| fs::metadata(p).expect("size").len())
        .sum();
    let size = fs::metadata(&input).expect("size").len();
    assert!(stored < size, "{stored} bytes stored for a session of {size}");
    let restored = ok(run(compact(&store).arg("--restore").arg(&output))).out;
    assert_eq!(restored.as_bytes(), fs::read(&input).expect("read").as_slice());
}

/// A session the agent compacted itself (Claude Code's `compact_boundary` line, Codex's
/// `compacted` line) bears no mark of ctx: it restores to itself with exit 0 (it was refused:
/// "nothing was written by ctx-compact").
#[test]
fn restore_of_a_session_the_agent_compacted_itself_is_that_session() {
    let dir = tmp("restore-agent-compacted");
    let codex = dir.join("rollout.jsonl");
    fs::write(
        &codex,
        "{\"timestamp\":\"t\",\"type\":\"session_meta\",\"payload\":{\"id\":\"s\"}}\n\
         {\"timestamp\":\"t\",\"type\":\"compacted\",\"payload\":{\"message\":\"We listed the files.\"}}\n",
    )
    .expect("write");
    for input in [Path::new("tests/fixtures/transcripts/claude-code.jsonl"), codex.as_path()] {
        let bytes = fs::read(input).expect("read");
        let r = run(tool("ctx-compact").arg("--restore").arg("--store").arg(dir.join("store")).arg(input));
        assert_eq!((r.code, r.err.as_str()), (0, ""), "{}", input.display());
        assert_eq!(r.out.as_bytes(), bytes.as_slice());
    }
}

/// A replacement is never larger in tokens than what it replaces: a result of 400 repeated
/// chars is 50 tokens, fewer than its placeholder with a token-heavy path, so it stays; 1,160
/// chars of words are more, so they go.
#[test]
fn a_placeholder_never_costs_more_tokens_than_the_result() {
    let dir = tmp("prune-tokens");
    let body = |content: &str| {
        json!({"messages": [
            {"role": "user", "content": "go"},
            {"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "bash", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": content},
            {"role": "user", "content": "next"},
            {"role": "assistant", "content": "ok"},
        ]})
        .to_string()
    };
    let args = ["--protect", "0", "--protect-turns", "0", "--prune-minimum", "0"];
    let count = |s: &str| ctx::tokens::Encoding::O200k.count(s.as_bytes());
    for (content, pruned) in [("a".repeat(400), false), ("the build failed again today ".repeat(40), true)] {
        let r = ok(run(compact(&dir.join("store")).args(args).write_stdin(body(&content))));
        let out: Value = serde_json::from_str(&r.out).expect("json");
        let now = out["messages"][2]["content"].as_str().expect("text");
        assert_eq!(now != content, pruned, "{now}");
        assert!(count(now) <= count(&content), "{} tokens replaced {}", count(now), count(&content));
    }
}

/// Temporary files that a killed run left beside its outputs are removed by the next run that
/// writes there; one whose process still runs is not.
#[test]
fn leftover_temporary_files_of_a_killed_run_are_removed() {
    let dir = tmp("compact-leftovers");
    let dead = dir.join(".out.json.ctx-tmp-4194300-17");
    let live = dir.join(format!(".out.json.ctx-tmp-{}-18", std::process::id()));
    fs::write(&dead, "x".repeat(1000)).expect("write");
    fs::write(&live, "y").expect("write");
    // Left a while ago: one written a moment ago may be another PID namespace's, still writing.
    let then = std::time::SystemTime::now() - std::time::Duration::from_secs(120);
    fs::OpenOptions::new().append(true).open(&dead).and_then(|f| f.set_modified(then)).expect("mtime");
    let r = ok(run(compact(&dir.join("store")).arg("-o").arg(dir.join("out.json")).arg(fixture("openai-body.json"))));
    assert!(!dead.exists() && live.exists());
    let first = r.err.lines().next().unwrap_or_default();
    assert_eq!(first, format!("ctx-compact: removed 1 temporary files a killed run left in '{}'", dir.display()));
}

/// A lone surrogate escape (`\ud83d`, which JavaScript agents write when a string is cut inside
/// an emoji) is never a reason to refuse a session: it is read as U+FFFD, and written back as it
/// was in every line ctx does not change; the output restores byte for byte.
#[test]
fn lone_surrogate_escapes_are_kept_as_they_are() {
    let dir = tmp("compact-surrogate");
    let input = fs::read_to_string(fixture("claude-code.jsonl")).expect("read").replacen(
        "Read the log.",
        "Read the log \\ud83d.",
        1,
    );
    let file = dir.join("s.jsonl");
    fs::write(&file, &input).expect("write");
    ok(run(tool("ctx-compact").arg("--check").arg(&file)));
    let store = dir.join("store");
    let r = ok(run(compact(&store).args(AGGRESSIVE).arg(&file)));
    assert_ne!(r.out, input, "something was compacted");
    assert!(r.out.contains(r#""content":"Read the log \ud83d.""#), "{}", r.out);
    let out = dir.join("out.jsonl");
    fs::write(&out, &r.out).expect("write");
    let restored = ok(run(tool("ctx-compact").arg("--restore").arg("--store").arg(&store).arg(&out)));
    assert_eq!(restored.out, input);
}

/// A preview ends with a note that takes it over `--max-result` again: compacting a compacted
/// transcript leaves the previews it made as they are, for `--max-result` and for a message's
/// budget alike, in every fixture format.
#[test]
fn previews_are_not_previewed_again() {
    for options in
        [&["--max-result", "1000", "--preview", "999"][..], &["--message-budget", "1500", "--preview", "600"]]
    {
        for name in ["openai-body.json", "anthropic-body.json", "claude-code.jsonl", "responses.json"] {
            let file = Path::new("tests/fixtures/transcripts").join(name);
            let dir = tmp(&format!("preview-twice-{name}-{}", options[1]));
            let store = dir.join("store");
            let once = ok(run(compact(&store).args(options).arg(&file)));
            assert!(once.out.contains(" chars shown; full text at "), "{name} {options:?}: something is previewed");
            let out = dir.join(name);
            fs::write(&out, &once.out).expect("write");
            let twice = ok(run(compact(&store).args(options).arg(&out)));
            assert_eq!(twice.out, once.out, "{name} {options:?}: idempotent");
        }
    }
}
