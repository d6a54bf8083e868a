//! GitHub Copilot CLI end to end: `scripts/agent-e2e-copilot.sh` runs the real CLI from npm
//! (`copilot -p ... --allow-all-tools`, offline, with its own provider pointed at a scripted
//! Anthropic Messages-API server on 127.0.0.1, `scripts/agent_e2e_copilot_server.py`), once with
//! no hook and once after `ctx init copilot`, and checks that the `bash` result the CLI sends the
//! model is ctx's fitted output: the error line and its location, a marker naming the saved full
//! text, at most a third of the bytes; and that `ctx init copilot --uninstall` leaves no hook
//! file. Opt-in: `cargo test --test agent_e2e_copilot -- --ignored`. The script installs the CLI
//! with npm unless `COPILOT_BIN` names one; when neither works it exits non-zero, and so this test
//! fails rather than pass unrun.

use std::path::Path;
use std::process::Command;

#[test]
#[ignore = "needs GitHub Copilot CLI from npm: scripts/agent-e2e-copilot.sh installs it"]
fn copilot_sends_the_model_ctx_output_for_a_shell_call() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/agent-e2e-copilot.sh");
    // The binaries cargo built for this test, so that the script does not build them again.
    let bin = Path::new(env!("CARGO_BIN_EXE_ctx")).parent().expect("the binaries' directory");
    let out = Command::new("bash")
        .arg(&script)
        .env("CTX_BIN_DIR", bin)
        .output()
        .expect("bash runs scripts/agent-e2e-copilot.sh");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    eprintln!("{stderr}");
    assert!(out.status.success(), "scripts/agent-e2e-copilot.sh failed ({}):\n{stdout}\n{stderr}", out.status);
    assert!(stdout.contains("agent-e2e-copilot: PASS"), "no PASS line in the script's report:\n{stdout}");
}
