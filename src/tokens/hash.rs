//! The hash of a token's bytes and the layout of the vocabulary's hash table, shared by the
//! build script (which lays the table out) and the library (which probes it in place).

/// The rank part of a slot; the bits above it hold a fingerprint of the hash.
pub const RANK_BITS: u32 = 18;

/// An empty slot.
pub const EMPTY: u32 = u32::MAX;

const K: u64 = 0x9e37_79b9_7f4a_7c15;

/// A fast hash of a short byte string (a token is at most a few hundred bytes).
#[inline]
pub fn hash(bytes: &[u8]) -> u64 {
    let mut h = (bytes.len() as u64).wrapping_mul(K);
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        let mut word = [0u8; 8];
        word.copy_from_slice(w);
        h = (h.rotate_left(23) ^ u64::from_le_bytes(word)).wrapping_mul(K);
    }
    let rest = words.remainder();
    if !rest.is_empty() {
        let mut word = [0u8; 8];
        word[..rest.len()].copy_from_slice(rest);
        h = (h.rotate_left(23) ^ u64::from_le_bytes(word)).wrapping_mul(K);
    }
    h ^ (h >> 31)
}

/// The first slot to probe for `h` in a table of `1 << bits` slots.
#[inline]
pub fn home(h: u64, bits: u32) -> usize {
    (h >> (64 - bits)) as usize
}

/// The fingerprint stored beside a rank, so that most misses compare no bytes.
#[inline]
pub fn fingerprint(h: u64) -> u32 {
    (h as u32) >> RANK_BITS
}
