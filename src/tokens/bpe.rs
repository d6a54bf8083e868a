//! The byte-pair merge of one pre-tokenization piece, as tiktoken does it: merge the adjacent
//! pair whose joined bytes have the lowest rank, the leftmost of equals first, until no joined
//! pair is a token. Only the number of parts left is kept.
//!
//! Short pieces (nearly all) use tiktoken's own loop over a small array; long ones (a run of one
//! letter, a line of digits without spaces) use a heap of pairs over a linked list of parts, so
//! that 100 KB of one letter takes O(n log n) and not O(n²). Both merge in the same order.

use super::tables::Vocab;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Pieces at most this long merge in the simple loop.
const SHORT: usize = 64;

/// The number of tokens `piece` encodes to.
pub fn count(vocab: &Vocab, piece: &[u8]) -> usize {
    if piece.len() <= 1 {
        return piece.len();
    }
    if vocab.rank(piece).is_some() {
        return 1;
    }
    if piece.len() <= SHORT { count_short(vocab, piece) } else { count_long(vocab, piece) }
}

const NONE: u32 = u32::MAX;

/// tiktoken's `_byte_pair_merge`: `parts[i]` is where part `i` starts and the rank of it joined
/// with the next part.
fn count_short(vocab: &Vocab, piece: &[u8]) -> usize {
    let n = piece.len();
    let mut parts = [(0u32, NONE); SHORT + 1];
    for (i, part) in parts.iter_mut().enumerate().take(n + 1) {
        let rank = if i + 2 <= n { vocab.rank(&piece[i..i + 2]) } else { None };
        *part = (i as u32, rank.unwrap_or(NONE));
    }
    let mut len = n + 1;
    // The rank of part `i` joined with the next after parts `i + 1` and `i + 2` are merged.
    let rank_after = |parts: &[(u32, u32)], len: usize, i: usize| {
        if i + 3 < len {
            vocab.rank(&piece[parts[i].0 as usize..parts[i + 3].0 as usize]).unwrap_or(NONE)
        } else {
            NONE
        }
    };
    loop {
        let (mut min, mut at) = (NONE, 0);
        for (i, &(_, rank)) in parts[..len - 1].iter().enumerate() {
            if rank < min {
                (min, at) = (rank, i);
            }
        }
        if min == NONE {
            return len - 1;
        }
        if at > 0 {
            parts[at - 1].1 = rank_after(&parts, len, at - 1);
        }
        parts[at].1 = rank_after(&parts, len, at);
        parts.copy_within(at + 2..len, at + 1);
        len -= 1;
    }
}

/// The same merges, in the same order, from a heap of (rank, start) keys over a linked list of
/// parts. A key is stale once its part is gone or its pair has changed; it is skipped then.
fn count_long(vocab: &Vocab, piece: &[u8]) -> usize {
    let n = piece.len();
    // next[i]/prev[i]: the neighbouring part starts of the part starting at byte i (n: the end).
    let mut next: Vec<u32> = (1..=n as u32).collect();
    let mut prev: Vec<u32> = (0..n as u32).map(|i| i.wrapping_sub(1)).collect();
    let mut rank: Vec<u32> = vec![NONE; n];
    let mut heap = BinaryHeap::with_capacity(n);
    let key = |rank: u32, start: usize| Reverse(u64::from(rank) << 32 | start as u64);
    for i in 0..n - 1 {
        if let Some(r) = vocab.rank(&piece[i..i + 2]) {
            rank[i] = r;
            heap.push(key(r, i));
        }
    }
    let mut parts = n;
    // The rank of the part at `start` joined with the next one, if both exist and it is a token.
    let pair = |next: &[u32], start: usize| {
        let mid = next[start] as usize;
        (mid < n).then(|| vocab.rank(&piece[start..next[mid] as usize])).flatten().unwrap_or(NONE)
    };
    while let Some(Reverse(k)) = heap.pop() {
        let (r, start) = ((k >> 32) as u32, (k & 0xffff_ffff) as usize);
        if rank[start] != r {
            continue;
        }
        let mid = next[start] as usize;
        next[start] = next[mid];
        if (next[mid] as usize) < n {
            prev[next[mid] as usize] = start as u32;
        }
        rank[mid] = NONE;
        parts -= 1;
        rank[start] = pair(&next, start);
        if rank[start] != NONE {
            heap.push(key(rank[start], start));
        }
        if start > 0 {
            let before = prev[start] as usize;
            rank[before] = pair(&next, before);
            if rank[before] != NONE {
                heap.push(key(rank[before], before));
            }
        }
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::super::tables::{CL100K, O200K};
    use super::*;

    /// tiktoken's loop, unbounded, as the reference for the heap.
    fn reference(vocab: &Vocab, piece: &[u8]) -> usize {
        let mut parts: Vec<Vec<u8>> = piece.iter().map(|&b| vec![b]).collect();
        loop {
            let best = (0..parts.len().saturating_sub(1))
                .filter_map(|i| vocab.rank(&[parts[i].as_slice(), &parts[i + 1]].concat()).map(|r| (r, i)))
                .min();
            let Some((_, i)) = best else { return parts.len() };
            let right = parts.remove(i + 1);
            parts[i].extend(right);
        }
    }

    #[test]
    fn long_and_short_merges_agree_with_the_reference() {
        let texts = [
            "a".repeat(300),
            "1234567890".repeat(30),
            "abcabcabd".repeat(40),
            "internationalization".repeat(9),
            "日本語のテキスト".repeat(12),
        ];
        for vocab in [&O200K, &CL100K] {
            for t in &texts {
                for len in [2, 3, 17, 64, 65, 200, t.len()] {
                    let p = &t.as_bytes()[..len.min(t.len())];
                    assert_eq!(count(vocab, p), reference(vocab, p), "{len} of {t:.20}");
                    if p.len() > 1 {
                        assert_eq!(count_long(vocab, p), reference(vocab, p), "long {len} of {t:.20}");
                    }
                }
            }
        }
    }
}
