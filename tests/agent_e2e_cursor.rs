//! Cursor's own hook engine on `ctx init cursor`: no registry ships Cursor's agent, but its npm
//! package `@cursor/sdk` (1.0.32) bundles the agent runtime's hook engine.
//! `scripts/agent_check_cursor.mjs` runs it under Node on one Shell call: it reads the
//! `~/.cursor/hooks.json` that `ctx init cursor` wrote (its loader finds no error), runs `ctx hook
//! cursor` through Cursor's own terminal executor, and checks and merges the reply. This test
//! then applies the reply's `updated_input.command` as the SDK's Shell executors do
//! (`applyUpdatedInput`: the `command` string replaces the call's) and runs it in one bash, as
//! Cursor's shell would: the output is fitted with the error kept, the exit status is the
//! command's, and the `cd` in it holds for the next command. Not checked: a real Cursor session,
//! whose model runs on Cursor's servers.
//!
//! Opt-in: `cargo test --test agent_e2e_cursor -- --ignored`. It installs `@cursor/sdk` with npm
//! into a cache (`$CTX_E2E_CACHE/cursor-sdk`, else `~/.cache/ctx-agent-e2e-cursor-sdk`) unless
//! `CURSOR_SDK_DIR` names an installed one, and fails, rather than pass unrun, when it cannot.

mod common;

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

/// The SDK's `dist/esm` directory.
fn sdk() -> PathBuf {
    let root = std::env::var_os("CURSOR_SDK_DIR").map(PathBuf::from).unwrap_or_else(|| {
        let cache = std::env::var_os("CTX_E2E_CACHE").map_or_else(
            || {
                let base = std::env::var_os("XDG_CACHE_HOME")
                    .map(PathBuf::from)
                    .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").expect("HOME")).join(".cache"));
                base.join("ctx-agent-e2e-cursor-sdk")
            },
            |c| PathBuf::from(c).join("cursor-sdk"),
        );
        let root = cache.join("node_modules/@cursor/sdk");
        if !root.exists() {
            std::fs::create_dir_all(&cache).expect("mkdir the npm cache");
            let ok = Command::new("npm")
                .args(["install", "--silent", "--no-audit", "--no-fund", "--prefix"])
                .arg(&cache)
                .arg("@cursor/sdk@1.0.32")
                .status()
                .is_ok_and(|s| s.success());
            assert!(ok && root.exists(), "npm install of @cursor/sdk@1.0.32 into {} failed", cache.display());
        }
        root
    });
    root.join("dist/esm")
}

#[test]
#[ignore = "needs @cursor/sdk from npm (Cursor's hook engine), which this test installs, and node"]
fn cursors_hook_engine_takes_ctx_reply_and_the_command_keeps_its_shell() {
    let dir = common::tmp("e2e-cursor");
    let (home, work) = (dir.join("home"), dir.join("work"));
    std::fs::create_dir_all(work.join("sub")).expect("mkdir");
    std::fs::create_dir_all(&home).expect("mkdir");
    let init = common::run(common::tool("ctx").args(["init", "cursor"]).current_dir(&work).env("HOME", &home));
    assert_eq!(init.code, 0, "{}", init.err);
    let log: String = (1..=3000)
        .map(|i| {
            if i == 1500 {
                "error[E0308]: mismatched types\n --> src/main.rs:4:5\n".to_string()
            } else {
                format!("   Compiling crate-{i} v0.1.{i}\n")
            }
        })
        .collect();
    std::fs::write(dir.join("build.log"), &log).expect("write");
    let command = format!("cd sub && cat {} && false", dir.join("build.log").display());
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/agent_check_cursor.mjs");
    let out = Command::new("node")
        .arg(&script)
        .arg(sdk())
        .arg(&work)
        .arg(&command)
        .env("HOME", &home)
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .output()
        .expect("node runs scripts/agent_check_cursor.mjs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "the check failed: {stdout}{}", String::from_utf8_lossy(&out.stderr));
    let seen: Value = serde_json::from_str(stdout.trim()).expect("the check prints JSON");
    assert_eq!(seen["errors"], serde_json::json!([]), "Cursor's loader refused ctx's hooks.json");
    let reply = &seen["result"];
    assert_eq!(reply.get("permission"), None, "ctx leaves Cursor's own approval alone: {reply}");
    let rewritten = reply["updated_input"]["command"].as_str().expect("Cursor took an updated_input.command");
    assert!(rewritten.starts_with("__ctx_out=$("), "{rewritten}");
    // What Cursor's shell then runs, and the next command in the same shell.
    let run = Command::new("bash")
        .args(["-c", &format!("{rewritten}\necho \"status $? in $(basename \"$PWD\")\"")])
        .current_dir(&work)
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env("XDG_CONFIG_HOME", dir.join("no-config"))
        .output()
        .expect("bash runs");
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(
        text.contains("error[E0308]: mismatched types\n --> src/main.rs:4:5\n") && text.contains("full text: "),
        "{text}"
    );
    assert!(text.ends_with("status 1 in sub\n"), "{text}");
    assert!(text.len() * 2 < log.len(), "{} of {} bytes", text.len(), log.len());
}
