//! Qwen Code end to end: ctx has no hook there (see `src/agent/qwen.rs`), so `ctx init qwen`
//! registers `ctx mcp` as an MCP server. This test runs the real Qwen Code from npm
//! (`@qwen-code/qwen-code` 0.24.4, or `QWEN_BIN`): after `ctx init qwen`, its settings hold what
//! `qwen mcp add ctx CTX mcp` writes, `qwen mcp list` starts `ctx mcp` and reports it
//! `Connected`, and `ctx init qwen --uninstall` leaves the settings as they were, byte for byte.
//! Opt-in: `cargo test --test agent_e2e_qwen -- --ignored`; it fails, rather than pass unrun,
//! when Qwen Code cannot be installed.

mod common;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The `qwen` to run: `QWEN_BIN`, else one installed with npm into a cache kept across runs.
fn qwen() -> PathBuf {
    if let Some(bin) = std::env::var_os("QWEN_BIN") {
        return PathBuf::from(bin);
    }
    let cache = std::env::var_os("CTX_E2E_CACHE").map_or_else(
        || {
            let base = std::env::var_os("XDG_CACHE_HOME")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").expect("HOME")).join(".cache"));
            base.join("ctx-agent-e2e-qwen")
        },
        PathBuf::from,
    );
    let bin = cache.join("node_modules/.bin/qwen");
    if !bin.exists() {
        std::fs::create_dir_all(&cache).expect("mkdir the npm cache");
        let spec = std::env::var("CTX_E2E_QWEN").unwrap_or_else(|_| "@qwen-code/qwen-code@0.24.4".into());
        let ok = Command::new("npm")
            .args(["install", "--silent", "--no-audit", "--no-fund", "--prefix"])
            .arg(&cache)
            .arg(&spec)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok && bin.exists(), "npm install of {spec} into {} failed", cache.display());
    }
    bin
}

/// Runs `qwen ARGS` with `home` as its home, offline: stdout and stderr.
fn run_qwen(qwen: &Path, home: &Path, args: &[&str]) -> String {
    let out = Command::new(qwen)
        .args(args)
        .current_dir(home)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("TERM", "dumb")
        .env("NO_COLOR", "1")
        .output()
        .expect("qwen runs");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "qwen {args:?} failed: {text}");
    text
}

#[test]
#[ignore = "needs Qwen Code from npm (@qwen-code/qwen-code 0.24.4), which this test installs"]
fn qwen_starts_ctx_mcp_after_ctx_init_and_uninstall_restores_its_settings() {
    let qwen = qwen();
    let ctx = common::bin("ctx").display().to_string();
    let dir = common::tmp("e2e-qwen");
    // What Qwen Code itself writes for the same server.
    let theirs = dir.join("theirs");
    std::fs::create_dir_all(&theirs).expect("mkdir");
    run_qwen(&qwen, &theirs, &["mcp", "add", "ctx", &ctx, "mcp"]);
    let written = |home: &Path| -> Value {
        serde_json::from_str(&std::fs::read_to_string(home.join(".qwen/settings.json")).expect("settings"))
            .expect("JSON")
    };
    // ctx's, over settings of the user's own, as Qwen Code keeps them (it adds `$version` to a
    // settings file it migrates: a change of its own, which `--uninstall` keeps).
    let ours = dir.join("ours");
    std::fs::create_dir_all(ours.join(".qwen")).expect("mkdir");
    let before = "{\n  \"model\": {\n    \"name\": \"qwen3-coder-plus\"\n  },\n  \"$version\": 4\n}\n";
    std::fs::write(ours.join(".qwen/settings.json"), before).expect("write");
    let init = common::run(
        common::tool("ctx").args(["init", "qwen"]).current_dir(&ours).env("HOME", &ours).env_remove("QWEN_HOME"),
    );
    assert_eq!(init.code, 0, "{}", init.err);
    assert_eq!(written(&ours)["mcpServers"], written(&theirs)["mcpServers"]);
    let list = run_qwen(&qwen, &ours, &["mcp", "list"]);
    assert!(list.contains(&format!("ctx: {ctx} mcp (stdio) - Connected")), "{list}");
    let out = common::run(
        common::tool("ctx")
            .args(["init", "qwen", "--uninstall"])
            .current_dir(&ours)
            .env("HOME", &ours)
            .env_remove("QWEN_HOME"),
    );
    assert_eq!(out.code, 0, "{}", out.err);
    assert_eq!(std::fs::read_to_string(ours.join(".qwen/settings.json")).expect("settings"), before);
    let list = run_qwen(&qwen, &ours, &["mcp", "list"]);
    assert!(!list.contains("ctx:"), "{list}");
}
