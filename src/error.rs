//! The error discipline every tool shares: a [`UsageError`] is a mistake in the call (exit
//! status 2), anything else a failure of the run (exit status 1); either is reported in one line
//! ([`error_line`]).

use std::fmt;

/// A usage error: the call's words are wrong (a flag, a value, a config file). Reported with exit
/// status 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// A usage error with `msg` as its sentence.
pub fn usage(msg: impl Into<String>) -> anyhow::Error {
    UsageError(msg.into()).into()
}

/// The error and its causes in one line, `context: cause`, without `(os error N)` noise.
pub fn error_line(err: &anyhow::Error) -> String {
    let parts: Vec<String> = err
        .chain()
        .map(|e| {
            let s = e.to_string();
            match s.rfind(" (os error ") {
                Some(i) if s.ends_with(')') => s[..i].to_string(),
                _ => s,
            }
        })
        .collect();
    parts.join(": ").replace('\n', " ")
}
