//! A directory of files written atomically (a temporary file in the same directory, then a
//! rename): content-addressed for full texts that a tool cut (a file named by the BLAKE3 hash of
//! its content, so that reruns on the same input write nothing new and a path names exactly
//! one content), or named by the caller, as the LLM response cache is. BLAKE3 rather than the
//! SHA-256 of [`key_of`]: as strong against a made collision, and about ten times faster
//! without the SHA instructions (a 1 MB output cost the hook 5 ms of SHA-256 on such a machine).

use anyhow::{Context, Result};
use sha2::{Digest, Sha256};
use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// A directory of content-addressed files.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

/// The default store directory: `$XDG_CACHE_HOME/ctx/spill`, else `~/.cache/ctx/spill`, else
/// `ctx-spill` in the system temporary directory.
pub fn default_dir() -> PathBuf {
    cache_dir("spill")
}

/// Where the hooks and the MCP server save full texts: `$CTX_PERSIST_DIR`, else [`default_dir`].
pub fn spill_dir() -> PathBuf {
    std::env::var_os("CTX_PERSIST_DIR").filter(|d| !d.is_empty()).map_or_else(default_dir, PathBuf::from)
}

/// `$XDG_CACHE_HOME/ctx/NAME`, else `~/.cache/ctx/NAME`, else `ctx-NAME` in the temporary
/// directory.
pub fn cache_dir(name: &str) -> PathBuf {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").filter(|v| !v.is_empty()).map(|h| PathBuf::from(h).join(".cache")));
    match cache {
        Some(c) => c.join("ctx").join(name),
        None => std::env::temp_dir().join(format!("ctx-{name}")),
    }
}

impl Store {
    /// Opens (creating it if needed) the store at `dir`. Paths it returns are absolute.
    pub fn open(dir: &Path) -> Result<Store> {
        private_dir(dir)?;
        let dir = fs::canonicalize(dir).with_context(|| format!("cannot open directory '{}'", dir.display()))?;
        Ok(Store { dir })
    }

    /// Stores `bytes` and returns its path; if the same content is already there, only the path.
    pub fn put(&self, bytes: &[u8]) -> Result<PathBuf> {
        let path = self.dir.join(name_of(bytes));
        if !path.exists() {
            self.sweep_once();
            write_file(&path, Some(PRIVATE_FILE), &mut |w| Ok(w.write_all(bytes)?))?;
        }
        Ok(path)
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Writes `bytes` under `name` (replacing what was there) atomically: readers see the old
    /// file or the new one, never a part. A `name` with a `/` makes its subdirectory.
    pub fn put_named(&self, name: &str, bytes: &[u8]) -> Result<PathBuf> {
        let path = self.dir.join(name);
        if let Some(parent) = path.parent().filter(|p| *p != self.dir) {
            private_dir(parent)?;
        }
        self.sweep_once();
        write_file(&path, Some(PRIVATE_FILE), &mut |w| Ok(w.write_all(bytes)?))?;
        Ok(path)
    }

    /// Before the first write of this process into the store, removes the temporary files that
    /// killed runs left there (see [`abandoned`]): the store does not fill with them. A hook is
    /// one process per call, and reading a store of thousands of files on every call would cost
    /// more than the call: across processes, the store is read at most once an hour.
    fn sweep_once(&self) {
        static SWEPT: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
        let mut swept = SWEPT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if !swept.contains(&self.dir) {
            swept.push(self.dir.clone());
            drop(swept);
            if sweep_due(&self.dir) {
                sweep_temporaries(&self.dir);
            }
        }
    }

    /// The bytes stored under `name`, if any.
    pub fn get_named(&self, name: &str) -> Option<Vec<u8>> {
        fs::read(self.dir.join(name)).ok()
    }

    /// Starts a streamed write: feed it with [`Spool::write`], then [`Spool::commit`].
    pub fn spool(&self) -> Result<Spool> {
        self.sweep_once();
        let tmp = self.dir.join(format!(".tmp-{}-{}", std::process::id(), unique()));
        let file = create(&tmp, Some(PRIVATE_FILE))?;
        Ok(Spool { file: Some(BufWriter::new(file)), tmp, hasher: blake3::Hasher::new(), dir: self.dir.clone() })
    }
}

/// Writes `path` atomically through `f`: into a temporary file in the same directory (made if
/// needed), synced, then renamed over `path`, which keeps its permissions. Readers see the old
/// file or the new one, never a part; on any failure the temporary file is removed and `path`
/// is untouched. (`CTX_FAULT=before-rename` makes it fail just before the rename, for tests.)
pub fn write_atomic(path: &Path, f: &mut dyn FnMut(&mut dyn Write) -> Result<()>) -> Result<()> {
    write_file(path, None, f)
}

/// [`write_atomic`] for a file written from another, `from` (see [`mode_of`]): a new file is
/// as private as `from` (its owner may read and write it; group and others get no more than
/// `from` gives them, and the umask may take more), and a file replaced loses what group and
/// others may do that `from` does not let them. A compacted copy of a 0600 transcript, or the
/// backup of a 0600 settings file, is 0600.
pub fn write_from(path: &Path, from: Option<u32>, f: &mut dyn FnMut(&mut dyn Write) -> Result<()>) -> Result<()> {
    write_file(path, from.map(private_as), f)
}

/// Creates (or truncates) `path` for a plain write of bytes that came from a file of mode
/// `from` (see [`mode_of`]), as private as it; see [`write_from`].
pub fn create_from(path: &Path, from: Option<u32>) -> Result<File> {
    let mode = from.map(private_as);
    let file = create(path, mode)?;
    if let Some(m) = mode {
        limit(&file, m).with_context(|| format!("cannot write '{}'", path.display()))?;
    }
    Ok(file)
}

/// The permission bits of `input` (standard input when `None`, when it is a regular file): what
/// [`write_from`] keeps a file written from it to. `None` when it has none (a pipe, a terminal).
pub fn mode_of(input: Option<&Path>) -> Option<u32> {
    use std::os::unix::fs::PermissionsExt;
    let meta = match input {
        Some(p) => fs::metadata(p).ok()?,
        None => {
            use std::os::fd::AsFd;
            let fd = std::io::stdin().as_fd().try_clone_to_owned().ok()?;
            File::from(fd).metadata().ok()?
        }
    };
    meta.is_file().then(|| meta.permissions().mode() & 0o777)
}

/// The mode of a new file written from a file of mode `from`: read and write for its owner,
/// and for group and others what `from` gives them.
fn private_as(from: u32) -> u32 {
    0o600 | (from & 0o066)
}

/// Takes from `file` what group and others may do that `most` does not give them.
fn limit(file: &File, most: u32) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mode = file.metadata()?.permissions().mode();
    let kept = mode & !(0o077 & !most);
    if kept != mode { file.set_permissions(fs::Permissions::from_mode(kept)) } else { Ok(()) }
}

/// Files in a store: tool output often holds secrets, so only their owner may read them.
const PRIVATE_FILE: u32 = 0o600;

/// Makes `dir` and its missing parents, those it makes readable by their owner only (0700).
pub(crate) fn private_dir(dir: &Path) -> Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .with_context(|| format!("cannot create directory '{}'", dir.display()))
}

/// Creates `path` for writing, with `mode` when given (else as the umask says); an existing file
/// keeps its mode.
fn create(path: &Path, mode: Option<u32>) -> Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    let mut o = fs::OpenOptions::new();
    o.write(true).create(true).truncate(true);
    if let Some(m) = mode {
        o.mode(m);
    }
    o.open(path).with_context(|| format!("cannot write '{}'", path.display()))
}

/// [`write_atomic`], creating a new file with `mode` when given; a file replaced keeps its mode,
/// less what `mode` does not give group and others.
fn write_file(path: &Path, mode: Option<u32>, f: &mut dyn FnMut(&mut dyn Write) -> Result<()>) -> Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    fs::create_dir_all(dir).with_context(|| format!("cannot create directory '{}'", dir.display()))?;
    let name = path.file_name().map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.ctx-tmp-{}-{}", std::process::id(), unique()));
    let result = (|| -> Result<()> {
        let file = create(&tmp, mode)?;
        let mut out = BufWriter::with_capacity(256 << 10, file);
        f(&mut out).with_context(|| format!("cannot write '{}'", path.display()))?;
        let file = out
            .into_inner()
            .map_err(|e| e.into_error())
            .with_context(|| format!("cannot write '{}'", path.display()))?;
        if let Ok(perm) = fs::metadata(path).map(|m| m.permissions()) {
            let _ = fs::set_permissions(&tmp, perm);
        }
        if let Some(m) = mode {
            limit(&file, m).with_context(|| format!("cannot write '{}'", path.display()))?;
        }
        file.sync_all().with_context(|| format!("cannot write '{}'", path.display()))?;
        if std::env::var_os("CTX_FAULT").is_some_and(|v| v == "before-rename") {
            anyhow::bail!("cannot write '{}': simulated failure before the rename (CTX_FAULT)", path.display());
        }
        fs::rename(&tmp, path).with_context(|| format!("cannot replace '{}'", path.display()))
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// The name content gets in a store: `<first 128 bits of its BLAKE3 hash, in hex>.txt`.
pub fn name_of(bytes: &[u8]) -> String {
    let mut hasher = blake3::Hasher::new();
    hasher.update(bytes);
    name_from(&hasher)
}

/// The first 128 bits of the SHA-256 of `bytes`, in hex: a key for named entries.
pub fn key_of(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().take(16).map(|b| format!("{b:02x}")).collect()
}

fn name_from(hasher: &blake3::Hasher) -> String {
    let hash = hasher.finalize();
    let hex: String = hash.as_bytes().iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("{hex}.txt")
}

fn unique() -> u128 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    nanos ^ u128::from(N.fetch_add(1, Ordering::Relaxed))
}

/// A file being written to the store. Dropped without a commit, it leaves nothing behind.
#[derive(Debug)]
pub struct Spool {
    file: Option<BufWriter<File>>,
    tmp: PathBuf,
    hasher: blake3::Hasher,
    dir: PathBuf,
}

impl Spool {
    /// Appends bytes.
    pub fn write(&mut self, bytes: &[u8]) -> Result<()> {
        self.hasher.update(bytes);
        if let Some(f) = self.file.as_mut() {
            f.write_all(bytes).with_context(|| format!("cannot write '{}'", self.tmp.display()))?;
        }
        Ok(())
    }

    /// Finishes the write and moves the file to its content name (see [`name_of`]).
    pub fn commit(mut self) -> Result<PathBuf> {
        let path = self.dir.join(name_from(&self.hasher));
        let file = self.file.take().map(|f| f.into_inner().map_err(|e| e.into_error()));
        if let Some(file) = file {
            let file = file.with_context(|| format!("cannot write '{}'", self.tmp.display()))?;
            file.sync_all().with_context(|| format!("cannot write '{}'", self.tmp.display()))?;
        }
        if path.exists() {
            let _ = fs::remove_file(&self.tmp);
        } else if let Err(e) = fs::rename(&self.tmp, &path) {
            let _ = fs::remove_file(&self.tmp);
            return Err(anyhow::Error::new(e).context(format!("cannot write '{}'", path.display())));
        }
        Ok(path)
    }
}

impl Drop for Spool {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = fs::remove_file(&self.tmp);
        }
    }
}

/// How much a store keeps: [`gc`] removes files older than `max_age`, then the oldest until the
/// rest fits in `max_bytes`. The defaults (30 days, 1 GiB) are documented in `ctx gc --help`.
#[derive(Clone, Copy, Debug)]
pub struct Policy {
    /// Files older than this go.
    pub max_age: std::time::Duration,
    /// The most the store keeps, in bytes.
    pub max_bytes: u64,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy { max_age: std::time::Duration::from_secs(30 * 86_400), max_bytes: 1 << 30 }
    }
}

/// What [`gc`] did (or, dry, would do).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Swept {
    /// Files removed, and their bytes.
    pub removed: (u64, u64),
    /// Files kept, and their bytes.
    pub kept: (u64, u64),
    /// Files kept because something still points to them.
    pub protected: u64,
}

/// Prunes the store at `dir` to `policy`, never removing a file named in `protected` (what a
/// restore index or a state file points to) nor an index. Temporary files left by a killed run
/// go (see [`abandoned`]); those of a run still writing stay. With `dry`, only counts.
pub fn gc(dir: &Path, policy: &Policy, protected: &std::collections::HashSet<String>, dry: bool) -> Result<Swept> {
    let now = std::time::SystemTime::now();
    let mut files = Vec::new();
    let entries = fs::read_dir(dir).with_context(|| format!("cannot read directory '{}'", dir.display()))?;
    for e in entries.flatten() {
        let Ok(meta) = e.metadata() else { continue };
        let name = e.file_name().to_string_lossy().into_owned();
        // Dot files are the store's own (`.gc-stamp`), but for temporary files.
        let tmp = temporary(&name).map(|pid| abandoned(pid, &meta));
        if !meta.is_file() || (name.starts_with('.') && tmp.is_none()) {
            continue;
        }
        let age = meta.modified().ok().and_then(|m| now.duration_since(m).ok()).unwrap_or_default();
        files.push((age, meta.len(), name, tmp));
    }
    // Oldest first.
    files.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.2.cmp(&b.2)));
    let mut swept = Swept::default();
    let total: u64 = files.iter().map(|f| f.1).sum();
    let mut left = total;
    for (age, len, name, tmp) in files {
        let keep = if protected.contains(&name) {
            swept.protected += 1;
            true
        } else if let Some(abandoned) = tmp {
            !abandoned
        } else {
            age < policy.max_age && left <= policy.max_bytes
        };
        if keep {
            swept.kept = (swept.kept.0 + 1, swept.kept.1 + len);
            continue;
        }
        if !dry {
            fs::remove_file(dir.join(&name))
                .with_context(|| format!("cannot remove '{}'", dir.join(&name).display()))?;
        }
        left -= len;
        swept.removed = (swept.removed.0 + 1, swept.removed.1 + len);
    }
    Ok(swept)
}

/// Whether the temporary files of `dir` were last swept an hour ago or more (or never); if so,
/// the sweep is stamped now. A stamp that cannot be written leaves the sweep due.
fn sweep_due(dir: &Path) -> bool {
    let stamp = dir.join(".sweep-stamp");
    let hour = std::time::Duration::from_secs(3600);
    let fresh = fs::metadata(&stamp).and_then(|m| m.modified()).is_ok_and(|t| t.elapsed().is_ok_and(|e| e < hour));
    if !fresh {
        let now = std::time::SystemTime::now();
        let _ =
            fs::File::options().write(true).create(true).truncate(false).open(&stamp).and_then(|f| f.set_modified(now));
    }
    !fresh
}

/// Removes the temporary files that a killed run of ctx left in `dir` (see [`abandoned`]).
/// Returns how many.
pub fn sweep_temporaries(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else { return 0 };
    let mut removed = 0;
    for e in entries.flatten() {
        let Some(pid) = temporary(&e.file_name().to_string_lossy()) else { continue };
        let Ok(meta) = e.metadata() else { continue };
        if meta.is_file() && abandoned(pid, &meta) && fs::remove_file(e.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// The process that writes the temporary file `name` (`.NAME.ctx-tmp-PID-N` beside an output,
/// `.tmp-PID-N` in a store); `None` when `name` is not one.
fn temporary(name: &str) -> Option<u32> {
    let rest = match (name.find(".ctx-tmp-"), name.strip_prefix(".tmp-")) {
        (Some(at), _) if name.starts_with('.') => &name[at + ".ctx-tmp-".len()..],
        (_, Some(rest)) => rest,
        _ => return None,
    };
    rest.split('-').next()?.parse().ok()
}

/// Whether a temporary file of process `pid` was left by a run that is over: on Linux, its
/// process is gone and the file has not been written for a minute (a process of another PID
/// namespace sharing the store may still be writing a younger one); where that cannot be told,
/// or when the PID may have been reused, it has not been written for a day.
fn abandoned(pid: u32, meta: &fs::Metadata) -> bool {
    let idle = meta.modified().ok().and_then(|t| t.elapsed().ok()).map_or(0, |a| a.as_secs());
    if pid == std::process::id() {
        return false;
    }
    if idle > 86_400 {
        return true;
    }
    Path::new("/proc/self").exists() && idle > 60 && !Path::new(&format!("/proc/{pid}")).exists()
}

/// The names of files of the store at `dir` that `text` names by path (`DIR/NAME`), as a
/// compacted transcript or a `--state` file does in its placeholders.
pub fn named_in(text: &[u8], dir: &Path) -> Vec<String> {
    let prefix = format!("{}/", dir.display());
    memchr::memmem::find_iter(text, prefix.as_bytes())
        .map(|at| {
            let rest = &text[at + prefix.len()..];
            let end =
                rest.iter().position(|b| !(b.is_ascii_alphanumeric() || b"._-".contains(b))).unwrap_or(rest.len());
            String::from_utf8_lossy(&rest[..end]).into_owned()
        })
        .filter(|n| !n.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn put_is_content_addressed_and_idempotent() -> Result<()> {
        let dir = std::env::temp_dir().join(format!("ctx-store-test-{}", std::process::id()));
        let store = Store::open(&dir)?;
        let a = store.put(b"hello\n")?;
        let b = store.put(b"hello\n")?;
        let c = store.put(b"other\n")?;
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(fs::read(&a)?, b"hello\n");
        assert_eq!(a.file_name().and_then(|n| n.to_str()), Some("8e4c7c1b99dbfd50e7a95185fead5ee1.txt"));
        // BLAKE3's own test vector: the hash of no bytes.
        assert_eq!(name_of(b""), "af1349b9f5f9a1a6a0404dea36dcc949.txt");
        let left: Vec<_> =
            fs::read_dir(&dir)?.flatten().filter(|e| e.file_name().to_string_lossy().contains(".ctx-tmp")).collect();
        assert!(left.is_empty());
        fs::remove_dir_all(&dir)?;
        Ok(())
    }

    /// Tool output often holds secrets: a store's folders are 0700 and its files 0600.
    #[test]
    fn gc_removes_by_age_then_size_and_keeps_what_is_pointed_to() -> Result<()> {
        let dir = std::env::temp_dir().join(format!("ctx-gc-test-{}", unique()));
        let store = Store::open(&dir)?;
        let old = store.put(b"old")?;
        let a = store.put(b"aaaaaaaaaa")?;
        let b = store.put(b"bbbbbbbbbbbbbbbbbbbb")?;
        let day = std::time::Duration::from_secs(86_400);
        let past = |d: u32| std::time::SystemTime::now() - day * d;
        File::options().write(true).open(&old)?.set_modified(past(40))?;
        File::options().write(true).open(&a)?.set_modified(past(2))?;
        let name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let policy = Policy { max_age: day * 30, max_bytes: 25 };
        // `a` is older than `b`, so the size limit takes it; `old` is past the age limit.
        let swept = gc(store.dir(), &policy, &Default::default(), true)?;
        assert_eq!(swept, Swept { removed: (2, 13), kept: (1, 20), protected: 0 });
        assert!(old.exists(), "a dry run removes nothing");
        let protected = std::collections::HashSet::from([name(&old)]);
        let swept = gc(store.dir(), &policy, &protected, false)?;
        assert_eq!(swept, Swept { removed: (1, 10), kept: (2, 23), protected: 1 });
        assert!(old.exists() && !a.exists() && b.exists());
        // A temporary file of a run that is over goes; one of a run still writing stays.
        let dead = store.dir().join(".tmp-4194300-1");
        let live = store.dir().join(format!(".tmp-{}-2", std::process::id()));
        fs::write(&dead, b"x")?;
        fs::write(&live, b"y")?;
        let swept = gc(store.dir(), &policy, &protected, false)?;
        assert_eq!(swept.removed, (0, 0), "a dead writer's file written a moment ago stays");
        aged(&dead, 61)?;
        aged(&live, 2 * 86_400)?;
        let swept = gc(store.dir(), &policy, &protected, false)?;
        assert_eq!(swept.removed, (1, 1));
        assert!(!dead.exists() && live.exists());
        fs::remove_file(&live)?;
        let text = format!("[... full text: {} ...]", old.display());
        assert_eq!(named_in(text.as_bytes(), store.dir()), vec![name(&old)]);
        fs::remove_dir_all(&dir)?;
        Ok(())
    }

    /// A file written from a 0600 file is 0600, new or replacing a 0644 one; from a 0644 file,
    /// group and others get no more than it gives them.
    #[test]
    fn files_written_from_private_files_stay_private() -> Result<()> {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("ctx-store-from-{}", unique()));
        fs::create_dir_all(&dir)?;
        let mode = |p: &Path| fs::metadata(p).map(|m| m.permissions().mode() & 0o777).unwrap_or(0);
        let private = dir.join("private.jsonl");
        fs::write(&private, b"secret")?;
        fs::set_permissions(&private, fs::Permissions::from_mode(0o600))?;
        assert_eq!(mode_of(Some(&private)), Some(0o600));
        let (new, old) = (dir.join("new.jsonl"), dir.join("old.jsonl"));
        fs::write(&old, b"before")?;
        fs::set_permissions(&old, fs::Permissions::from_mode(0o644))?;
        for out in [&new, &old] {
            write_from(out, mode_of(Some(&private)), &mut |w| Ok(w.write_all(b"secret")?))?;
            assert_eq!(mode(out), 0o600, "{}", out.display());
        }
        let created = dir.join("chunk.txt");
        create_from(&created, mode_of(Some(&private)))?.write_all(b"secret")?;
        assert_eq!(mode(&created), 0o600);
        let shared = dir.join("shared.log");
        fs::write(&shared, b"open")?;
        fs::set_permissions(&shared, fs::Permissions::from_mode(0o640))?;
        write_from(&old, mode_of(Some(&shared)), &mut |w| Ok(w.write_all(b"open")?))?;
        assert_eq!(mode(&old), 0o600, "the 0600 of the file replaced is kept");
        fs::set_permissions(&old, fs::Permissions::from_mode(0o666))?;
        write_from(&old, mode_of(Some(&shared)), &mut |w| Ok(w.write_all(b"open")?))?;
        assert_eq!(mode(&old), 0o640, "no more for group and others than the input gives");
        assert_eq!(mode_of(Some(&dir)), None, "a directory has no mode to give");
        fs::remove_dir_all(&dir)?;
        Ok(())
    }

    /// Sets the modification time of `path` to `secs` ago.
    fn aged(path: &Path, secs: u64) -> Result<()> {
        let then = std::time::SystemTime::now() - std::time::Duration::from_secs(secs);
        fs::OpenOptions::new().append(true).open(path)?.set_modified(then)?;
        Ok(())
    }

    #[test]
    fn the_store_is_swept_at_most_once_an_hour_across_processes() -> Result<()> {
        let dir = std::env::temp_dir().join(format!("ctx-store-due-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir)?;
        assert!(sweep_due(&dir), "never swept");
        assert!(!sweep_due(&dir), "swept a moment ago");
        aged(&dir.join(".sweep-stamp"), 3601)?;
        assert!(sweep_due(&dir), "swept over an hour ago");
        fs::remove_dir_all(&dir)?;
        Ok(())
    }

    #[test]
    fn the_first_write_sweeps_what_killed_runs_left() -> Result<()> {
        let dir = std::env::temp_dir().join(format!("ctx-store-sweep-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let store = Store::open(&dir)?;
        let left = [".tmp-4194301-7", ".out.json.ctx-tmp-4194302-1", ".tmp-1-3"].map(|n| store.dir().join(n));
        let young = store.dir().join(".tmp-4194303-2");
        for f in left.iter().chain([&young]) {
            fs::write(f, b"part")?;
        }
        for f in &left {
            aged(f, 2 * 86_400)?;
        }
        aged(&young, 10)?;
        let saved = store.put(b"whole")?;
        assert!(left.iter().all(|f| !f.exists()), "killed runs' files are swept");
        assert!(young.exists() && saved.exists());
        fs::remove_dir_all(&dir)?;
        Ok(())
    }

    #[test]
    fn stored_files_are_private() -> Result<()> {
        use std::os::unix::fs::PermissionsExt;
        let root = std::env::temp_dir().join(format!("ctx-store-private-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let store = Store::open(&root.join("spill"))?;
        let file = store.put(b"secret output\n")?;
        let named = store.put_named("restore/k.idx", b"index")?;
        let mut spool = store.spool()?;
        spool.write(b"spooled")?;
        let spooled = spool.commit()?;
        let mode = |p: &Path| fs::metadata(p).map(|m| m.permissions().mode() & 0o777);
        assert_eq!(mode(&root.join("spill"))?, 0o700);
        assert_eq!(mode(&root.join("spill/restore"))?, 0o700);
        for f in [&file, &named, &spooled] {
            assert_eq!(mode(f)?, 0o600, "{}", f.display());
        }
        fs::remove_dir_all(&root)?;
        Ok(())
    }

    #[test]
    fn named_writes_replace_atomically() -> Result<()> {
        let dir = std::env::temp_dir().join(format!("ctx-store-named-{}", std::process::id()));
        let store = Store::open(&dir)?;
        assert_eq!(store.get_named("k.json"), None);
        store.put_named("k.json", b"one")?;
        store.put_named("k.json", b"two")?;
        assert_eq!(store.get_named("k.json").as_deref(), Some(&b"two"[..]));
        let names: Vec<String> =
            fs::read_dir(&dir)?.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
        let names: Vec<&String> = names.iter().filter(|n| *n != ".sweep-stamp").collect();
        assert_eq!(names, ["k.json"], "no temporary file is left");
        fs::remove_dir_all(&dir)?;
        Ok(())
    }
}
