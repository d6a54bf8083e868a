//! Helpers shared by the CLI tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// Where the real corpus lives, beside the repository.
pub const CORPUS: &str = "../shared/corpus/outputs";

/// What a run printed and how it ended.
pub struct Run {
    pub code: i32,
    pub out: String,
    pub err: String,
}

/// Environment variables that would change what the tools do.
pub const ENV: &[&str] = &[
    "CTX_ENCODING",
    "CTX_PERSIST_DIR",
    "CTX_STORE",
    "CTX_FORMAT",
    "CTX_FAULT",
    "CTX_CONFIG",
    "CTX_TRUST_PROJECT_CONFIG",
    "CTX_BASE_URL",
    "CTX_MODEL",
    "CTX_MAP_MODEL",
    "CTX_API_KEY",
    "CTX_JOBS",
    "CTX_LLM_JOBS",
    "CTX_FILE_JOBS",
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "ANTHROPIC_API_KEY",
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "ALL_PROXY",
    "http_proxy",
    "https_proxy",
    "all_proxy",
];

/// A command for one of the binaries, with the environment variables that would change its
/// behaviour removed.
pub fn tool(name: &str) -> assert_cmd::Command {
    let mut c = assert_cmd::Command::new(bin(name));
    for var in ENV {
        c.env_remove(var);
    }
    // No user config file (~/.config/ctx/config.toml) may change what a test sees.
    c.env("XDG_CONFIG_HOME", std::env::temp_dir().join("ctx-tests-no-config"));
    c
}

/// The path of a built binary.
pub fn bin(name: &str) -> PathBuf {
    match name {
        "ctx" => assert_cmd::cargo::cargo_bin!("ctx").to_path_buf(),
        "ctx-truncate" => assert_cmd::cargo::cargo_bin!("ctx-truncate").to_path_buf(),
        "ctx-chunk" => assert_cmd::cargo::cargo_bin!("ctx-chunk").to_path_buf(),
        "ctx-score" => assert_cmd::cargo::cargo_bin!("ctx-score").to_path_buf(),
        "ctx-summarize" => assert_cmd::cargo::cargo_bin!("ctx-summarize").to_path_buf(),
        "ctx-compact" => assert_cmd::cargo::cargo_bin!("ctx-compact").to_path_buf(),
        other => panic!("no binary {other}"),
    }
}

/// Runs a command to its end. A program that a test has just written (a copy of a binary, a
/// script) can be busy for a moment: a child that another test forked while the file was open
/// for writing holds it until that child execs (`Text file busy`, seen once in a full `cargo
/// test`), so starting it is tried again, for up to a second.
pub fn run(c: &mut assert_cmd::Command) -> Run {
    let mut tries = 0;
    let o = loop {
        match c.output() {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy && tries < 50 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            r => break r.expect("runs"),
        }
    };
    Run {
        code: o.status.code().unwrap_or(-1),
        out: String::from_utf8_lossy(&o.stdout).into_owned(),
        err: String::from_utf8_lossy(&o.stderr).into_owned(),
    }
}

/// A fresh temporary directory for one test.
pub fn tmp(name: &str) -> PathBuf {
    static SWEPT: std::sync::Once = std::sync::Once::new();
    SWEPT.call_once(sweep_finished_runs);
    let dir = std::env::temp_dir().join(format!("ctx-tests-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Removes the folders that earlier test runs left in the temp dir (`ctx-tests-PID-NAME` of a
/// PID that is no longer running): without this, every run leaves hundreds of them behind, some
/// holding a copy of a binary.
fn sweep_finished_runs() {
    use std::path::Path;
    // Which processes are running is read from /proc: where there is none, nothing is swept.
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix("ctx-tests-")) else { continue };
        let Some(pid) = rest.split('-').next().and_then(|p| p.parse::<u32>().ok()) else { continue };
        if !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// The files a store at `dir` holds, in the order the directory gives: its dotfiles (the stamp
/// of its last sweep) left out.
pub fn saved(dir: &std::path::Path) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(dir).into_iter().flatten().flatten();
    entries.filter(|e| !e.file_name().to_string_lossy().starts_with('.')).map(|e| e.path()).collect()
}

/// The lines `1\n` to `n\n`.
pub fn numbers(n: usize) -> String {
    (1..=n).map(|i| format!("{i}\n")).collect()
}

/// Checks the contract every tool keeps: stdin, FILE and `-` alike; empty input; a missing
/// file is one line and exit 1; a bad flag is one line and exit 2.
pub fn check_contract(name: &str, args: &[&str], input: &str) {
    let dir = tmp(&format!("contract-{name}"));
    let file = dir.join("input.txt");
    std::fs::write(&file, input).expect("write");
    let from_stdin = run(tool(name).args(args).write_stdin(input));
    let from_dash = run(tool(name).args(args).arg("-").write_stdin(input));
    let from_file = run(tool(name).args(args).arg(&file));
    assert_eq!(from_stdin.code, 0, "{name}: {}", from_stdin.err);
    assert_eq!(from_stdin.out, from_dash.out, "{name}: stdin and -");
    assert_eq!(from_stdin.out, from_file.out, "{name}: stdin and FILE");
    let empty = run(tool(name).args(args).write_stdin(""));
    assert_eq!((empty.code, empty.out.as_str(), empty.err.as_str()), (0, "", ""), "{name}: empty input");
    let missing = run(tool(name).args(args).arg("nope.log"));
    assert_eq!(missing.code, 1, "{name}: missing file");
    assert_eq!(missing.err, format!("{name}: cannot open 'nope.log': No such file or directory\n"));
    let bad = run(tool(name).arg("--bogus").write_stdin(input));
    assert_eq!(bad.code, 2, "{name}: bad flag");
    assert_eq!(bad.err.lines().count(), 1, "{name}: {}", bad.err);
    assert!(bad.err.starts_with(&format!("{name}: ")), "{}", bad.err);
    let invalid = tool(name).args(args).write_stdin(b"ok \xff\xfe bytes\n".to_vec()).output().expect("runs");
    assert_eq!(invalid.status.code(), Some(0), "{name}: invalid UTF-8");
}

pub mod server;

/// `ctx-summarize` with no LLM configuration from the environment and its own cache directory.
pub fn summarize_cmd(cache: &std::path::Path) -> assert_cmd::Command {
    let mut c = tool("ctx-summarize");
    c.env("XDG_CACHE_HOME", cache);
    c
}
