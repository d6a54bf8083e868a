//! Private files stay private: every file ctx writes from a 0600 input is 0600 (whatever the
//! umask gives new files): `ctx init`'s backups of agent settings, compacted copies written with
//! `-o` and `--out-dir`, restored copies, `--state` files and chunk files.

mod common;
use common::{run, tmp, tool};
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

fn mode(p: &Path) -> u32 {
    fs::metadata(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())).permissions().mode() & 0o777
}

/// `name` in `dir`, a copy of `from`, mode 0600.
fn private_copy(from: &str, dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    fs::create_dir_all(path.parent().expect("parent")).expect("dir");
    fs::copy(from, &path).expect("copy");
    fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).expect("chmod");
    path
}

#[test]
fn init_backs_up_private_settings_as_private() {
    for (agent, settings) in [("claude", ".claude/settings.json"), ("codex", ".codex/config.toml")] {
        let dir = tmp(&format!("modes-init-{agent}"));
        let path = dir.join(settings);
        fs::create_dir_all(path.parent().expect("parent")).expect("dir");
        let body = if agent == "codex" { "model = \"o3\"\n" } else { "{\"env\": {\"API_KEY\": \"secret\"}}\n" };
        fs::write(&path, body).expect("write");
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).expect("chmod");
        let mut c = tool("ctx");
        c.env("HOME", &dir).env("XDG_CACHE_HOME", dir.join("cache")).current_dir(&dir);
        for var in ["CLAUDE_CONFIG_DIR", "CODEX_HOME", "CTX_HOOK"] {
            c.env_remove(var);
        }
        let r = run(c.args(["init", agent]));
        assert_eq!(r.code, 0, "{agent}: {}", r.err);
        let backup = PathBuf::from(format!("{}.ctx-backup", path.display()));
        assert_eq!(fs::read_to_string(&backup).expect("backup"), body);
        assert_eq!(mode(&backup), 0o600, "{agent}: the backup of a 0600 file");
        assert_eq!(mode(&path), 0o600, "{agent}: the settings keep their mode");
    }
}

#[test]
fn compacted_copies_and_states_of_a_private_transcript_are_private() {
    let dir = tmp("modes-compact");
    let input = private_copy("tests/fixtures/transcripts/claude-code.jsonl", &dir, "in/session.jsonl");
    let prune = ["--protect", "100", "--prune-minimum", "10", "--protect-turns", "0"];
    let compact = || {
        let mut c = tool("ctx-compact");
        c.env("XDG_CACHE_HOME", dir.join("cache")).arg("--store").arg(dir.join("store"));
        c
    };
    let out = dir.join("out.jsonl");
    let r = run(compact().args(prune).arg("-o").arg(&out).arg(&input));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_ne!(fs::read(&out).expect("out"), fs::read(&input).expect("in"), "something was pruned");
    assert_eq!(mode(&out), 0o600, "-o");
    let r = run(compact().args(prune).arg("--out-dir").arg(dir.join("tree")).arg(dir.join("in")));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(mode(&dir.join("tree/session.jsonl")), 0o600, "--out-dir");
    fs::set_permissions(&out, fs::Permissions::from_mode(0o600)).expect("chmod");
    let restored = dir.join("restored.jsonl");
    let r = run(compact().arg("--restore").arg(&out).arg("-o").arg(&restored));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(fs::read(&restored).expect("restored"), fs::read(&input).expect("in"));
    assert_eq!(mode(&restored), 0o600, "--restore -o");
    let body = private_copy("tests/fixtures/transcripts/openai-body.json", &dir, "body.json");
    let state = dir.join("state.json");
    let r = run(compact().args(["--max-tokens", "800", "--keep-recent", "150", "--state"]).arg(&state).arg(&body));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(mode(&state), 0o600, "--state");
}

#[test]
fn chunk_files_of_a_private_input_are_private() {
    let dir = tmp("modes-chunk");
    let input = private_copy("tests/fixtures/build.log", &dir, "build.log");
    let r = run(tool("ctx-chunk").args(["--size", "2000", "--out-dir"]).arg(dir.join("chunks")).arg(&input));
    assert_eq!(r.code, 0, "{}", r.err);
    let chunks: Vec<PathBuf> = fs::read_dir(dir.join("chunks")).expect("dir").flatten().map(|e| e.path()).collect();
    assert!(chunks.len() > 1);
    for c in chunks {
        assert_eq!(mode(&c), 0o600, "{}", c.display());
    }
}
