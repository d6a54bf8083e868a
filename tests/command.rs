//! `ctx-truncate -- COMMAND` under time limits: `--timeout`, `timeout(1)` around it, and SIGINT
//! to the tool. What the command wrote before it was stopped is always printed, fitted and
//! marked; the command's whole process group is stopped.

mod common;

use std::process::{Command, Stdio};
use std::time::Duration;

/// A command that writes 30 lines, then waits far longer than any test.
const SLOW: &str = "for i in $(seq 1 30); do echo line $i; done; sleep 300";

/// The fitted capture every run below prints before its status line.
const CAPTURE: &str = "line 1\nline 2\n[... 26 lines (201 chars) omitted: lines 3-28 ...]\nline 29\nline 30\n";

fn ctx() -> Command {
    let mut c = Command::new(common::bin("ctx-truncate"));
    for var in common::ENV {
        c.env_remove(var);
    }
    c.env("XDG_CONFIG_HOME", std::env::temp_dir().join("ctx-tests-no-config"));
    c
}

/// The seconds in a `[stopped by WHAT after N s; exit status C]` line, checked for its shape.
fn stopped_after(out: &str, what: &str, code: u8) -> f64 {
    let line = out.lines().last().unwrap_or_default();
    let rest = line.strip_prefix(&format!("[stopped by {what} after ")).unwrap_or_else(|| panic!("{out}"));
    let (secs, tail) = rest.split_once(" s; ").unwrap_or_else(|| panic!("{out}"));
    assert_eq!(tail, format!("exit status {code}]"));
    secs.parse().unwrap_or_else(|_| panic!("{out}"))
}

#[test]
fn timeout_stops_the_command_and_prints_what_it_wrote() {
    let o = ctx().args(["--max-lines", "6", "--timeout", "1", "--", "sh", "-c", SLOW]).output().expect("runs");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(124));
    assert!(out.starts_with(CAPTURE), "{out}");
    let secs = stopped_after(&out, "--timeout", 124);
    assert!((1.0..60.0).contains(&secs), "{secs}");
}

#[test]
fn timeout_1_around_the_tool_still_gets_the_capture() {
    let o = Command::new("timeout")
        .args(["2", common::bin("ctx-truncate").to_str().expect("path"), "--max-lines", "6", "--", "sh", "-c", SLOW])
        .output()
        .expect("timeout runs");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(124), "timeout(1) reports 124");
    assert!(out.starts_with(CAPTURE), "{out}");
    stopped_after(&out, "SIGTERM", 143);
}

#[test]
fn sigint_to_the_tool_stops_the_group_and_prints_the_capture() {
    let child =
        ctx().args(["--max-lines", "6", "--", "sh", "-c", SLOW]).stdout(Stdio::piped()).spawn().expect("spawns");
    std::thread::sleep(Duration::from_millis(1500));
    let kill = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
    assert!(kill.success());
    let o = child.wait_with_output().expect("ends");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(130));
    assert!(out.starts_with(CAPTURE), "{out}");
    stopped_after(&out, "SIGINT", 130);
}

#[test]
fn timeout_needs_a_command() {
    let o = ctx().args(["--timeout", "1"]).stdin(Stdio::null()).output().expect("runs");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "ctx-truncate: --timeout stops a command: give it with -- COMMAND\n"
    );
    let o = ctx().args(["--timeout", "1e19", "--", "true"]).output().expect("runs");
    assert_eq!(o.status.code(), Some(2));
}

/// Colours that a tool forces into a command's output cost tokens: --clean is on by default in
/// command mode, and --no-clean keeps them.
#[test]
fn command_output_is_cleaned_by_default() {
    let o = ctx().args(["--", "printf", "\\033[31mred\\033[0m\\n"]).output().expect("runs");
    assert_eq!(o.stdout, b"red\n");
    let o = ctx().args(["--no-clean", "--", "printf", "\\033[31mred\\033[0m\\n"]).output().expect("runs");
    assert_eq!(o.stdout, b"\x1b[31mred\x1b[0m\n");
}

/// A grandchild in a session of its own holds the pipe for 20 s: the capture ends with the
/// command's group, not with the pipe.
const DETACHED: &str = "setsid sleep 20 & echo started";

#[test]
fn a_detached_grandchild_holding_the_pipe_does_not_hold_the_tool() {
    let begun = std::time::Instant::now();
    let o = ctx().args(["--timeout", "2", "--", "sh", "-c", DETACHED]).output().expect("runs");
    assert!(begun.elapsed() < Duration::from_secs(10), "ended after {:?}", begun.elapsed());
    assert_eq!((o.status.code(), String::from_utf8_lossy(&o.stdout).as_ref()), (Some(0), "started\n"));
    // Stopped at the deadline: the group is killed and the capture ends with it.
    let begun = std::time::Instant::now();
    let o = ctx().args(["--timeout", "1", "--", "sh", "-c", "setsid sleep 20 & echo started; sleep 20"]).output();
    let o = o.expect("runs");
    assert!(begun.elapsed() < Duration::from_secs(10), "ended after {:?}", begun.elapsed());
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(124));
    assert!(out.starts_with("started\n[stopped by --timeout after 1."), "{out}");
    // What the group wrote before it ended is all there, however much.
    let o = ctx().args(["--max-chars", "1000000", "--", "sh", "-c", "setsid sleep 20 & seq 1 100000"]).output();
    let o = o.expect("runs");
    assert_eq!(String::from_utf8_lossy(&o.stdout).lines().count(), 100_000);
}
