//! Claude Code's hook, where it meets Claude Code's own behaviour: a command rewritten by
//! `ctx init claude --wrap` runs in the shell Claude Code evaluates it in (so a `cd` is kept and
//! the exit status is the command's), and a Read of a file ctx saved, or of a range of any
//! file, is numbered as in that file and never saved again.
//!
//! Claude Code 2.1.331 runs a Bash command as `eval 'COMMAND' < /dev/null && pwd -P >|
//! CWD_FILE` in a fresh shell and takes the next call's working directory from CWD_FILE
//! (`buildExecCommand` in the bundled cli.js of `@anthropic-ai/claude-code`); [`claude_shell`]
//! does the same.

mod common;

use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// `ctx` with its own home and cache under `dir`.
fn ctx(dir: &Path) -> assert_cmd::Command {
    let mut c = common::tool("ctx");
    c.env("HOME", dir).env("XDG_CACHE_HOME", dir.join("cache")).env("XDG_CONFIG_HOME", dir.join(".config"));
    for var in ["CLAUDE_CONFIG_DIR", "CTX_HOOK", "CTX_WRAP_MAX_BYTES", "CTX_PERSIST_DIR"] {
        c.env_remove(var);
    }
    c.current_dir(dir);
    c
}

fn hook(dir: &Path, event: &Value) -> Option<Value> {
    let r = common::run(ctx(dir).args(["hook", "claude"]).write_stdin(event.to_string()));
    assert_eq!((r.code, r.err.as_str()), (0, ""));
    (!r.out.is_empty()).then(|| serde_json::from_str(&r.out).expect("the reply is JSON"))
}

/// 3,000 lines of a test run, the one failure at line 500.
fn test_log() -> String {
    (1..=3000)
        .map(|i| match i {
            500 => "test parser::tests::rejects_trailing_comma ... FAILED\n".to_string(),
            _ => format!("test suite::case_{i} ... ok\n"),
        })
        .collect()
}

/// Runs `command` as Claude Code runs a Bash command in `cwd`: its exit status, its output, and
/// the directory the next call starts in.
fn claude_shell(shell: &str, dir: &Path, cwd: &Path, command: &str) -> (i32, String, PathBuf) {
    let cwd_file = dir.join("cwd-file");
    let _ = std::fs::remove_file(&cwd_file);
    let quoted = format!("'{}'", command.replace('\'', r"'\''"));
    let line = format!("set -C; eval {quoted} < /dev/null && pwd -P >| '{}'", cwd_file.display());
    let out = std::process::Command::new(shell)
        .args(["-c", &line])
        .current_dir(cwd)
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env("XDG_CONFIG_HOME", dir.join(".config"))
        .env("TMPDIR", dir)
        .output()
        .expect("the shell runs");
    let next = std::fs::read_to_string(&cwd_file).map_or_else(|_| cwd.to_path_buf(), |s| PathBuf::from(s.trim_end()));
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text, next)
}

fn wrapped(dir: &Path, command: &str) -> String {
    let event = json!({"hook_event_name": "PreToolUse", "tool_name": "Bash",
        "tool_input": {"command": command, "description": "Run the tests"}});
    let reply = hook(dir, &event).expect("the command is rewritten");
    reply["hookSpecificOutput"]["updatedInput"]["command"].as_str().expect("a command").to_string()
}

#[test]
fn a_wrapped_command_keeps_its_cd_and_its_status_and_its_output_goes_through_ctx() {
    let dir = std::fs::canonicalize(common::tmp("claude-wrap-shell")).expect("dir");
    std::fs::create_dir_all(dir.join("sub")).expect("mkdir");
    std::fs::write(dir.join("sub/tests.sh"), format!("cat <<'EOF'\n{}EOF\nexit 101\n", test_log())).expect("write");
    // Claude Code runs the user's shell, bash or zsh; dash stands for a plain POSIX sh. bash is
    // required; dash and zsh are tried where installed.
    let here = |sh: &str| std::process::Command::new(sh).args(["-c", "true"]).status().is_ok_and(|s| s.success());
    let shells: Vec<&str> = ["bash", "zsh", "dash"].into_iter().filter(|sh| *sh == "bash" || here(sh)).collect();
    for shell in shells {
        // Fails: the failure reaches the model within 9,000 bytes; as without ctx, Claude Code
        // records no new directory for a command that failed.
        let (code, out, next) = claude_shell(shell, &dir, &dir, &wrapped(&dir, "cd sub && sh tests.sh"));
        assert_eq!((code, next.as_path()), (101, dir.as_path()), "{shell}: {out}");
        assert!(out.contains("test parser::tests::rejects_trailing_comma ... FAILED\n"), "{shell}: {out}");
        assert!(out.contains("full text: ") && out.len() <= 9000, "{shell}: {} bytes", out.len());
        // Succeeds: the `cd` is kept for the next call, as without ctx.
        let (code, out, next) = claude_shell(shell, &dir, &dir, &wrapped(&dir, "cd sub && echo in sub"));
        assert_eq!((code, out.as_str(), next), (0, "in sub\n", dir.join("sub")), "{shell}");
        // A heredoc on the last line, and a comment.
        let (code, out, _) = claude_shell(shell, &dir, &dir, &wrapped(&dir, "cat <<'EOF'\nhello\nEOF"));
        assert_eq!((code, out.as_str()), (0, "hello\n"), "{shell}");
        let (code, out, _) = claude_shell(shell, &dir, &dir, &wrapped(&dir, "echo hi # says hi"));
        assert_eq!((code, out.as_str()), (0, "hi\n"), "{shell}");
    }
    // Nothing is left in the temporary directory.
    let left: Vec<_> = std::fs::read_dir(&dir).expect("ls").flatten().map(|e| e.file_name()).collect();
    assert!(!left.iter().any(|n| n.to_string_lossy().starts_with("ctx-out.")), "{left:?}");
}

/// Where no temporary file can be made, the command still runs, in the same shell, and its
/// output reaches the agent as it is: a wrap never loses a command.
#[test]
fn a_wrapped_command_runs_even_where_no_temporary_file_can_be_made() {
    let dir = std::fs::canonicalize(common::tmp("claude-wrap-no-tmp")).expect("dir");
    std::fs::create_dir_all(dir.join("sub")).expect("mkdir");
    let line = format!("{}\npwd", wrapped(&dir, "cd sub && echo in sub && false"));
    let out = std::process::Command::new("bash")
        .args(["-c", &line])
        .current_dir(&dir)
        .env("TMPDIR", dir.join("missing"))
        .output()
        .expect("bash runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text, format!("in sub\n{}\n", dir.join("sub").display()), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    let out = std::process::Command::new("bash")
        .args(["-c", &wrapped(&dir, "echo x; false")])
        .env("TMPDIR", dir.join("missing"))
        .output()
        .expect("bash runs");
    assert_eq!((out.status.code(), out.stdout.as_slice()), (Some(1), &b"x\n"[..]));
}

#[test]
fn a_command_that_may_leave_the_shell_runs_in_a_child_or_is_left_alone() {
    let dir = std::fs::canonicalize(common::tmp("claude-wrap-exit")).expect("dir");
    let truncate = common::bin("ctx-truncate").display().to_string();
    let spill = dir.join("cache/ctx/spill").display().to_string();
    assert_eq!(
        wrapped(&dir, "make || exit 2"),
        format!("{truncate} --tool bash --max-bytes 9000 --persist {spill} -- bash -c 'make || exit 2'")
    );
    let (code, out, _) = claude_shell("bash", &dir, &dir, &wrapped(&dir, "echo before; exit 2"));
    assert_eq!((code, out.as_str()), (2, "before\n[exit status 2]\n"));
    let event =
        json!({"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "cd x || exit 1"}});
    assert_eq!(hook(&dir, &event), None);
}

/// A Read event of `path`, lines `first..` of it as `content`.
fn read_event(path: &Path, content: &str, first: u64, total: u64) -> Value {
    json!({"hook_event_name": "PostToolUse", "tool_name": "Read", "tool_input": {"file_path": path},
        "tool_response": {"type": "text", "file": {"filePath": path, "content": content,
            "numLines": content.lines().count(), "startLine": first, "totalLines": total}}})
}

/// Lines `first..=last` of `text`, without the last newline (as Claude Code's Read gives them).
fn range(text: &str, first: usize, last: usize) -> String {
    text.lines().skip(first - 1).take(last + 1 - first).collect::<Vec<_>>().join("\n")
}

fn spill_files(dir: &Path) -> usize {
    std::fs::read_dir(dir.join("cache/ctx/spill"))
        .map_or(0, |d| d.flatten().filter(|e| e.path().extension().is_some_and(|x| x == "txt")).count())
}

#[test]
fn a_read_of_a_spill_file_passes_untouched_whole_or_by_range() {
    let dir = std::fs::canonicalize(common::tmp("claude-reread")).expect("dir");
    let log = test_log();
    let bash = json!({"hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_input": {"command": "sh tests.sh"},
        "tool_response": {"stdout": log, "stderr": "", "interrupted": false, "isImage": false}});
    let fitted = hook(&dir, &bash).expect("a reply")["hookSpecificOutput"]["updatedToolOutput"]["stdout"].clone();
    let fitted = fitted.as_str().expect("stdout");
    let at = fitted.find("full text: ").expect("a marker") + "full text: ".len();
    let spill = PathBuf::from(fitted[at..].split(" ...]").next().expect("the marker's end"));
    assert_eq!(std::fs::read_to_string(&spill).expect("the spill file"), log);
    assert_eq!(spill_files(&dir), 1);
    // The whole file, then a range of it, as the model reads them: no reply, nothing new saved.
    assert_eq!(hook(&dir, &read_event(&spill, &range(&log, 1, 2000), 1, 3000)), None);
    assert_eq!(hook(&dir, &read_event(&spill, &range(&log, 400, 1400), 400, 3000)), None);
    assert_eq!(spill_files(&dir), 1);
}

#[test]
fn a_read_of_a_range_of_a_file_is_numbered_as_in_the_file_and_names_it() {
    let dir = std::fs::canonicalize(common::tmp("claude-read-range")).expect("dir");
    let file = dir.join("tests.log");
    let log = test_log();
    std::fs::write(&file, &log).expect("write");
    let reply = hook(&dir, &read_event(&file, &range(&log, 401, 1400), 401, 3000)).expect("a reply");
    let r = &reply["hookSpecificOutput"]["updatedToolOutput"];
    assert_eq!((r["file"]["startLine"].as_u64(), r["file"]["numLines"].as_u64()), (Some(401), Some(1000)));
    let content = r["file"]["content"].as_str().expect("content");
    // The read profile's 5,000 chars hold lines 401-573; the marker counts as the file does.
    let mut want = range(&log, 401, 573);
    want.push_str(&format!(
        "\n[... 827 lines (23,557 chars) omitted: lines 574-1,400; full text: {} ...]\n",
        file.display()
    ));
    assert_eq!(content, want);
    // The file itself is the full text: nothing was saved.
    assert_eq!(spill_files(&dir), 0);
    // A file that no longer holds what was read: the text read is saved, and the marker numbers
    // its lines as the saved copy does.
    let changed = range(&log, 401, 1400).replace("case_700 ", "case_seven_hundred ");
    let reply = hook(&dir, &read_event(&file, &changed, 401, 3000)).expect("a reply");
    let content =
        reply["hookSpecificOutput"]["updatedToolOutput"]["file"]["content"].as_str().expect("content").to_string();
    assert!(content.contains("omitted: lines 172-1,000; full text: "), "{content}");
    assert_eq!(spill_files(&dir), 1);
}
