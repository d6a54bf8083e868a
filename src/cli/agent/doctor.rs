//! `ctx doctor`: per agent, whether the hook is installed, its contract, and a test event.

use super::{settings, sibling, this_ctx};
use crate::agent::install::{self, Scope};
use crate::agent::{Agent, hook};
use anyhow::{Context, Result};
use serde_json::Value;
use std::io::Write;
use std::process::ExitCode;

pub(super) fn doctor() -> Result<ExitCode> {
    let truncate = sibling("ctx-truncate");
    let found = std::path::Path::new(&truncate).is_file();
    writeln!(std::io::stdout(), "ctx {}: {}", env!("CARGO_PKG_VERSION"), this_ctx())?;
    writeln!(
        std::io::stdout(),
        "ctx-truncate: {}",
        if found { truncate.clone() } else { format!("{truncate}: NOT FOUND beside ctx") }
    )?;
    writeln!(std::io::stdout(), "store: {}", crate::store::default_dir().display())?;
    let mut failed = !found;
    for agent in Agent::ALL {
        writeln!(std::io::stdout(), "{} ({agent}): {}", agent.title(), hook::contract(agent))?;
        writeln!(std::io::stdout(), "  can: {}", agent.can())?;
        for scope in [Scope::User, Scope::Project] {
            let path = settings(agent, scope)?;
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let state = match (install::installed(agent, &text), agent == Agent::Claude && install::wraps(&text)) {
                (true, true) => "installed, --wrap",
                (true, false) => "installed",
                (false, _) => "not installed",
            };
            let state = format!("{state:17}");
            let name = if scope == Scope::User { "user" } else { "project" };
            writeln!(std::io::stdout(), "  {name:8} {state} {}", path.display())?;
        }
        match round_trip(agent) {
            Ok(note) => writeln!(std::io::stdout(), "  test event: ok, {note}")?,
            Err(e) => {
                failed = true;
                writeln!(std::io::stdout(), "  test event: FAILED: {}", crate::cli::error_line(&e))?;
            }
        }
    }
    Ok(crate::cli::status(failed))
}

/// Sends a long failing log through `ctx hook AGENT`, as the agent would, and checks the reply.
fn round_trip(agent: Agent) -> Result<String> {
    let log: String = (1..=2000).map(|i| format!("   Compiling step{i} v0.1.0\n")).collect::<String>()
        + "error[E0308]: mismatched types\n --> src/main.rs:4:5\n";
    if agent.mcp_only() {
        let text = super::mcp_check::round_trip(&this_ctx(), &log)?;
        let (from, to) = kept(&log, &text, "ctx_run's text")?;
        return Ok(format!("ctx mcp's ctx_run fitted {from} chars into {to}, the error line and the spill path kept"));
    }
    let event = hook::sample(agent, &log);
    let mut child = std::process::Command::new(this_ctx())
        .args(["hook", agent.name()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .context("cannot run ctx hook")?;
    child.stdin.take().context("no stdin")?.write_all(event.to_string().as_bytes())?;
    let out = child.wait_with_output()?;
    let err = String::from_utf8_lossy(&out.stderr);
    anyhow::ensure!(out.status.success() && err.trim().is_empty(), "ctx hook {agent} said: {}", err.trim());
    let reply: Value = serde_json::from_slice(&out.stdout).context("the reply is not JSON")?;
    let text = hook::replied_text(agent, &reply).context("the reply does not replace the output")?;
    let text = if matches!(agent, Agent::Codex | Agent::Gemini | Agent::Cursor) {
        // What Codex then runs.
        let run = std::process::Command::new("sh").args(["-c", &text]).stdin(std::process::Stdio::null()).output()?;
        anyhow::ensure!(run.status.code() == Some(3), "the rewritten command lost the exit status: {text}");
        String::from_utf8_lossy(&run.stdout).into_owned()
    } else {
        text
    };
    let (from, to) = kept(&log, &text, "the reply")?;
    Ok(format!("{from} chars fitted into {to}, the error line and the spill path kept"))
}

/// Checks that `text` (`what`, made of the test `log`) kept the error line and named the saved
/// full text; gives the chars of `log` and of `text`.
fn kept(log: &str, text: &str, what: &str) -> Result<(usize, usize)> {
    anyhow::ensure!(
        text.contains("error[E0308]") && text.contains("full text: "),
        "{what} lost the error line or the spill path"
    );
    Ok((log.chars().count(), text.chars().count()))
}
