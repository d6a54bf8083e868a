//! The daily scenarios with the real agents: `scripts/agent-daily.sh` runs Claude Code (from
//! npm, the newest) against a scripted model server on 127.0.0.1 with no hook and then after
//! `ctx init claude --wrap`: a failing `cd sub && cargo test` (the failure at line 500 of
//! 3,000), `pwd` after it, a failing pytest, a `cd` kept for the next call, a Read of the spill
//! file by range, and a failing command inside a subagent; Codex CLI and Gemini CLI too where
//! installed (`CODEX_BIN`, `GEMINI_BIN`, or on PATH). Opt-in:
//! `cargo test --test agent_daily -- --ignored`. It needs npm (or `CLAUDE_BIN`) and pytest (or
//! `PYTEST`); without them the script exits 2 and this test fails rather than pass unrun.

use std::path::Path;
use std::process::Command;

#[test]
#[ignore = "needs Claude Code from npm and pytest: scripts/agent-daily.sh"]
fn the_daily_scenarios_reach_the_model_through_ctx() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/agent-daily.sh");
    let bin = Path::new(env!("CARGO_BIN_EXE_ctx")).parent().expect("the binaries' directory");
    let out = Command::new("bash").arg(&script).env("CTX_BIN_DIR", bin).output().expect("bash runs the script");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    eprintln!("{stderr}");
    assert!(out.status.success(), "scripts/agent-daily.sh failed ({}):\n{stdout}\n{stderr}", out.status);
    assert!(stdout.contains("agent-daily: PASS"), "no PASS line in the script's report:\n{stdout}");
}
