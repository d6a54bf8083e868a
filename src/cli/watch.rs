//! Watching a command that a tool runs: a deadline (`--timeout`) and the signals that ask the
//! tool itself to stop (SIGINT, SIGTERM, SIGHUP). Either stops the command's whole process
//! group, politely first (the signal itself, or SIGTERM for a deadline), then with SIGKILL after
//! a grace period, so that the tool can still print what the command wrote.

use anyhow::{Context, Result};
use signal_hook::consts::{SIGHUP, SIGINT, SIGKILL, SIGTERM};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a stopped command has to end before its group is killed.
const GRACE: Duration = Duration::from_secs(2);

/// How often the watcher looks.
const TICK: Duration = Duration::from_millis(20);

/// The signals this tool catches while a command runs: the last one received, or 0.
pub struct Signals(Arc<AtomicUsize>);

impl Signals {
    /// Catches SIGINT, SIGTERM and SIGHUP from now on (they no longer end this process at once).
    pub fn register() -> Result<Signals> {
        let flag = Arc::new(AtomicUsize::new(0));
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal_hook::flag::register_usize(sig, Arc::clone(&flag), sig as usize)
                .with_context(|| format!("cannot catch signal {sig}"))?;
        }
        Ok(Signals(flag))
    }

    /// Catches nothing: only the deadline stops the command (a server running commands for
    /// its client leaves its own signals alone).
    pub fn none() -> Signals {
        Signals(Arc::new(AtomicUsize::new(0)))
    }
}

/// Why a command was stopped, and after how long.
#[derive(Clone, Debug, PartialEq)]
pub struct Stopped {
    /// The signal this tool received, or `None` for the deadline.
    pub signal: Option<i32>,
    /// How long the command had run.
    pub after: Duration,
}

impl Stopped {
    /// The exit status to give: 124 for the deadline (as timeout(1)), else 128 + the signal.
    pub fn code(&self) -> u8 {
        self.signal.map_or(124, |s| u8::try_from(128 + s).unwrap_or(1))
    }
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.after.as_secs_f64();
        match self.signal {
            None => write!(f, "stopped by --timeout after {secs:.1} s"),
            Some(s) => write!(f, "stopped by {} after {secs:.1} s", signal_name(s)),
        }
    }
}

fn signal_name(sig: i32) -> String {
    match sig {
        SIGINT => "SIGINT".into(),
        SIGTERM => "SIGTERM".into(),
        SIGHUP => "SIGHUP".into(),
        s => format!("signal {s}"),
    }
}

/// A watcher thread over one running command.
pub struct Watch {
    done: Arc<AtomicBool>,
    thread: JoinHandle<Option<Stopped>>,
}

impl Watch {
    /// Watches the process group `group` (the command's pid, as it leads its own group).
    pub fn start(group: u32, timeout: Option<Duration>, signals: Signals) -> Watch {
        let done = Arc::new(AtomicBool::new(false));
        let seen = Arc::clone(&done);
        let thread = std::thread::spawn(move || watch(group, timeout, &signals, &seen));
        Watch { done, thread }
    }

    /// Says the command has ended; gives why it was stopped, if it was.
    pub fn finish(self) -> Option<Stopped> {
        self.done.store(true, Ordering::SeqCst);
        self.thread.join().ok().flatten()
    }
}

fn watch(group: u32, timeout: Option<Duration>, signals: &Signals, done: &AtomicBool) -> Option<Stopped> {
    let start = Instant::now();
    let stopped = loop {
        if done.load(Ordering::SeqCst) {
            return None;
        }
        let sig = signals.0.swap(0, Ordering::SeqCst);
        if sig != 0 {
            let sig = i32::try_from(sig).unwrap_or(SIGTERM);
            break Stopped { signal: Some(sig), after: start.elapsed() };
        }
        if timeout.is_some_and(|t| start.elapsed() >= t) {
            break Stopped { signal: None, after: start.elapsed() };
        }
        std::thread::sleep(TICK);
    };
    kill_group(group, stopped.signal.unwrap_or(SIGTERM));
    let deadline = Instant::now() + GRACE;
    while !done.load(Ordering::SeqCst) {
        if Instant::now() >= deadline {
            kill_group(group, SIGKILL);
            break;
        }
        std::thread::sleep(TICK);
    }
    Some(stopped)
}

/// Sends `sig` to the process group `group` with kill(1): the standard library has no safe way
/// to signal a group, and this crate forbids `unsafe`.
fn kill_group(group: u32, sig: i32) {
    let _ = std::process::Command::new("kill")
        .args([format!("-{sig}"), "--".into(), format!("-{group}")])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();
}
