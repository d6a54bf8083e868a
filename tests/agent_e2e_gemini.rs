//! The Gemini CLI end to end: `scripts/agent-e2e-gemini.sh` runs the real Gemini CLI from npm
//! (`gemini -p ... --yolo`) against a scripted Gemini API server on 127.0.0.1
//! (`scripts/agent_e2e_gemini_server.py`), once with no hook and once after `ctx init gemini`,
//! and checks that the run_shell_command result the CLI sends back to the model (its
//! functionResponse) is ctx's fitted output: the error line and its location, a marker naming
//! the saved full text, the exit code, far fewer bytes. Opt-in:
//! `cargo test --test agent_e2e_gemini -- --ignored`. The script installs the Gemini CLI with npm
//! unless `GEMINI_BIN` names one; when neither works it exits non-zero, and so this test fails
//! rather than pass unrun.

use std::path::Path;
use std::process::Command;

#[test]
#[ignore = "needs Gemini CLI from npm: scripts/agent-e2e-gemini.sh installs it"]
fn gemini_sends_the_model_ctx_output_for_a_shell_call() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/agent-e2e-gemini.sh");
    // The binaries cargo built for this test, so that the script does not build them again.
    let bin = Path::new(env!("CARGO_BIN_EXE_ctx")).parent().expect("the binaries' directory");
    let out = Command::new("bash")
        .arg(&script)
        .env("CTX_BIN_DIR", bin)
        .output()
        .expect("bash runs scripts/agent-e2e-gemini.sh");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    eprintln!("{stderr}");
    assert!(out.status.success(), "scripts/agent-e2e-gemini.sh failed ({}):\n{stdout}\n{stderr}", out.status);
    assert!(stdout.contains("agent-e2e-gemini: PASS"), "no PASS line in the script's report:\n{stdout}");
}
