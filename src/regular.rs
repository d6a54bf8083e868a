//! Reading files that someone else named (a config file, a hook event's path, an MCP call's
//! path): only regular files, after following links, and only up to a cap. A device
//! (`/dev/zero`), a `/proc` file that says it is empty and never ends, or a FIFO that would
//! block the reader forever is refused in one line instead.

use anyhow::{Result, bail};
use std::fs::File;
use std::io::Read;
use std::path::Path;

/// The most a config file may hold.
pub const CONFIG_CAP: u64 = 1 << 20;

/// The most a hook reads of a saved tool output, and an MCP call of a file it is given.
pub const TEXT_CAP: u64 = 64 << 20;

/// `O_NONBLOCK`: opening a FIFO for reading must not wait for a writer.
#[cfg(any(target_os = "linux", target_os = "android"))]
const NONBLOCK: i32 = 0o4000;
#[cfg(not(any(target_os = "linux", target_os = "android")))]
const NONBLOCK: i32 = 0x0004;

/// Opens `path` for reading when it is a regular file (links followed); never blocks. The
/// error does not name `path`: the caller's context does.
pub fn open(path: &Path) -> Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new().read(true).custom_flags(NONBLOCK).open(path)?;
    let kind = file.metadata()?.file_type();
    if !kind.is_file() {
        bail!("it is {}, not a regular file", describe(kind));
    }
    Ok(file)
}

/// The whole of the regular file `path`, refused when it holds more than `cap` bytes (as read,
/// not as its size says: a `/proc` file says 0). `what` says what it is read as.
pub fn read(path: &Path, cap: u64, what: &str) -> Result<Vec<u8>> {
    let mut file = open(path)?;
    let (mut bytes, mut buf) = (Vec::new(), vec![0u8; 64 << 10]);
    // Reads of 64 KiB: some `/proc` files take only reads of whole 8-byte entries.
    loop {
        let n = match file.read(&mut buf) {
            Ok(0) => return Ok(bytes),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        if (bytes.len() + n) as u64 > cap {
            bail!("it holds more than {}, the most ctx reads {what}", size(cap));
        }
        bytes.extend_from_slice(&buf[..n]);
    }
}

fn size(n: u64) -> String {
    if n >= 1 << 20 { format!("{} MiB", n >> 20) } else { format!("{n} bytes") }
}

fn describe(kind: std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    match kind {
        k if k.is_dir() => "a directory",
        k if k.is_fifo() => "a FIFO",
        k if k.is_char_device() => "a character device",
        k if k.is_block_device() => "a block device",
        k if k.is_socket() => "a socket",
        _ => "a special file",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_within_the_cap_are_read() -> Result<()> {
        let dir = std::env::temp_dir().join(format!("ctx-regular-{}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        let file = dir.join("a.txt");
        std::fs::write(&file, b"12345")?;
        let link = dir.join("link");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&file, &link)?;
        assert_eq!(read(&link, 5, "as a test")?, b"12345");
        let e = read(&file, 4, "as a test").expect_err("over the cap").to_string();
        assert_eq!(e, "it holds more than 4 bytes, the most ctx reads as a test");
        let e = read(Path::new("/dev/zero"), 1 << 20, "as a test").expect_err("a device").to_string();
        assert_eq!(e, "it is a character device, not a regular file");
        let e = read(Path::new("/proc/self/pagemap"), 1 << 20, "as a test").expect_err("a /proc file").to_string();
        assert_eq!(e, "it holds more than 1 MiB, the most ctx reads as a test");
        let e = read(&dir, 1 << 20, "as a test").expect_err("a directory").to_string();
        assert_eq!(e, "it is a directory, not a regular file");
        let fifo = dir.join("fifo");
        let _ = std::fs::remove_file(&fifo);
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status()?.success());
        let e = read(&fifo, 1 << 20, "as a test").expect_err("a FIFO, refused at once").to_string();
        assert_eq!(e, "it is a FIFO, not a regular file");
        std::fs::remove_dir_all(&dir)?;
        Ok(())
    }
}
