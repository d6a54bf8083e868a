//! Rebuilding an original transcript from a compacted one. When compaction changes a
//! transcript it stores the original whole, and for each changed JSON line (or the whole
//! document) a small entry `restore/<key of the new bytes>` naming the stored original and the
//! byte range it replaced. Restoring looks every line up, so a session that grew after it was
//! compacted (an agent kept appending) still restores, and chains of compactions unwind.

use crate::store::{Store, key_of};
use anyhow::{Context, Result, bail};
use std::collections::HashMap;
use std::ops::Range;
use std::path::Path;

/// Records that `new` (one line, or a whole document) replaces `range` of the original stored
/// at `original`.
pub fn note(store: &Store, new: &[u8], original: &Path, range: Range<usize>) -> Result<()> {
    let name = original.file_name().and_then(|n| n.to_str()).context("the stored original has no name")?;
    let entry = format!("{name} {} {}\n", range.start, range.end);
    store.put_named(&format!("restore/{}", key_of(new)), entry.as_bytes())?;
    Ok(())
}

/// The original of `bytes` as far as `store` knows it, or `None` if nothing in it was written
/// by compaction with this store.
pub fn restore(store: &Store, bytes: &[u8]) -> Result<Option<Vec<u8>>> {
    let mut originals: HashMap<String, Vec<u8>> = HashMap::new();
    let mut current = bytes.to_vec();
    let mut changed = false;
    // Each round undoes one compaction; a chain longer than this is not one ctx-compact wrote.
    for _ in 0..64 {
        if let Some(whole) = lookup(store, &current, &mut originals)? {
            current = whole;
            changed = true;
            continue;
        }
        let (next, any) = restore_lines(store, &current, &mut originals)?;
        if !any {
            break;
        }
        current = next;
        changed = true;
    }
    Ok(changed.then_some(current))
}

fn restore_lines(store: &Store, bytes: &[u8], originals: &mut HashMap<String, Vec<u8>>) -> Result<(Vec<u8>, bool)> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut any = false;
    for line in bytes.split_inclusive(|b| *b == b'\n') {
        let body = line.strip_suffix(b"\n").unwrap_or(line);
        let body = body.strip_suffix(b"\r").unwrap_or(body);
        match lookup(store, body, originals)? {
            Some(original) if !body.is_empty() => {
                out.extend_from_slice(&original);
                out.extend_from_slice(&line[body.len()..]);
                any = true;
            }
            _ => out.extend_from_slice(line),
        }
    }
    Ok((out, any))
}

fn lookup(store: &Store, new: &[u8], originals: &mut HashMap<String, Vec<u8>>) -> Result<Option<Vec<u8>>> {
    let Some(entry) = store.get_named(&format!("restore/{}", key_of(new))) else { return Ok(None) };
    let entry = String::from_utf8_lossy(&entry);
    let mut parts = entry.split_whitespace();
    let (Some(name), Some(start), Some(end)) = (parts.next(), parts.next(), parts.next()) else {
        bail!("a restore entry in '{}' is damaged", store.dir().display());
    };
    let (start, end): (usize, usize) = match (start.parse(), end.parse()) {
        (Ok(s), Ok(e)) => (s, e),
        _ => bail!("a restore entry in '{}' is damaged", store.dir().display()),
    };
    if !originals.contains_key(name) {
        let path = store.dir().join(name);
        let bytes =
            std::fs::read(&path).with_context(|| format!("cannot read the stored original '{}'", path.display()))?;
        originals.insert(name.to_string(), bytes);
    }
    let original = &originals[name];
    match original.get(start..end) {
        Some(slice) => Ok(Some(slice.to_vec())),
        None => {
            bail!("the stored original '{}' is shorter than its restore entry says", store.dir().join(name).display())
        }
    }
}
