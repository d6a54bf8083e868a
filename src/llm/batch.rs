//! Provider batch APIs, offline: the requests a batch run defers instead of sending, written as
//! batch input files (OpenAI's Batch API and vLLM's `run-batch`: `{custom_id, method, url,
//! body}`; Anthropic's Message Batches: `{custom_id, params}`), and batch output files read back
//! into the response cache. A request's `custom_id` is its cache key, so that an answer lands
//! where the next run looks for it; nothing here sends anything.

use super::Provider;
use crate::store::Store;
use anyhow::{Context, Result, bail};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// The most one batch input file may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Requests (lines).
    pub requests: usize,
    /// Bytes of the file.
    pub bytes: u64,
}

impl Limits {
    /// The provider's limits: OpenAI's Batch API takes up to 50,000 requests and 200 MB a file,
    /// Anthropic's Message Batches up to 100,000 requests and 256 MB (decimal megabytes here, a
    /// little under either reading of "MB").
    pub fn of(provider: Provider) -> Limits {
        match provider {
            Provider::Openai => Limits { requests: 50_000, bytes: 200_000_000 },
            Provider::Anthropic => Limits { requests: 100_000, bytes: 256_000_000 },
        }
    }
}

/// The suffix of a cache entry a batch output file recorded as failed for good (a 4xx that is
/// not 408, 409 or 429): a batch run takes it as the failed call it was (its fallback, or a
/// split after a context-length error) instead of sending it again round after round.
pub const FAILED: &str = ".failed.json";

/// Whether `id` is a `custom_id` this tool wrote: 40 lowercase hex digits (a cache key).
pub fn is_key(id: &str) -> bool {
    id.len() == 40 && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// One line of a batch input file for a request `body` under `custom_id` (an Anthropic body
/// has no `temperature`: see [`Provider::body`]).
pub fn line(provider: Provider, custom_id: &str, body: &Value) -> Value {
    match provider {
        Provider::Openai => {
            json!({"custom_id": custom_id, "method": "POST", "url": "/v1/chat/completions", "body": body})
        }
        Provider::Anthropic => json!({"custom_id": custom_id, "params": body}),
    }
}

/// The lines of `requests` (custom id to body, in the id's order) cut into files within `limits`.
pub fn parts(provider: Provider, requests: &BTreeMap<String, Value>, limits: Limits) -> Result<Vec<Vec<u8>>> {
    let mut out: Vec<Vec<u8>> = Vec::new();
    let mut lines = 0;
    for (id, body) in requests {
        let mut l = line(provider, id, body).to_string().into_bytes();
        l.push(b'\n');
        if l.len() as u64 > limits.bytes {
            bail!("one request is {} bytes, over the provider's {} bytes a batch file", l.len(), limits.bytes);
        }
        let full =
            out.last().is_none_or(|p| p.len() as u64 + l.len() as u64 > limits.bytes || lines >= limits.requests);
        if full {
            out.push(Vec::new());
            lines = 0;
        }
        if let Some(p) = out.last_mut() {
            p.extend_from_slice(&l);
            lines += 1;
        }
    }
    Ok(out)
}

/// The files `n` parts go to: `path` itself for one; `NAME-1.EXT`, `NAME-2.EXT`, ... for more.
pub fn part_paths(path: &Path, n: usize) -> Vec<PathBuf> {
    if n <= 1 {
        return vec![path.to_path_buf()];
    }
    (1..=n).map(|i| numbered(path, i)).collect()
}

/// `NAME-i.EXT` beside `path`.
fn numbered(path: &Path, i: usize) -> PathBuf {
    let stem = path.file_stem().map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let ext = path.extension().map(|e| format!(".{}", e.to_string_lossy())).unwrap_or_default();
    path.with_file_name(format!("{stem}-{i}{ext}"))
}

/// Removes the batch files at `path` from `keep` parts on (all of them for 0): the files of an
/// earlier round that this one does not write, whose requests are answered and would be paid
/// for again if submitted.
pub fn remove_stale(path: &Path, keep: usize) {
    if keep != 1 {
        let _ = std::fs::remove_file(path);
    }
    let mut i = if keep > 1 { keep + 1 } else { 1 };
    while numbered(path, i).exists() {
        let _ = std::fs::remove_file(numbered(path, i));
        i += 1;
    }
}

/// Writes `requests` as batch input files at `path` (split at the provider's limits), each
/// atomically: a killed run leaves the file of the run before or none, never a part of one.
/// Gives the files written.
pub fn write(path: &Path, provider: Provider, requests: &BTreeMap<String, Value>) -> Result<Vec<PathBuf>> {
    let parts = parts(provider, requests, Limits::of(provider))?;
    let paths = part_paths(path, parts.len());
    for (p, bytes) in paths.iter().zip(&parts) {
        crate::store::write_atomic(p, &mut |w| Ok(w.write_all(bytes)?))
            .with_context(|| format!("cannot write the batch file '{}'", p.display()))?;
    }
    remove_stale(path, paths.len());
    Ok(paths)
}

/// What reading batch output files did.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Ingested {
    /// Answers put in the cache.
    pub cached: u64,
    /// Requests that failed for good (recorded; a batch run takes them as failed calls).
    pub errored: u64,
    /// Requests that expired, were canceled or failed in a way worth trying again: the next
    /// batch run writes them again.
    pub retry: u64,
    /// One line per request not cached: `FILE:LINE: custom_id: why`.
    #[serde(skip)]
    pub notes: Vec<String>,
}

/// How one output line ended.
enum BatchResult {
    /// An answer: the text and the usage.
    Answer(super::Reply),
    /// A failure no new attempt fixes.
    Final(String),
    /// A failure worth sending again.
    Again(String),
}

/// Reads a batch output file (OpenAI's or vLLM's `{custom_id, response: {status_code, body},
/// error}`, or Anthropic's `{custom_id, result: {type, message | error}}`) into `cache`.
/// Answers go in as a live call's would; failures are never cached as answers. A line that is
/// not a batch result, or whose `custom_id` this tool did not write, is an error.
pub fn ingest(reader: impl BufRead, name: &str, cache: &Store, into: &mut Ingested) -> Result<()> {
    for (n, line) in reader.lines().enumerate() {
        let line = line.with_context(|| format!("cannot read '{name}'"))?;
        if line.trim().is_empty() {
            continue;
        }
        let at = format!("{name}:{}", n + 1);
        let v: Value = serde_json::from_str(&line).with_context(|| format!("{at}: not a JSON line"))?;
        let Some(id) = v["custom_id"].as_str() else { bail!("{at}: no custom_id: not a batch output line") };
        if !is_key(id) {
            bail!("{at}: custom_id '{id}' was not written by ctx (40 hex digits): not this tool's batch");
        }
        match outcome(&v).with_context(|| format!("{at}: {id}"))? {
            BatchResult::Answer(reply) => {
                let entry = json!({"text": reply.text, "usage": reply.usage});
                cache.put_named(&format!("{id}.json"), entry.to_string().as_bytes())?;
                // An answer wins over an earlier failure of the same request.
                let _ = std::fs::remove_file(cache.dir().join(format!("{id}{FAILED}")));
                into.cached += 1;
            }
            BatchResult::Final(why) => {
                let context_length = super::provider::is_context_length(why.as_bytes());
                let entry = json!({"error": why, "context_length": context_length});
                cache.put_named(&format!("{id}{FAILED}"), entry.to_string().as_bytes())?;
                into.errored += 1;
                into.notes.push(format!("{at}: {id}: {why}"));
            }
            BatchResult::Again(why) => {
                into.retry += 1;
                into.notes.push(format!("{at}: {id}: {why} (sent again in the next round)"));
            }
        }
    }
    Ok(())
}

fn outcome(v: &Value) -> Result<BatchResult> {
    if let Some(result) = v.get("result") {
        // Anthropic: https://docs.anthropic.com/en/api/retrieving-message-batch-results
        return Ok(match result["type"].as_str() {
            Some("succeeded") => reply(Provider::Anthropic, &result["message"]),
            Some("errored") => {
                let e = &result["error"];
                let e = e.get("error").unwrap_or(e);
                let kind = e["type"].as_str().unwrap_or("error");
                let msg = e["message"].as_str().unwrap_or("");
                let why = format!("errored: {kind}: {msg}");
                // `invalid_request_error` fails again as it is; the others are the server's.
                if kind == "invalid_request_error" { BatchResult::Final(why) } else { BatchResult::Again(why) }
            }
            Some(t @ ("canceled" | "expired")) => BatchResult::Again(t.to_string()),
            other => bail!("result.type {other:?} is not succeeded, errored, canceled or expired"),
        });
    }
    let Some(response) = v.get("response") else {
        bail!("neither result (Anthropic) nor response (OpenAI, vLLM): not a batch output line");
    };
    // OpenAI and vLLM: `response` is null when `error` says why (an expired request).
    if response.is_null() {
        let e = &v["error"];
        let code = e["code"].as_str().unwrap_or("error");
        let msg = e["message"].as_str().unwrap_or("");
        return Ok(BatchResult::Again(format!("{code}: {msg}").trim_end_matches(": ").to_string()));
    }
    let status = response["status_code"].as_u64().unwrap_or(0);
    let body = &response["body"];
    // vLLM's run-batch leaves the body out of a failure and says why in `error` (its
    // `ErrorResponse`, or a line of text).
    let why = || match (body.is_null(), &v["error"]) {
        (true, Value::String(e)) => format!("HTTP {status}: {}", message(&Value::String(e.clone()))),
        (true, e) if !e.is_null() => format!("HTTP {status}: {}", message(e)),
        _ => format!("HTTP {status}: {}", message(body)),
    };
    Ok(match status {
        200..=299 => reply(Provider::Openai, body),
        408 | 409 | 429 => BatchResult::Again(why()),
        400..=499 => BatchResult::Final(why()),
        _ => BatchResult::Again(why()),
    })
}

fn message(body: &Value) -> String {
    match body {
        Value::String(s) => super::provider::error_message(s.as_bytes()),
        _ => super::provider::error_message(body.to_string().as_bytes()),
    }
}

fn reply(provider: Provider, body: &Value) -> BatchResult {
    match provider.reply(body.to_string().as_bytes()) {
        Ok(r) => BatchResult::Answer(r),
        Err(super::provider::BadReply::Final(e)) => BatchResult::Final(e),
        Err(super::provider::BadReply::Retry(e)) => BatchResult::Again(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_split_at_the_limits_and_name_their_files() {
        let requests: BTreeMap<String, Value> =
            (0..5).map(|i| (format!("{i:040x}"), json!({"model": "m", "messages": []}))).collect();
        let one = parts(Provider::Openai, &requests, Limits::of(Provider::Openai)).expect("parts");
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].iter().filter(|b| **b == b'\n').count(), 5);
        let by_count = parts(Provider::Openai, &requests, Limits { requests: 2, bytes: 1 << 20 }).expect("parts");
        assert_eq!(by_count.iter().map(|p| p.iter().filter(|b| **b == b'\n').count()).collect::<Vec<_>>(), [2, 2, 1]);
        let line_len = one[0].len() as u64 / 5;
        let by_size = parts(Provider::Openai, &requests, Limits { requests: 100, bytes: line_len * 3 }).expect("parts");
        assert_eq!(by_size.len(), 2);
        assert!(by_size.iter().all(|p| p.len() as u64 <= line_len * 3));
        assert!(parts(Provider::Openai, &requests, Limits { requests: 9, bytes: 10 }).is_err());
        assert_eq!(part_paths(Path::new("d/req.jsonl"), 1), [PathBuf::from("d/req.jsonl")]);
        assert_eq!(
            part_paths(Path::new("d/req.jsonl"), 2),
            [PathBuf::from("d/req-1.jsonl"), PathBuf::from("d/req-2.jsonl")]
        );
    }

    /// A round that writes fewer files than the one before leaves none of the earlier ones.
    #[test]
    fn stale_parts_are_removed() {
        let dir = std::env::temp_dir().join(format!("ctx-batch-stale-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("req.jsonl");
        let names = |d: &Path| {
            let mut v: Vec<String> = std::fs::read_dir(d)
                .expect("dir")
                .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
                .collect();
            v.sort();
            v
        };
        for p in part_paths(&path, 3) {
            std::fs::write(p, "x").expect("write");
        }
        let one: BTreeMap<String, Value> = [("a".repeat(40), json!({}))].into_iter().collect();
        write(&path, Provider::Openai, &one).expect("write");
        assert_eq!(names(&dir), ["req.jsonl"]);
        remove_stale(&path, 0);
        assert!(names(&dir).is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// vLLM's run-batch output (vllm/entrypoints/launchers/run_batch.py, 0.33: `run_request`
    /// and `make_error_request_output`): an answer in `response.body`; a failure with the body
    /// left out, its `ErrorResponse` or a text in `error`.
    #[test]
    fn vllm_results_are_read() {
        let dir = std::env::temp_dir().join(format!("ctx-batch-unit-{}", std::process::id()));
        let cache = Store::open(&dir).expect("store");
        let (a, b, c) = ("a".repeat(40), "b".repeat(40), "c".repeat(40));
        let lines = [
            json!({"id": "vllm-1", "custom_id": a, "response": {"status_code": 200, "request_id": "r",
                "body": {"object": "chat.completion", "choices": [{"index": 0, "message": {"role": "assistant", "content": "ok"}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 3, "completion_tokens": 1, "total_tokens": 4}}}, "error": null}),
            json!({"id": "vllm-2", "custom_id": b, "response": {"status_code": 400, "request_id": "r", "body": null},
                "error": {"error": {"message": "This model's maximum context length is 4096 tokens.", "type": "BadRequestError", "code": 400}}}),
            json!({"id": "vllm-3", "custom_id": c, "response": {"status_code": 400, "request_id": "r", "body": null},
                "error": "Request must not be sent in stream mode"}),
        ];
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let mut got = Ingested::default();
        ingest(text.as_bytes(), "out.jsonl", &cache, &mut got).expect("ingest");
        assert_eq!((got.cached, got.errored, got.retry), (1, 2, 0));
        assert_eq!(
            cache.get_named(&format!("{a}.json")).expect("cached"),
            br#"{"text":"ok","usage":{"prompt_tokens":3,"completion_tokens":1}}"#
        );
        let failed: Value =
            serde_json::from_slice(&cache.get_named(&format!("{b}{FAILED}")).expect("recorded")).expect("json");
        assert_eq!(
            failed,
            json!({"error": "HTTP 400: This model's maximum context length is 4096 tokens.", "context_length": true})
        );
        assert!(got.notes[1].ends_with(": HTTP 400: Request must not be sent in stream mode"), "{:?}", got.notes);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn lines_have_each_providers_shape() {
        let body = json!({"model": "m"});
        assert_eq!(
            line(Provider::Openai, "k", &body),
            json!({"custom_id": "k", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "m"}})
        );
        assert_eq!(line(Provider::Anthropic, "k", &body), json!({"custom_id": "k", "params": {"model": "m"}}));
        assert!(is_key(&"0a".repeat(20)) && !is_key("../../etc/passwd") && !is_key(&"0A".repeat(20)));
    }
}
