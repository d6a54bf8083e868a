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
        h = (h.rotate_left(23) ^ word_of(w)).wrapping_mul(K);
    }
    let rest = words.remainder();
    if !rest.is_empty() {
        h = (h.rotate_left(23) ^ word_of(rest)).wrapping_mul(K);
    }
    h ^ (h >> 31)
}

/// `bytes` (at most 8) as a little-endian word padded with zeros. Loaded in at most two
/// overlapping reads rather than copied: a copy of a length not known at compile time is a call
/// to `memcpy`, which took a third of the time of a look-up.
#[inline]
pub fn word_of(bytes: &[u8]) -> u64 {
    let n = bytes.len();
    match n {
        8 => u64::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7]]),
        4..=7 => {
            let lo = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
            let hi = u32::from_le_bytes([bytes[n - 4], bytes[n - 3], bytes[n - 2], bytes[n - 1]]);
            // The reads overlap on equal bytes, so or-ing them is exact.
            u64::from(lo) | u64::from(hi) << (8 * (n - 4))
        }
        1..=3 => {
            u64::from(bytes[0]) | u64::from(bytes[n / 2]) << (8 * (n / 2)) | u64::from(bytes[n - 1]) << (8 * (n - 1))
        }
        _ => 0,
    }
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

#[cfg(test)]
mod tests {
    #[test]
    fn a_word_is_the_bytes_padded_with_zeros() {
        let bytes: Vec<u8> = (1..=8).map(|b| b * 0x11).collect();
        for n in 0..=8 {
            let mut word = [0u8; 8];
            word[..n].copy_from_slice(&bytes[..n]);
            assert_eq!(super::word_of(&bytes[..n]), u64::from_le_bytes(word), "{n} bytes");
        }
    }
}
