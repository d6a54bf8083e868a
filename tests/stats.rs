//! `ctx stats` on a recorded log (`tests/fixtures/stats/.stats.jsonl`: eight calls of four
//! agents over two days, then a torn line), exact output; and the line each hook call appends.

mod common;

use serde_json::Value;
use std::path::{Path, PathBuf};

/// `ctx` with its own home and cache under `dir`.
fn ctx(dir: &Path) -> assert_cmd::Command {
    let mut c = common::tool("ctx");
    c.env("HOME", dir).env("XDG_CACHE_HOME", dir.join("cache")).current_dir(dir);
    for var in ["CTX_HOOK", "CTX_STATS", "CTX_PERSIST_DIR"] {
        c.env_remove(var);
    }
    c
}

/// A store holding the recorded log.
fn recorded(name: &str) -> (PathBuf, PathBuf) {
    let dir = common::tmp(name);
    let store = dir.join("store");
    std::fs::create_dir_all(&store).expect("mkdir");
    std::fs::copy("tests/fixtures/stats/.stats.jsonl", store.join(".stats.jsonl")).expect("copy");
    (dir, store)
}

#[test]
fn stats_sums_the_recorded_log_per_day_project_and_agent() {
    let (dir, store) = recorded("stats-table");
    let r = common::run(ctx(&dir).env("HOME", "/home/u").args(["stats", "--store"]).arg(&store));
    assert_eq!((r.code, r.err.as_str()), (0, ""));
    assert_eq!(
        r.out,
        "\
8 hook calls from 2026-11-24 to 2026-11-25 (UTC); 138,750 of 147,500 tokens kept from the model (94.1%)

day         project     agent     calls  cut  cleaned  passed  wrapped  rereads  failed  tokens in  tokens out            saved
2026-11-25  ~/src/app   claude        2    1        0       0        0        0       1    100,000       2,250   97,750 (97.8%)
2026-11-25  /srv/build  opencode      1    0        1       0        0        0       0      1,300       1,000      300 (23.1%)
2026-11-24  ~/src/app   claude        3    1        0       2        0        1       0     31,200       3,500   27,700 (88.8%)
2026-11-24  ~/src/web   codex         1    0        0       0        1        0       0          0           0                0
2026-11-24  ~/src/web   gemini        1    1        0       0        0        0       0     15,000       2,000   13,000 (86.7%)
total                                 8    3        1       2        1        1       1    147,500       8,750  138,750 (94.1%)
1 of the outputs cut had been saved to a file by the agent first: without ctx the model would have seen their start, not all of their tokens in
1 line of the log could not be read (written by a newer ctx, or torn): left out
"
    );
    let r = common::run(ctx(&dir).args(["stats", "--by", "agent", "--store"]).arg(&store));
    let rows: Vec<&str> = r.out.lines().skip(3).map(|l| l.split_whitespace().next().unwrap_or("")).collect();
    assert_eq!(rows, ["claude", "codex", "gemini", "opencode", "total", "1", "1"]);
}

#[test]
fn stats_json_gives_the_same_sums() {
    let (dir, store) = recorded("stats-json");
    let r = common::run(ctx(&dir).args(["stats", "--json", "--by", "agent", "--store"]).arg(&store));
    assert_eq!(r.code, 0, "{}", r.err);
    let v: Value = serde_json::from_str(&r.out).expect("json");
    assert_eq!((v["calls"].as_u64(), v["unreadable_lines"].as_u64()), (Some(8), Some(1)));
    assert_eq!((v["from"].as_str(), v["to"].as_str()), (Some("2026-11-24"), Some("2026-11-25")));
    assert_eq!(
        v["total"],
        serde_json::json!({"calls": 8, "cut": 3, "cleaned": 1, "passed": 2, "wrapped": 1, "ignored": 0,
            "failed": 1, "rereads": 1, "persisted": 1, "estimated": 0, "ranked": 0, "bytes_in": 589800, "bytes_out": 34800,
            "tokens_in": 147500, "tokens_out": 8750})
    );
    let claude = &v["groups"][0];
    assert_eq!((claude["agent"].as_str(), claude["calls"].as_u64()), (Some("claude"), Some(5)));
    assert_eq!(v["groups"].as_array().map(Vec::len), Some(4));
}

#[test]
fn stats_with_no_log_says_where_it_looked() {
    let dir = common::tmp("stats-none");
    let r = common::run(ctx(&dir).arg("stats"));
    assert_eq!(r.code, 0);
    assert_eq!(
        r.out,
        format!(
            "no hook calls logged in '{}': is ctx installed (`ctx doctor`)?\n",
            dir.join("cache/ctx/spill/.stats.jsonl").display()
        )
    );
}

/// A Claude Code `PostToolUse` Bash event run in `cwd` whose output is `text`.
fn bash_event(text: &str, cwd: &str, command: &str) -> String {
    serde_json::json!({"session_id": "s", "cwd": cwd, "hook_event_name": "PostToolUse", "tool_name": "Bash",
        "tool_input": {"command": command}, "tool_response": {"stdout": text, "stderr": "", "interrupted": false,
        "isImage": false}, "tool_use_id": "t"})
    .to_string()
}

/// The log's lines, without their time.
fn logged(dir: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(dir.join("cache/ctx/spill/.stats.jsonl")).expect("a log");
    text.lines()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).expect("json");
            assert!(v["time"].as_u64().is_some_and(|t| t > 1_700_000_000), "{l}");
            v.as_object_mut().expect("object").remove("time");
            v
        })
        .collect()
}

#[test]
fn each_hook_call_appends_one_private_line() {
    use std::os::unix::fs::PermissionsExt;
    let dir = common::tmp("stats-hook");
    let long: String = (1..=6000).map(|i| format!("line {i}\n")).collect();
    let r = common::run(ctx(&dir).args(["hook", "claude"]).write_stdin(bash_event(&long, "/p", "make")));
    let reply: Value = serde_json::from_str(&r.out).expect("a reply");
    let fitted = reply["hookSpecificOutput"]["updatedToolOutput"]["stdout"].as_str().expect("stdout").to_string();
    assert!(fitted.contains("full text: "), "{fitted}");
    let spill = dir.join("cache/ctx/spill");
    let r = common::run(ctx(&dir).args(["hook", "claude"]).write_stdin(bash_event("ok\n", "/p", "make")));
    assert_eq!((r.out.as_str(), r.err.as_str()), ("", ""));
    let reread = format!("sed -n 1,5p {}/x.txt", spill.display());
    common::run(ctx(&dir).args(["hook", "claude"]).write_stdin(bash_event("ok\n", "/p", &reread)));
    common::run(ctx(&dir).args(["hook", "claude"]).write_stdin("{not json"));
    let row = |outcome: &str, bytes: (u64, u64), tokens: (u64, u64), reread: bool| {
        serde_json::json!({"agent": "claude", "tool": if outcome == "failed" { "" } else { "Bash" },
            "project": if outcome == "failed" { dir.display().to_string() } else { "/p".into() },
            "outcome": outcome, "bytes_in": bytes.0, "bytes_out": bytes.1, "tokens_in": tokens.0,
            "tokens_out": tokens.1, "baseline": "full", "reread": reread})
    };
    let lines = logged(&dir);
    let count = |t: &str| ctx::tokens::Encoding::O200k.count(t.as_bytes());
    let (bytes, tokens) = ((long.len() as u64, fitted.len() as u64), (count(&long), count(&fitted)));
    assert_eq!(lines[0], row("cut", bytes, tokens, false));
    assert_eq!(
        lines[1..],
        [
            row("passed", (3, 3), (2, 2), false),
            row("passed", (3, 3), (2, 2), true),
            row("failed", (0, 0), (0, 0), false)
        ]
    );
    let mode = std::fs::metadata(spill.join(".stats.jsonl")).expect("log").permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    // CTX_STATS=off: nothing logged.
    common::run(ctx(&dir).env("CTX_STATS", "off").args(["hook", "claude"]).write_stdin(bash_event("ok\n", "/p", "x")));
    assert_eq!(logged(&dir).len(), 4);
}

#[test]
fn a_log_that_cannot_be_written_changes_nothing_but_one_line_on_stderr() {
    let dir = common::tmp("stats-unwritable");
    let long: String = (1..=3000).map(|i| format!("line {i}\n")).collect();
    let event = bash_event(&long, "/p", "make");
    let good = common::run(ctx(&dir).args(["hook", "claude"]).write_stdin(event.clone()));
    std::fs::remove_file(dir.join("cache/ctx/spill/.stats.jsonl")).expect("rm");
    std::fs::create_dir(dir.join("cache/ctx/spill/.stats.jsonl")).expect("a directory where the log goes");
    let bad = common::run(ctx(&dir).args(["hook", "claude"]).write_stdin(event));
    assert_eq!((bad.code, &bad.out), (0, &good.out));
    assert_eq!(bad.err.lines().count(), 1, "{}", bad.err);
    assert!(bad.err.starts_with("ctx hook claude: cannot log the call for `ctx stats`: "), "{}", bad.err);
}

#[test]
fn gc_drops_log_lines_past_the_age_limit() {
    let dir = common::tmp("stats-gc");
    let store = dir.join("store");
    std::fs::create_dir_all(&store).expect("mkdir");
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("time").as_secs();
    let line = |t: u64| {
        format!(
            "{{\"time\":{t},\"agent\":\"claude\",\"tool\":\"Bash\",\"project\":\"/p\",\"outcome\":\"passed\",\"bytes_in\":1,\"bytes_out\":1,\"tokens_in\":1,\"tokens_out\":1,\"baseline\":\"full\",\"reread\":false}}\n"
        )
    };
    let log = store.join(".stats.jsonl");
    std::fs::write(&log, line(now - 31 * 86_400) + &line(now - 29 * 86_400) + &line(now)).expect("write");
    let r = common::run(ctx(&dir).args(["gc", "--store"]).arg(&store));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.out.lines().last(),
        Some(format!("{}: removed 1 lines older than 30 days, kept 2", log.display()).as_str())
    );
    assert_eq!(std::fs::read_to_string(&log).expect("log"), line(now - 29 * 86_400) + &line(now));
}

#[test]
fn tokens_of_a_long_output_are_scaled_from_its_first_64_kib_and_say_so() {
    let dir = common::tmp("stats-estimated");
    let long: String = (1..=20_000).map(|i| format!("   Compiling crate{i} v0.1.{i}\n")).collect();
    let r = common::run(ctx(&dir).args(["hook", "claude"]).write_stdin(bash_event(&long, "/p", "make")));
    assert_eq!(r.code, 0);
    let line = &logged(&dir)[0];
    assert_eq!((line["estimated"].as_bool(), line["bytes_in"].as_u64()), (Some(true), Some(long.len() as u64)));
    let exact = ctx::tokens::Encoding::O200k.count(long.as_bytes()) as f64;
    let scaled = line["tokens_in"].as_u64().expect("tokens") as f64;
    assert!((scaled - exact).abs() / exact < 0.02, "{scaled} against {exact}");
    let r = common::run(ctx(&dir).arg("stats"));
    assert!(
        r.out.contains(
            "\n1 output was longer than 64 KiB: its tokens in are counted on the first 64 KiB and scaled by bytes\n"
        ),
        "{}",
        r.out
    );
}

/// A command run again in the same project is ranked against its last output; `ctx stats` says
/// how many outputs cut were.
#[test]
fn stats_count_the_outputs_ranked_against_the_previous_run() {
    let dir = common::tmp("stats-ranked");
    let run = |warning: &str| {
        let text: String = (1..=3000).map(|i| format!("line {i}\n")).collect::<String>()
            + warning
            + "error: could not compile `app`\n"
            + &(1..=3000).map(|i| format!("line {i}\n")).collect::<String>();
        let r = common::run(ctx(&dir).args(["hook", "claude"]).write_stdin(bash_event(&text, "/p", "make")));
        assert_eq!(r.err, "");
        r.out
    };
    assert!(!run("warning: unused variable `x`\n").contains("[ctx: "));
    assert!(
        run("warning: unused variable `x`\n").contains(r"\n[ctx: lines the previous run printed too ranked lower]\n")
    );
    let r = common::run(ctx(&dir).args(["stats", "--json"]));
    let v: Value = serde_json::from_str(&r.out).expect("json");
    assert_eq!((v["total"]["cut"].as_u64(), v["total"]["ranked"].as_u64()), (Some(2), Some(1)));
    let r = common::run(ctx(&dir).arg("stats"));
    assert!(
        r.out.ends_with("\n1 of the outputs cut were ranked against the last output of the same command in the project (their last line says so)\n"),
        "{}",
        r.out
    );
}
