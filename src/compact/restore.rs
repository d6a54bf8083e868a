//! Rebuilding an original transcript from a compacted one. When compaction changes a
//! transcript it stores the original (of a JSON Lines session only pruned, its changed lines
//! alone, one after another), and an index file in `restore/` that maps the key of each changed
//! JSON line (or of the whole document) to the stored original and the byte range it replaced. Restoring looks every line up, so a session that grew after it was compacted (an
//! agent kept appending) still restores, and chains of compactions unwind.

use crate::store::{Store, key_of};
use anyhow::{Context, Result, bail};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::ops::Range;
use std::path::Path;

/// The restore entries of one compaction, written to the store in one file.
#[derive(Debug)]
pub struct Index {
    original: String,
    entries: String,
}

impl Index {
    /// An index for the original stored at `original`.
    pub fn new(original: &Path) -> Result<Index> {
        let name = original.file_name().and_then(|n| n.to_str()).context("the stored original has no name")?;
        Ok(Index { original: name.to_string(), entries: String::new() })
    }

    /// Notes that `new` (one line, or a whole document) replaces `range` of the original.
    pub fn add(&mut self, new: &[u8], range: Range<usize>) {
        self.add_key(&key_of(new), range);
    }

    /// Notes that the line or document whose key is `key` replaces `range` of the original.
    pub fn add_key(&mut self, key: &str, range: Range<usize>) {
        let _ = writeln!(self.entries, "{key} {} {} {}", self.original, range.start, range.end);
    }

    /// Notes that `new`, a whole JSON Lines output, replaces `range` of the original also as
    /// the start of a longer file: an agent appends to a compacted session, and the lines it
    /// appended are kept after the original on restore.
    pub fn add_prefix(&mut self, new: &[u8], range: Range<usize>) {
        let _ =
            writeln!(self.entries, "P {} {} {} {} {}", key_of(new), self.original, range.start, range.end, new.len());
    }

    /// Writes the index to the store, under a name made from its content.
    pub fn save(&self, store: &Store) -> Result<()> {
        if !self.entries.is_empty() {
            let name = format!("restore/{}.idx", key_of(self.entries.as_bytes()));
            store.put_named(&name, self.entries.as_bytes())?;
        }
        Ok(())
    }
}

/// Where each known compacted line or document came from: (original, start, end) by key; a
/// prefix entry's key is `P LEN KEY`, for the first LEN bytes of a file.
type Map = HashMap<String, (String, usize, usize)>;

fn load(store: &Store) -> Result<Map> {
    let mut map = Map::new();
    let dir = store.dir().join("restore");
    let Ok(entries) = std::fs::read_dir(&dir) else { return Ok(map) };
    for e in entries.flatten() {
        if e.path().extension().is_none_or(|x| x != "idx") {
            continue;
        }
        let text =
            std::fs::read_to_string(e.path()).with_context(|| format!("cannot read '{}'", e.path().display()))?;
        for line in text.lines() {
            let parts: Vec<&str> = line.split(' ').collect();
            let (key, name, start, end) = match parts[..] {
                [key, name, start, end] => (key.to_string(), name, start, end),
                ["P", key, name, start, end, len] => (format!("P {len} {key}"), name, start, end),
                _ => bail!("'{}' is damaged", e.path().display()),
            };
            let (Ok(start), Ok(end)) = (start.parse(), end.parse()) else {
                bail!("'{}' is damaged", e.path().display())
            };
            map.insert(key, (name.to_string(), start, end));
        }
    }
    Ok(map)
}

/// The names of the stored originals that the restore indexes of `store` point to, and the
/// indexes' own names (`restore/NAME.idx`): what pruning the store must keep.
pub fn referenced(store: &Store) -> Result<std::collections::HashSet<String>> {
    Ok(load(store)?.into_values().map(|(name, _, _)| name).collect())
}

/// The original of `bytes` as far as `store` knows it, or `None` if nothing in it was written
/// by compaction with this store.
pub fn restore(store: &Store, bytes: &[u8]) -> Result<Option<Vec<u8>>> {
    let map = load(store)?;
    if map.is_empty() {
        return Ok(None);
    }
    let mut originals: HashMap<String, Vec<u8>> = HashMap::new();
    let mut current = bytes.to_vec();
    let mut changed = false;
    // Each round undoes one compaction; a chain longer than this is not one ctx-compact wrote.
    for _ in 0..64 {
        if let Some(whole) = lookup(store, &map, &current, &mut originals)? {
            current = whole;
            changed = true;
            continue;
        }
        if let Some(grown) = prefixed(store, &map, &current, &mut originals)? {
            current = grown;
            changed = true;
            continue;
        }
        let (next, any) = restore_lines(store, &map, &current, &mut originals)?;
        if !any {
            break;
        }
        current = next;
        changed = true;
    }
    Ok(changed.then_some(current))
}

fn restore_lines(
    store: &Store,
    map: &Map,
    bytes: &[u8],
    originals: &mut HashMap<String, Vec<u8>>,
) -> Result<(Vec<u8>, bool)> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut any = false;
    for line in bytes.split_inclusive(|b| *b == b'\n') {
        let body = line.strip_suffix(b"\n").unwrap_or(line);
        let body = body.strip_suffix(b"\r").unwrap_or(body);
        match lookup(store, map, body, originals)? {
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

/// A compacted file the agent appended to: its compacted start, restored, then what was
/// appended, as it is.
fn prefixed(
    store: &Store,
    map: &Map,
    bytes: &[u8],
    originals: &mut HashMap<String, Vec<u8>>,
) -> Result<Option<Vec<u8>>> {
    for key in map.keys().filter(|k| k.starts_with("P ")) {
        let mut parts = key.splitn(3, ' ').skip(1);
        let (Some(Ok(len)), Some(hash)) = (parts.next().map(str::parse::<usize>), parts.next()) else { continue };
        if len < bytes.len() && bytes[..len].ends_with(b"\n") && key_of(&bytes[..len]) == hash {
            let Some(mut out) = fetch(store, map, key, originals)? else { continue };
            out.extend_from_slice(&bytes[len..]);
            return Ok(Some(out));
        }
    }
    Ok(None)
}

fn lookup(store: &Store, map: &Map, new: &[u8], originals: &mut HashMap<String, Vec<u8>>) -> Result<Option<Vec<u8>>> {
    fetch(store, map, &key_of(new), originals)
}

/// The original bytes of the entry `key`, if the map has it.
fn fetch(store: &Store, map: &Map, key: &str, originals: &mut HashMap<String, Vec<u8>>) -> Result<Option<Vec<u8>>> {
    let Some((name, start, end)) = map.get(key) else { return Ok(None) };
    if !originals.contains_key(name) {
        let path = store.dir().join(name);
        let bytes =
            std::fs::read(&path).with_context(|| format!("cannot read the stored original '{}'", path.display()))?;
        originals.insert(name.clone(), bytes);
    }
    match originals[name].get(*start..*end) {
        Some(slice) => Ok(Some(slice.to_vec())),
        None => {
            bail!("the stored original '{}' is shorter than its restore entry says", store.dir().join(name).display())
        }
    }
}
