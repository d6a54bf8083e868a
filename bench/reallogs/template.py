"""The template of a line, as src/signals.rs `template` computes it (a port, kept in step by
hand): FNV-1a over what a terminal shows of the line with its variable parts folded (runs of digits that do not end a
name, hex ids), so that lines that differ only in them share it."""


def _alnum(c):
    return (48 <= c <= 57) or (65 <= c <= 90) or (97 <= c <= 122)


def _alpha(c):
    return (65 <= c <= 90) or (97 <= c <= 122)


def _hex(c):
    return (48 <= c <= 57) or (65 <= c <= 70) or (97 <= c <= 102)


def unstamped(line: bytes) -> bytes:
    """The line from past `gh run view --log`'s job and step columns and a CI service's
    timestamp (`2024-05-01T12:00:01.1234567Z `), as src/signals.rs `unstamped` cuts it."""
    for t in (i for i, c in enumerate(line[:160]) if c == 9):
        if line[t + 1:t + 5].isdigit() and len(line[t + 1:t + 5]) == 4 and line[t + 5:t + 6] == b"-":
            line = line[t + 1:]
            break
    if len(line) > 4 and line[:4].isdigit() and line[4:5] == b"-":
        sp = line.find(b" ", 0, 40)
        if sp > 0 and (line[sp - 1:sp] == b"Z" or line[sp - 1:sp].isdigit() and b"T" in line[:sp]):
            line = line[sp + 1:]
    return line


def _sequence(s: bytes, i: int):
    """The escape sequence whose body starts at `i` (just after ESC), as src/clean.rs `sequence`
    reads it: the index after it and, for a CSI sequence, its final byte and parameters."""
    if i >= len(s):
        return i, None
    c = s[i]
    if c == 0x5B:  # [
        j = i + 1
        while j < len(s) and 0x20 <= s[j] <= 0x3F:
            j += 1
        if j >= len(s):
            return len(s), None
        fin = s[j]
        return (j + 1 if 0x40 <= fin <= 0x7E else j), (fin, s[i + 1:j])
    if c in b"]PX^_":
        j = i + 1
        while j < len(s):
            if s[j] == 0x07:
                return j + 1, None
            if s[j] == 0x1B and s[j + 1:j + 2] == b"\\":
                return j + 2, None
            j += 1
        return j, None
    if 0x20 <= c <= 0x2F:
        j = i
        while j < len(s) and 0x20 <= s[j] <= 0x2F:
            j += 1
        return min(j + 1, len(s)), None
    return i + 1, None


def _number(params: bytes):
    t = params[1:] if params[:1] == b"+" else params
    return int(t) if t and t.isdigit() else None


def _char_len(s: bytes, i: int) -> int:
    c = s[i]
    n = 2 if 0xC0 <= c <= 0xDF else 3 if 0xE0 <= c <= 0xEF else 4 if 0xF0 <= c <= 0xF7 else 1
    if n > 1 and len(s) - i >= n:
        try:
            s[i:i + n].decode("utf-8")
            return n
        except UnicodeDecodeError:
            return 1
    return 1


def visible(body: bytes) -> bytes:
    """What a terminal shows of a line without its terminator, as src/clean.rs `visible` renders
    it: escapes dropped, carriage-return and backspace redraws and the sequences that move the
    cursor or erase applied (its `Screen`)."""
    if 0x1B not in body and 13 not in body and 8 not in body:
        return body
    cells, cur, i = [], 0, 0
    while i < len(body):
        b = body[i]
        if b == 0x1B:
            i, csi = _sequence(body, i + 1)
            if csi is None:
                continue
            fin, n = csi[0], _number(csi[1])
            if fin == 0x4B:  # K
                if (n or 0) == 0:
                    del cells[cur:]
                elif n == 1:
                    cells[:cur + 1] = [b" "] * len(cells[:cur + 1])
                else:
                    cells = []
            elif fin == 0x47:  # G
                cur = max((1 if n is None else n) - 1, 0)
            elif fin == 0x43:  # C
                cur += max(1 if n is None else n, 1)
            elif fin == 0x44:  # D
                cur = max(cur - max(1 if n is None else n, 1), 0)
        elif b == 13:
            cur, i = 0, i + 1
        elif b == 8:
            cur, i = max(cur - 1, 0), i + 1
        else:
            k = _char_len(body, i)
            while len(cells) < cur:
                cells.append(b" ")
            if cur < len(cells):
                cells[cur] = body[i:i + k]
            else:
                cells.append(body[i:i + k])
            cur, i = cur + 1, i + k
    return b"".join(cells)


def template(line: bytes) -> int:
    h = 0xCBF29CE484222325
    mask = (1 << 64) - 1

    def feed(b):
        nonlocal h
        h ^= b
        h = (h * 0x100000001B3) & mask

    if line.endswith(b"\n"):
        line = line[:-1]
    if line.endswith(b"\r"):
        line = line[:-1]
    line = unstamped(visible(line))
    i, n = 0, len(line)
    while i < n:
        b = line[i]
        prev = 32 if i == 0 else line[i - 1]
        name_char = prev == 95 or _alpha(prev)
        if name_char and _alnum(b):
            j = i
            while j < n and (_alnum(line[j]) or line[j] == 95):
                feed(line[j])
                j += 1
            i = j
            continue
        if _hex(b):
            j = i
            while j < n and _hex(line[j]):
                j += 1
            run = j - i
            digits = sum(1 for c in line[i:j] if 48 <= c <= 57)
            after = line[j] if j < n else 32
            ends_word = not (after == 95 or _alpha(after))
            if digits > 0 and ends_word and (digits == run or run >= 6):
                feed(35)
                i = j
                continue
        feed(b)
        i += 1
    return h
