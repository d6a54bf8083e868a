#!/usr/bin/env python3
"""One-line OpenAI chat body for bench/docmem.sh: many rounds of user turn, assistant tool call and
long tool result (log-like lines with multi-byte characters, escapes and tabs), plus the request's
other fields after the message list. Deterministic (fixed seed).
usage: gen_body.py OUT TARGET_BYTES [--pretty] [--surrogate]"""
import json, random, sys

out, target = sys.argv[1], int(sys.argv[2])
pretty = "--pretty" in sys.argv
surrogate = "--surrogate" in sys.argv
rng = random.Random(13)
words = "error warning ok build test passed failed src/main.rs line col fn let mut über naïve 日本 \"quoted\" back\\slash tab\t".split(" ")
msgs = [{"role": "system", "content": "You are a coding agent. Be terse."}]
size, i = 0, 0
while size < target:
    cid = f"call_{i:07d}"
    msgs.append({"role": "user", "content": f"step {i}: run the tests and look at the log"})
    args = json.dumps({"command": f"cargo test --package p{i % 17} -- --nocapture", "timeout": 600})
    msgs.append({"role": "assistant", "content": None if i % 3 else "Running.",
                 "tool_calls": [{"id": cid, "type": "function", "function": {"name": "bash" if i % 5 else "read_file", "arguments": args}}]})
    n = rng.choice([20, 200, 800, 2500])
    lines = [f"[{j:05d}] " + " ".join(rng.choice(words) for _ in range(rng.randint(3, 14))) for j in range(n)]
    content = "\n".join(lines)
    if i % 7 == 0:
        content = [{"type": "text", "text": content}]
    msgs.append({"role": "tool", "tool_call_id": cid, "content": content})
    size += sum(len(l) for l in lines) + 300
    i += 1
msgs.append({"role": "assistant", "content": "All tests pass. 1.5e3 ms, ratio 0.10"})
body = {"model": "gpt-x", "temperature": 0.2, "messages": msgs, "tools": [{"type": "function", "function": {"name": "bash", "parameters": {"type": "object"}}}], "stream": False}
text = json.dumps(body, ensure_ascii=False, indent=2 if pretty else None, separators=None if pretty else (",", ":"))
if surrogate:
    text = text.replace("step 5: run", "step 5: \\ud83d run", 1)
with open(out, "w", encoding="utf-8") as f:
    f.write(text)
    f.write("\n")
