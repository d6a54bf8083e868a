//! How the binaries start. Every tool call runs one, so its start-up is paid on every call: on
//! Linux with glibc they are linked statically and at a fixed address (.cargo/config.toml and
//! build.rs), so that no dynamic loader runs and nothing is relocated before `main`.
//! bench/tokens.sh measures what that saves.

/// What the ELF header and program headers of a 64-bit little-endian file say: its type
/// (`e_type`) and the types of its program headers (`p_type`), as the ELF specification lays
/// them out (e_type at byte 16, e_phoff at 32, e_phentsize at 54, e_phnum at 56).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn elf_types(path: &str) -> (u16, Vec<u32>) {
    let elf = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(&elf[..6], b"\x7fELF\x02\x01", "{path}: not a 64-bit little-endian ELF file");
    let u16_at = |i: usize| u16::from_le_bytes([elf[i], elf[i + 1]]);
    let u32_at = |i: usize| u32::from_le_bytes([elf[i], elf[i + 1], elf[i + 2], elf[i + 3]]);
    let phoff = u64::from_le_bytes(elf[32..40].try_into().expect("8 bytes")) as usize;
    let (size, count) = (usize::from(u16_at(54)), usize::from(u16_at(56)));
    (u16_at(16), (0..count).map(|i| u32_at(phoff + i * size)).collect())
}

/// ET_EXEC: an executable linked at a fixed address (a position-independent one is ET_DYN).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const ET_EXEC: u16 = 2;
/// PT_INTERP names the dynamic loader that the kernel starts first; PT_DYNAMIC holds what that
/// loader reads (libraries to map, relocations, symbols to bind).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const PT_DYNAMIC: u32 = 2;
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const PT_INTERP: u32 = 3;

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn the_binaries_start_without_a_dynamic_loader() {
    // A build that did not read .cargo/config.toml (cargo run from another folder) fails here.
    for bin in [env!("CARGO_BIN_EXE_ctx"), env!("CARGO_BIN_EXE_ctx-truncate"), env!("CARGO_BIN_EXE_ctx-compact")] {
        let (kind, headers) = elf_types(bin);
        assert_eq!(kind, ET_EXEC, "{bin}: not linked at a fixed address");
        assert!(!headers.contains(&PT_INTERP), "{bin}: asks for a dynamic loader");
        assert!(!headers.contains(&PT_DYNAMIC), "{bin}: has a dynamic section");
    }
}
