//! The agents where ctx is an MCP server only (no hook there can fit a tool's output: see
//! `src/agent/qwen.rs` and `src/agent/amp.rs`), end to end with their real CLIs from npm:
//! - Qwen Code (`@qwen-code/qwen-code` 0.24.4, or `QWEN_BIN`): after `ctx init qwen`, its
//!   settings hold what `qwen mcp add ctx CTX mcp` writes, `qwen mcp list` starts `ctx mcp` and
//!   reports it `Connected`, and `ctx init qwen --uninstall` leaves the settings as they were,
//!   byte for byte.
//! - Amp (`@sourcegraph/amp` 0.0.1790142911-g7618fb, or `AMP_BIN`): after `ctx init amp`, its
//!   settings hold what `amp mcp add ctx -- CTX mcp` writes, `amp mcp list` lists it, and
//!   `--uninstall` gives the settings back byte for byte. Amp's account lookup is pointed at
//!   127.0.0.1 (`AMP_URL`), so nothing leaves the machine.
//!
//! Opt-in: `cargo test --test agent_e2e_mcp -- --ignored`; a test fails, rather than pass
//! unrun, when its agent cannot be installed.

mod common;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The agent's binary `name`: `$VAR`, else one installed from npm (`spec`) into a cache kept
/// across runs (`$CTX_E2E_CACHE/NAME`, else `~/.cache/ctx-agent-e2e-NAME`).
fn npm_bin(var: &str, name: &str, spec: &str) -> PathBuf {
    if let Some(bin) = std::env::var_os(var) {
        return PathBuf::from(bin);
    }
    let cache = std::env::var_os("CTX_E2E_CACHE").map_or_else(
        || {
            let base = std::env::var_os("XDG_CACHE_HOME")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").expect("HOME")).join(".cache"));
            base.join(format!("ctx-agent-e2e-{name}"))
        },
        |c| PathBuf::from(c).join(name),
    );
    let bin = cache.join("node_modules/.bin").join(name);
    if !bin.exists() {
        std::fs::create_dir_all(&cache).expect("mkdir the npm cache");
        let ok = Command::new("npm")
            .args(["install", "--silent", "--no-audit", "--no-fund", "--prefix"])
            .arg(&cache)
            .arg(spec)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok && bin.exists(), "npm install of {spec} into {} failed", cache.display());
    }
    bin
}

/// Runs `agent ARGS` with `home` as its home and nothing else of this environment but PATH
/// (Amp's account lookup pointed at 127.0.0.1): stdout and stderr.
fn run_agent(agent: &Path, home: &Path, args: &[&str]) -> String {
    let out = Command::new(agent)
        .args(args)
        .current_dir(home)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("TERM", "dumb")
        .env("NO_COLOR", "1")
        .env("AMP_URL", "http://127.0.0.1:9")
        .output()
        .expect("the agent runs");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{} {args:?} failed: {text}", agent.display());
    text
}

/// `ctx init AGENT [--uninstall]` with `home` as the home (and no agent variables).
fn ctx_init(home: &Path, agent: &str, uninstall: bool) {
    let mut c = common::tool("ctx");
    c.args(["init", agent]).current_dir(home).env("HOME", home);
    for var in ["QWEN_HOME", "AMP_SETTINGS_FILE", "XDG_CONFIG_HOME"] {
        c.env_remove(var);
    }
    if uninstall {
        c.arg("--uninstall");
    }
    let r = common::run(&mut c);
    assert_eq!(r.code, 0, "{}", r.err);
}

/// The JSON of the settings file `rel` under `home`.
fn written(home: &Path, rel: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(home.join(rel)).expect("settings")).expect("JSON")
}

#[test]
#[ignore = "needs Qwen Code from npm (@qwen-code/qwen-code 0.24.4), which this test installs"]
fn qwen_starts_ctx_mcp_after_ctx_init_and_uninstall_restores_its_settings() {
    let qwen = npm_bin("QWEN_BIN", "qwen", "@qwen-code/qwen-code@0.24.4");
    let ctx = common::bin("ctx").display().to_string();
    let dir = common::tmp("e2e-qwen");
    // What Qwen Code itself writes for the same server.
    let theirs = dir.join("theirs");
    std::fs::create_dir_all(&theirs).expect("mkdir");
    run_agent(&qwen, &theirs, &["mcp", "add", "ctx", &ctx, "mcp"]);
    // ctx's, over settings of the user's own, as Qwen Code keeps them (it adds `$version` to a
    // settings file it migrates: a change of its own, which `--uninstall` keeps).
    let ours = dir.join("ours");
    std::fs::create_dir_all(ours.join(".qwen")).expect("mkdir");
    let before = "{\n  \"model\": {\n    \"name\": \"qwen3-coder-plus\"\n  },\n  \"$version\": 4\n}\n";
    std::fs::write(ours.join(".qwen/settings.json"), before).expect("write");
    ctx_init(&ours, "qwen", false);
    let rel = ".qwen/settings.json";
    assert_eq!(written(&ours, rel)["mcpServers"], written(&theirs, rel)["mcpServers"]);
    let list = run_agent(&qwen, &ours, &["mcp", "list"]);
    assert!(list.contains(&format!("ctx: {ctx} mcp (stdio) - Connected")), "{list}");
    ctx_init(&ours, "qwen", true);
    assert_eq!(std::fs::read_to_string(ours.join(rel)).expect("settings"), before);
    let list = run_agent(&qwen, &ours, &["mcp", "list"]);
    assert!(!list.contains("ctx:"), "{list}");
}

#[test]
#[ignore = "needs Amp from npm (@sourcegraph/amp), which this test installs"]
fn amp_lists_ctx_mcp_after_ctx_init_and_uninstall_restores_its_settings() {
    let amp = npm_bin("AMP_BIN", "amp", "@sourcegraph/amp@0.0.1790142911-g7618fb");
    let ctx = common::bin("ctx").display().to_string();
    let dir = common::tmp("e2e-amp");
    let rel = ".config/amp/settings.json";
    let theirs = dir.join("theirs");
    std::fs::create_dir_all(&theirs).expect("mkdir");
    run_agent(&amp, &theirs, &["mcp", "add", "ctx", "--", &ctx, "mcp"]);
    let ours = dir.join("ours");
    std::fs::create_dir_all(ours.join(".config/amp")).expect("mkdir");
    let before = "{\n  \"amp.notifications.enabled\": false\n}\n";
    std::fs::write(ours.join(rel), before).expect("write");
    ctx_init(&ours, "amp", false);
    assert_eq!(written(&ours, rel)["amp.mcpServers"], written(&theirs, rel)["amp.mcpServers"]);
    let list = run_agent(&amp, &ours, &["mcp", "list"]);
    assert!(list.contains(&format!("ctx  command  {ctx} mcp")), "{list}");
    ctx_init(&ours, "amp", true);
    assert_eq!(std::fs::read_to_string(ours.join(rel)).expect("settings"), before);
    let list = run_agent(&amp, &ours, &["mcp", "list"]);
    assert!(!list.contains("ctx  command"), "{list}");
}
