//! Running an agent's shell command in the agent's own shell with only its output sent through
//! ctx. Claude Code evaluates each command in a shell of its own (`eval 'COMMAND' && pwd -P >|
//! CWD_FILE`, then reads the working directory back for the next call): a command rewritten as
//! `ctx-truncate -- bash -c 'COMMAND'` would run in a child, and a `cd` in it would be lost.
//! [`in_place`] keeps the command in that shell: its output goes to a temporary file, the file
//! through `ctx-truncate`, and the command's exit status is the rewritten command's.
//! The shell text every rewrite needs is here too: [`quote`], `wrapped` (a command already
//! under ctx-truncate) and [`changes_shell_state`].

/// `command` run in the current shell with its standard output and error fitted by `truncate`
/// (a command line that reads the text on its standard input). Both bash and zsh read it; the
/// line break before `}` ends a heredoc or a comment on the command's last line. `>|` writes
/// over the temporary file with `noclobber` on; `command` keeps an alias of the user's from
/// standing in for `mktemp`, `cat` or `rm`. If `truncate` fails, the output is given as it is;
/// if no temporary file can be made, the command still runs, its output unfitted.
pub fn in_place(command: &str, truncate: &str) -> String {
    format!(
        "__ctx_out=$(command mktemp \"${{TMPDIR:-/tmp}}/ctx-out.XXXXXX\" 2>/dev/null); {{ {command}\n}} >|\"${{__ctx_out:-/dev/stdout}}\" 2>&1; __ctx_status=$?; if [ -n \"$__ctx_out\" ]; then {truncate} <\"$__ctx_out\" || command cat \"$__ctx_out\"; command rm -f \"$__ctx_out\"; fi; (exit $__ctx_status)"
    )
}

/// Whether `command` may end the shell it runs in before its output is fitted (`exit`, `exec`,
/// `return`, `logout`, or `set`, which can turn on `errexit`), or leaves a job running in the
/// background (`&`), whose output would still be written after it was fitted. Quotes are not
/// parsed, so a word inside a string only ever makes the answer yes (the safe side).
pub fn may_leave(command: &str) -> bool {
    const WORDS: &[&str] = &["exit", "exec", "return", "logout", "set"];
    let words = command.split(|c: char| c.is_whitespace() || matches!(c, ';' | '&' | '|' | '(' | ')' | '{' | '}'));
    words.into_iter().any(|w| WORDS.contains(&w)) || background(command)
}

/// Whether `command` holds a lone `&` (a job sent to the background), not `&&`, `>&`, `&>` or `|&`.
fn background(command: &str) -> bool {
    let b = command.as_bytes();
    (0..b.len()).any(|i| {
        let before = i.checked_sub(1).map(|j| b[j]);
        let after = b.get(i + 1).copied();
        b[i] == b'&' && !matches!(before, Some(b'&' | b'>' | b'<' | b'|')) && !matches!(after, Some(b'&' | b'>'))
    })
}

/// The `ctx-truncate` command line that fits a command's output read on standard input.
pub fn truncate_line(truncate: &str, max_bytes: Option<u64>, store: &str) -> String {
    let bytes = max_bytes.map_or_else(String::new, |b| format!(" --max-bytes {b}"));
    format!("{} --tool bash{bytes} --persist {}", quote(truncate), quote(store))
}

/// Whether a command may change the state of the shell it runs in: a builtin such as `cd`,
/// `export` or `source` at the start of any of its commands, or a bare assignment. Quotes are
/// not parsed, so a separator inside a string only ever makes the answer yes (the safe side).
pub fn changes_shell_state(command: &str) -> bool {
    const BUILTINS: &[&str] = &[
        "cd",
        "pushd",
        "popd",
        "export",
        "unset",
        "source",
        ".",
        "alias",
        "unalias",
        "set",
        "shopt",
        "declare",
        "typeset",
        "readonly",
        "local",
        "eval",
        "exec",
        "ulimit",
        "umask",
        "trap",
        "hash",
        "enable",
        "builtin",
        "conda",
        "nvm",
        "pyenv",
        "rbenv",
        "direnv",
        "asdf",
        "deactivate",
    ];
    let separators = |c: char| matches!(c, ';' | '&' | '|' | '\n' | '(' | ')' | '{' | '}' | '`');
    command.split(separators).any(|segment| {
        let mut words =
            segment.split_whitespace().skip_while(|w| matches!(*w, "then" | "do" | "else" | "if" | "while" | "!"));
        match words.next() {
            None => false,
            Some(first) if first.contains('=') && !first.starts_with('=') => {
                // `A=1 cmd` sets A for cmd only; `A=1` alone sets it in the shell.
                words.all(|w| w.contains('='))
            }
            Some(first) => BUILTINS.contains(&first) || first.starts_with("$("),
        }
    })
}

/// Whether a command already runs under ctx-truncate (a retried call, or the agent's own use).
pub(crate) fn wrapped(command: &str, truncate: &str) -> bool {
    if command.starts_with("__ctx_out=$(") {
        return true;
    }
    let first = command.split_whitespace().next().unwrap_or_default().trim_matches('\'');
    first == truncate || first.rsplit('/').next() == Some("ctx-truncate")
}

/// `s` quoted for a POSIX shell.
pub fn quote(s: &str) -> String {
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b"/._-+=:,@%".contains(&b)) {
        return s.to_string();
    }
    format!("'{}'", s.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_stays_in_the_shell_and_keeps_its_status() {
        let line = truncate_line("/opt/ctx/bin/ctx-truncate", Some(9000), "/home/u/.cache/ctx/spill");
        assert_eq!(
            in_place("cd sub && cargo test", &line),
            "__ctx_out=$(command mktemp \"${TMPDIR:-/tmp}/ctx-out.XXXXXX\" 2>/dev/null); { cd sub && cargo test\n} >|\"${__ctx_out:-/dev/stdout}\" 2>&1; __ctx_status=$?; if [ -n \"$__ctx_out\" ]; then /opt/ctx/bin/ctx-truncate --tool bash --max-bytes 9000 --persist /home/u/.cache/ctx/spill <\"$__ctx_out\" || command cat \"$__ctx_out\"; command rm -f \"$__ctx_out\"; fi; (exit $__ctx_status)"
        );
    }

    #[test]
    fn commands_that_may_end_the_shell_or_leave_a_job_are_told_apart() {
        for c in ["cd x || exit 1", "exec bash", "set -e; make", "npm run dev &", "sleep 1 & wait", "a&b"] {
            assert!(may_leave(c), "{c}");
        }
        for c in [
            "cd sub && cargo test",
            "make 2>&1 | tee log",
            "cargo build &> log",
            "ls |& less",
            "exit_code=1 true",
            "echo setup",
        ] {
            assert!(!may_leave(c), "{c}");
        }
    }
}
