//! Lays out the token tables that `src/tokens/` reads in place, in `OUT_DIR`:
//!
//! - `{o200k,cl100k}.bytes`: every ordinary token's bytes, by rank, back to back;
//! - `{o200k,cl100k}.offsets`: where each rank's bytes start (u32 LE, one more than the ranks);
//! - `{o200k,cl100k}.slots`: an open-addressing hash table from bytes to rank (u32 LE slots,
//!   a power of two of them, linear probing, see `src/tokens/hash.rs`);
//! - `{o200k,cl100k}.short`: each rank's token again when it is shorter than 8 bytes;
//! - `{o200k,cl100k}.pairs`: the rank of each two-byte token, indexed by its bytes;
//! - `unicode.stage1`/`unicode.stage2`: the class of every code point (letter categories, mark,
//!   number, whitespace) as a two-level table, from `regex-syntax`: the very tables that the
//!   oracle's regex engine (tiktoken-rs through fancy-regex) matches `\p{..}` and `\s` with.
//!
//! The vocabularies are the `.tiktoken` files that `tiktoken-rs` ships in its crate; nothing is
//! downloaded.

use std::path::Path;

#[path = "src/tokens/hash.rs"]
#[allow(dead_code)]
mod hash;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/tokens/hash.rs");
    println!("cargo::rerun-if-env-changed=RUSTC_LINKER");
    check_static_glibc();
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let out = Path::new(&out);
    let o200k = tiktoken_rs::o200k_base().expect("tiktoken-rs ships o200k_base");
    write_vocab(out, "o200k", &o200k, 199_998);
    let cl100k = tiktoken_rs::cl100k_base().expect("tiktoken-rs ships cl100k_base");
    write_vocab(out, "cl100k", &cl100k, 100_256);
    write_unicode(out);
    // Linked at a fixed address on Linux: a position-independent executable spends about 1.4 ms
    // of every start on its 30,000 relocations and the pages they dirty, more than `wc` takes to
    // run, and these programs start once per tool call (bench/tokens.sh measures both). With
    // glibc, .cargo/config.toml also links them statically (and at a fixed address); this
    // covers a build that does not read that file (`cargo install --path` from elsewhere).
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo::rustc-link-arg-bins=-no-pie");
    }
}

/// .cargo/config.toml links statically with glibc, which needs glibc's static libraries: Debian,
/// Ubuntu and Arch install them with the C library, Fedora and RHEL apart (glibc-static). Without
/// them the link fails after the whole build with pages of undefined symbols; this says what to
/// do in one line, before the build starts.
fn check_static_glibc() {
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    if env != "gnu" || !features.split(',').any(|f| f == "crt-static") {
        return;
    }
    let cc = std::env::var("RUSTC_LINKER").unwrap_or_else(|_| "cc".to_string());
    let Ok(out) = std::process::Command::new(&cc).arg("-print-file-name=libc.a").output() else {
        return; // No C compiler to ask: the link would say so itself.
    };
    let path = String::from_utf8_lossy(&out.stdout).trim().to_string();
    // A compiler that does not find a file prints its bare name.
    if !Path::new(&path).is_absolute() || !Path::new(&path).exists() {
        eprintln!(
            "ctx-filters: glibc's static libraries (libc.a) are not installed, and .cargo/config.toml links the binaries statically: install them (Fedora, RHEL: dnf install glibc-static) or link dynamically: RUSTFLAGS= cargo install --locked --path ."
        );
        std::process::exit(1);
    }
}

/// The ordinary tokens are the ranks from 0 up, without a gap, up to the first special token.
fn write_vocab(out: &Path, name: &str, bpe: &tiktoken_rs::CoreBPE, expected: usize) {
    let specials: Vec<Vec<u8>> = bpe.special_tokens().iter().map(|s| s.as_bytes().to_vec()).collect();
    let mut tokens = Vec::new();
    while let Ok(bytes) = bpe.decode_bytes(&[tokens.len() as u32]) {
        if specials.contains(&bytes) {
            break;
        }
        tokens.push(bytes);
    }
    assert_eq!(tokens.len(), expected, "{name}: ordinary tokens");
    let (mut blob, mut offsets) = (Vec::new(), Vec::new());
    for t in &tokens {
        offsets.extend_from_slice(&(blob.len() as u32).to_le_bytes());
        blob.extend_from_slice(t);
    }
    offsets.extend_from_slice(&(blob.len() as u32).to_le_bytes());
    // The fewest slots that hold every token (o200k: 76% full, 1 MB): a small input's few
    // hundred look-ups land all over the table, and each 64 KiB of it that they reach costs a
    // page fault (fault-around maps 64 KiB at a time), which costs more than the longer probes
    // of a fuller table (linear probing at 76% expects a miss to read about 9 slots, most in one
    // cache line, comparing the fingerprint only). At 38% full the table took 2 MB and a 10 KiB
    // count 16 faults more (perf stat: 179 against 163).
    let bits = tokens.len().next_power_of_two().trailing_zeros();
    let mut slots = vec![hash::EMPTY; 1 << bits];
    for (rank, t) in tokens.iter().enumerate() {
        let h = hash::hash(t);
        let mut i = hash::home(h, bits);
        while slots[i] != hash::EMPTY {
            i = (i + 1) & (slots.len() - 1);
        }
        slots[i] = rank as u32 | (hash::fingerprint(h) << hash::RANK_BITS);
    }
    let slots: Vec<u8> = slots.iter().flat_map(|s| s.to_le_bytes()).collect();
    // Each rank's token again when it is short (most are), with its length in the last byte,
    // so that a look-up checks it with one read instead of two (offsets, then bytes).
    let mut short = Vec::with_capacity(8 * tokens.len());
    for t in &tokens {
        let mut entry = [0u8; 8];
        if t.len() < 8 {
            entry[..t.len()].copy_from_slice(t);
            entry[7] = t.len() as u8;
        }
        short.extend_from_slice(&entry);
    }
    write(out, &format!("{name}.short"), &short);
    // The rank of every two-byte token, at index `first << 8 | second` (EMPTY where the pair is
    // not a token): two in five look-ups are of a pair (the first step of every merge), and one
    // read answers them where the hash table takes a hash, a probe and a check.
    let mut pairs = vec![hash::EMPTY; 1 << 16];
    for (rank, t) in tokens.iter().enumerate() {
        if let [a, b] = t[..] {
            pairs[usize::from(a) << 8 | usize::from(b)] = rank as u32;
        }
    }
    let pairs: Vec<u8> = pairs.iter().flat_map(|s| s.to_le_bytes()).collect();
    write(out, &format!("{name}.pairs"), &pairs);
    write(out, &format!("{name}.bytes"), &blob);
    write(out, &format!("{name}.offsets"), &offsets);
    write(out, &format!("{name}.slots"), &slots);
}

/// Classes as `src/tokens/unicode.rs` numbers them.
const CLASSES: [(&str, u8); 8] = [
    (r"\p{Lu}", 1),
    (r"\p{Ll}", 2),
    (r"\p{Lt}", 3),
    (r"\p{Lm}", 4),
    (r"\p{Lo}", 5),
    (r"\p{M}", 6),
    (r"\p{N}", 7),
    (r"\s", 8),
];

fn write_unicode(out: &Path) {
    let mut class = vec![0u8; 0x11_0000];
    for (pattern, code) in CLASSES {
        let hir = regex_syntax::parse(pattern).expect("a Unicode class");
        let regex_syntax::hir::HirKind::Class(regex_syntax::hir::Class::Unicode(set)) = hir.kind() else {
            panic!("{pattern} is not a Unicode class");
        };
        for r in set.ranges() {
            for cp in u32::from(r.start())..=u32::from(r.end()) {
                assert_eq!(class[cp as usize], 0, "{pattern}: U+{cp:04X} in two classes");
                class[cp as usize] = code;
            }
        }
    }
    // CR and LF are whitespace of their own class: the patterns name them.
    class[usize::from(b'\r')] = 9;
    class[usize::from(b'\n')] = 9;
    let mut blocks: Vec<&[u8]> = Vec::new();
    let mut stage1 = Vec::new();
    for block in class.chunks(256) {
        let i = blocks.iter().position(|b| *b == block).unwrap_or_else(|| {
            blocks.push(block);
            blocks.len() - 1
        });
        stage1.extend_from_slice(&(i as u16).to_le_bytes());
    }
    write(out, "unicode.stage1", &stage1);
    write(out, "unicode.stage2", &blocks.concat());
}

fn write(out: &Path, name: &str, bytes: &[u8]) {
    std::fs::write(out.join(name), bytes).unwrap_or_else(|e| panic!("cannot write {name}: {e}"));
}
