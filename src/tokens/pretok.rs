//! Pre-tokenization: the split patterns of `o200k_base` and `cl100k_base`, matched by hand.
//!
//! Each function below follows one alternative of the pattern, with the backtracking of the
//! regex engine written out (leftmost-first alternation, greedy or possessive repetition), so
//! the pieces are exactly the regex's matches. The patterns (as tiktoken has them):
//!
//! ```text
//! o200k:  [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//!        |[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//!        |\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
//! cl100k: '(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+
//!        |\s++$|\s*[\r\n]|\s+(?!\S)|\s
//! ```
//!
//! Every character starts a match of some alternative, so the pieces tile the text.

use super::tables::{CharClass, set};

/// Which pattern to split with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    O200k,
    Cl100k,
}

/// The pieces of `text`, in order; they tile it.
pub fn split(pattern: Pattern, text: &str) -> Pieces<'_> {
    Pieces { text: Text(text.as_bytes()), s: text, pos: 0, pattern }
}

/// The iterator [`split`] returns.
pub struct Pieces<'a> {
    text: Text<'a>,
    s: &'a str,
    pos: usize,
    pattern: Pattern,
}

impl<'a> Iterator for Pieces<'a> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        let start = self.pos;
        if start >= self.s.len() {
            return None;
        }
        let end = match self.pattern {
            Pattern::O200k => self.text.o200k(start),
            Pattern::Cl100k => self.text.cl100k(start),
        };
        self.pos = end;
        self.s.get(start..end)
    }
}

/// Valid UTF-8, read a character at a time.
#[derive(Clone, Copy)]
struct Text<'a>(&'a [u8]);

impl Text<'_> {
    /// The character at `i` (a character boundary), its class and its length, if any.
    /// Inlined for ASCII, with the rest apart: called out of line, the tuple came back through
    /// the stack, and that round trip was a quarter of the time of splitting.
    #[inline(always)]
    fn at(self, i: usize) -> Option<(char, CharClass, usize)> {
        let &b = self.0.get(i)?;
        if b < 0x80 {
            return Some((char::from(b), CharClass::of_ascii(b), 1));
        }
        self.at_wide(i, b)
    }

    /// [`Text::at`] for a character that is not ASCII, starting with byte `b`.
    #[inline(never)]
    fn at_wide(self, i: usize, b: u8) -> Option<(char, CharClass, usize)> {
        let len = match b {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            _ => 4,
        };
        let c = std::str::from_utf8(self.0.get(i..i + len)?).ok()?.chars().next()?;
        Some((c, CharClass::of(c), len))
    }

    /// Whether the character at `i` is in `set`.
    #[inline]
    fn is(self, i: usize, set: u16) -> bool {
        self.at(i).is_some_and(|(_, class, _)| class.bit() & set != 0)
    }

    /// The end of the longest run of characters in `set` from `i`.
    #[inline]
    fn run(self, mut i: usize, set: u16) -> usize {
        while let Some((_, class, len)) = self.at(i) {
            if class.bit() & set == 0 {
                break;
            }
            i += len;
        }
        i
    }

    /// The end of at most three characters in `set` from `i`.
    fn run3(self, mut i: usize, set: u16) -> usize {
        for _ in 0..3 {
            match self.at(i) {
                Some((_, class, len)) if class.bit() & set != 0 => i += len,
                _ => break,
            }
        }
        i
    }

    fn o200k(self, i: usize) -> usize {
        match self.0.get(i) {
            Some(&b) if b < 0x80 => self.o200k_ascii(i, b),
            _ => self.o200k_any(i),
        }
    }

    /// [`Text::o200k`] at an ASCII character `b`. A word there (with a prefix or without) is
    /// `[A-Z]*[a-z]*` in ASCII, and both word alternatives end where that run ends; only when a
    /// character that is not ASCII follows could either go on, and the general matcher decides.
    #[inline]
    fn o200k_ascii(self, i: usize, b: u8) -> usize {
        let class = CharClass::of_ascii(b);
        let start = match class {
            CharClass::Lu | CharClass::Ll => Some(i),
            _ if class.bit() & set::NOT_LETTER_NUMBER_NEWLINE != 0 => Some(i + 1),
            _ => None,
        };
        if let Some(j) = start {
            let bytes = self.0;
            let upper = j + bytes[j.min(bytes.len())..].iter().take_while(|c| c.is_ascii_uppercase()).count();
            let end = upper + bytes[upper.min(bytes.len())..].iter().take_while(|c| c.is_ascii_lowercase()).count();
            if bytes.get(end).is_some_and(|c| *c >= 0x80) {
                return self.o200k_any(i);
            }
            if end > j {
                return self.o200k_contraction(end);
            }
        }
        let bytes = self.0;
        // After an ASCII run, only a character that is not ASCII could go on with it (a digit
        // or a punctuation mark of another script); the general matchers decide then.
        let wide = |j: usize| bytes.get(j).is_some_and(|c| *c >= 0x80);
        if class == CharClass::Number {
            let end = i + 1 + bytes[i + 1..].iter().take(2).take_while(|c| c.is_ascii_digit()).count();
            return if end < i + 3 && wide(end) { self.run3(i, CharClass::Number.bit()) } else { end };
        }
        let ascii_punctuation =
            |j: usize| bytes.get(j).is_some_and(|c| *c < 0x80 && CharClass::of_ascii(*c).bit() & set::PUNCTUATION != 0);
        let start = if b == b' ' && ascii_punctuation(i + 1) { i + 1 } else { i };
        if ascii_punctuation(start) {
            let mut end = start + 1;
            while ascii_punctuation(end) {
                end += 1;
            }
            if !wide(end) {
                while bytes.get(end).is_some_and(|c| b"\r\n/".contains(c)) {
                    end += 1;
                }
                return end;
            }
        }
        if (b == b' ' && wide(i + 1) || ascii_punctuation(start))
            && let Some(end) = self.punctuation(i, char::from(b), b"\r\n/")
        {
            return end;
        }
        self.o200k_space(i)
    }

    /// [`Text::o200k`] at any character.
    fn o200k_any(self, i: usize) -> usize {
        let Some((c, class, len)) = self.at(i) else { return i };
        let prefix = class.bit() & set::NOT_LETTER_NUMBER_NEWLINE != 0;
        // [^\r\n\p{L}\p{N}]? then the cased word, first with the prefix and then without.
        for word in [Self::lower_word, Self::upper_word] {
            if prefix && let Some(end) = word(self, i + len) {
                return self.o200k_contraction(end);
            }
            if let Some(end) = word(self, i) {
                return self.o200k_contraction(end);
            }
        }
        if class == CharClass::Number {
            return self.run3(i, CharClass::Number.bit());
        }
        if let Some(end) = self.punctuation(i, c, b"\r\n/") {
            return end;
        }
        self.o200k_space(i)
    }

    /// `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+` from `j`: the upper run
    /// gives back characters until the lower run can start.
    fn lower_word(self, j: usize) -> Option<usize> {
        // ASCII first: there the upper run is `A-Z` and the lower run `a-z`. Where a non-ASCII
        // character could go on with either run, the general loop below decides.
        let b = self.0;
        let upper = j + b[j.min(b.len())..].iter().take_while(|c| c.is_ascii_uppercase()).count();
        let lower = upper + b[upper.min(b.len())..].iter().take_while(|c| c.is_ascii_lowercase()).count();
        match b.get(lower) {
            Some(&c) if c >= 0x80 => {}
            _ if lower > upper => return Some(lower),
            // An ASCII upper run is never lower: with no lower run after it, no word.
            _ => return None,
        }
        let mut i = j;
        // The start and end of the last character of the upper run that is also lower.
        let mut last_both = None;
        while let Some((_, class, len)) = self.at(i) {
            if class.bit() & set::UPPER == 0 {
                break;
            }
            if class.bit() & set::LOWER != 0 {
                last_both = Some(i + len);
            }
            i += len;
        }
        if self.is(i, set::LOWER) {
            return Some(self.run(i, set::LOWER));
        }
        // Only the last such character can start the lower run, which then ends at the
        // next (upper-only) character.
        last_both
    }

    /// `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*` from `j`.
    fn upper_word(self, j: usize) -> Option<usize> {
        let i = self.run(j, set::UPPER);
        (i > j).then(|| self.run(i, set::LOWER))
    }

    /// `(?i:'s|'t|'re|'ve|'m|'ll|'d)?` at `i`.
    fn o200k_contraction(self, i: usize) -> usize {
        if self.0.get(i) != Some(&b'\'') {
            return i;
        }
        self.contraction(i + 1).unwrap_or(i)
    }

    /// After an apostrophe at `i - 1`: the end of `(?i:[sdmt]|ll|ve|re)`, if it is there.
    fn contraction(self, i: usize) -> Option<usize> {
        let (c, _, len) = self.at(i)?;
        // Case-insensitive as the regex engine is: with Unicode simple case folding, where
        // the long s folds to s.
        match c {
            's' | 'S' | '\u{17f}' | 'd' | 'D' | 'm' | 'M' | 't' | 'T' => Some(i + len),
            'l' | 'L' => matches!(self.0.get(i + 1), Some(b'l' | b'L')).then_some(i + 2),
            'v' | 'V' | 'r' | 'R' => matches!(self.0.get(i + 1), Some(b'e' | b'E')).then_some(i + 2),
            _ => None,
        }
    }

    /// ` ?[^\s\p{L}\p{N}]+` then any run of `tail` bytes (`[\r\n/]*`, `[\r\n]*`), at `i`.
    fn punctuation(self, i: usize, c: char, tail: &[u8]) -> Option<usize> {
        let start = if c == ' ' && self.is(i + 1, set::PUNCTUATION) { i + 1 } else { i };
        if !self.is(start, set::PUNCTUATION) {
            return None;
        }
        let mut end = self.run(start, set::PUNCTUATION);
        while self.0.get(end).is_some_and(|b| tail.contains(b)) {
            end += 1;
        }
        Some(end)
    }

    /// A run of whitespace from `i`: its end, the end of its last CR or LF, whether it holds
    /// more than one character, and the start of its last character.
    fn space_run(self, i: usize) -> (usize, Option<usize>, bool, usize) {
        let (mut end, mut newline, mut chars, mut last) = (i, None, 0, i);
        while let Some((_, class, len)) = self.at(end) {
            if class.bit() & set::SPACE == 0 {
                break;
            }
            if class == CharClass::Newline {
                newline = Some(end + len);
            }
            last = end;
            end += len;
            chars += 1;
        }
        (end, newline, chars > 1, last)
    }

    /// `\s*[\r\n]+|\s+(?!\S)|\s+` at `i`, which is whitespace.
    fn o200k_space(self, i: usize) -> usize {
        let (end, newline, several, last) = self.space_run(i);
        if let Some(newline) = newline {
            return newline;
        }
        if end == self.0.len() || !several { end } else { last }
    }

    fn cl100k(self, i: usize) -> usize {
        let Some((c, class, len)) = self.at(i) else { return i };
        if c == '\''
            && let Some(end) = self.contraction(i + 1)
        {
            return end;
        }
        // [^\r\n\p{L}\p{N}]?+\p{L}++: a prefix, once taken, is not given back.
        if class.bit() & set::NOT_LETTER_NUMBER_NEWLINE != 0 {
            if self.is(i + len, set::LETTER) {
                return self.run(i + len, set::LETTER);
            }
        } else if class.bit() & set::LETTER != 0 {
            return self.run(i, set::LETTER);
        }
        if class == CharClass::Number {
            return self.run3(i, CharClass::Number.bit());
        }
        if let Some(end) = self.punctuation(i, c, b"\r\n") {
            return end;
        }
        // \s++$|\s*[\r\n]|\s+(?!\S)|\s
        let (end, newline, several, last) = self.space_run(i);
        if end == self.0.len() {
            return end;
        }
        if let Some(newline) = newline {
            return newline;
        }
        if several { last } else { end }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(pattern: Pattern, text: &str) -> Vec<&str> {
        split(pattern, text).collect()
    }

    #[test]
    fn splits_like_tiktoken() {
        assert_eq!(pieces(Pattern::O200k, "Hello, world!"), ["Hello", ",", " world", "!"]);
        assert_eq!(pieces(Pattern::O200k, "  x\n\n  y  "), [" ", " x", "\n\n", " ", " y", "  "]);
        assert_eq!(pieces(Pattern::O200k, "HTTPServer's 12345"), ["HTTPServer's", " ", "123", "45"]);
        assert_eq!(pieces(Pattern::Cl100k, "HTTPServer's 12345"), ["HTTPServer", "'s", " ", "123", "45"]);
        assert_eq!(pieces(Pattern::Cl100k, "a  \n"), ["a", "  \n"]);
        assert_eq!(pieces(Pattern::Cl100k, "x // y\n/z"), ["x", " //", " y", "\n", "/z"]);
        assert_eq!(pieces(Pattern::O200k, "x // y\n/z"), ["x", " //", " y", "\n", "/z"]);
    }
}
