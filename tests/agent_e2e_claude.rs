//! Claude Code end to end: `scripts/agent-e2e-claude.sh` runs the real Claude Code from npm in
//! print mode against a scripted Anthropic Messages-API server on 127.0.0.1
//! (`scripts/agent_e2e_claude_server.py`), once with no hook and then after
//! `ctx init claude --user`, and checks that the Bash and Read results Claude Code sends back to
//! the model are ctx's fitted output (the error line and its location, a marker naming the saved
//! full text, far fewer bytes). Opt-in: `cargo test --test agent_e2e_claude -- --ignored`. The
//! script installs Claude Code with npm unless `CLAUDE_BIN` names one; when neither works it
//! exits non-zero, and so this test fails rather than pass unrun.

use std::path::Path;
use std::process::Command;

#[test]
#[ignore = "needs Claude Code from npm: scripts/agent-e2e-claude.sh installs it"]
fn claude_code_sends_the_model_ctx_output_for_bash_and_read() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/agent-e2e-claude.sh");
    // The binaries cargo built for this test, so that the script does not build them again.
    let bin = Path::new(env!("CARGO_BIN_EXE_ctx")).parent().expect("the binaries' directory");
    let out = Command::new("bash")
        .arg(&script)
        .env("CTX_BIN_DIR", bin)
        .output()
        .expect("bash runs scripts/agent-e2e-claude.sh");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    eprintln!("{stderr}");
    assert!(out.status.success(), "scripts/agent-e2e-claude.sh failed ({}):\n{stdout}\n{stderr}", out.status);
    assert!(stdout.contains("agent-e2e-claude: PASS"), "no PASS line in the script's report:\n{stdout}");
}
