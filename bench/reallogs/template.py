"""The template of a line, as src/signals.rs `template` computes it (a port, kept in step by
hand): FNV-1a over the line with its variable parts folded (runs of digits that do not end a
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
    line = unstamped(line)
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
