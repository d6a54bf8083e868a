//! `--lines A:B`: a range of lines read from a larger text, as a reader that passes those lines
//! through and stops reading after the last one.

use std::io::{self, BufRead, Read};

/// Lines `first` to `last` (1-based, inclusive; `None`: to the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineRange {
    /// The first line.
    pub first: u64,
    /// The last line, if any.
    pub last: Option<u64>,
}

/// Parses `A:B`, `A:` or `:B` (1-based, inclusive), or a single line `A`. Numbers may group
/// their digits in threes with `,` or `_`, as markers print them (`5,129` is line 5129, never a
/// list of lines 5 and 129: `5,12` is refused), and `A-B` is taken for `A:B`, so that a
/// marker's range (`lines 5,129-9,007`) pastes as it is.
pub fn parse(s: &str) -> Result<LineRange, String> {
    let bad = || {
        format!(
            "'{s}' is not a line range: give A:B, A: or :B with line numbers from 1 (digits may be grouped in threes: 5,129:9,007)"
        )
    };
    let num = |t: &str| grouped(t.trim()).filter(|n| *n >= 1);
    let sep = if s.contains(':') { ':' } else { '-' };
    if s.trim_matches(sep).is_empty() {
        return Err(bad());
    }
    let (a, b) = s.split_once(sep).unwrap_or((s, s));
    let first = if a.is_empty() { 1 } else { num(a).ok_or_else(bad)? };
    let last = if b.is_empty() { None } else { Some(num(b).ok_or_else(bad)?) };
    match last {
        Some(l) if l < first => Err(format!("'{s}' ends before it starts")),
        _ => Ok(LineRange { first, last }),
    }
}

/// A number whose digits may be grouped in threes by `,` or `_` (`1,000`, `10_000`).
fn grouped(t: &str) -> Option<u64> {
    let mut groups = t.split([',', '_']);
    let head = groups.next().filter(|g| (1..=3).contains(&g.len()) || !t.contains([',', '_']))?;
    let rest: Vec<&str> = groups.collect();
    if !head.bytes().all(|b| b.is_ascii_digit()) || rest.iter().any(|g| g.len() != 3) {
        return None;
    }
    std::iter::once(head).chain(rest).collect::<String>().parse().ok()
}

/// A reader that passes through only the lines of a range.
pub struct RangeReader<R> {
    inner: io::BufReader<R>,
    range: LineRange,
    line: u64,
    pending: Vec<u8>,
    at: usize,
    done: bool,
}

impl<R: Read> RangeReader<R> {
    /// Reads the lines of `range` from `inner`.
    pub fn new(inner: R, range: LineRange) -> Self {
        let inner = io::BufReader::with_capacity(64 << 10, inner);
        RangeReader { inner, range, line: 1, pending: Vec::new(), at: 0, done: false }
    }
}

impl<R: Read> Read for RangeReader<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.at == self.pending.len() {
            if self.done {
                return Ok(0);
            }
            self.pending.clear();
            self.at = 0;
            if self.inner.read_until(b'\n', &mut self.pending)? == 0 {
                self.done = true;
                // A range that starts past the end would be an empty, silent answer.
                let lines = self.line - 1;
                if self.range.first > lines.max(1) {
                    return Err(io::Error::other(format!(
                        "--lines starts at line {}, after the last line ({})",
                        crate::text::group_digits(self.range.first),
                        crate::text::group_digits(lines)
                    )));
                }
                return Ok(0);
            }
            let this = self.line;
            self.line += 1;
            if self.range.last.is_some_and(|l| this >= l) {
                self.done = true;
            }
            if this < self.range.first || self.range.last.is_some_and(|l| this > l) {
                self.pending.clear();
            }
        }
        let n = (self.pending.len() - self.at).min(out.len());
        out[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, range: &str) -> String {
        let mut out = String::new();
        RangeReader::new(text.as_bytes(), parse(range).expect("range")).read_to_string(&mut out).expect("read");
        out
    }

    #[test]
    fn ranges_pass_their_lines_through() {
        let text = "1\n2\n3\n4\n5";
        assert_eq!(read(text, "2:3"), "2\n3\n");
        assert_eq!(read(text, "4:"), "4\n5");
        assert_eq!(read(text, ":2"), "1\n2\n");
        assert_eq!(read(text, "5"), "5");
        let mut out = String::new();
        let past = RangeReader::new(text.as_bytes(), parse("9:12").expect("range")).read_to_string(&mut out);
        assert_eq!(past.map_err(|e| e.to_string()), Err("--lines starts at line 9, after the last line (5)".into()));
        assert_eq!(read("", "1:3"), "", "an empty input has nothing to read, from line 1");
        assert_eq!(parse("3:2"), Err("'3:2' ends before it starts".into()));
        assert_eq!(parse("5,129-9,007"), Ok(LineRange { first: 5129, last: Some(9007) }));
        assert_eq!(parse("1,000:"), Ok(LineRange { first: 1000, last: None }));
        assert_eq!(parse("12"), Ok(LineRange { first: 12, last: Some(12) }));
        assert!(parse("-").is_err());
        assert_eq!(parse("10_000:"), Ok(LineRange { first: 10000, last: None }));
        for ambiguous in ["5,12", "1,0000", ",5", "5,", "1000,000", "5,1-2"] {
            let e = parse(ambiguous).expect_err(ambiguous);
            assert!(e.ends_with("(digits may be grouped in threes: 5,129:9,007)"), "{e}");
        }
        assert!(parse("0:2").is_err() && parse("a:b").is_err() && parse("").is_err());
    }
}
