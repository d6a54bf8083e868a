//! An agent's read of a file. A file in ctx's store (the full text a marker named) comes back
//! as it is: the model asked for the text ctx kept for it. Any other file is fitted as the range
//! that was read, numbered as in the file and naming the file itself as the full text, so that
//! a marker's line numbers are the ones to read on from and no copy is saved.

use serde_json::Value;
use std::path::{Path, PathBuf};

use super::plan::Plan;

/// The plan for Claude Code's `Read` result `r` (`{"type": "text", "file": {"filePath",
/// "content", "startLine", "numLines"}}`); `None` when the result is not a text file's.
pub fn claude<'e>(r: &'e Value, store: &str) -> Option<Plan<'e>> {
    if r.get("type").and_then(Value::as_str) != Some("text") {
        return None;
    }
    let file = r.get("file")?;
    let text = file.get("content")?.as_str()?;
    let path = PathBuf::from(file.get("filePath")?.as_str()?);
    if in_store(&path, Path::new(store)) {
        return Some(Plan::Pass);
    }
    let first = file.get("startLine").and_then(Value::as_u64).unwrap_or(1).max(1);
    let counted = text.lines().count() as u64;
    let lines = file.get("numLines").and_then(Value::as_u64).unwrap_or(counted).max(1);
    Some(Plan::FitLines { tool: "Read".into(), path, first, last: first + lines - 1, text: text.into() })
}

/// Whether `path` is a file in the store at `store` (both as the file system resolves them).
pub fn in_store(path: &Path, store: &Path) -> bool {
    let real = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let store = real(store);
    !store.as_os_str().is_empty() && real(path).parent() == Some(store.as_path())
}

/// Lines `first..=last` of `bytes` (1-based), as they are, newlines included.
pub fn lines(bytes: &[u8], first: u64, last: u64) -> &[u8] {
    let mut start = None;
    let mut at = 0;
    for (line, piece) in (1u64..).zip(bytes.split_inclusive(|b| *b == b'\n')) {
        if line == first {
            start = Some(at);
        }
        at += piece.len();
        if line == last {
            break;
        }
    }
    start.map_or(&[], |s| &bytes[s..at])
}

/// Whether the agent read `text` as lines of `range` (a trailing newline aside: agents drop it).
pub fn same_text(range: &[u8], text: &str) -> bool {
    let trim = |b: &[u8]| b.strip_suffix(b"\n").unwrap_or(b).to_vec();
    trim(range) == trim(text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_range_is_taken_as_the_file_numbers_it() {
        let text = b"a\nb\nc\nd";
        assert_eq!(lines(text, 2, 3), b"b\nc\n");
        assert_eq!(lines(text, 4, 9), b"d");
        assert_eq!(lines(text, 5, 9), b"");
        assert!(same_text(lines(text, 2, 3), "b\nc"));
        assert!(!same_text(lines(text, 2, 3), "b\nC"));
    }

    #[test]
    fn a_read_of_the_store_passes_and_any_other_read_is_fitted_by_its_range() {
        let dir = std::env::temp_dir().join(format!("ctx-read-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let spill = dir.join("0123.txt");
        std::fs::write(&spill, "x\n").expect("write");
        let read = |path: &Path| json!({"type": "text", "file": {"filePath": path, "content": "x", "numLines": 1, "startLine": 400, "totalLines": 1222}});
        assert_eq!(claude(&read(&spill), &dir.display().to_string()), Some(Plan::Pass));
        // The store named by another spelling of the same directory.
        assert_eq!(claude(&read(&spill), &format!("{}/./", dir.display())), Some(Plan::Pass));
        let other = Path::new("/src/main.rs");
        assert_eq!(
            claude(&read(other), &dir.display().to_string()),
            Some(Plan::FitLines { tool: "Read".into(), path: other.into(), first: 400, last: 400, text: "x".into() })
        );
        assert_eq!(claude(&json!({"type": "image", "file": {}}), "/s"), None);
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }
}
