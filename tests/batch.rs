//! Provider batches: `--batch-out` writes what the cache cannot answer as a batch input file and
//! sends nothing; `--batch-in` reads the provider's results into the cache; the same command run
//! again goes on round by round, and ends with what a live run against the same model makes,
//! byte for byte. The "provider" here is a scripted model: a loopback server for the live run,
//! and the same function of each request for the batch results, which come back out of order,
//! some expired or failed for now.

mod common;

use common::server::{Reply, Server};
use common::{run, tmp, tool};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The scripted model's answer to a prompt: a function of it alone.
fn answer(prompt: &str) -> String {
    let words = prompt.split_whitespace().count();
    let tail: String = prompt.chars().rev().take(40).collect::<Vec<_>>().into_iter().rev().collect();
    format!("Summary of {words} words ending {:?}.", tail.trim())
}

fn live_server() -> Server {
    Server::start(|seen, _| Reply::Text(answer(&seen.prompt())))
}

/// A long log: map-reduce with several chunks.
fn long_log() -> String {
    (0..4000).map(|i| format!("line {i}: compiling crate number {i} of many\n")).collect()
}

/// A batch engine: answers every request line of `requests` as the scripted model would, in
/// reverse order, in the output format of `shape` ("openai" or "anthropic"). Requests named in
/// `expire` come back expired, those in `busy` as a 500 (both worth asking again).
fn engine(requests: &Path, shape: &str, expire: &BTreeSet<String>, busy: &BTreeSet<String>) -> String {
    results(&fs::read_to_string(requests).expect("requests"), shape, expire, busy)
}

/// [`engine`] on the text of a batch input file.
fn results(text: &str, shape: &str, expire: &BTreeSet<String>, busy: &BTreeSet<String>) -> String {
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).expect("a JSON line");
        let id = v["custom_id"].as_str().expect("custom_id").to_string();
        let body = if shape == "openai" { &v["body"] } else { &v["params"] };
        let prompt = body["messages"].as_array().and_then(|m| m.last()).and_then(|m| m["content"].as_str());
        let reply = answer(prompt.expect("a prompt"));
        let o = match shape {
            "openai" if expire.contains(&id) => json!({"id": "b", "custom_id": id, "response": null,
                "error": {"code": "batch_expired", "message": "This request could not be executed before the completion window expired."}}),
            "openai" if busy.contains(&id) => json!({"id": "b", "custom_id": id,
                "response": {"status_code": 500, "request_id": "r", "body": {"error": {"message": "server error"}}}, "error": null}),
            "openai" => json!({"id": "b", "custom_id": id, "response": {"status_code": 200, "request_id": "r",
                "body": {"object": "chat.completion", "choices": [{"index": 0, "finish_reason": "stop",
                    "message": {"role": "assistant", "content": reply}}], "usage": {"prompt_tokens": 10, "completion_tokens": 3}}},
                "error": null}),
            _ if expire.contains(&id) => json!({"custom_id": id, "result": {"type": "expired"}}),
            _ if busy.contains(&id) => json!({"custom_id": id, "result": {"type": "errored",
                "error": {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}}}),
            _ => {
                json!({"custom_id": id, "result": {"type": "succeeded", "message": {"type": "message", "role": "assistant",
                "content": [{"type": "text", "text": reply}], "stop_reason": "end_turn",
                "usage": {"input_tokens": 10, "output_tokens": 3}}}})
            }
        };
        out.push(o.to_string());
    }
    out.reverse();
    out.into_iter().map(|l| l + "\n").collect()
}

fn ids(requests: &Path) -> Vec<String> {
    let text = fs::read_to_string(requests).expect("requests");
    text.lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("json")["custom_id"].as_str().expect("id").to_string())
        .collect()
}

struct Loop {
    /// The requests of each round, in the order written.
    rounds: Vec<Vec<String>>,
    /// The last run's stdout.
    out: String,
    /// Each run's stderr.
    errs: Vec<String>,
}

/// Runs `cmd` (a fresh command each time, from `make`) with --batch-out until it exits 0,
/// answering each batch through [`engine`]; the first time a request is seen, the first one of
/// the batch expires and the second is busy.
fn batch_loop(dir: &Path, shape: &str, make: &dyn Fn() -> assert_cmd::Command) -> Loop {
    let (req, res) = (dir.join("requests.jsonl"), dir.join("results.jsonl"));
    let mut l = Loop { rounds: Vec::new(), out: String::new(), errs: Vec::new() };
    let mut faulted: BTreeSet<String> = BTreeSet::new();
    for attempt in 0..10 {
        let mut c = make();
        c.arg("--batch-out").arg(&req);
        if attempt > 0 {
            c.arg("--batch-in").arg(&res);
        }
        let r = run(&mut c);
        l.errs.push(r.err.clone());
        if r.code == 0 {
            assert!(!req.exists(), "a finished run removes the last round's batch file");
            l.out = r.out;
            return l;
        }
        assert_eq!(r.code, 3, "{}", r.err);
        let batch = ids(&req);
        let fresh: Vec<&String> = batch.iter().filter(|i| !faulted.contains(*i)).collect();
        let expire: BTreeSet<String> = fresh.first().map(|s| (*s).clone()).into_iter().collect();
        let busy: BTreeSet<String> = fresh.get(1).map(|s| (*s).clone()).into_iter().collect();
        faulted.extend(batch.iter().cloned());
        fs::write(&res, engine(&req, shape, &expire, &busy)).expect("results");
        l.rounds.push(batch);
    }
    panic!("no end after 10 rounds: {:?}", l.errs);
}

fn summarize(cache: &Path) -> assert_cmd::Command {
    let mut c = tool("ctx-summarize");
    c.env("XDG_CACHE_HOME", cache);
    c
}

/// Map, then merge: the merge's request exists only once the chunks' answers are in. Expired
/// and busy answers are asked for again in the next batch; the end equals a live run.
#[test]
fn a_summary_made_through_batches_equals_the_live_one() {
    for shape in ["openai", "anthropic"] {
        let dir = tmp(&format!("batch-summary-{shape}"));
        let log = dir.join("big.log");
        fs::write(&log, long_log()).expect("write");
        let server = live_server();
        let url = if shape == "openai" { server.url() } else { server.root() };
        let args = ["--provider", shape, "--base-url", &url, "--model", "m", "--max-output", "300", "--target", "200"];
        let live = run(summarize(&dir.join("live")).args(args).arg(&log));
        assert_eq!(live.code, 0, "{}", live.err);
        let calls = server.seen().len();
        assert_eq!(calls, 7, "six chunks and one merge");
        let l = batch_loop(&dir, shape, &|| {
            let mut c = summarize(&dir.join("batch"));
            c.args(args).arg(&log);
            c
        });
        assert_eq!(server.seen().len(), calls, "{shape}: a batch run sends nothing");
        assert_eq!(l.out, live.out, "{shape}");
        // Round 1: the six chunks; again the two that expired or were busy; then the merge, which
        // expires the first time too.
        let sizes: Vec<usize> = l.rounds.iter().map(Vec::len).collect();
        assert_eq!(sizes, [6, 2, 1, 1], "{shape}: {:?}", l.errs);
        assert_eq!(
            l.errs[0],
            format!(
                "ctx-summarize: 6 requests in 1 file for round 1: {}; run the same command again with --batch-in and their results\n",
                dir.join("requests.jsonl").display()
            )
        );
        assert!(
            l.errs[1]
                .contains(": 4 answers cached, 2 expired, canceled or failed for now (asked again in the next batch)"),
            "{}",
            l.errs[1]
        );
        assert!(l.errs[2].contains("1 request in 1 file for round 2"), "{}", l.errs[2]);
        // The merge was never asked for before the chunks' answers were in.
        assert!(l.rounds[..2].iter().flatten().all(|id| !l.rounds[2].contains(id)));
        assert_eq!(l.rounds[2], l.rounds[3]);
    }
}

/// `--json` says the round and the requests a run waits for.
#[test]
fn json_says_the_round_and_what_is_left() {
    let dir = tmp("batch-json");
    let log = dir.join("big.log");
    fs::write(&log, long_log()).expect("write");
    let r = run(summarize(&dir)
        .args(["--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--json", "--batch-out"])
        .arg(dir.join("req.jsonl"))
        .arg(&log));
    assert_eq!(r.code, 3, "{}", r.err);
    assert_eq!(r.out, "{\"tier\":\"summarized\",\"batch\":{\"round\":1,\"requests\":6}}\n");
}

/// A request the batch failed for good (a 400) is not asked for again and again: its fallback
/// (the chunk's extractive summary) stands in, as after a failed live call, with the warning.
#[test]
fn a_request_that_failed_for_good_falls_back_and_is_not_sent_again() {
    let dir = tmp("batch-errored");
    let log = dir.join("big.log");
    fs::write(&log, long_log()).expect("write");
    let req = dir.join("req.jsonl");
    let args = ["--base-url", "http://127.0.0.1:9/v1", "--model", "m"];
    let first = run(summarize(&dir).args(args).arg("--batch-out").arg(&req).arg(&log));
    assert_eq!(first.code, 3, "{}", first.err);
    let all = ids(&req);
    let mut results = engine(&req, "openai", &BTreeSet::new(), &BTreeSet::new());
    let bad = json!({"id": "b", "custom_id": all[0], "response": {"status_code": 400, "request_id": "r",
        "body": {"error": {"message": "Invalid 'max_tokens'", "type": "invalid_request_error"}}}, "error": null});
    results = results.lines().filter(|l| !l.contains(&all[0])).map(|l| format!("{l}\n")).collect::<String>()
        + &format!("{bad}\n");
    let res = dir.join("res.jsonl");
    fs::write(&res, results).expect("write");
    let r = run(summarize(&dir).args(args).arg("--batch-in").arg(&res).arg("--batch-out").arg(&req).arg(&log));
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.err.contains(": 5 answers cached, 1 failed for good (their fallback stands in); the first: "),
        "{}",
        r.err
    );
    assert!(r.err.contains("HTTP 400: Invalid 'max_tokens'"), "{}", r.err);
    assert!(r.err.contains("1 chunk summaries failed; their extractive summaries stand in"), "{}", r.err);
    assert!(r.out.starts_with("[summary of 185,780 chars: 32 chunks, 5 summarized (head-tail), 1 extractive after a failed call, model m]\n"), "{}", r.out);
    // With --strict it is an error, as a failed live call is.
    let strict = run(summarize(&dir).args(args).arg("--strict").arg("--batch-out").arg(&req).arg(&log));
    assert_eq!(strict.code, 1, "{}", strict.err);
}

/// What is not a batch result of this tool is refused, in one line, and nothing is cached.
#[test]
fn foreign_lines_are_refused() {
    let dir = tmp("batch-foreign");
    let res = dir.join("res.jsonl");
    for (line, why) in [
        (
            "{\"custom_id\":\"../../x\",\"response\":{\"status_code\":200,\"body\":{}}}",
            "custom_id '../../x' was not written by ctx (40 hex digits): not this tool's batch",
        ),
        ("{\"id\":1}", "no custom_id: not a batch output line"),
        ("not json", "not a JSON line"),
    ] {
        fs::write(&res, format!("{line}\n")).expect("write");
        let r = run(summarize(&dir).arg("--batch-in").arg(&res));
        assert_eq!(r.code, 1);
        assert!(r.err.starts_with(&format!("ctx-summarize: {}:1: {why}", res.display())), "{}", r.err);
        assert_eq!(r.err.lines().count(), 1, "{}", r.err);
    }
    assert!(!dir.join("ctx/llm").exists() || common::saved(&dir.join("ctx/llm")).is_empty());
    // --batch-in alone fills the cache; inputs with it and no --batch-out would not be read.
    let r = run(summarize(&dir).arg("--batch-in").arg(&res).arg("x.log"));
    assert_eq!(r.code, 2);
    assert!(r.err.contains("--batch-in without --batch-out only fills the cache"), "{}", r.err);
    let r = run(summarize(&dir).arg("--batch-out").arg(dir.join("r.jsonl")).arg("x.log"));
    assert_eq!(r.code, 2);
    assert!(r.err.contains("--batch-out needs a model"), "{}", r.err);
}

/// A transcript: the OpenAI fixture with a mark of its own, so that every file asks its own
/// summary.
fn transcript(i: usize) -> String {
    let base = fs::read_to_string("tests/fixtures/transcripts/openai-body.json").expect("fixture");
    base.replace("Find the failing test.", &format!("Find the failing test number {i}."))
}

fn compact(dir: &Path) -> assert_cmd::Command {
    let mut c = tool("ctx-compact");
    c.env("XDG_CACHE_HOME", dir.join("cache"));
    c
}

/// A thousand transcripts in one --out-dir run: one batch file for all of them, each request
/// once, never asked for again once answered, and the outputs equal those of a live run.
#[test]
fn a_thousand_transcripts_make_one_batch_a_round() {
    let dir = tmp("batch-thousand");
    let src = dir.join("sessions");
    fs::create_dir_all(&src).expect("mkdir");
    for i in 0..1000 {
        fs::write(src.join(format!("s{i:04}.json")), transcript(i % 1000)).expect("write");
    }
    // Two identical files ask one request.
    fs::write(src.join("t-copy.json"), transcript(7)).expect("write");
    let server = live_server();
    let store = dir.join("store");
    let store = store.to_str().expect("utf-8");
    let args = [
        "--base-url",
        &server.url(),
        "--model",
        "m",
        "--max-tokens",
        "800",
        "--keep-recent",
        "150",
        "-q",
        "--store",
        store,
    ];
    let out = |name: &str| dir.join(name);
    let live = run(compact(&dir.join("live")).args(args).arg("--out-dir").arg(out("live-out")).arg(&src));
    assert_eq!(live.code, 0, "{}", live.err);
    let calls = server.seen().len();
    assert_eq!(calls, 1000, "the copy is answered from the cache");
    let l = batch_loop(&dir, "openai", &|| {
        let mut c = compact(&dir.join("batch"));
        c.args(args).arg("--out-dir").arg(out("batch-out")).arg(&src);
        c
    });
    assert_eq!(server.seen().len(), calls, "a batch run sends nothing");
    let sizes: Vec<usize> = l.rounds.iter().map(Vec::len).collect();
    assert_eq!(sizes, [1000, 2], "{:?}", l.errs);
    assert!(l.errs[0].contains("1,000 requests in 1 file for round 1"), "{}", l.errs[0]);
    let all: Vec<&String> = l.rounds.iter().flatten().collect();
    let unique: BTreeSet<&&String> = all.iter().collect();
    assert_eq!(unique.len(), 1000, "no request is asked for after its answer came");
    for i in [0usize, 7, 500, 999] {
        let name = format!("s{i:04}.json");
        assert_eq!(
            fs::read(out("batch-out").join(&name)).expect("batch output"),
            fs::read(out("live-out").join(&name)).expect("live output"),
            "{name}"
        );
    }
    assert_eq!(
        fs::read_dir(out("batch-out"))
            .expect("dir")
            .filter(|e| e.as_ref().is_ok_and(|e| e.path().extension().is_some_and(|x| x == "json")))
            .count(),
        1001
    );
}

/// A run killed while it writes its batch file, or while it reads results in, leaves nothing
/// a rerun takes for done: the batch file is the last whole one (or none), each answer in the
/// cache is whole, and the rerun finishes the job.
#[test]
fn a_killed_emit_or_ingest_leaves_nothing_half_written() {
    let dir = tmp("batch-killed");
    let src = dir.join("sessions");
    fs::create_dir_all(&src).expect("mkdir");
    for i in 0..40 {
        fs::write(src.join(format!("s{i:02}.json")), transcript(i)).expect("write");
    }
    let req = dir.join("req.jsonl");
    let args =
        ["--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--max-tokens", "800", "--keep-recent", "150", "-q"];
    let cmd = || {
        let mut c = compact(&dir);
        c.args(args).arg("--out-dir").arg(dir.join("out")).arg(&src).arg("--batch-out").arg(&req);
        c
    };
    // The write of the batch file fails just before its rename: no file, no temporary.
    let r = run(cmd().env("CTX_FAULT", "before-rename"));
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(!req.exists());
    assert!(
        fs::read_dir(&dir).expect("dir").all(|e| !e.expect("entry").file_name().to_string_lossy().starts_with(".tmp"))
    );
    // kill -9 at random points of the emit: the file is whole or absent.
    for delay in [5u64, 20, 60, 150] {
        let _ = fs::remove_file(&req);
        let mut child = std::process::Command::new(common::bin("ctx-compact"));
        child.env("XDG_CACHE_HOME", dir.join("cache")).env("XDG_CONFIG_HOME", dir.join("no-config"));
        child.args(args).arg("--out-dir").arg(dir.join("out")).arg(&src).arg("--batch-out").arg(&req);
        let mut p = child.stderr(std::process::Stdio::null()).spawn().expect("spawn");
        std::thread::sleep(std::time::Duration::from_millis(delay));
        let _ = p.kill();
        let _ = p.wait();
        if req.exists() {
            assert_eq!(ids(&req).len(), 40, "a batch file is whole");
        }
    }
    let r = run(&mut cmd());
    assert_eq!(r.code, 3, "{}", r.err);
    assert_eq!(ids(&req).len(), 40);
    let res = dir.join("res.jsonl");
    fs::write(&res, engine(&req, "openai", &BTreeSet::new(), &BTreeSet::new())).expect("write");
    // An ingest that fails on its first write caches nothing half; the rerun caches all.
    let r = run(compact(&dir).arg("--batch-in").arg(&res).env("CTX_FAULT", "before-rename"));
    assert_eq!(r.code, 1, "{}", r.err);
    let cache = dir.join("cache/ctx/llm");
    let entries = |d: &PathBuf| common::saved(d).len();
    assert_eq!(entries(&cache), 0);
    // kill -9 during an ingest: what is cached is whole JSON; the rerun completes it.
    let mut child = std::process::Command::new(common::bin("ctx-compact"));
    child.env("XDG_CACHE_HOME", dir.join("cache")).env("XDG_CONFIG_HOME", dir.join("no-config"));
    let mut p = child.arg("--batch-in").arg(&res).stderr(std::process::Stdio::null()).spawn().expect("spawn");
    std::thread::sleep(std::time::Duration::from_millis(15));
    let _ = p.kill();
    let _ = p.wait();
    for f in common::saved(&cache) {
        let v: Value = serde_json::from_slice(&fs::read(&f).expect("read")).expect("a whole entry");
        assert!(v["text"].is_string(), "{}", f.display());
    }
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for id in ids(&req) {
        *seen.entry(id).or_default() += 1;
    }
    assert!(seen.values().all(|n| *n == 1));
    let r = run(cmd().arg("--batch-in").arg(&res));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(entries(&cache), 40);
    assert_eq!(common::saved(&dir.join("out")).len(), 40);
    assert!(!req.exists(), "a finished run leaves no batch file to submit again");
}

/// `scripts/validate_batch_lines.py ARGS` run by `python`: its stdout (echoed to stderr), once
/// it succeeded.
fn validate(python: &str, args: &[&std::ffi::OsStr]) -> String {
    let o = std::process::Command::new(python)
        .arg("scripts/validate_batch_lines.py")
        .args(args)
        .output()
        .expect("python runs");
    let (out, err) = (String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    assert!(o.status.success(), "{out}{err}");
    eprint!("{out}");
    out.into_owned()
}

/// The lines checked against the real consumers' own types: the `openai` and `anthropic` SDKs
/// from PyPI (vLLM's models: `lines_are_valid_for_real_vllm`); then the SDK-built results read
/// back in. Run with
/// `CTX_BATCH_PYTHON=/tmp/v/bin/python cargo test --test batch -- --ignored lines_are_valid_for_the_real_sdks`.
#[test]
#[ignore = "needs the openai/anthropic SDKs: python3 -m venv /tmp/v && /tmp/v/bin/pip install openai anthropic; CTX_BATCH_PYTHON=/tmp/v/bin/python (see scripts/validate_batch_lines.py)"]
fn lines_are_valid_for_the_real_sdks() {
    let python = std::env::var("CTX_BATCH_PYTHON").unwrap_or_else(|_| "python3".into());
    let py = |args: &[&std::ffi::OsStr]| validate(&python, args);
    let dir = tmp("batch-sdk");
    let log = dir.join("big.log");
    fs::write(&log, long_log()).expect("write");
    let out = py(&["check-api-fields".as_ref()]);
    assert!(out.contains("the batch and file fields ctx reads are the SDKs'"), "{out}");
    for shape in ["openai", "anthropic"] {
        let (req, res) = (dir.join(format!("{shape}-req.jsonl")), dir.join(format!("{shape}-res.jsonl")));
        let args = ["--provider", shape, "--model", "claude-sonnet-4-5", "--max-output", "300", "--target", "200"];
        let r = run(summarize(&dir).args(args).arg("--batch-out").arg(&req).arg(&log));
        assert_eq!(r.code, 3, "{}", r.err);
        let out = py(&[format!("check-{shape}").as_ref(), req.as_os_str()]);
        assert!(out.contains("6 lines valid"), "{out}");
        py(&[format!("answer-{shape}").as_ref(), req.as_os_str(), res.as_os_str()]);
        let r = run(summarize(&dir).args(args).arg("--batch-in").arg(&res).arg("--batch-out").arg(&req).arg(&log));
        assert_eq!(r.code, 3, "{}", r.err);
        assert!(r.err.contains(": 4 answers cached, 1 failed for good (their fallback stands in), 1 expired, canceled or failed for now"), "{}", r.err);
        // The expired one is asked again; the one that failed for good is not: OpenAI's (a wrong
        // model) falls back, Anthropic's (a prompt too long) is asked again in two halves.
        assert_eq!(ids(&req).len(), if shape == "openai" { 1 } else { 3 }, "{}", r.err);
    }
}

/// vLLM's run-batch reads ctx's OpenAI-shaped lines with its own models: each line validates as
/// its `BatchRequestInput` with a `ChatCompletionRequest` body and no key vLLM would ignore, and
/// results built as its `BatchRequestOutput` (a failure made by its own
/// `make_error_request_output`) are read back into the cache.
#[test]
#[ignore = "needs vLLM's models: python3 -m venv /tmp/vllm && /tmp/vllm/bin/pip install vllm; CTX_VLLM_PYTHON=/tmp/vllm/bin/python (see scripts/validate_batch_lines.py)"]
fn lines_are_valid_for_real_vllm() {
    let python = std::env::var("CTX_VLLM_PYTHON").expect("CTX_VLLM_PYTHON: a python with vllm installed");
    let py = |args: &[&std::ffi::OsStr]| validate(&python, args);
    let dir = tmp("batch-vllm");
    let log = dir.join("big.log");
    fs::write(&log, long_log()).expect("write");
    let (req, res) = (dir.join("req.jsonl"), dir.join("res.jsonl"));
    let args = ["--model", "Qwen/Qwen3-8B", "--max-output", "300", "--target", "200"];
    let r = run(summarize(&dir).args(args).arg("--batch-out").arg(&req).arg(&log));
    assert_eq!(r.code, 3, "{}", r.err);
    let out = py(&["check-vllm".as_ref(), req.as_os_str()]);
    assert!(out.contains(": 6 lines valid as vLLM "), "{out}");
    py(&["answer-vllm".as_ref(), req.as_os_str(), res.as_os_str()]);
    let r = run(summarize(&dir).args(args).arg("--batch-in").arg(&res).arg("--batch-out").arg(&req).arg(&log));
    assert_eq!(r.code, 3, "{}", r.err);
    assert!(r.err.contains(": 5 answers cached, 1 failed for good (their fallback stands in)"), "{}", r.err);
    assert!(r.err.contains("HTTP 400: The prompt is too long for this model"), "{}", r.err);
}

/// A provider's batch endpoints, as documented: OpenAI's files and batches (upload with
/// `purpose=batch`, create, status, output and error files) and Anthropic's Message Batches
/// (create, status, `results_url`). A batch is in progress at its first two reads and has
/// ended from the third; its results come out of order, and the first request each batch sees for the
/// first time expires, the second fails with a 500 (OpenAI) or is overloaded (Anthropic).
struct Provider {
    server: Server,
}

#[derive(Default)]
struct Batches {
    files: BTreeMap<String, String>,
    /// Batch id to (input text, status reads).
    batches: BTreeMap<String, (String, usize)>,
    faulted: BTreeSet<String>,
}

/// The file part of a multipart upload, and whether `purpose` is `batch`.
fn upload(raw: &[u8]) -> (String, bool) {
    let text = String::from_utf8_lossy(raw).into_owned();
    let boundary = text.lines().next().expect("a boundary").trim().to_string();
    let mut file = String::new();
    let mut purpose = false;
    for part in text.split(&boundary) {
        let Some((head, body)) = part.split_once("\r\n\r\n") else { continue };
        let body = body.strip_suffix("\r\n").unwrap_or(body);
        if head.contains("name=\"purpose\"") {
            purpose = body == "batch";
        } else if head.contains("name=\"file\"") {
            file = body.to_string();
        }
    }
    (file, purpose)
}

impl Provider {
    fn start(key: &'static str) -> Provider {
        let state = std::sync::Arc::new(std::sync::Mutex::new(Batches::default()));
        let root = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let r2 = root.clone();
        let server = Server::start(move |seen, _| {
            let mut st = state.lock().expect("lock");
            let authorized =
                seen.header("authorization") == Some(&format!("Bearer {key}")) || seen.header("x-api-key") == Some(key);
            if !authorized {
                return Reply::Status(401, r#"{"error":{"message":"bad key"}}"#.into(), vec![]);
            }
            let path = seen.path.clone();
            let n = st.files.len() + st.batches.len();
            let json = |v: Value| Reply::Raw(v.to_string());
            match (seen.method.as_str(), path.as_str()) {
                ("POST", "/v1/files") => {
                    let (file, purpose) = upload(&seen.raw);
                    assert!(purpose, "purpose=batch");
                    let id = format!("file-{n}");
                    st.files.insert(id.clone(), file);
                    json(
                        json!({"id": id, "object": "file", "purpose": "batch", "bytes": 1, "created_at": 0, "filename": "x", "status": "processed"}),
                    )
                }
                ("POST", "/v1/batches") => {
                    assert_eq!(seen.body["endpoint"], "/v1/chat/completions");
                    assert_eq!(seen.body["completion_window"], "24h");
                    let input = st.files[seen.body["input_file_id"].as_str().expect("file id")].clone();
                    let id = format!("batch_{n}");
                    st.batches.insert(id.clone(), (input, 0));
                    json(json!({"id": id, "object": "batch", "status": "validating"}))
                }
                ("POST", "/v1/messages/batches") => {
                    let lines: String =
                        seen.body["requests"].as_array().expect("requests").iter().map(|r| format!("{r}\n")).collect();
                    let id = format!("msgbatch_{n}");
                    st.batches.insert(id.clone(), (lines, 0));
                    json(json!({"id": id, "type": "message_batch", "processing_status": "in_progress"}))
                }
                ("GET", p) if p.starts_with("/v1/files/") => {
                    let id = p.trim_start_matches("/v1/files/").trim_end_matches("/content");
                    Reply::Raw(st.files[id].clone())
                }
                ("GET", p) => {
                    let anthropic = p.starts_with("/v1/messages/batches/");
                    let rest = p.trim_start_matches("/v1/messages/batches/").trim_start_matches("/v1/batches/");
                    let (id, results_wanted) = match rest.strip_suffix("/results") {
                        Some(id) => (id.to_string(), true),
                        None => (rest.to_string(), false),
                    };
                    let shape = if anthropic { "anthropic" } else { "openai" };
                    let (input, reads) = st.batches[&id].clone();
                    let all: Vec<String> = input
                        .lines()
                        .map(|l| {
                            serde_json::from_str::<Value>(l).expect("line")["custom_id"]
                                .as_str()
                                .expect("id")
                                .to_string()
                        })
                        .collect();
                    let fresh: Vec<&String> = all.iter().filter(|i| !st.faulted.contains(*i)).collect();
                    let expire: BTreeSet<String> = fresh.first().map(|s| (*s).clone()).into_iter().collect();
                    let busy: BTreeSet<String> = fresh.get(1).map(|s| (*s).clone()).into_iter().collect();
                    let out = results(&input, shape, &expire, &busy);
                    if results_wanted {
                        st.faulted.extend(all);
                        return Reply::Raw(out);
                    }
                    st.batches.get_mut(&id).expect("batch").1 += 1;
                    let total = all.len();
                    let failed = expire.len() + busy.len();
                    if anthropic {
                        let ended = reads >= 2;
                        let counts = if ended {
                            json!({"processing": 0, "succeeded": total - failed, "errored": busy.len(), "canceled": 0, "expired": expire.len()})
                        } else {
                            json!({"processing": total, "succeeded": 0, "errored": 0, "canceled": 0, "expired": 0})
                        };
                        let url = format!("{}/v1/messages/batches/{id}/results", r2.lock().expect("lock"));
                        return json(
                            json!({"id": id, "type": "message_batch", "processing_status": if ended { "ended" } else { "in_progress" },
                            "request_counts": counts, "results_url": if ended { Value::from(url) } else { Value::Null }}),
                        );
                    }
                    if reads < 2 {
                        return json(
                            json!({"id": id, "object": "batch", "status": "in_progress", "request_counts": {"total": total, "completed": 0, "failed": 0}}),
                        );
                    }
                    // Successes in the output file, failures in the error file, as OpenAI splits them.
                    let (ok, bad): (Vec<&str>, Vec<&str>) =
                        out.lines().partition(|l| l.contains("\"status_code\":200"));
                    let (o, e) = (format!("file-out-{id}"), format!("file-err-{id}"));
                    if !st.files.contains_key(&o) {
                        st.files.insert(o.clone(), ok.iter().map(|l| format!("{l}\n")).collect());
                        st.files.insert(e.clone(), bad.iter().map(|l| format!("{l}\n")).collect());
                        st.faulted.extend(all);
                    }
                    json(
                        json!({"id": id, "object": "batch", "status": "completed", "output_file_id": o, "error_file_id": e,
                        "request_counts": {"total": total, "completed": total - failed, "failed": failed}}),
                    )
                }
                _ => Reply::Status(404, "{}".into(), vec![]),
            }
        });
        *root.lock().expect("lock") = server.root();
        Provider { server }
    }
}

/// The whole loop through `ctx batch submit | status | fetch` against a provider's batch
/// endpoints: the summary equals a live run's against the same scripted model, byte for byte,
/// and the key is sent in its header and shown nowhere.
#[test]
fn the_loop_through_the_batch_endpoints_equals_a_live_run() {
    const KEY: &str = "sk-test-batch-key-1234567890";
    for shape in ["openai", "anthropic"] {
        let dir = tmp(&format!("batch-api-{shape}"));
        let log = dir.join("big.log");
        fs::write(&log, long_log()).expect("write");
        let live_server = live_server();
        let provider = Provider::start(KEY);
        // The chat base URL names the model server; the batch endpoints are the provider's.
        let chat = if shape == "openai" { live_server.url() } else { live_server.root() };
        let api = if shape == "openai" { provider.server.url() } else { provider.server.root() };
        let args = ["--provider", shape, "--base-url", &chat, "--model", "m", "--max-output", "300", "--target", "200"];
        let live = run(summarize(&dir.join("live")).args(args).arg(&log));
        assert_eq!(live.code, 0, "{}", live.err);
        let (req, res) = (dir.join("req.jsonl"), dir.join("res.jsonl"));
        let ctx = |a: &[&str]| {
            let mut c = tool("ctx");
            c.arg("batch").args(a).args(["--base-url", &api]).env("CTX_API_KEY", KEY);
            run(&mut c)
        };
        let mut rounds = 0;
        let out = loop {
            let mut c = summarize(&dir.join("batch"));
            c.args(args).arg(&log).arg("--batch-out").arg(&req);
            if rounds > 0 {
                c.arg("--batch-in").arg(&res);
            }
            let r = run(&mut c);
            if r.code == 0 {
                break r.out;
            }
            assert_eq!(r.code, 3, "{}", r.err);
            rounds += 1;
            assert!(rounds < 10);
            let sub = ctx(&["submit", req.to_str().expect("utf-8")]);
            assert_eq!(sub.code, 0, "{}", sub.err);
            let id = sub.out.trim().to_string();
            assert!(id.starts_with(if shape == "openai" { "batch_" } else { "msgbatch_" }), "{id}");
            let running = ctx(&["status", &id]);
            assert_eq!(running.code, 3, "{}", running.err);
            let early = ctx(&["fetch", &id]);
            assert_eq!(early.code, 1);
            assert!(early.err.contains("fetch it once it has ended"), "{}", early.err);
            let done = ctx(&["status", &id]);
            assert_eq!(done.code, 0, "{}", done.err);
            assert!(
                done.out.starts_with(&format!("{id} {}: ", if shape == "openai" { "completed" } else { "ended" })),
                "{}",
                done.out
            );
            let got = ctx(&["fetch", &id, "-o", res.to_str().expect("utf-8")]);
            assert_eq!(got.code, 0, "{}", got.err);
            for r in [&sub, &running, &early, &done, &got] {
                assert!(!r.out.contains(KEY) && !r.err.contains(KEY));
            }
        };
        assert_eq!(out, live.out, "{shape}");
        assert_eq!(rounds, 4, "{shape}: chunks, two again, merge, merge again");
        assert_eq!(live_server.seen().len(), 7, "only the live run called the model");
        let seen = provider.server.seen();
        let keyed = seen
            .iter()
            .all(|s| s.header("authorization") == Some(&format!("Bearer {KEY}")) || s.header("x-api-key") == Some(KEY));
        assert!(keyed, "every request carries the key in its header");
    }
}

/// `ctx batch` keeps the key to the base URL: a server that echoes it gets `[key]` in its place,
/// and Anthropic results on another host are refused, not fetched with the key.
#[test]
fn ctx_batch_never_shows_the_key_nor_sends_it_elsewhere() {
    const KEY: &str = "sk-ant-echoed-key-0987654321";
    let echo = Server::start(|seen, _| {
        Reply::Status(
            401,
            format!(r#"{{"error":{{"message":"bad key {}"}}}}"#, seen.header("x-api-key").unwrap_or("")),
            vec![],
        )
    });
    let r = run(tool("ctx")
        .args(["batch", "status", "msgbatch_1", "--base-url", &echo.root()])
        .env("ANTHROPIC_API_KEY", KEY));
    assert_eq!(r.code, 1);
    assert_eq!(
        r.err,
        format!(
            "ctx: cannot read the batch: HTTP 401 from {}/v1/messages/batches/msgbatch_1: bad key [key]\n",
            echo.root()
        )
    );
    let elsewhere = Server::start(|_, _| {
        Reply::Raw(
            json!({"id": "msgbatch_1", "processing_status": "ended", "request_counts": {"succeeded": 1},
            "results_url": "http://127.0.0.2:9/results"})
            .to_string(),
        )
    });
    let r = run(tool("ctx")
        .args(["batch", "fetch", "msgbatch_1", "--base-url", &elsewhere.root()])
        .env("ANTHROPIC_API_KEY", KEY));
    assert_eq!(r.code, 1);
    assert!(r.err.contains("are at http://127.0.0.2:9/results, not on the base URL's host: refused"), "{}", r.err);
    let r = run(tool("ctx").args(["batch", "status", "../files", "--base-url", &elsewhere.root()]));
    assert_eq!((r.code, r.err.as_str()), (1, "ctx: '../files' is not a batch id (letters, digits, _ and -)\n"));
}
