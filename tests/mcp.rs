//! `ctx mcp` from the outside: a session of newline-delimited JSON-RPC on stdin, the answers
//! on stdout, and the tools' results compared with what the commands print.

mod common;

use common::{numbers, run, tmp, tool};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// A server whose store is `home/ctx/spill`, with nothing from the environment.
fn server(home: &Path) -> assert_cmd::Command {
    let mut c = tool("ctx");
    c.arg("mcp").env("XDG_CACHE_HOME", home);
    c
}

/// Sends `lines` (each one message, or any text) and gives the answers, one per line.
fn session(home: &Path, lines: &[String]) -> Vec<Value> {
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let r = run(server(home).write_stdin(input));
    assert_eq!((r.code, r.err.as_str()), (0, ""), "ctx mcp failed");
    r.out.lines().map(|l| serde_json::from_str(l).expect("each answer is one JSON line")).collect()
}

fn request(id: u64, method: &str, params: Value) -> String {
    json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string()
}

fn call(id: u64, name: &str, arguments: Value) -> String {
    request(id, "tools/call", json!({"name": name, "arguments": arguments}))
}

/// One tool call in a fresh session: its text and whether it is an error.
fn call_one(home: &Path, name: &str, arguments: Value) -> (String, bool) {
    let answers = session(home, &[call(1, name, arguments)]);
    assert_eq!(answers.len(), 1);
    text_of(&answers[0])
}

fn text_of(answer: &Value) -> (String, bool) {
    let result = &answer["result"];
    assert_eq!(result["content"].as_array().map(Vec::len), Some(1), "{answer}");
    assert_eq!(result["content"][0]["type"], "text");
    let text = result["content"][0]["text"].as_str().expect("text").to_string();
    (text, result["isError"].as_bool().expect("isError"))
}

/// The path a marker names after `full text: `.
fn spill_path(text: &str) -> PathBuf {
    let at = text.find("full text: ").expect("a marker naming the full text") + "full text: ".len();
    let end = text[at..].find(" ...]").expect("the marker's end");
    PathBuf::from(&text[at..at + end])
}

fn store(home: &Path) -> PathBuf {
    std::fs::canonicalize(home.join("ctx").join("spill")).expect("the store exists")
}

#[test]
fn initialize_answers_the_clients_version_when_spoken_else_the_newest() {
    let home = tmp("mcp-init");
    let lines = [
        request(
            1,
            "initialize",
            json!({"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}),
        ),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string(),
        request(2, "ping", json!({})),
        request(3, "initialize", json!({"protocolVersion": "2099-01-01"})),
        request(4, "initialize", json!({"protocolVersion": "2024-11-05"})),
    ];
    let answers = session(&home, &lines);
    assert_eq!(answers.len(), 4, "the notification gets no answer: {answers:?}");
    assert_eq!(answers[0]["id"], 1);
    assert_eq!(answers[0]["result"]["protocolVersion"], "2025-03-26");
    assert_eq!(answers[0]["result"]["serverInfo"]["name"], "ctx");
    assert_eq!(answers[0]["result"]["capabilities"], json!({"tools": {"listChanged": false}}));
    assert_eq!(answers[1], json!({"jsonrpc": "2.0", "id": 2, "result": {}}));
    assert_eq!(answers[2]["result"]["protocolVersion"], "2025-11-25");
    assert_eq!(answers[3]["result"]["protocolVersion"], "2024-11-05");
}

#[test]
fn tools_list_names_the_four_tools_with_their_schemas() {
    let home = tmp("mcp-list");
    let answers = session(&home, &[request(1, "tools/list", json!({}))]);
    let tools = answers[0]["result"]["tools"].as_array().expect("tools");
    let names: Vec<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
    assert_eq!(names, ["ctx_read", "ctx_run", "ctx_more", "ctx_summarize"]);
    let required: Vec<&Value> = tools.iter().map(|t| &t["inputSchema"]["required"]).collect();
    assert_eq!(required, [&json!(["path"]), &json!(["command"]), &json!(["path", "lines"]), &json!(["path"])]);
    for t in tools {
        assert_eq!(t["inputSchema"]["type"], "object");
        assert!(t["description"].as_str().is_some_and(|d| d.len() > 100), "{t}");
    }
}

#[test]
fn ctx_read_cuts_with_a_marker_naming_the_spilled_full_text() {
    let home = tmp("mcp-read");
    let file = home.join("n.txt");
    std::fs::write(&file, numbers(1000)).expect("write");
    let (text, failed) = call_one(&home, "ctx_read", json!({"path": file}));
    let path = spill_path(&text);
    let marker = format!("[... 801 lines (3,205 chars) omitted: lines 200-1,000; full text: {} ...]\n", path.display());
    assert_eq!((text, failed), (numbers(199) + &marker, false));
    assert_eq!(path.parent(), Some(store(&home).as_path()));
    assert_eq!(std::fs::read_to_string(&path).expect("spilled"), numbers(1000));
}

#[test]
fn ctx_read_marks_its_cuts_whatever_a_config_file_says() {
    let home = tmp("mcp-read-no-marker");
    let file = home.join("n.txt");
    std::fs::write(&file, numbers(1000)).expect("write");
    let config = home.join("ctx.toml");
    std::fs::write(&config, "[defaults]\nno_marker = true\n").expect("write");
    let input = call(1, "ctx_read", json!({"path": file})) + "\n";
    let r = run(server(&home).env("CTX_CONFIG", &config).write_stdin(input));
    let answer: Value = serde_json::from_str(&r.out).expect("one answer");
    let (text, failed) = text_of(&answer);
    let path = spill_path(&text);
    let marker = format!("[... 801 lines (3,205 chars) omitted: lines 200-1,000; full text: {} ...]\n", path.display());
    assert_eq!((text, failed), (numbers(199) + &marker, false));
}

#[test]
fn ctx_read_refuses_what_is_not_a_regular_file_at_once() {
    let home = tmp("mcp-read-special");
    let fifo = home.join("fifo");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo").success());
    for (path, kind) in [(Path::new("/dev/zero"), "a character device"), (fifo.as_path(), "a FIFO")] {
        for tool in ["ctx_read", "ctx_summarize"] {
            let (text, failed) = call_one(&home, tool, json!({"path": path}));
            assert_eq!(text, format!("cannot read '{}': it is {kind}, not a regular file", path.display()));
            assert!(failed);
        }
    }
}

#[test]
fn ctx_more_reads_a_saved_text_as_a_stream() {
    let home = tmp("mcp-more-stream");
    let file = home.join("n.txt");
    std::fs::write(&file, numbers(1000)).expect("write");
    let path = spill_path(&call_one(&home, "ctx_read", json!({"path": file})).0);
    let (text, failed) = call_one(&home, "ctx_more", json!({"path": path, "lines": "998:1,000"}));
    assert_eq!((text.as_str(), failed), ("998\n999\n1000\n", false));
    let (text, failed) = call_one(&home, "ctx_more", json!({"path": path, "lines": "1,001:"}));
    assert_eq!(text, "cannot read 'tool output': --lines starts at line 1,001, after the last line (1,000)");
    assert!(failed);
}

#[test]
fn ctx_read_gives_what_ctx_truncate_prints() {
    let home = tmp("mcp-read-same");
    let file = home.join("n.txt");
    std::fs::write(&file, numbers(5000)).expect("write");
    let spill = home.join("ctx").join("spill");
    let args = json!({"path": file, "max_tokens": 200, "strategy": "head-tail", "format": "text"});
    let (text, failed) = call_one(&home, "ctx_read", args);
    let cli = run(tool("ctx-truncate")
        .args(["--tool", "read", "--max-tokens", "200", "--strategy", "head-tail", "--from", "text", "--persist"])
        .arg(&spill)
        .arg(&file));
    assert_eq!(cli.code, 0, "{}", cli.err);
    assert!(text.contains(" tokens) omitted: lines "), "{text}");
    assert!(text.ends_with("4999\n5000\n"), "{text}");
    assert_eq!((text, failed), (cli.out, false));
}

#[test]
fn a_cut_range_names_the_whole_file_whose_line_numbers_its_marker_gives() {
    let home = tmp("mcp-read-range-cut");
    let file = home.join("n.txt");
    std::fs::write(&file, numbers(5000)).expect("write");
    let (text, failed) = call_one(&home, "ctx_read", json!({"path": file, "lines": "1001:3000"}));
    let path = spill_path(&text);
    let marker =
        format!("[... 1,801 lines (9,005 chars) omitted: lines 1,200-3,000; full text: {} ...]\n", path.display());
    let kept: String = (1001..=1199).map(|i| format!("{i}\n")).collect();
    assert_eq!((text, failed), (kept + &marker, false));
    assert_eq!(std::fs::read_to_string(&path).expect("spilled"), numbers(5000));
    let more = call_one(&home, "ctx_more", json!({"path": path, "lines": "1200:1201"}));
    assert_eq!(more, ("1200\n1201\n".into(), false));
}

#[test]
fn ctx_read_of_a_range_that_fits_is_that_range() {
    let home = tmp("mcp-read-range");
    let file = home.join("n.txt");
    std::fs::write(&file, numbers(1000)).expect("write");
    assert_eq!(
        call_one(&home, "ctx_read", json!({"path": file, "lines": "500:502"})),
        ("500\n501\n502\n".into(), false)
    );
}

#[test]
fn a_tool_that_fails_answers_is_error_with_one_line() {
    let home = tmp("mcp-fail");
    let missing = home.join("nope.txt");
    let (text, failed) = call_one(&home, "ctx_read", json!({"path": missing}));
    assert_eq!((text, failed), (format!("cannot read '{}': No such file or directory", missing.display()), true));
    assert_eq!(call_one(&home, "ctx_read", json!({})), ("missing argument 'path'".into(), true));
    let (text, failed) = call_one(&home, "ctx_read", json!({"path": "x", "max_tokens": -3}));
    assert_eq!((text.as_str(), failed), ("max_tokens must be a whole number above 0", true));
}

/// A wrong value of an option is refused in the words `ctx-truncate` refuses it with, clap's
/// suggestion included (the server no longer goes through clap to read a call's options).
#[test]
fn a_wrong_option_value_is_refused_as_the_command_refuses_it() {
    let home = tmp("mcp-values");
    let file = home.join("a.txt");
    std::fs::write(&file, "a\n").expect("write");
    let (text, failed) = call_one(&home, "ctx_read", json!({"path": file, "strategy": "salent"}));
    assert_eq!(
        (text.as_str(), failed),
        (
            "invalid value 'salent' for '--strategy <STRATEGY>'; [possible values: auto, head-tail, head, tail, layered, salient]; tip: a similar value exists: 'salient'",
            true
        )
    );
    let (text, failed) = call_one(&home, "ctx_read", json!({"path": file, "format": "zzz"}));
    assert_eq!(
        (text.as_str(), failed),
        ("invalid value 'zzz' for '--from <FORMAT>'; [possible values: auto, text, html, json]", true)
    );
    let (text, failed) = call_one(&home, "ctx_read", json!({"path": file, "lines": "5:2"}));
    assert_eq!((text.as_str(), failed), ("invalid value '5:2' for '--lines <A:B>': '5:2' ends before it starts", true));
}

#[test]
fn ctx_run_keeps_the_errors_the_end_and_the_exit_status_and_ctx_more_reads_the_spill() {
    let home = tmp("mcp-run");
    let command = "seq 1 30000; echo 'error: boom' >&2; exit 3";
    let (text, failed) = call_one(&home, "ctx_run", json!({"command": command}));
    assert!(!failed);
    assert!(text.starts_with("1\n2\n3\n"), "{text}");
    assert!(text.ends_with("29999\n30000\nerror: boom\n[exit status 3]\n"), "{text}");
    let path = spill_path(&text);
    assert_eq!(path.parent(), Some(store(&home).as_path()));
    let more = call_one(&home, "ctx_more", json!({"path": path, "lines": "20000:20003"}));
    assert_eq!(more, ("20000\n20001\n20002\n20003\n".into(), false));
    let last = call_one(&home, "ctx_more", json!({"path": path, "lines": "30000:"}));
    assert_eq!(last, ("30000\nerror: boom\n".into(), false));
}

#[test]
fn ctx_run_of_a_quiet_command_says_so_and_stdin_is_empty() {
    let home = tmp("mcp-run-quiet");
    assert_eq!(call_one(&home, "ctx_run", json!({"command": "true"})), ("[no output]\n".into(), false));
    // The server's stdin is the protocol: a command that reads stdin sees it end at once.
    assert_eq!(call_one(&home, "ctx_run", json!({"command": "wc -c"})), ("0\n".into(), false));
}

#[test]
fn ctx_run_stops_a_command_at_its_timeout_and_keeps_what_it_wrote() {
    let home = tmp("mcp-run-timeout");
    let started = std::time::Instant::now();
    let (text, failed) =
        call_one(&home, "ctx_run", json!({"command": "echo started; sleep 30", "timeout_seconds": 0.5}));
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    assert!(!failed);
    assert!(text.starts_with("started\n[stopped by --timeout after "), "{text}");
    assert!(text.ends_with("; exit status 124]\n"), "{text}");
}

#[test]
fn ctx_run_ends_with_the_commands_group_though_a_detached_grandchild_holds_the_pipe() {
    let home = tmp("mcp-run-detached");
    let started = std::time::Instant::now();
    let (text, failed) = call_one(&home, "ctx_run", json!({"command": "setsid sleep 20 & echo started"}));
    assert!(started.elapsed() < std::time::Duration::from_secs(10), "ended after {:?}", started.elapsed());
    assert_eq!((text.as_str(), failed), ("started\n", false));
}

#[test]
fn ctx_more_reads_the_exact_lines_of_a_spilled_read_within_a_budget() {
    let home = tmp("mcp-more");
    let file = home.join("n.txt");
    std::fs::write(&file, numbers(1000)).expect("write");
    let path = spill_path(&call_one(&home, "ctx_read", json!({"path": file})).0);
    assert_eq!(
        call_one(&home, "ctx_more", json!({"path": path, "lines": "200:203"})),
        ("200\n201\n202\n203\n".into(), false)
    );
    let (text, failed) = call_one(&home, "ctx_more", json!({"path": path, "lines": "200:1000", "max_tokens": 60}));
    assert!(!failed);
    assert!(text.starts_with("200\n201\n"), "{text}");
    assert!(text.contains("omitted: lines "), "a range over the budget is cut again: {text}");
}

#[test]
fn ctx_more_refuses_any_file_outside_the_store() {
    let home = tmp("mcp-more-outside");
    let file = home.join("n.txt");
    std::fs::write(&file, numbers(1000)).expect("write");
    let path = spill_path(&call_one(&home, "ctx_read", json!({"path": file})).0);
    let store = store(&home);
    let refusal = |p: &Path| {
        format!(
            "'{}' is not in the ctx store ({}): ctx_more reads only the full texts that ctx saved",
            p.display(),
            home.join("ctx/spill").display()
        )
    };
    // Up from the store (home/ctx/spill) to home, where the file is.
    let dotdot = store.join("..").join("..").join("n.txt");
    let link = store.join("link.txt");
    std::os::unix::fs::symlink(&file, &link).expect("symlink");
    for outside in [file.as_path(), dotdot.as_path(), link.as_path(), store.as_path()] {
        let answer = call_one(&home, "ctx_more", json!({"path": outside, "lines": "1:2"}));
        assert_eq!(answer, (refusal(outside), true));
    }
    assert_eq!(call_one(&home, "ctx_more", json!({"path": path, "lines": "1:2"})), ("1\n2\n".into(), false));
}

#[test]
fn ctx_more_before_anything_was_spilled_is_refused() {
    let home = tmp("mcp-more-empty");
    let (text, failed) = call_one(&home, "ctx_more", json!({"path": "/etc/hostname", "lines": "1:2"}));
    assert!(failed);
    assert!(text.starts_with("'/etc/hostname' is not in the ctx store ("), "{text}");
}

#[test]
fn ctx_summarize_gives_what_ctx_summarize_prints_offline() {
    let home = tmp("mcp-summarize");
    let file = home.join("long.md");
    let para = |i: usize| {
        format!("Section {i} explains how the parser handles case {i}. error: case {i} failed at step {}.\n\n", i * 7)
    };
    std::fs::write(&file, (0..600).map(para).collect::<String>()).expect("write");
    let (text, failed) = call_one(&home, "ctx_summarize", json!({"path": file, "focus": "errors"}));
    let cli = run(common::summarize_cmd(&home).args(["--focus", "errors"]).arg(&file));
    assert_eq!(cli.code, 0, "{}", cli.err);
    assert!(text.starts_with("[extractive summary of "), "{text}");
    assert_eq!((text, failed), (cli.out, false));
}

#[test]
fn protocol_errors_are_json_rpc_errors() {
    let home = tmp("mcp-errors");
    let lines = [
        "{not json".to_string(),
        request(1, "resources/list", json!({})),
        call(2, "ctx_nope", json!({})),
        json!({"id": 3, "method": "ping"}).to_string(),
        request(4, "tools/call", json!({"name": "ctx_read", "arguments": "x"})),
        json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 9}}).to_string(),
    ];
    let answers = session(&home, &lines);
    let codes: Vec<(&Value, &Value)> = answers.iter().map(|a| (&a["id"], &a["error"]["code"])).collect();
    let expected = [
        (json!(null), json!(-32700)),
        (json!(1), json!(-32601)),
        (json!(2), json!(-32602)),
        (json!(3), json!(-32600)),
        (json!(4), json!(-32602)),
    ];
    assert_eq!(codes, expected.iter().map(|(i, c)| (i, c)).collect::<Vec<_>>());
    assert_eq!(answers[1]["error"]["message"], "method not found: resources/list");
    assert_eq!(answers[2]["error"]["message"], "unknown tool: ctx_nope");
}

#[test]
#[ignore = "needs the Python mcp package: pip install mcp"]
fn the_official_python_sdk_client_drives_the_server() {
    let home = tmp("mcp-python");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("mcp_client.py");
    let out = std::process::Command::new("python3")
        .arg(&script)
        .arg(common::bin("ctx"))
        .arg(&home)
        .env("XDG_CACHE_HOME", &home)
        .output()
        .expect("python3 runs (install Python 3 and: pip install mcp)");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    println!("{stdout}");
    assert!(out.status.success(), "tests/mcp_client.py failed:\n{stdout}\n{stderr}");
    assert!(stdout.ends_with("mcp_client: ok\n"), "{stdout}");
}
