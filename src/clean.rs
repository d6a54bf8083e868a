//! Terminal noise removal: ANSI/VT escape sequences (CSI, OSC, DCS, APC such as the
//! `ESC _bk;t=…BEL` timestamps of CI logs), carriage-return and backspace redraws (each line
//! keeps the final state a terminal would show), and runs of identical lines folded into one
//! line plus `[previous line repeated N times]`.
//!
//! Works line by line on a stream, so memory is bounded by the longest line (a line longer
//! than [`MAX_LINE`] is cleaned in pieces).

/// A line longer than this is cleaned in pieces, to bound memory.
pub const MAX_LINE: usize = 1 << 20;

/// Folds only runs of at least this many identical lines (shorter runs cost no more as is).
const MIN_FOLD: u64 = 3;

/// A streaming cleaner: feed bytes with [`Cleaner::push`], then call [`Cleaner::finish`].
#[derive(Debug, Default)]
pub struct Cleaner {
    partial: Vec<u8>,
    prev: Option<Vec<u8>>,
    repeats: u64,
}

/// Cleans a whole text at once.
pub fn clean(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut c = Cleaner::default();
    c.push(text, &mut out);
    c.finish(&mut out);
    out
}

impl Cleaner {
    /// Cleans the complete lines of `input` (with what was carried from before) into `out`.
    pub fn push(&mut self, mut input: &[u8], out: &mut Vec<u8>) {
        while let Some(i) = memchr::memchr(b'\n', input) {
            if self.partial.is_empty() {
                self.render(&input[..=i], out);
            } else {
                let mut line = std::mem::take(&mut self.partial);
                line.extend_from_slice(&input[..=i]);
                self.render(&line, out);
                line.clear();
                self.partial = line;
            }
            input = &input[i + 1..];
        }
        self.partial.extend_from_slice(input);
        if self.partial.len() > MAX_LINE {
            let piece = std::mem::take(&mut self.partial);
            self.render(&piece, out);
        }
    }

    /// Cleans what is left and ends the last run of repeats.
    pub fn finish(mut self, out: &mut Vec<u8>) {
        if !self.partial.is_empty() {
            let last = std::mem::take(&mut self.partial);
            self.render(&last, out);
        }
        self.flush_repeats(out);
    }

    /// Emits what a terminal shows of `line`: the line itself when it holds no byte that a
    /// terminal redraws before its terminator (most lines: no copy to render it).
    fn render(&mut self, line: &[u8], out: &mut Vec<u8>) {
        match redraws(split_terminator(line).0).next() {
            None => self.emit(line, out),
            Some(_) => self.emit(&render_line(line), out),
        }
    }

    fn emit(&mut self, line: &[u8], out: &mut Vec<u8>) {
        if self.prev.as_deref() == Some(line) {
            self.repeats += 1;
            return;
        }
        self.flush_repeats(out);
        out.extend_from_slice(line);
        let prev = self.prev.get_or_insert_with(Vec::new);
        prev.clear();
        prev.extend_from_slice(line);
    }

    fn flush_repeats(&mut self, out: &mut Vec<u8>) {
        let n = std::mem::take(&mut self.repeats);
        let Some(prev) = self.prev.as_deref() else { return };
        if n + 1 >= MIN_FOLD {
            if prev.last() != Some(&b'\n') {
                out.push(b'\n');
            }
            let times = if n == 1 { "time" } else { "times" };
            out.extend_from_slice(format!("[previous line repeated {n} {times}]\n").as_bytes());
        } else {
            for _ in 0..n {
                out.extend_from_slice(prev);
            }
        }
    }
}

/// [`visible`] of a stream, line for line: escapes dropped and redraws applied, but no line
/// folded or moved, so that a line's number is the same before and after (a line longer than
/// [`MAX_LINE`] is cleaned in pieces, as [`Cleaner`] does). Feed bytes with
/// [`LineCleaner::push`], then call [`LineCleaner::finish`].
#[derive(Debug, Default)]
pub struct LineCleaner {
    partial: Vec<u8>,
}

impl LineCleaner {
    /// Cleans the complete lines of `input` (with what was carried from before) into `out`.
    pub fn push(&mut self, mut input: &[u8], out: &mut Vec<u8>) {
        if !self.partial.is_empty() {
            let Some(i) = memchr::memchr(b'\n', input) else {
                self.partial.extend_from_slice(input);
                self.spill(out);
                return;
            };
            self.partial.extend_from_slice(&input[..=i]);
            out.extend_from_slice(&visible(&self.partial));
            self.partial.clear();
            input = &input[i + 1..];
        }
        let end = memchr::memrchr(b'\n', input).map_or(0, |i| i + 1);
        out.extend_from_slice(&visible_text(&input[..end]));
        self.partial.extend_from_slice(&input[end..]);
        self.spill(out);
    }

    /// Cleans what is left.
    pub fn finish(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&visible(&self.partial));
    }

    fn spill(&mut self, out: &mut Vec<u8>) {
        if self.partial.len() > MAX_LINE {
            out.extend_from_slice(&visible(&self.partial));
            self.partial.clear();
        }
    }
}

/// Where `text` holds a byte that a terminal does not show as it is: an escape, a carriage
/// return or a backspace. A text without any is what [`visible`] shows of it.
pub fn redraws(text: &[u8]) -> memchr::Memchr3<'_> {
    memchr::memchr3_iter(0x1B, b'\r', 0x08, text)
}

/// Whether the line that ends before `end` holds a byte that a terminal redraws, given the
/// positions that [`redraws`] found in its text from the line's start on: takes the line's off,
/// so that the next line asks the same of what is left (one search for a whole block).
pub fn line_redraws(positions: &mut std::iter::Peekable<impl Iterator<Item = usize>>, end: usize) -> bool {
    let mut any = false;
    while positions.next_if(|&d| d < end).is_some() {
        any = true;
    }
    any
}

/// What a terminal shows of one line: escapes dropped, carriage-return and backspace redraws
/// applied. Borrowed when the line holds none of them before its terminator (the common case,
/// a CRLF line's too, costs one search).
pub fn visible(line: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    match redraws(split_terminator(line).0).next() {
        None => std::borrow::Cow::Borrowed(line),
        Some(_) => std::borrow::Cow::Owned(render_line(line)),
    }
}

/// What a terminal shows of a whole text, line for line ([`visible`] of each line): the lines
/// stay where they were, unlike [`clean`], which also folds repeats.
pub fn visible_text(text: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if redraws(text).next().is_none() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = Vec::with_capacity(text.len());
    for line in text.split_inclusive(|&b| b == b'\n') {
        out.extend_from_slice(&visible(line));
    }
    std::borrow::Cow::Owned(out)
}

/// Renders one line (with its terminator, if any) as a terminal would show it.
fn render_line(line: &[u8]) -> Vec<u8> {
    let (body, end) = split_terminator(line);
    let mut out = Vec::with_capacity(line.len());
    if !colour_only(body, &mut out) {
        out.clear();
        on_screen(body, &mut out);
    }
    out.extend_from_slice(end);
    out
}

/// Writes what a terminal shows of `body` (a line without its terminator) to `out`.
fn on_screen(body: &[u8], out: &mut Vec<u8>) {
    let mut screen = Screen::default();
    let mut i = 0;
    while i < body.len() {
        i = match body[i] {
            0x1B => screen.escape(body, i + 1),
            b'\r' => {
                screen.cursor = 0;
                i + 1
            }
            0x08 => {
                screen.cursor = screen.cursor.saturating_sub(1);
                i + 1
            }
            _ => {
                let n = char_len(&body[i..]);
                screen.put(&body[i..i + n]);
                i + n
            }
        };
    }
    for cell in &screen.cells {
        out.extend_from_slice(cell);
    }
}

/// Writes `body` without its escape sequences to `out` and returns `true` when none of them
/// moves the cursor or erases and it holds no carriage return or backspace (colour only, the
/// common case): what a [`Screen`] would show, without a cell for each char. Returns `false`,
/// having written part of it, for a line that only a [`Screen`] renders.
fn colour_only(body: &[u8], out: &mut Vec<u8>) -> bool {
    let mut from = 0;
    for at in redraws(body) {
        if at < from {
            // Inside a sequence already skipped (a string's terminator).
            continue;
        }
        if body[at] != 0x1B {
            return false;
        }
        out.extend_from_slice(&body[from..at]);
        let (next, csi) = sequence(body, at + 1);
        // With the cursor at the end of what is shown, only `ESC[K` (erase to the end) does
        // nothing; the other CSI sequences that act are left to the screen.
        if let Some((fin, params)) = csi
            && matches!(fin, b'K' | b'G' | b'C' | b'D')
            && !(fin == b'K' && number(params).unwrap_or(0) == 0)
        {
            return false;
        }
        from = next;
    }
    out.extend_from_slice(&body[from..]);
    true
}

/// The escape sequence whose body starts at `i` (just after ESC): the index after it and, for a
/// CSI sequence, its final byte and its parameters (`ESC[2K`: `K`, `2`).
fn sequence(s: &[u8], i: usize) -> (usize, Option<(u8, &[u8])>) {
    match s.get(i) {
        None => (i, None),
        Some(b'[') => {
            let start = i + 1;
            let mut j = start;
            while j < s.len() && (0x20..=0x3F).contains(&s[j]) {
                j += 1;
            }
            let Some(&fin) = s.get(j) else { return (s.len(), None) };
            (if (0x40..=0x7E).contains(&fin) { j + 1 } else { j }, Some((fin, &s[start..j])))
        }
        Some(b']' | b'P' | b'X' | b'^' | b'_') => (skip_string(s, i + 1), None),
        Some(0x20..=0x2F) => {
            let mut j = i;
            while j < s.len() && (0x20..=0x2F).contains(&s[j]) {
                j += 1;
            }
            ((j + 1).min(s.len()), None)
        }
        Some(_) => (i + 1, None),
    }
}

/// The number a CSI sequence's parameters hold, if they are one (`2` of `ESC[2K`).
fn number(params: &[u8]) -> Option<usize> {
    std::str::from_utf8(params).ok()?.parse().ok()
}

/// Splits off the line terminator: `\n` or `\r\n` (a CRLF ending is kept as is).
fn split_terminator(line: &[u8]) -> (&[u8], &[u8]) {
    if line.ends_with(b"\r\n") {
        line.split_at(line.len() - 2)
    } else if line.ends_with(b"\n") {
        line.split_at(line.len() - 1)
    } else {
        (line, &[])
    }
}

/// The byte length of the char starting `s` (1 for a byte that does not start a valid one).
fn char_len(s: &[u8]) -> usize {
    let n = match s[0] {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    };
    if n > 1 && s.len() >= n && std::str::from_utf8(&s[..n]).is_ok() { n } else { 1 }
}

/// One line of a terminal: cells holding one char each, and a cursor.
#[derive(Default)]
struct Screen<'a> {
    cells: Vec<&'a [u8]>,
    cursor: usize,
}

impl<'a> Screen<'a> {
    fn put(&mut self, ch: &'a [u8]) {
        while self.cells.len() < self.cursor {
            self.cells.push(b" ");
        }
        if self.cursor < self.cells.len() {
            self.cells[self.cursor] = ch;
        } else {
            self.cells.push(ch);
        }
        self.cursor += 1;
    }

    /// Consumes the escape sequence whose body starts at `i` (just after ESC) and returns the
    /// index after it. Acts on the sequences that change what a line shows; drops the rest.
    fn escape(&mut self, s: &[u8], i: usize) -> usize {
        let (next, csi) = sequence(s, i);
        match csi.map(|(fin, params)| (fin, number(params))) {
            Some((b'K', n)) => match n.unwrap_or(0) {
                0 => self.cells.truncate(self.cursor),
                1 => self.cells.iter_mut().take(self.cursor + 1).for_each(|c| *c = b" "),
                _ => self.cells.clear(),
            },
            Some((b'G', n)) => self.cursor = n.unwrap_or(1).saturating_sub(1),
            Some((b'C', n)) => self.cursor += n.unwrap_or(1).max(1),
            Some((b'D', n)) => self.cursor = self.cursor.saturating_sub(n.unwrap_or(1).max(1)),
            _ => {}
        }
        next
    }
}

/// Skips a string sequence (OSC, DCS, SOS, PM, APC) up to and including BEL or ST (`ESC \`).
fn skip_string(s: &[u8], mut j: usize) -> usize {
    while j < s.len() {
        match s[j] {
            0x07 => return j + 1,
            0x1B if s.get(j + 1) == Some(&b'\\') => return j + 2,
            _ => j += 1,
        }
    }
    j
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> String {
        String::from_utf8(clean(s.as_bytes())).unwrap_or_default()
    }

    #[test]
    fn strips_sgr_and_osc_and_apc() {
        assert_eq!(c("\x1b[31mred\x1b[0m text\n"), "red text\n");
        assert_eq!(c("\x1b]0;title\x07shown\n"), "shown\n");
        assert_eq!(c("\x1b_bk;t=1700000000000\x07--- step\n"), "--- step\n");
        assert_eq!(c("\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\\n"), "link\n");
        assert_eq!(c("a\x1b(Bb\n"), "ab\n");
    }

    #[test]
    fn applies_carriage_return_redraws() {
        assert_eq!(c("10%\r50%\r100%\n"), "100%\n");
        assert_eq!(c("abcdef\rXY\n"), "XYcdef\n");
        assert_eq!(c("abcdef\r\x1b[KXY\n"), "XY\n");
        assert_eq!(c("abc\x08\x08Z\n"), "aZc\n");
        assert_eq!(c("keep crlf\r\n"), "keep crlf\r\n");
    }

    #[test]
    fn folds_identical_runs() {
        assert_eq!(c("a\nx\nx\nx\nx\nb\n"), "a\nx\n[previous line repeated 3 times]\nb\n");
        assert_eq!(c("x\nx\n"), "x\nx\n");
        assert_eq!(c("x\nx\nx"), "x\nx\nx");
        assert_eq!(c("y\ny\ny\n"), "y\n[previous line repeated 2 times]\n");
    }

    #[test]
    fn streaming_matches_whole() {
        let text = "\x1b[1mbold\x1b[0m\r\nprog 1\rprog 2\nz\nz\nz\nend";
        for step in 1..8 {
            let mut out = Vec::new();
            let mut cl = Cleaner::default();
            for piece in text.as_bytes().chunks(step) {
                cl.push(piece, &mut out);
            }
            cl.finish(&mut out);
            assert_eq!(out, clean(text.as_bytes()), "pieces of {step}");
        }
    }

    /// The line-for-line cleaner gives [`visible_text`] of the whole, in pieces of any size, and
    /// moves no line: a `\n` (of `\r\n` too) stays where it was, and repeats stay repeated.
    #[test]
    fn line_for_line_cleaning_moves_no_line() {
        let text = "\x1b[1mbold\x1b[0m\r\nprog 1\rprog 2\nz\nz\nz\n\x1b[31mred\x1b[0m\nend\x1b[0m";
        let want = b"bold\r\nprog 2\nz\nz\nz\nred\nend";
        assert_eq!(&visible_text(text.as_bytes())[..], want);
        for step in 1..text.len() + 1 {
            let mut out = Vec::new();
            let mut cl = LineCleaner::default();
            for piece in text.as_bytes().chunks(step) {
                cl.push(piece, &mut out);
            }
            cl.finish(&mut out);
            assert_eq!(out, want, "pieces of {step}");
        }
        // Text without noise comes out as it went in.
        let mut out = Vec::new();
        let mut cl = LineCleaner::default();
        cl.push(b"a\nb", &mut out);
        cl.finish(&mut out);
        assert_eq!(out, b"a\nb");
    }

    /// The colour-only path shows what the screen shows, on lines made of the bytes that
    /// matter: every escape kind, cursor moves and erasures, redraws, multi-byte and invalid
    /// UTF-8 (a deterministic sweep of 20,000 generated lines).
    #[test]
    fn colour_only_shows_what_the_screen_shows() {
        const PIECES: &[&[u8]] = &[
            b"a",
            b"xy",
            b" ",
            b"\x1b[31m",
            b"\x1b[0m",
            b"\x1b[1;33m",
            b"\x1b[K",
            b"\x1b[0K",
            b"\x1b[1K",
            b"\x1b[2K",
            b"\x1b[3G",
            b"\x1b[G",
            b"\x1b[2C",
            b"\x1b[D",
            b"\x1b]0;t\x07",
            b"\x1b]8;;u\x1b\\",
            b"\x1b_bk;t=1\x07",
            b"\x1b(B",
            b"\x1bM",
            b"\x1b",
            b"\x1b[",
            b"\x1b[12",
            b"\x1b[;K",
            b"\r",
            b"\x08",
            "é".as_bytes(),
            "✓".as_bytes(),
            b"\xe2\x9c",
            b"\xff",
        ];
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut fast = 0;
        for _ in 0..20_000 {
            let mut body = Vec::new();
            for _ in 0..next() % 9 {
                body.extend_from_slice(PIECES[(next() % PIECES.len() as u64) as usize]);
            }
            let mut screen = Vec::new();
            on_screen(&body, &mut screen);
            let mut out = Vec::new();
            if colour_only(&body, &mut out) {
                fast += 1;
                assert_eq!(out, screen, "{body:?}");
            }
        }
        // Both paths are taken.
        assert!((2_000..18_000).contains(&fast), "{fast}");
    }

    #[test]
    fn invalid_utf8_survives() {
        assert_eq!(clean(b"\xff\x1b[0m\xfe\n"), b"\xff\xfe\n");
    }
}
