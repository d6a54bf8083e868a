//! `ctx-summarize` from the outside, against a real HTTP server on 127.0.0.1 (tests/common).

mod common;

use common::server::{Reply, Server};
use common::{check_contract, run, summarize_cmd, tmp};
use std::time::Duration;

/// A log of `n` lines, about 50 chars each.
fn log(n: usize) -> String {
    (0..n).map(|i| format!("step {i:05}: compiled module number {i} without trouble\n")).collect()
}

/// The first words of the text a map prompt carries.
fn echo(prompt: &str) -> String {
    let text = prompt.split("<text>\n").nth(1).unwrap_or("reduce");
    format!("summary of [{}]", text.chars().take(11).collect::<String>())
}

fn ok_server() -> Server {
    Server::start(|seen, _| Reply::Text(echo(&seen.prompt())))
}

fn llm(cache: &std::path::Path, server: &Server) -> assert_cmd::Command {
    let mut c = summarize_cmd(cache);
    c.args(["--base-url", &server.url(), "--model", "test-model"]);
    c
}

#[test]
fn keeps_the_contract() {
    check_contract("ctx-summarize", &[], "a short text passes through\n");
}

#[test]
fn tiers_without_an_llm() {
    let cache = tmp("sum-tiers");
    let short = run(summarize_cmd(&cache).write_stdin("tiny\n"));
    assert_eq!((short.code, short.out.as_str(), short.err.as_str()), (0, "tiny\n", ""));
    let medium = run(summarize_cmd(&cache).write_stdin(log(400)));
    assert!(medium.out.chars().count() <= 12_000);
    assert!(medium.out.contains(" omitted: lines "), "{}", medium.out);
    assert_eq!(medium.err, "");
    let long = run(summarize_cmd(&cache).write_stdin(log(4000)));
    assert!(
        long.out.starts_with("[extractive summary of 222,890 chars, 4,000 lines: best sentences kept verbatim]\n"),
        "{}",
        long.out
    );
    assert!(long.out.chars().count() <= 8_000);
    // The offline note is for a person: with stderr not a terminal, only with -v.
    assert_eq!(long.err, "", "no note in a harness's merged output");
    let verbose = run(summarize_cmd(&cache).arg("-v").write_stdin(log(4000)));
    assert_eq!(
        verbose.err,
        "ctx-summarize: no LLM configured (--base-url and --model, or CTX_BASE_URL and CTX_MODEL): the summary is extractive\n"
    );
    let tokens = run(summarize_cmd(&cache)
        .args(["--unit", "tokens", "--pass-through", "100", "--summarize-above", "100000"])
        .write_stdin(log(400)));
    assert!(tokens.out.contains(" omitted: lines "));
    // Nothing was chunked for a model: the JSON says 0 of 0, not the chunks of a split unused.
    let json = run(summarize_cmd(&cache).arg("--json").write_stdin(log(4000)));
    let v: serde_json::Value = serde_json::from_str(&json.out).expect("json");
    assert_eq!(
        (v["tier"].as_str(), v["chunks"].to_string().as_str()),
        (Some("extracted"), r#"{"total":0,"selected":0}"#)
    );
}

/// The newline that ends the output is part of it: an input without one that fills
/// `--max-output` to its last char passes through as it is, and gets one where there is room.
#[test]
fn the_last_newline_keeps_to_the_budget() {
    let cache = tmp("sum-newline");
    let text = format!("{}y", "x".repeat(99));
    let full = run(summarize_cmd(&cache).args(["--max-output", "100"]).write_stdin(text.clone()));
    assert_eq!((full.code, full.out.as_str()), (0, text.as_str()));
    let room = run(summarize_cmd(&cache).args(["--max-output", "101"]).write_stdin(text.clone()));
    assert_eq!(room.out, format!("{text}\n"));
    // The text counts 14 tokens in o200k, and 15 with a newline after it.
    let tokens = run(summarize_cmd(&cache).args(["--max-tokens", "14"]).write_stdin(text.clone()));
    assert_eq!(tokens.out, text);
    let tokens = run(summarize_cmd(&cache).args(["--max-tokens", "15"]).write_stdin(text.clone()));
    assert_eq!(tokens.out, format!("{text}\n"));
}

#[test]
fn preserved_tools_are_only_truncated() {
    let cache = tmp("sum-preserve");
    let server = ok_server();
    let r = run(llm(&cache, &server).args(["--tool", "read_file"]).write_stdin(log(4000)));
    assert!(r.out.contains(" omitted: lines "));
    assert!(!r.out.contains("summary of"));
    assert!(server.seen().is_empty());
}

#[test]
fn map_reduce_with_openai_format() {
    let cache = tmp("sum-openai");
    let server = ok_server();
    let r = run(llm(&cache, &server).env("CTX_API_KEY", "sk-test-secret-1").arg("--json").write_stdin(log(4000)));
    assert_eq!(r.code, 0, "{}", r.err);
    let v: serde_json::Value = serde_json::from_str(&r.out).expect("json");
    let summary = v["summary"].as_str().unwrap_or_default();
    assert!(
        summary.starts_with("[summary of 222,890 chars: 38 chunks, 6 summarized (head-tail), model test-model]\n"),
        "{summary}"
    );
    assert!(summary.contains("[lines 1-111]\nsummary of [step 00000:]"), "{summary}");
    assert!(summary.contains(" omitted: lines "), "the chunks not summarized are marked: {summary}");
    let seen = server.seen();
    assert_eq!(seen.len(), 6);
    assert!(seen.iter().all(|s| s.path == "/v1/chat/completions" && s.model() == "test-model"));
    assert_eq!(seen[0].header("authorization"), Some("Bearer sk-test-secret-1"));
    assert_eq!(seen[0].body["temperature"], 0.0);
    assert_eq!(v["calls"], 6);
    assert_eq!(v["usage"], serde_json::json!({"prompt_tokens": 60, "completion_tokens": 18}));
    assert_eq!(v["tier"], "summarized");
    assert!(!r.out.contains("sk-test-secret-1") && !r.err.contains("sk-test-secret-1"));
}

/// A base URL that names a host rather than an address is resolved and reached: the binaries
/// are linked statically on Linux (tests/startup.rs), and glibc's `files` source, built into
/// libc.a, still reads /etc/hosts, where every machine names `localhost`.
#[test]
fn a_host_name_in_the_base_url_is_resolved() {
    let cache = tmp("sum-hostname");
    let server = ok_server();
    let url = server.url().replace("127.0.0.1", "localhost");
    let r = run(summarize_cmd(&cache).args(["--base-url", &url, "--model", "m"]).write_stdin(log(4000)));
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.starts_with("[summary of 222,890 chars: 38 chunks, 6 summarized"), "{}", r.out);
    assert_eq!(server.seen().len(), 6);
}

#[test]
fn anthropic_format() {
    let cache = tmp("sum-anthropic");
    let server = ok_server();
    let r = run(summarize_cmd(&cache)
        .args(["--provider", "anthropic", "--base-url", &server.root(), "--model", "claude-test"])
        .env("ANTHROPIC_API_KEY", "ant-secret-2")
        .write_stdin(log(4000)));
    assert_eq!(r.code, 0, "{}", r.err);
    let seen = server.seen();
    assert_eq!(seen.len(), 6);
    assert_eq!(seen[0].path, "/v1/messages");
    assert_eq!(seen[0].header("x-api-key"), Some("ant-secret-2"));
    assert_eq!(seen[0].header("anthropic-version"), Some("2023-06-01"));
    assert_eq!(seen[0].header("authorization"), None);
    assert!(seen[0].body["system"].is_string());
    // Current Claude models refuse `temperature` (400 "`temperature` is deprecated for this
    // model"), and the anthropic SDK 2.x's MessageCreateParams have no such key.
    assert_eq!(seen[0].body.get("temperature"), None);
    assert!(r.out.contains("summary of [step 00000:]"));
    let r = run(summarize_cmd(&cache)
        .args([
            "--provider",
            "anthropic",
            "--base-url",
            &server.root(),
            "--model",
            "claude-test",
            "--temperature",
            "0.5",
        ])
        .write_stdin(log(4000)));
    assert_eq!(
        (r.code, r.err.as_str()),
        (
            2,
            "ctx-summarize: --temperature: Anthropic's Messages API takes none for its current models (and its SDKs have none): drop it\n"
        )
    );
    assert_eq!(server.seen().len(), 6, "nothing is sent");
}

#[test]
fn retries_honour_retry_after_and_5xx() {
    let cache = tmp("sum-retry");
    let server = Server::start(|seen, n| match n {
        0 => Reply::Status(429, r#"{"error":{"message":"slow down"}}"#.into(), vec![("retry-after", "1".into())]),
        1 => Reply::Status(500, "oops".into(), vec![]),
        _ => Reply::Text(echo(&seen.prompt())),
    });
    let r = run(llm(&cache, &server).args(["--retries", "3", "-j", "1", "--json"]).write_stdin(log(4000)));
    let v: serde_json::Value = serde_json::from_str(&r.out).expect("json");
    assert_eq!(v["fallbacks"], serde_json::json!([]));
    assert_eq!(v["retries"], 2);
    assert_eq!(server.seen().len(), 8);
    assert_eq!(r.err, "");
}

/// A wrong key is not a transient failure: the first 401 stops the run, with the server's message
/// in one line and exit 1; one request is sent, not one per chunk, and no summary is claimed.
#[test]
fn unauthorized_stops_at_the_first_request() {
    let cache = tmp("sum-401");
    for status in [401, 403, 404] {
        let server = Server::start(move |_, _| {
            Reply::Status(status, r#"{"error":{"message":"Invalid API key"}}"#.into(), vec![])
        });
        let r = run(llm(&cache, &server).args(["--json", "--select", "all", "-j", "4"]).write_stdin(log(4000)));
        assert_eq!(r.code, 1, "HTTP {status}");
        assert_eq!(server.seen().len(), 1, "HTTP {status}: one request, then nothing");
        assert_eq!(r.out, "", "no summary is claimed");
        let want = format!(
            "ctx-summarize: the LLM refused the request (check the key, --model and --base-url): HTTP {status} from {}/chat/completions: Invalid API key\n",
            server.url()
        );
        assert_eq!(r.err, want);
    }
}

/// `--deadline` bounds the whole LLM phase: the request in flight is cut when it passes, nothing
/// more is sent, and every chunk left gets its extractive summary (one warning, exit 0).
#[test]
fn a_deadline_stops_sending_and_the_rest_falls_back() {
    let cache = tmp("sum-deadline");
    let server = Server::start(|_, _| Reply::Slow(Duration::from_secs(5), Box::new(Reply::Text("late".into()))));
    let r = run(llm(&cache, &server)
        .args(["--deadline", "1", "-j", "1", "--select", "all", "--json"])
        .write_stdin(log(4000)));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(server.seen().len(), 1, "one request, cut at the deadline; nothing after it");
    let v: serde_json::Value = serde_json::from_str(&r.out).expect("json");
    let error = |i: usize| v["fallbacks"][i]["error"].as_str().unwrap_or_default().to_string();
    let url = format!("{}/chat/completions", server.url());
    assert_eq!(error(0), format!("the --deadline of 1 s for the LLM passed during a request to {url}"));
    assert_eq!(error(1), "the --deadline of 1 s for the LLM passed: not sent");
    let warnings: Vec<&str> = r.err.lines().collect();
    assert!(warnings[0].starts_with("ctx-summarize: warning: 38 chunk summaries failed;"), "{}", r.err);
    assert!(warnings[1].ends_with("(the --deadline of 1 s for the LLM passed: not sent)"), "{}", r.err);
    let bad = run(llm(&cache, &server).args(["--deadline", "0"]).write_stdin("x"));
    assert_eq!(bad.code, 2);
}

/// A closed port is not a transient failure either: the first refused connection stops the run
/// (no retries, no request per chunk), in one line, exit 1.
#[test]
fn a_closed_port_stops_at_the_first_request() {
    let cache = tmp("sum-closed");
    let port = std::net::TcpListener::bind("127.0.0.1:0").expect("bind").local_addr().expect("addr").port();
    let url = format!("http://127.0.0.1:{port}/v1");
    let r = run(summarize_cmd(&cache)
        .args(["--base-url", &url, "--model", "m", "--select", "all", "-j", "4", "--retries", "4"])
        .write_stdin(log(4000)));
    assert_eq!(r.code, 1, "{}", r.err);
    assert_eq!(r.out, "");
    assert_eq!(r.err.lines().count(), 1, "{}", r.err);
    let want = format!(
        "ctx-summarize: the LLM refused the request (check the key, --model and --base-url): cannot reach {url}/chat/completions: "
    );
    assert!(r.err.starts_with(&want) && r.err.ends_with(": is the server running?\n"), "{}", r.err);
}

#[test]
fn bad_bodies_slow_replies_and_dropped_connections_fall_back() {
    for (name, reply) in [
        ("malformed", Reply::Raw("{not json".into())),
        ("truncated", Reply::Raw(r#"{"choices":[{"mess"#.into())),
        ("dropped", Reply::Drop),
        ("slow", Reply::Slow(Duration::from_secs(3), Box::new(Reply::Text("late".into())))),
    ] {
        let cache = tmp(&format!("sum-fault-{name}"));
        let reply = std::sync::Mutex::new(Some(reply));
        // The first request gets the fault; the rest are answered.
        let server = Server::start(move |seen, n| match (n, reply.lock().expect("lock").take()) {
            (0, Some(r)) => r,
            _ => Reply::Text(echo(&seen.prompt())),
        });
        let r = run(llm(&cache, &server)
            .args(["--retries", "0", "--timeout", "1", "-j", "1", "--json"])
            .write_stdin(log(4000)));
        assert_eq!(r.code, 0, "{name}: {}", r.err);
        let v: serde_json::Value = serde_json::from_str(&r.out).expect("json");
        assert_eq!(v["fallbacks"].as_array().map(Vec::len), Some(1), "{name}: {}", v["fallbacks"]);
        assert_eq!(r.err.lines().count(), 1, "{name}: {}", r.err);
        assert!(r.err.contains(&server.url()), "{name}: the URL is named: {}", r.err);
    }
}

#[test]
fn context_length_errors_split_the_chunk() {
    let cache = tmp("sum-ctx");
    // Prompts carrying more than 3,000 chars of text are too long for this "model".
    let server = Server::start(|seen, _| {
        let p = seen.prompt();
        if p.len() > 3_400 {
            Reply::Status(
                400,
                r#"{"error":{"message":"request (5000 tokens) exceeds the available context size (1024 tokens)"}}"#
                    .into(),
                vec![],
            )
        } else {
            Reply::Text(echo(&p))
        }
    });
    let r = run(llm(&cache, &server).arg("--json").write_stdin(log(4000)));
    let v: serde_json::Value = serde_json::from_str(&r.out).expect("json");
    assert_eq!(v["fallbacks"], serde_json::json!([]), "{}", r.err);
    // The last chunk (21 lines) is short enough; the five others are split once each.
    assert_eq!(v["splits"], 5);
    assert_eq!(server.seen().len(), 6 + 10);
    assert_eq!(r.err, "");
}

#[test]
fn concurrency_is_bounded_by_jobs() {
    for jobs in [1usize, 3] {
        let cache = tmp(&format!("sum-jobs-{jobs}"));
        let server = Server::start_holding(jobs, |seen, _| Reply::Text(echo(&seen.prompt())));
        let r = run(llm(&cache, &server).args(["--select", "all", "-j", &jobs.to_string()]).write_stdin(log(2000)));
        assert_eq!(r.code, 0, "{}", r.err);
        assert!(server.seen().len() >= 9);
        assert_eq!(server.max_in_flight(), jobs);
    }
}

#[test]
fn reruns_are_served_from_the_cache() {
    let cache = tmp("sum-cache");
    let server = ok_server();
    let first = run(llm(&cache, &server).write_stdin(log(4000)));
    assert_eq!(server.seen().len(), 6);
    let second = run(llm(&cache, &server).arg("--json").write_stdin(log(4000)));
    assert_eq!(server.seen().len(), 6, "no new request");
    let v: serde_json::Value = serde_json::from_str(&second.out).expect("json");
    assert_eq!(v["cache_hits"], 6);
    assert_eq!(v["summary"].as_str(), Some(first.out.as_str()));
    let off = run(llm(&cache, &server).arg("--no-cache").write_stdin(log(4000)));
    assert_eq!(off.code, 0);
    assert_eq!(server.seen().len(), 12);
}

#[test]
fn the_key_never_leaves_for_anywhere_but_the_server() {
    let cache = tmp("sum-key");
    let server = ok_server();
    let dry = run(llm(&cache, &server).env("CTX_API_KEY", "sk-never-show-3").arg("--dry-run").write_stdin(log(4000)));
    assert!(server.seen().is_empty(), "a dry run sends nothing");
    let reqs: Vec<serde_json::Value> = dry.out.lines().map(|l| serde_json::from_str(l).expect("json")).collect();
    assert_eq!(reqs.len(), 6);
    assert_eq!(reqs[0]["url"], format!("{}/chat/completions", server.url()));
    assert_eq!(reqs[0]["body"]["model"], "test-model");
    run(llm(&cache, &server).env("CTX_API_KEY", "sk-never-show-3").write_stdin(log(4000)));
    let mut everything = dry.out + &dry.err;
    for entry in walk(&cache) {
        everything.push_str(&std::fs::read_to_string(entry).unwrap_or_default());
    }
    assert!(!everything.contains("sk-never-show-3"));
    assert_eq!(server.seen()[0].header("authorization"), Some("Bearer sk-never-show-3"));
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() { out.extend(walk(&p)) } else { out.push(p) }
    }
    out
}

#[test]
fn long_summaries_are_merged_by_the_main_model() {
    let cache = tmp("sum-reduce");
    let server = Server::start(|seen, _| {
        if seen.prompt().contains("<summaries>") {
            Reply::Text("the merged summary".into())
        } else {
            Reply::Text("x".repeat(400))
        }
    });
    let r = run(llm(&cache, &server)
        .args(["--map-model", "small", "--select", "all", "--max-output", "2000"])
        .write_stdin(log(2000)));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.out,
        "[summary of 110,890 chars: 19 chunks, 19 summarized (all), model small (map), test-model (reduce)]\nthe merged summary\n"
    );
    let seen = server.seen();
    assert_eq!(seen.iter().filter(|s| s.model() == "small").count(), 19);
    assert_eq!(seen.iter().filter(|s| s.model() == "test-model").count(), 1);
}

#[test]
fn configuration_errors_are_usage_errors() {
    let cache = tmp("sum-config");
    for (args, want) in [
        (vec!["--base-url", "http://127.0.0.1:9/v1"], "ctx-summarize: no model: pass --model or set CTX_MODEL\n"),
        (
            vec!["--model", "m", "--api-key-env", "CTX_TEST_UNSET_VAR"],
            "ctx-summarize: --api-key-env names CTX_TEST_UNSET_VAR, which is not set (or is empty)\n",
        ),
        (
            vec!["--model", "m", "--base-url", "ftp://x"],
            "ctx-summarize: invalid base URL 'ftp://x': it must be http:// or https:// with a host\n",
        ),
        (
            vec!["--backend", "llm"],
            "ctx-summarize: no LLM configured: pass --base-url and --model (or set CTX_BASE_URL and CTX_MODEL)\n",
        ),
    ] {
        let r = run(summarize_cmd(&cache).args(&args).write_stdin("x"));
        assert_eq!((r.code, r.err.as_str()), (2, want), "{args:?}");
    }
}

#[test]
fn summaries_too_long_for_one_merge_are_merged_in_groups() {
    let cache = tmp("sum-groups");
    let server = Server::start(|seen, _| {
        if seen.prompt().contains("<summaries>") {
            Reply::Text(format!("merged {} chars", seen.prompt().len()))
        } else {
            Reply::Text("y".repeat(2_000))
        }
    });
    let r = run(llm(&cache, &server)
        .args(["--select", "all", "--max-output", "3000", "--no-header"])
        .write_stdin(log(2000)));
    assert_eq!(r.code, 0, "{}", r.err);
    let reduces: Vec<String> = server.seen().iter().map(|s| s.prompt()).filter(|p| p.contains("<summaries>")).collect();
    // 19 summaries of about 2,000 chars do not fit one merge of 24,000: two groups, then one.
    assert_eq!(reduces.len(), 3, "{:?}", reduces.iter().map(String::len).collect::<Vec<_>>());
    assert!(reduces[..2].iter().all(|p| p.len() <= 24_000 + 1_000));
    assert!(reduces[2].contains("merged "));
    assert!(r.out.starts_with("merged "));
}

#[test]
fn prompt_templates_and_focus_reach_the_model() {
    let cache = tmp("sum-prompts");
    let server = ok_server();
    let dir = tmp("sum-prompt-files");
    let map = dir.join("map.txt");
    std::fs::write(&map, "MAP max={max_chars} focus=<{focus}> <text>\n{text}").expect("write");
    let r = run(llm(&cache, &server)
        .args(["--focus", "error codes", "--map-prompt"])
        .arg(&map)
        .args(["--head", "1", "--tail", "0"])
        .write_stdin(log(4000)));
    assert_eq!(r.code, 0, "{}", r.err);
    let seen = server.seen();
    assert_eq!(seen.len(), 1);
    assert!(
        seen[0].prompt().starts_with("MAP max=500 focus=<Above all, keep: error codes. > <text>\nstep 00000: compiled"),
        "{}",
        &seen[0].prompt()[..80]
    );
    let builtin = run(llm(&tmp("sum-prompts-2"), &server)
        .args(["--focus", "error codes", "--head", "1", "--tail", "0"])
        .write_stdin(log(4000)));
    assert_eq!(builtin.code, 0);
    assert!(server.seen()[1].prompt().contains("Above all, keep: error codes."));
}

#[test]
fn progressive_gives_a_first_look_and_the_path_to_read_on() {
    let dir = tmp("progressive");
    let store = dir.join("store");
    let input = log(400);
    // Without an LLM: the first lines, an extractive gist, the size and the saved path.
    let r = run(summarize_cmd(&dir)
        .args(["--progressive", "--preview-lines", "3", "--persist"])
        .arg(&store)
        .write_stdin(input.clone()));
    assert_eq!(r.code, 0, "{}", r.err);
    let lines: Vec<&str> = r.out.lines().collect();
    let saved = common::saved(&store).into_iter().next().expect("saved");
    assert_eq!(std::fs::read_to_string(&saved).expect("read"), input, "the whole is saved");
    let path = std::fs::canonicalize(&saved).expect("path").display().to_string();
    let whole =
        format!("[whole: 400 lines, {} chars, {} bytes; full text at {path}]", group(input.len()), group(input.len()));
    assert_eq!(lines[0], "[first 3 of 400 lines]");
    assert_eq!(&lines[1..4], &input.lines().take(3).collect::<Vec<_>>()[..]);
    assert!(lines[4].starts_with("[extractive summary: ") && lines[4].ends_with(']'), "{}", lines[4]);
    let gist = lines[4].chars().count() - "[extractive summary: ]".len();
    assert!((100..=300).contains(&gist), "a summary of 100 to 300 chars, not {gist}: {}", lines[4]);
    assert_eq!(lines[5], whole);
    assert_eq!(lines[6], format!("[read more: ctx-truncate --lines A:B {path}]"));
    assert_eq!(lines.len(), 7);
    // With an LLM: its short summary, on one line.
    let server = Server::start(|_, _| Reply::Text("The build failed:\nerror E0308 in part 7.".into()));
    let r = run(llm(&dir, &server)
        .args(["--progressive", "--preview-lines", "3", "--persist"])
        .arg(&store)
        .write_stdin(input));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(r.out.lines().nth(4), Some("[summary: The build failed: error E0308 in part 7.]"));
}

fn group(n: usize) -> String {
    ctx::text::group_digits(n as u64)
}

#[test]
fn tool_schemas_in_both_shapes() {
    let r = run(summarize_cmd(&tmp("schema")).args(["--tool-schema", "openai"]));
    let v: serde_json::Value = serde_json::from_str(&r.out).expect("json");
    assert_eq!(v["type"], "function");
    assert_eq!(v["function"]["name"], "summarize_file");
    assert_eq!(v["function"]["parameters"]["required"], serde_json::json!(["path"]));
    let r = run(common::tool("ctx-truncate").args(["--tool-schema", "anthropic"]));
    let v: serde_json::Value = serde_json::from_str(&r.out).expect("json");
    assert_eq!(v["name"], "read_output");
    assert_eq!(v["input_schema"]["properties"]["lines"]["type"], "string");
}

/// A `ctx.toml` in the working folder (any cloned repository can hold one) may not turn the LLM
/// on or say where the content and the key go: the server it names receives nothing, the output
/// is the offline one, and one line says what was ignored. Trusted by the user, it may.
#[test]
fn a_project_config_cannot_send_the_content_or_the_key_anywhere() {
    let cache = tmp("sum-hostile");
    let dir = tmp("sum-hostile-project");
    let server = ok_server();
    let hostile = format!("[defaults]\nbase_url = \"{}\"\nmodel = \"m\"\nprovider = \"openai\"\n", server.url());
    std::fs::write(dir.join("ctx.toml"), hostile).expect("write");
    std::fs::write(dir.join("big.md"), log(4000)).expect("write");
    let mut cmd = summarize_cmd(&cache);
    cmd.current_dir(&dir).env("OPENAI_API_KEY", "sk-secret-user-key").env("XDG_CONFIG_HOME", &cache).arg("big.md");
    let r = run(&mut cmd);
    assert_eq!(r.code, 0);
    assert_eq!(server.seen().len(), 0, "the project's server received nothing");
    assert!(r.out.starts_with("[extractive summary of "), "{}", r.out);
    assert!(
        r.err.contains("ctx-summarize: warning: 'ctx.toml' may not say where data goes: ignored defaults.base_url, defaults.model, defaults.provider (trust it with CTX_TRUST_PROJECT_CONFIG=1"),
        "{}",
        r.err
    );
    assert!(!r.err.contains("sk-secret-user-key"));
    // The user's own trust lets it through.
    let mut trusted = summarize_cmd(&cache);
    trusted.current_dir(&dir).env("CTX_TRUST_PROJECT_CONFIG", "1").env("XDG_CONFIG_HOME", &cache).arg("big.md");
    let r = run(&mut trusted);
    assert_eq!(r.code, 0);
    assert!(!server.seen().is_empty(), "a trusted project file is obeyed");
}

/// An empty reply, or one cut off by the model's output limit, is a failed call, not a summary:
/// the chunk's extractive summary stands in, `--json` counts it, `--strict` exits 1, and nothing
/// of it is cached (a rerun against a healthy server asks again). A cut reply is not retried.
#[test]
fn empty_and_cut_replies_are_failures_and_never_cached() {
    let cache = tmp("sum-bad-replies");
    let empty = r#"{"choices":[{"message":{"role":"assistant","content":""},"finish_reason":"stop"}]}"#;
    let cut = r#"{"choices":[{"message":{"role":"assistant","content":"The build fai"},"finish_reason":"length"}]}"#;
    for (body, requests) in [(empty, 6 * 3), (cut, 6)] {
        let server = Server::start(move |_, _| Reply::Raw(body.to_string()));
        let r = run(llm(&cache, &server).args(["--json", "--retries", "2"]).write_stdin(log(4000)));
        assert_eq!(r.code, 0, "{}", r.err);
        let v: serde_json::Value = serde_json::from_str(&r.out).expect("json");
        assert_eq!(v["fallbacks"].as_array().map(Vec::len), Some(6), "{body}");
        assert_eq!(server.seen().len(), requests, "{body}: empty replies are retried, cut ones are not");
        assert!(!v["summary"].as_str().unwrap_or_default().contains("The build fai"));
        assert!(
            v["summary"].as_str().unwrap_or_default().starts_with(
                "[summary of 222,890 chars: 38 chunks, 0 summarized (head-tail), 6 extractive after a failed call, model test-model]\n"
            ),
            "the header claims no summary the model did not write: {}",
            v["summary"]
        );
        let strict = run(llm(&cache, &server).args(["--strict", "--retries", "0"]).write_stdin(log(4000)));
        assert_eq!(strict.code, 1);
    }
    let healthy = ok_server();
    let r = run(llm(&cache, &healthy).arg("--json").write_stdin(log(4000)));
    assert_eq!(r.code, 0);
    assert!(!healthy.seen().is_empty(), "nothing bad was cached");
}

/// A base URL's query stays a query, and its `user:password@` never shows in a message.
#[test]
fn base_url_query_is_kept_and_credentials_never_shown() {
    let cache = tmp("sum-url");
    let server =
        Server::start(|_, _| Reply::Status(401, r#"{"error":{"message":"bad key sk-live-123456"}}"#.into(), vec![]));
    let url = server.url().replace("http://", "http://alice:s3cret@") + "?api-version=2024-01-01";
    let r = run(summarize_cmd(&cache)
        .args(["--base-url", &url, "--model", "m"])
        .env("OPENAI_API_KEY", "sk-live-123456")
        .write_stdin(log(4000)));
    assert_eq!(r.code, 1);
    assert_eq!(server.seen()[0].path, "/v1/chat/completions?api-version=2024-01-01");
    assert!(!r.err.contains("s3cret") && !r.err.contains("alice"), "{}", r.err);
    assert!(!r.err.contains("sk-live-123456"), "the key the server echoed is scrubbed: {}", r.err);
    assert!(r.err.contains("bad key [key]"), "{}", r.err);
}

/// Numbers and templates are checked before anything runs: one line, exit 2, never a panic.
#[test]
fn numbers_and_templates_are_checked() {
    let cache = tmp("sum-checks");
    let prompt = cache.join("prompt.txt");
    std::fs::write(&prompt, "Summarize, please.").expect("write");
    let cases: [(&[&str], String); 3] = [
        (
            &["--timeout", "1e19", "--base-url", "http://127.0.0.1:9/v1", "--model", "m"],
            "ctx-summarize: --timeout 10000000000000000000 is not a number of seconds from 0 to 86400\n".into(),
        ),
        (
            &["--temperature", "NaN", "--base-url", "http://127.0.0.1:9/v1", "--model", "m"],
            "ctx-summarize: --temperature NaN is not a number from 0 to 2\n".into(),
        ),
        (
            &["--map-prompt", prompt.to_str().expect("path")],
            format!(
                "ctx-summarize: the prompt template '{}' has no {{text}}: the text to summarize would not be sent\n",
                prompt.display()
            ),
        ),
    ];
    for (args, err) in cases {
        let r = run(summarize_cmd(&cache).args(args).write_stdin("hello\n"));
        assert_eq!((r.code, r.err.as_str()), (2, err.as_str()), "{args:?}");
    }
}

/// The same input gives byte-identical `--json`: no timing unless asked with -v.
#[test]
fn json_is_byte_identical_without_timing() {
    let cache = tmp("sum-json-same");
    let a = run(summarize_cmd(&cache).arg("--json").write_stdin(log(4000)));
    let b = run(summarize_cmd(&cache).arg("--json").write_stdin(log(4000)));
    assert_eq!(a.out, b.out);
    assert!(!a.out.contains("elapsed_ms"));
    let v = run(summarize_cmd(&cache).args(["--json", "-v"]).write_stdin(log(4000)));
    assert!(v.out.contains("\"elapsed_ms\":"), "{}", v.out);
}

/// -q silences warnings (a fallback is still counted in --json); --strict makes it an error,
/// which shows.
#[test]
fn quiet_silences_warnings_but_not_strict_errors() {
    let cache = tmp("sum-quiet");
    let down = Server::start(|_, _| Reply::Status(500, "{}".into(), vec![]));
    let r = run(llm(&cache, &down).args(["-q", "--retries", "0", "--no-cache"]).write_stdin(log(4000)));
    assert_eq!((r.code, r.err.as_str()), (0, ""));
    let r = run(llm(&cache, &down).args(["-q", "--retries", "0", "--no-cache", "--strict"]).write_stdin(log(4000)));
    assert_eq!(r.code, 1);
    assert!(r.err.starts_with("ctx-summarize: error: 6 chunk summaries failed"), "{}", r.err);
}

/// The output can be bounded in tokens too (`-t`/`--max-tokens`), and `--max-chars` names the
/// chars bound as in the other tools: every tier keeps both, with no fallback warning.
#[test]
fn output_bounded_in_tokens_and_chars() {
    let cache = tmp("sum-tokens");
    let inputs = [log(400), log(4000), std::fs::read_to_string("tests/fixtures/build.log").expect("fixture")];
    for input in &inputs {
        for t in [150u64, 400, 1000] {
            let r = run(summarize_cmd(&cache).args(["-t", &t.to_string()]).write_stdin(input.clone()));
            assert_eq!((r.code, r.err.as_str()), (0, ""));
            let n = ctx::tokens::Encoding::O200k.count(r.out.as_bytes());
            assert!(n <= t, "{n} tokens over {t}");
        }
        let r = run(summarize_cmd(&cache).args(["--max-chars", "500"]).write_stdin(input.clone()));
        assert!(r.out.chars().count() <= 500, "{}", r.out.chars().count());
    }
}

/// What ctx-summarize (and ctx-truncate) says when a budget cannot hold even `[...]` where the
/// text is cut.
const UNMARKED: &str =
    "ctx-summarize: the budget cannot hold a marker where the text is cut, not even '[...]': raise the budget\n";

/// A cut is never silent (issue 23): on every tier, a budget too small for even `[...]` where the
/// text is cut fails with exit 1 and one line, and prints nothing. `seq 1 3000 | ctx-summarize
/// --max-output 8 --pass-through 5` printed `1\n00`, exit 0.
#[test]
fn a_budget_too_small_for_a_marker_fails_on_every_tier() {
    let cache = tmp("sum-unmarked");
    let seq = common::numbers(3000);
    for (tier, args, input) in [
        ("truncate", &["--max-output", "8", "--pass-through", "5"][..], seq.as_str()),
        ("pass-through over --max-output", &["--max-output", "4"][..], "1\n2\n3\n"),
        ("extractive", &["--max-output", "5", "--pass-through", "100", "--summarize-above", "100"][..], seq.as_str()),
    ] {
        for json in [false, true] {
            let mut c = summarize_cmd(&cache);
            c.args(args);
            if json {
                c.arg("--json");
            }
            let r = run(c.write_stdin(input));
            assert_eq!((r.code, r.out.as_str(), r.err.as_str()), (1, "", UNMARKED), "{tier}, json {json}");
        }
    }
    // A budget that holds `[...]` is met with it.
    let r = run(summarize_cmd(&cache).args(["--max-output", "12", "--pass-through", "100"]).write_stdin(seq.as_str()));
    assert_eq!((r.code, r.out.as_str()), (0, "1\n[...]\n00\n"), "{}", r.err);
}

/// An extractive summary's header takes at most half of the target: a smaller one keeps the
/// text, its cut marked (the header left no room, and the cut showed no marker).
#[test]
fn a_small_extractive_summary_keeps_marked_text_before_its_header() {
    let cache = tmp("sum-small-extract");
    let args = ["--pass-through", "100", "--summarize-above", "100", "--max-output"];
    let r = run(summarize_cmd(&cache).args(args).arg("30").write_stdin(common::numbers(3000)));
    assert_eq!((r.code, r.out.as_str()), (0, "1\n2\n3\n4\n5\n[...]\n2999\n3000\n"), "{}", r.err);
    // Where nothing scored is kept, the head and tail stand, not one marker over the whole.
    let r = run(summarize_cmd(&cache).args(args).arg("200").write_stdin(common::numbers(3000)));
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.out.starts_with("[extractive summary of 13,893 chars, 3,000 lines: best sentences kept verbatim]\n1\n2\n"),
        "{}",
        r.out
    );
    assert!(r.out.contains("\n[... 2,982 lines (13,836 chars) omitted: lines 13-2,994 ...]\n"), "{}", r.out);
    assert!(r.out.ends_with("\n2999\n3000\n"), "{}", r.out);
}

/// The LLM's output cut to --max-output, and the chunk summaries cut when the merge fails, are
/// marked or refused as ctx-truncate's are.
#[test]
fn a_map_reduce_output_too_long_for_a_marker_fails() {
    let cache = tmp("sum-unmarked-llm");
    // The merge answers at length: the last resort cuts it to --max-output.
    let long = Server::start(|_, _| Reply::Text("y".repeat(400)));
    // The merge fails: the chunk summaries, fitted to --max-output, stand in.
    let failing = Server::start(|seen, _| match seen.prompt().contains("<summaries>") {
        true => Reply::Status(400, "{\"error\": {\"message\": \"bad request\"}}".into(), vec![]),
        false => Reply::Text("z".repeat(400)),
    });
    for (name, server) in [("long", &long), ("failing", &failing)] {
        let r = run(llm(&cache, server)
            .args(["--retries", "0", "--no-header", "--max-output", "4", "--select", "all"])
            .write_stdin(log(2000)));
        assert_eq!((r.code, r.out.as_str()), (1, ""), "{name}: {}", r.err);
        assert!(r.err.ends_with(UNMARKED), "{name}: {}", r.err);
        let r = run(llm(&cache, server)
            .args(["--retries", "0", "--no-header", "--max-output", "20", "--select", "all"])
            .write_stdin(log(2000)));
        assert_eq!(r.code, 0, "{name}: {}", r.err);
        assert!(r.out.contains("[...]"), "{name}: {}", r.out);
        assert!(r.out.trim_end().chars().count() <= 20, "{name}: {}", r.out);
    }
}

/// `--progressive` holds --max-output for the whole look: its first lines take what the summary
/// and the path leave, whole lines or a first line marked where it is cut, and a budget too small
/// for the rest fails with exit 1 (the look overran --max-output, and cut a line with no marker).
#[test]
fn progressive_fits_max_output_and_marks_a_cut_first_line() {
    let dir = tmp("progressive-budget");
    let store = dir.join("store");
    let look = |input: &str, max: u64| {
        run(summarize_cmd(&dir)
            .args(["--progressive", "--max-output", &max.to_string(), "--persist"])
            .arg(&store)
            .write_stdin(input.to_string()))
    };
    let input = common::numbers(3000);
    let full = look(&input, 8_000);
    assert_eq!(full.code, 0, "{}", full.err);
    let rest = full.out.chars().count() as u64 - common::numbers(50).len() as u64;
    // The header's count is reserved at its widest: "3,000" beside "0" where "50" stood.
    let rest = rest + 4;
    // Room for 10 lines and 2 chars of the 11th: 10 whole lines.
    let r = look(&input, rest + common::numbers(10).len() as u64 + 2);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.starts_with(&format!("[first 10 of 3,000 lines]\n{}[", common::numbers(10))), "{}", r.out);
    assert!(r.out.chars().count() as u64 <= rest + 23, "{}", r.out);
    let small = rest;
    let r = look(&input, small - 1);
    let e = format!(
        "ctx-summarize: --max-output {} cannot hold the first look's summary and where the whole was saved ({} chars): raise it\n",
        group(small as usize - 1),
        group(small as usize)
    );
    assert_eq!((r.code, r.out.as_str(), r.err.as_str()), (1, "", e.as_str()));
    assert!(look(&input, small).out.starts_with("[first 0 of 3,000 lines]\n[extractive summary: "));
    // One long line: its start, marked where it is cut, in exactly the budget.
    let line = format!("{}\n", "x".repeat(100));
    let full = look(&line, 8_000);
    let rest = full.out.chars().count() as u64 - 101;
    let r = look(&line, rest + 40);
    assert_eq!(r.code, 0, "{}", r.err);
    // 39 chars (one is the header's count, reserved): 32 of the line, " [...]" and the newline.
    assert!(r.out.starts_with(&format!("[first 1 of 1 lines]\n{} [...]\n[", "x".repeat(32))), "{}", r.out);
    assert_eq!(r.out.chars().count() as u64, rest + 39, "{}", r.out);
    // A last line without a newline is given one: it is counted.
    let r = look(&line[..100], rest + 100);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.starts_with(&format!("[first 1 of 1 lines]\n{} [...]\n[", "x".repeat(91))), "{}", r.out);
    assert_eq!(r.out.chars().count() as u64, rest + 98, "{}", r.out);
}

/// JSON, cut to the pass-through size, stays within --max-output and --max-tokens as every tier
/// does (it was cut to --pass-through alone: 11,803 chars for --max-output 100, exit 0).
#[test]
fn json_is_cut_within_max_output() {
    let cache = tmp("sum-json-budget");
    let items: Vec<String> = (0..2000).map(|i| format!("{{\"id\": {i}, \"name\": \"item {i}\"}}")).collect();
    let input = format!("[{}]\n", items.join(", "));
    let r = run(summarize_cmd(&cache).args(["--from", "json", "--max-output", "100"]).write_stdin(input.clone()));
    assert_eq!(
        (r.code, r.out.as_str(), r.err.as_str()),
        (0, "[{\"id\":0,\"name\":\"item 0\"},\"… 1,998 more items\",{\"id\":1999,\"name\":\"item 1999\"}]\n", "")
    );
    let r = run(summarize_cmd(&cache).args(["--from", "json", "-t", "30"]).write_stdin(input));
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(ctx::tokens::Encoding::O200k.count(r.out.as_bytes()) <= 30, "{}", r.out);
    assert!(r.out.contains("\"… 1,998 more items\""), "{}", r.out);
}
