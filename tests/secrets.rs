//! Keys never in outputs: a server that echoes the API key (or the `Authorization` header, with
//! a base URL's credentials in HTTP Basic form) in a reply or an error gets them taken out of
//! everything ctx writes: stdout, stderr, the LLM cache, compacted transcripts, `--state` files.

mod common;
use common::server::{Reply, Server};
use common::{run, tmp, tool};
use std::fs;
use std::path::Path;

const KEY: &str = "sk-test-0123456789abcdef";
/// `alice:s3cret-pass` as HTTP Basic sends it (RFC 7617).
const BASIC: &str = "YWxpY2U6czNjcmV0LXBhc3M=";

/// A server that answers every request with what it was sent in `Authorization`, as a 200 reply.
fn echo_server() -> Server {
    Server::start(|seen, _| Reply::Text(format!("auth was {}", seen.header("authorization").unwrap_or("none"))))
}

/// Every file under `dir`, read.
fn all_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else { return out };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(all_files(&p));
        } else {
            out.push((p.display().to_string(), fs::read(&p).expect("read")));
        }
    }
    out
}

fn holds(bytes: &[u8], needle: &str) -> bool {
    memchr::memmem::find(bytes, needle.as_bytes()).is_some()
}

/// The key echoed in a 200 reply reaches neither stdout nor the cache, and a rerun served from
/// the cache shows none either.
#[test]
fn an_echoed_key_is_not_printed_or_cached() {
    let dir = tmp("secret-summarize");
    let server = echo_server();
    let input = common::numbers(3000);
    let mut cmd = tool("ctx-summarize");
    cmd.env("XDG_CACHE_HOME", dir.join("cache")).env("OPENAI_API_KEY", KEY);
    cmd.args(["--base-url", &server.url(), "--model", "m", "--pass-through", "100", "--summarize-above", "200"])
        .write_stdin(input.clone());
    let r = run(&mut cmd);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(!server.seen().is_empty());
    assert!(r.out.contains("auth was Bearer [key]"), "{}", r.out);
    assert!(!r.out.contains(KEY) && !r.err.contains(KEY), "{}{}", r.out, r.err);
    let cached = all_files(&dir.join("cache"));
    assert!(!cached.is_empty(), "the replies were cached");
    for (path, bytes) in &cached {
        assert!(!holds(bytes, KEY), "{path} holds the key");
    }
    let again = run(&mut cmd);
    assert_eq!(again.out, r.out, "the cached rerun is the same");
}

/// A compacted transcript and its `--state` file hold no key that the server echoed.
#[test]
fn an_echoed_key_is_not_written_into_a_transcript_or_a_state() {
    let dir = tmp("secret-compact");
    let server = echo_server();
    let (out, state) = (dir.join("out.json"), dir.join("state.json"));
    let r = run(tool("ctx-compact")
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env("OPENAI_API_KEY", KEY)
        .args(["--max-tokens", "800", "--keep-recent", "150", "--base-url", &server.url(), "--model", "m"])
        .arg("--store")
        .arg(dir.join("store"))
        .arg("--state")
        .arg(&state)
        .arg("-o")
        .arg(&out)
        .arg("tests/fixtures/transcripts/openai-body.json"));
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(!server.seen().is_empty());
    let written = fs::read(&out).expect("out");
    assert!(holds(&written, "auth was Bearer [key]"), "{}", String::from_utf8_lossy(&written));
    for (path, bytes) in [(out.display().to_string(), written)].into_iter().chain(all_files(&dir)) {
        assert!(!holds(&bytes, KEY), "{path} holds the key");
    }
    assert!(state.is_file());
    assert!(!r.out.contains(KEY) && !r.err.contains(KEY));
}

/// A server that echoes the key in an error, or the `Authorization` header that carries a base
/// URL's `user:password` in Basic form, gets neither onto stderr, in plain or base64.
#[test]
fn errors_show_no_key_and_no_credentials() {
    let dir = tmp("secret-errors");
    let server = Server::start(|seen, _| {
        let auth = seen.header("authorization").unwrap_or("none").to_string();
        Reply::Status(401, format!(r#"{{"error":{{"message":"bad credentials: {auth}"}}}}"#), vec![])
    });
    let base = server.url().replace("http://", "http://alice:s3cret-pass@");
    let r = run(tool("ctx-summarize")
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .args(["--base-url", &base, "--model", "m", "--pass-through", "100", "--summarize-above", "200"])
        .write_stdin(common::numbers(3000)));
    assert_eq!(r.code, 1, "{}", r.err);
    assert_eq!(server.seen()[0].header("authorization"), Some(format!("Basic {BASIC}").as_str()), "sent as Basic");
    assert!(r.err.contains("bad credentials: Basic [credentials]"), "{}", r.err);
    for secret in [BASIC, BASIC.trim_end_matches('='), "s3cret-pass", "alice:"] {
        assert!(!r.err.contains(secret) && !r.out.contains(secret), "{secret}: {}", r.err);
    }
    // The key, echoed in an error.
    let keyed = Server::start(|seen, _| {
        let auth = seen.header("authorization").unwrap_or("none").to_string();
        Reply::Status(403, format!(r#"{{"error":{{"message":"no access for {auth}"}}}}"#), vec![])
    });
    let r = run(tool("ctx-summarize")
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env("OPENAI_API_KEY", KEY)
        .args(["--base-url", &keyed.url(), "--model", "m", "--pass-through", "100", "--summarize-above", "200"])
        .write_stdin(common::numbers(3000)));
    assert_eq!(r.code, 1);
    assert!(r.err.contains("no access for Bearer [key]"), "{}", r.err);
    assert!(!r.err.contains(KEY));
    // A base URL that does not parse is shown without its password.
    let r =
        run(tool("ctx-summarize").args(["--base-url", "http://alice:s3cret-pass@", "--model", "m"]).write_stdin("x"));
    assert_eq!(r.code, 2);
    assert!(!r.err.contains("s3cret-pass"), "{}", r.err);
}
