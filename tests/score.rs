//! `ctx-score` from the outside.

mod common;

use common::{CORPUS, check_contract, run, tool};
use std::path::Path;

fn score() -> assert_cmd::Command {
    tool("ctx-score")
}

/// Ten paragraphs; the sixth has conclusion markers, the fourth is about tokenizers.
fn report() -> String {
    let mut t = String::new();
    for i in 0..10 {
        let body = match i {
            3 => "the tokenizer counts every token of the text exactly".to_string(),
            5 => "In conclusion, the key result is important".to_string(),
            _ => format!("plain paragraph number {i} with ordinary words"),
        };
        t.push_str(&format!("{body}\n\n"));
    }
    t
}

#[test]
fn keeps_the_contract() {
    check_contract("ctx-score", &["--size", "60"], &report());
}

#[test]
fn top_k_keeps_the_best_in_order_with_markers() {
    let r = run(score().args(["--size", "60", "--top-k", "3", "--weights", "0,1,0"]).write_stdin(report()));
    assert_eq!(
        r.out,
        "plain paragraph number 0 with ordinary words\n\nplain paragraph number 1 with ordinary words\n\n\
         [... 6 lines (146 chars) omitted: lines 5-10 ...]\nIn conclusion, the key result is important\n\n\
         [... 8 lines (184 chars) omitted: lines 13-20 ...]\n"
    );
}

#[test]
fn query_relevance_finds_the_chunk_about_it() {
    let r = run(score().args(["--size", "60", "--top-k", "1", "--query", "tokenizer"]).write_stdin(report()));
    assert_eq!(
        r.out,
        "[... 6 lines (138 chars) omitted: lines 1-6 ...]\nthe tokenizer counts every token of the text exactly\n\n\
         [... 12 lines (274 chars) omitted: lines 9-20 ...]\n"
    );
}

#[test]
fn head_tail_and_all() {
    let r = run(score()
        .args(["--size", "60", "--select", "head-tail", "--head", "1", "--tail", "1"])
        .write_stdin(report()));
    assert_eq!(
        r.out,
        "plain paragraph number 0 with ordinary words\n\n[... 16 lines (374 chars) omitted: lines 3-18 ...]\n\
         plain paragraph number 9 with ordinary words\n\n"
    );
    let all = run(score().args(["--size", "60", "--select", "all"]).write_stdin(report()));
    assert_eq!(all.out, report());
}

#[test]
fn composes_with_ctx_chunk_json() {
    let chunks = run(tool("ctx-chunk").args(["--size", "60", "--json"]).write_stdin(report()));
    let piped = run(score().args(["--top-k", "3", "--weights", "0,1,0"]).write_stdin(chunks.out.clone()));
    let direct = run(score().args(["--size", "60", "--top-k", "3", "--weights", "0,1,0"]).write_stdin(report()));
    assert_eq!(piped.out, direct.out);
    let forced = run(score().args(["--input", "chunks", "--top-k", "3", "--weights", "0,1,0"]).write_stdin(chunks.out));
    assert_eq!(forced.out, direct.out);
}

#[test]
fn json_and_explain_show_the_components() {
    let r = run(score().args(["--size", "60", "--json", "--top-k", "1", "--query", "tokenizer"]).write_stdin(report()));
    let rows: Vec<serde_json::Value> = r.out.lines().map(|l| serde_json::from_str(l).expect("json")).collect();
    assert_eq!(rows.len(), 10);
    assert_eq!(rows[3]["selected"], true);
    assert_eq!(rows[3]["scores"], serde_json::json!({"position": 0.25, "discourse": 0.0, "entity": 0.0, "query": 1.0}));
    assert_eq!(rows[3]["total"], 1.125);
    assert_eq!(rows.iter().filter(|r| r["selected"] == true).count(), 1);
    let t = run(score().args(["--size", "60", "--explain", "--top-k", "1"]).write_stdin(report()));
    assert_eq!(t.out.lines().next(), Some("index  lines          chars  position  discourse  entity  total  kept"));
    assert_eq!(t.out.lines().nth(1), Some("    0  1-2               46      1.00       0.00    0.57   0.61  yes"));
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn budget_packs_into_tokens_on_shared_corpus() {
    let path = Path::new(CORPUS).join("clippy-CHANGELOG.md");
    let r = run(score().args(["--budget", "2000"]).arg(&path));
    let out = r.out.as_bytes();
    let tokens = ctx::tokens::Encoding::O200k.count(out);
    assert!(tokens <= 2000, "{tokens}");
    assert!(tokens > 1000, "the budget is used: {tokens}");
    assert!(r.out.contains(" omitted: lines "));
}

/// `--max-tokens` (and `-t`) is `--budget`'s name in every tool; `--max-chars` packs by chars.
#[test]
#[ignore = "needs ../shared/corpus"]
fn max_tokens_and_max_chars_pack_as_in_the_other_tools_on_shared_corpus() {
    let path = Path::new(CORPUS).join("clippy-CHANGELOG.md");
    let old = run(score().args(["--budget", "2000"]).arg(&path));
    for flag in ["--max-tokens", "-t"] {
        let r = run(score().args([flag, "2000"]).arg(&path));
        assert_eq!((r.code, &r.out), (0, &old.out), "{flag}");
    }
    let r = run(score().args(["--max-chars", "3000"]).arg(&path));
    assert_eq!(r.code, 0, "{}", r.err);
    let chars = r.out.chars().count();
    assert!((1500..=3000).contains(&chars), "{chars}");
    assert!(r.out.contains(" omitted: lines "));
    let both = run(score().args(["--max-chars", "3000", "--top-k", "2"]).arg(&path));
    assert_eq!(both.code, 2);
}

#[test]
fn malformed_chunk_lines_name_the_line() {
    let r = run(score().args(["--input", "chunks"]).write_stdin("{\"text\":\"a\"}\n\n{\"nope\":1}\n"));
    assert_eq!((r.code, r.err.as_str()), (1, "ctx-score: line 3: expected a chunk object with \"text\"\n"));
    let r = run(score().args(["--input", "chunks"]).write_stdin("not json\n"));
    assert_eq!(r.err, "ctx-score: line 1: expected a chunk object with \"text\"\n");
}

#[test]
fn bad_options_are_usage_errors() {
    for args in [
        vec!["--weights", "1,2"],
        vec!["--weights", "a,b,c"],
        vec!["--size", "0"],
        vec!["--size", "5", "--overlap", "5"],
        vec!["--ratio", "2"],
        vec!["--select", "all", "--top-k", "2"],
    ] {
        let r = run(score().args(&args).write_stdin("text"));
        assert_eq!(r.code, 2, "{args:?}: {}", r.err);
        assert_eq!(r.err.lines().count(), 1, "{args:?}: {}", r.err);
    }
}

#[test]
fn markers_file_adds_markers() {
    let dir = common::tmp("score-markers");
    let markers = dir.join("markers.txt");
    std::fs::write(&markers, "ordinary words\n\n").expect("write");
    let base = run(score().args(["--size", "60", "--json", "--weights", "0,1,0"]).write_stdin(report()));
    let more = run(score()
        .args(["--size", "60", "--json", "--weights", "0,1,0", "--markers"])
        .arg(&markers)
        .write_stdin(report()));
    let discourse = |out: &str, i: usize| -> serde_json::Value {
        let row: serde_json::Value = serde_json::from_str(out.lines().nth(i).unwrap_or_default()).expect("json");
        row["scores"]["discourse"].clone()
    };
    assert_eq!(discourse(&base.out, 0), 0.0);
    assert_eq!(discourse(&more.out, 0), 0.5);
    let missing = run(score().args(["--markers", "/nonexistent/m.txt"]).write_stdin("x"));
    assert_eq!(
        (missing.code, missing.err.as_str()),
        (1, "ctx-score: cannot open '/nonexistent/m.txt': No such file or directory\n")
    );
}

/// A budget is a promise: where not even the marker of what is left out fits --max-chars or
/// --max-tokens, ctx-score fails with exit 1 and one line (it printed the 60-char marker for
/// --max-chars 30, exit 0).
#[test]
fn a_budget_too_small_for_the_marker_fails() {
    let input = common::numbers(3000);
    let r = run(score().args(["--max-chars", "59"]).write_stdin(input.clone()));
    let e = "ctx-score: the budget cannot hold even the marker of what is left out (60 chars): raise the budget\n";
    assert_eq!((r.code, r.out.as_str(), r.err.as_str()), (1, "", e));
    let r = run(score().args(["--max-tokens", "5"]).write_stdin(input.clone()));
    let e = "ctx-score: the budget cannot hold even the marker of what is left out (24 tokens): raise the budget\n";
    assert_eq!((r.code, r.out.as_str(), r.err.as_str()), (1, "", e));
    let r = run(score().args(["--max-chars", "60"]).write_stdin(input));
    assert_eq!((r.code, r.out.as_str()), (0, "[... 3,000 lines (13,893 chars) omitted: lines 1-3,000 ...]\n"));
}
