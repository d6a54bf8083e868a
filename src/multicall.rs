//! One program, six names. The code and the token tables live once, in the `ctx` binary;
//! `ctx-truncate`, `ctx-chunk`, `ctx-score`, `ctx-summarize` and `ctx-compact` are thin entry
//! points that run the `ctx` beside them under their own name (as `exec` does: same process,
//! same arguments, signals and exit status). `ctx` picks the tool by the name it was run as, so
//! a symlink named `ctx-truncate` works as well, and by `ctx TOOL ...`.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

/// The filters, as `ctx` runs them.
pub const TOOLS: [&str; 5] = ["ctx-truncate", "ctx-chunk", "ctx-score", "ctx-summarize", "ctx-compact"];

/// Runs the `ctx` beside this binary as `name` with this process's arguments; returns only if
/// that cannot be done (one line on stderr, exit 1).
pub fn exec(name: &str) -> ExitCode {
    let ctx = match std::env::current_exe() {
        Ok(exe) => exe.with_file_name("ctx"),
        Err(e) => return fail(name, &format!("cannot tell where {name} is installed: {e}")),
    };
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let err = exec_as(&ctx, name, &args);
    fail(
        name,
        &format!(
            "cannot run '{}', the program it is a name of: {err} (install the whole suite: cargo install ctx-filters)",
            ctx.display()
        ),
    )
}

/// Replaces this process with `exe` run under the name `name` with `args`; returns only the
/// error when that cannot be done.
pub fn exec_as(exe: &std::path::Path, name: &str, args: &[OsString]) -> std::io::Error {
    use std::os::unix::process::CommandExt;
    std::process::Command::new(exe).arg0(name).args(args).exec()
}

fn fail(name: &str, msg: &str) -> ExitCode {
    eprintln!("{name}: {msg}");
    ExitCode::from(1)
}

/// The tool that `ctx` was asked to be: by the name it runs as (`ctx-truncate`), else by its
/// first argument (`ctx truncate`), with the arguments that tool gets.
pub fn tool(args: &[OsString]) -> Option<(&'static str, Vec<OsString>)> {
    let arg0 = args.first().map(PathBuf::from)?;
    let name = arg0.file_name()?.to_str()?;
    if let Some(t) = TOOLS.iter().find(|t| **t == name) {
        return Some((t, args.to_vec()));
    }
    let sub = args.get(1)?.to_str()?;
    let t = TOOLS.iter().find(|t| t.strip_prefix("ctx-") == Some(sub))?;
    Some((t, std::iter::once(OsString::from(*t)).chain(args[2..].iter().cloned()).collect()))
}
