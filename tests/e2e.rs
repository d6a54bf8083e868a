//! End-to-end against a real OpenAI-compatible server. Opt-in, and ignored unless asked for:
//! `CTX_E2E_BASE_URL=URL cargo test --test e2e -- --ignored`, with URL, for example, what
//! `../shared/tools/llama-server.sh start` prints (a llama.cpp server with a small model, 4,096
//! tokens of context per slot). Run without the variable, they fail rather than pass unrun.

mod common;

use common::{CORPUS, run, summarize_cmd, tmp};
use std::path::Path;

fn base_url() -> String {
    std::env::var("CTX_E2E_BASE_URL")
        .ok()
        .filter(|u| !u.is_empty())
        .expect("CTX_E2E_BASE_URL names the real server these ignored tests run against")
}

#[test]
#[ignore = "needs a real OpenAI-compatible server: CTX_E2E_BASE_URL=URL cargo test --test e2e -- --ignored"]
fn summarizes_a_corpus_file_with_a_real_server() {
    let url = base_url();
    let cache = tmp("e2e-summary");
    let path = Path::new(CORPUS).join("pytest-reportingdemo.rst");
    let r = run(summarize_cmd(&cache)
        .args(["--base-url", &url, "--model", "e2e", "--no-cache", "--json", "-j", "2", "--timeout", "300"])
        .args([
            "--pass-through",
            "4000",
            "--summarize-above",
            "8000",
            "--chunk-size",
            "4000",
            "--max-output",
            "3000",
            "--target",
            "1500",
        ])
        .arg(&path));
    assert_eq!(r.code, 0, "{}", r.err);
    let v: serde_json::Value = serde_json::from_str(&r.out).expect("json");
    assert_eq!(v["tier"], "summarized");
    let selected = v["chunks"]["selected"].as_u64().unwrap_or(0);
    assert!(selected >= 6, "{}", v["chunks"]);
    assert!(v["calls"].as_u64().unwrap_or(0) >= selected, "one call per chunk at least: {}", v["calls"]);
    assert!(v["usage"]["prompt_tokens"].as_u64().unwrap_or(0) > 0);
    let summary = v["summary"].as_str().unwrap_or_default();
    assert!(summary.chars().count() <= 3000, "the output fits --max-output");
    assert!(summary.starts_with("[summary of 27,356 chars: "), "{summary}");
    eprintln!("e2e: calls {}, fallbacks {}, usage {}", v["calls"], v["fallbacks"], v["usage"]);
}

#[test]
#[ignore = "needs a real OpenAI-compatible server: CTX_E2E_BASE_URL=URL cargo test --test e2e -- --ignored"]
fn survives_the_servers_real_context_length_error() {
    let url = base_url();
    let cache = tmp("e2e-context");
    let path = Path::new(CORPUS).join("clippy-CHANGELOG.md");
    // One chunk of 40,000 chars (about 10,000 tokens) is far over the 4,096-token context.
    let r = run(summarize_cmd(&cache)
        .args(["--base-url", &url, "--model", "e2e", "--no-cache", "--json", "--timeout", "300"])
        .args(["--chunk-size", "40000", "--head", "1", "--tail", "0", "--max-output", "6000"])
        .arg(&path));
    assert_eq!(r.code, 0, "{}", r.err);
    let v: serde_json::Value = serde_json::from_str(&r.out).expect("json");
    assert!(v["splits"].as_u64().unwrap_or(0) >= 2, "the chunk was split: {v}");
    let map_fallbacks = v["fallbacks"].as_array().map_or(0, |f| f.iter().filter(|f| f["kind"] == "map").count());
    assert_eq!(map_fallbacks, 0, "no chunk fell back: {}", v["fallbacks"]);
    assert!(v["summary"].as_str().unwrap_or_default().chars().count() <= 6000);
    eprintln!("e2e: calls {}, splits {}, fallbacks {}", v["calls"], v["splits"], v["fallbacks"]);
}
