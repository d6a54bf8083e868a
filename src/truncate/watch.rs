//! Watching a command that a tool runs: a deadline (`--timeout`) and the signals that ask the
//! tool itself to stop (SIGINT, SIGTERM, SIGHUP). Either stops the command's whole process
//! group, politely first (the signal itself, or SIGTERM for a deadline), then with SIGKILL after
//! a grace period, so that the tool can still print what the command wrote.

use anyhow::{Context, Result};
use signal_hook::consts::{SIGHUP, SIGINT, SIGKILL, SIGTERM};
use std::fmt;
use std::io::{PipeReader, Read};
use std::process::{Child, ExitStatus};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a stopped command has to end before its group is killed.
const GRACE: Duration = Duration::from_secs(2);

/// How often the watcher looks.
const TICK: Duration = Duration::from_millis(20);

/// The signals this tool catches while a command runs: the last one received, or 0.
#[derive(Clone)]
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

/// A watcher thread over one running command: it waits for the command, stops it at the
/// deadline or on a signal, and ends the capture when the command's process group is gone,
/// even if a process that left the group (`setsid`) still holds the pipe.
pub struct Watch {
    thread: JoinHandle<std::io::Result<(ExitStatus, Option<Stopped>)>>,
}

/// How the reader thread, the capture and the watcher see each other.
#[derive(Default)]
struct Shared {
    /// Chunks the reader thread has sent.
    sent: AtomicU64,
    /// Whether the reader thread is waiting for the pipe (everything read so far is sent).
    waiting: AtomicBool,
    /// The capture ends after this many chunks (`u64::MAX`: at the end of the pipe).
    cut: AtomicU64,
    /// Whether the capture has seen the end of the pipe.
    eof: AtomicBool,
}

/// What the command writes to the pipe, read on a thread of its own so that the capture can
/// end without waiting for the pipe's last writer.
pub struct Capture {
    rx: Receiver<std::io::Result<Vec<u8>>>,
    shared: Arc<Shared>,
    received: u64,
    pending: Vec<u8>,
    at: usize,
}

impl Watch {
    /// Watches `child`, which leads its own process group, and captures `pipe`.
    pub fn start(child: Child, pipe: PipeReader, timeout: Option<Duration>, signals: Signals) -> (Watch, Capture) {
        let shared = Arc::new(Shared { cut: AtomicU64::new(u64::MAX), ..Shared::default() });
        let (tx, rx) = std::sync::mpsc::sync_channel(16);
        let feed = Arc::clone(&shared);
        std::thread::spawn(move || read_pipe(pipe, &tx, &feed));
        let seen = Arc::clone(&shared);
        let thread = std::thread::spawn(move || watch(child, timeout, &signals, &seen));
        (Watch { thread }, Capture { rx, shared, received: 0, pending: Vec::new(), at: 0 })
    }

    /// Waits for the command; gives its status and why it was stopped, if it was.
    pub fn finish(self) -> std::io::Result<(ExitStatus, Option<Stopped>)> {
        self.thread.join().unwrap_or_else(|_| Err(std::io::Error::other("the watcher failed")))
    }
}

/// Sends what the pipe gives, in pieces, until its end or until the capture is gone.
fn read_pipe(mut pipe: PipeReader, tx: &SyncSender<std::io::Result<Vec<u8>>>, shared: &Shared) {
    loop {
        let mut buf = vec![0u8; 64 << 10];
        shared.waiting.store(true, Ordering::SeqCst);
        let read = pipe.read(&mut buf);
        shared.waiting.store(false, Ordering::SeqCst);
        let piece = match read {
            Ok(0) => return,
            Ok(n) => {
                buf.truncate(n);
                Ok(buf)
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => Err(e),
        };
        let last = piece.is_err();
        if tx.send(piece).is_err() || last {
            return;
        }
        shared.sent.fetch_add(1, Ordering::SeqCst);
    }
}

impl Read for Capture {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        while self.at == self.pending.len() {
            if self.received >= self.shared.cut.load(Ordering::SeqCst) {
                return Ok(0);
            }
            match self.rx.recv_timeout(TICK) {
                Ok(piece) => {
                    self.pending = piece?;
                    self.at = 0;
                    self.received += 1;
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    self.shared.eof.store(true, Ordering::SeqCst);
                    return Ok(0);
                }
            }
        }
        let n = (self.pending.len() - self.at).min(out.len());
        out[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// How often, once the command has ended, the watcher asks whether its group is gone.
const PROBE: Duration = Duration::from_millis(100);

fn watch(
    mut child: Child,
    timeout: Option<Duration>,
    signals: &Signals,
    shared: &Shared,
) -> std::io::Result<(ExitStatus, Option<Stopped>)> {
    let start = Instant::now();
    let group = child.id();
    let (mut stopped, mut kill_at, mut status) = (None, None, None);
    let (mut next_probe, mut gone, mut idle_at, mut eof_at) = (start, false, None, None);
    loop {
        if status.is_none() {
            status = child.try_wait()?;
        }
        if stopped.is_none() {
            let sig = signals.0.swap(0, Ordering::SeqCst);
            let why = match sig {
                0 if timeout.is_some_and(|t| start.elapsed() >= t) => Some(None),
                0 => None,
                s => Some(Some(i32::try_from(s).unwrap_or(SIGTERM))),
            };
            if let Some(signal) = why {
                stopped = Some(Stopped { signal, after: start.elapsed() });
                kill_group(group, signal.unwrap_or(SIGTERM));
                kill_at = Some(Instant::now() + GRACE);
            }
        }
        if kill_at.is_some_and(|k| Instant::now() >= k) {
            kill_group(group, SIGKILL);
            kill_at = None;
        }
        if let Some(st) = status {
            if shared.eof.load(Ordering::SeqCst) {
                return Ok((st, stopped));
            }
            if !gone && Instant::now() >= next_probe {
                gone = !group_alive(group);
                next_probe = Instant::now() + PROBE;
            }
            // The group is gone: what it wrote is read once the reader has waited on an empty
            // pipe for a whole tick; anything later comes from a process that left the group.
            if gone {
                let sent = shared.sent.load(Ordering::SeqCst);
                let waiting = shared.waiting.load(Ordering::SeqCst);
                match idle_at {
                    Some(n) if n == sent && waiting => {
                        shared.cut.store(sent, Ordering::SeqCst);
                        return Ok((st, stopped));
                    }
                    _ => idle_at = waiting.then_some(sent),
                }
            }
        }
        // The end of the pipe comes as the command exits: look again soon, not a tick later.
        let eof = shared.eof.load(Ordering::SeqCst);
        eof_at = eof_at.or(eof.then(Instant::now));
        std::thread::sleep(if eof_at.is_some_and(|t| t.elapsed() < PROBE) { Duration::from_millis(1) } else { TICK });
    }
}

/// Whether any process is left in the process group `group` (kill -0).
fn group_alive(group: u32) -> bool {
    std::process::Command::new("kill")
        .args(["-0".into(), "--".into(), format!("-{group}")])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .map_or(true, |s| s.success())
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
