//! The vocabularies and the Unicode classes, laid out by `build.rs` and read in place: nothing
//! is parsed or allocated at start-up, the tables are bytes of the binary that the operating
//! system pages in as lookups touch them.

use super::hash;

/// One encoding's ordinary tokens: their bytes by rank, and a hash table from bytes to rank.
pub struct Vocab {
    bytes: &'static [u8],
    offsets: &'static [u8],
    slots: &'static [u8],
    /// By rank, 8 bytes: a token shorter than 8 bytes, padded with zeros, its length last;
    /// all zeros for a longer one.
    short: &'static [u8],
    /// The rank of each two-byte token at index `first << 8 | second` (u32 LE), `EMPTY` for a
    /// pair that is not a token.
    pairs: &'static [u8],
}

macro_rules! table {
    ($name:literal) => {
        include_bytes!(concat!(env!("OUT_DIR"), "/", $name))
    };
}

/// `o200k_base`.
pub static O200K: Vocab = Vocab {
    bytes: table!("o200k.bytes"),
    offsets: table!("o200k.offsets"),
    slots: table!("o200k.slots"),
    short: table!("o200k.short"),
    pairs: table!("o200k.pairs"),
};

/// `cl100k_base`.
pub static CL100K: Vocab = Vocab {
    bytes: table!("cl100k.bytes"),
    offsets: table!("cl100k.offsets"),
    slots: table!("cl100k.slots"),
    short: table!("cl100k.short"),
    pairs: table!("cl100k.pairs"),
};

/// The little-endian `u32` at index `i` of `table`.
#[inline]
fn u32_at(table: &[u8], i: usize) -> u32 {
    let mut word = [0u8; 4];
    word.copy_from_slice(&table[4 * i..4 * i + 4]);
    u32::from_le_bytes(word)
}

/// The little-endian `u64` at index `i` of `table`.
#[inline]
fn u64_at(table: &[u8], i: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&table[8 * i..8 * i + 8]);
    u64::from_le_bytes(word)
}

impl Vocab {
    /// The number of ordinary tokens.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.offsets.len() / 4 - 1
    }

    /// The bytes of the token of rank `rank`.
    pub fn token(&self, rank: u32) -> &'static [u8] {
        let i = rank as usize;
        &self.bytes[u32_at(self.offsets, i) as usize..u32_at(self.offsets, i + 1) as usize]
    }

    /// The rank of the token whose bytes are `bytes`, if there is one.
    #[inline]
    pub fn rank(&self, bytes: &[u8]) -> Option<u32> {
        if let [a, b] = *bytes {
            let rank = u32_at(self.pairs, usize::from(a) << 8 | usize::from(b));
            return (rank != hash::EMPTY).then_some(rank);
        }
        self.hashed(bytes)
    }

    /// [`Vocab::rank`] from the hash table, for any length.
    #[inline]
    fn hashed(&self, bytes: &[u8]) -> Option<u32> {
        let slots = self.slots.len() / 4;
        let h = hash::hash(bytes);
        let fingerprint = hash::fingerprint(h);
        // `bytes` as a short table entry, when it is short (not empty: that is how a long
        // token's entry reads).
        let packed = (1..8).contains(&bytes.len()).then(|| hash::word_of(bytes) | (bytes.len() as u64) << 56);
        let mut i = hash::home(h, slots.trailing_zeros());
        loop {
            let slot = u32_at(self.slots, i);
            if slot == hash::EMPTY {
                return None;
            }
            let rank = slot & ((1 << hash::RANK_BITS) - 1);
            if slot >> hash::RANK_BITS == fingerprint {
                let found = match packed {
                    Some(p) => u64_at(self.short, rank as usize) == p,
                    None => same(self.token(rank), bytes),
                };
                if found {
                    return Some(rank);
                }
            }
            i = (i + 1) & (slots - 1);
        }
    }
}

/// Whether `a` and `b` are the same bytes: a token is mostly a few bytes, for which a loop
/// costs less than a call to `memcmp`.
#[inline]
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && if a.len() <= 16 { a.iter().zip(b).all(|(x, y)| x == y) } else { a == b }
}

/// What the split patterns ask of a character: its letter category, or mark, number,
/// whitespace (`\s`, with CR and LF apart), or none of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum CharClass {
    Other = 0,
    Lu = 1,
    Ll = 2,
    Lt = 3,
    Lm = 4,
    Lo = 5,
    Mark = 6,
    Number = 7,
    Space = 8,
    Newline = 9,
}

const CLASSES: [CharClass; 10] = [
    CharClass::Other,
    CharClass::Lu,
    CharClass::Ll,
    CharClass::Lt,
    CharClass::Lm,
    CharClass::Lo,
    CharClass::Mark,
    CharClass::Number,
    CharClass::Space,
    CharClass::Newline,
];

static STAGE1: &[u8] = table!("unicode.stage1");
static STAGE2: &[u8] = table!("unicode.stage2");

/// The classes of the ASCII characters, read from the same tables at compile time: most text
/// is ASCII, and one look-up costs less than the two stages.
static ASCII: [CharClass; 128] = {
    let stage1: &[u8] = table!("unicode.stage1");
    let stage2: &[u8] = table!("unicode.stage2");
    let block = stage1[0] as usize | (stage1[1] as usize) << 8;
    let mut classes = [CharClass::Other; 128];
    let mut c = 0;
    while c < 128 {
        classes[c] = CLASSES[stage2[block * 256 + c] as usize];
        c += 1;
    }
    classes
};

impl CharClass {
    /// The class of the ASCII character `b`.
    #[inline]
    pub fn of_ascii(b: u8) -> CharClass {
        ASCII[usize::from(b & 0x7f)]
    }

    /// The class of `c`.
    #[inline]
    pub fn of(c: char) -> CharClass {
        let cp = c as usize;
        let block = usize::from(u16::from_le_bytes([STAGE1[2 * (cp >> 8)], STAGE1[2 * (cp >> 8) + 1]]));
        CLASSES[usize::from(STAGE2[block * 256 + (cp & 0xff)])]
    }

    /// This class as a one-bit set, for the sets below.
    #[inline]
    pub fn bit(self) -> u16 {
        1 << self as u8
    }
}

/// Sets of classes, as the patterns name them.
pub mod set {
    const fn bits(classes: &[super::CharClass]) -> u16 {
        let mut set = 0;
        let mut i = 0;
        while i < classes.len() {
            set |= 1 << classes[i] as u8;
            i += 1;
        }
        set
    }
    use super::CharClass::*;
    /// `\p{L}`.
    pub const LETTER: u16 = bits(&[Lu, Ll, Lt, Lm, Lo]);
    /// `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`.
    pub const UPPER: u16 = bits(&[Lu, Lt, Lm, Lo, Mark]);
    /// `[\p{Ll}\p{Lm}\p{Lo}\p{M}]`.
    pub const LOWER: u16 = bits(&[Ll, Lm, Lo, Mark]);
    /// `\s`.
    pub const SPACE: u16 = bits(&[Space, Newline]);
    /// `[^\r\n\p{L}\p{N}]`.
    pub const NOT_LETTER_NUMBER_NEWLINE: u16 = bits(&[Other, Mark, Space]);
    /// `[^\s\p{L}\p{N}]`.
    pub const PUNCTUATION: u16 = bits(&[Other, Mark]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pair_table_agrees_with_the_hash_table_on_every_pair() {
        for vocab in [&O200K, &CL100K] {
            let mut tokens = 0;
            for pair in 0..=u16::MAX {
                let pair = pair.to_be_bytes();
                assert_eq!(vocab.rank(&pair), vocab.hashed(&pair), "{pair:?}");
                tokens += usize::from(vocab.rank(&pair).is_some());
            }
            let two_bytes = (0..vocab.len() as u32).filter(|&r| vocab.token(r).len() == 2).count();
            assert_eq!(tokens, two_bytes);
        }
    }

    #[test]
    fn every_token_is_found_at_its_rank() {
        for vocab in [&O200K, &CL100K] {
            for rank in 0..vocab.len() as u32 {
                assert_eq!(vocab.rank(vocab.token(rank)), Some(rank));
            }
            assert_eq!(vocab.rank(b"no such token, surely"), None);
            assert_eq!(vocab.rank(b""), None);
            // Missing short strings, up to the 7 bytes a short entry holds.
            assert_eq!(vocab.rank(b"\xff\xfe\xfd"), None);
            assert_eq!(vocab.rank(b"\x00\x00\x00\x00\x00\x00\x01"), None);
        }
        assert_eq!(O200K.len(), 199_998);
        assert_eq!(CL100K.len(), 100_256);
    }

    #[test]
    fn classes() {
        assert_eq!(CharClass::of('a'), CharClass::Ll);
        assert_eq!(CharClass::of('Ω'), CharClass::Lu);
        assert_eq!(CharClass::of('日'), CharClass::Lo);
        assert_eq!(CharClass::of('\u{301}'), CharClass::Mark);
        assert_eq!(CharClass::of('٣'), CharClass::Number);
        assert_eq!(CharClass::of('\u{3000}'), CharClass::Space);
        assert_eq!(CharClass::of('\n'), CharClass::Newline);
        assert_eq!(CharClass::of('😀'), CharClass::Other);
        assert_eq!(CharClass::of('\u{10ffff}'), CharClass::Other);
    }
}
