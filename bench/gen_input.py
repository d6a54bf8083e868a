#!/usr/bin/env python3
"""Deterministic log-like text for the ctx-truncate benchmarks (no network, no randomness
from the environment: a fixed seed).

    python3 bench/gen_input.py PATH SIZE_BYTES SEED

Writes exactly SIZE_BYTES bytes of ASCII, newline-terminated lines of varied length
(short status lines, medium request lines, the odd long JSON payload or stack frame).
A pool of a few hundred distinct lines is generated, shuffled into a block of a few MB,
and the block is written over and over, so 1 GiB takes seconds.
"""

import random
import sys

LEVELS = ["INFO"] * 12 + ["DEBUG"] * 6 + ["WARN"] * 3 + ["ERROR"] * 1
COMPONENTS = ["api.http", "db.pool", "worker.queue", "auth", "cache.redis", "scheduler",
              "storage.s3", "grpc.server", "metrics", "build.cargo", "net.tls", "ingest"]
WORDS = ("request completed failed retry connection timeout user session token refreshed "
         "upstream downstream latency bytes written read shard replica leader elected "
         "checkpoint flushed compaction started finished queue depth backoff handshake "
         "certificate expired healthy unhealthy deploy rollout config reloaded cache miss hit "
         "evicted allocated released lock acquired contention batch committed aborted").split()
PATHS = ["/v1/users", "/v1/orders", "/v2/search", "/healthz", "/metrics", "/v1/items/{id}",
         "/auth/token", "/v1/upload", "/internal/replicate", "/static/app.js"]


def line(rng: random.Random, i: int) -> str:
    ts = f"2024-05-{1 + i % 28:02d}T{rng.randrange(24):02d}:{rng.randrange(60):02d}:" \
         f"{rng.randrange(60):02d}.{rng.randrange(1000):03d}Z"
    lvl = rng.choice(LEVELS)
    comp = rng.choice(COMPONENTS)
    kind = rng.random()
    if kind < 0.35:  # short status line
        msg = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 6)))
    elif kind < 0.75:  # request line
        msg = (f'{rng.choice(["GET", "POST", "PUT", "DELETE"])} {rng.choice(PATHS)} '
               f"status={rng.choice([200, 200, 200, 201, 204, 304, 400, 404, 500, 503])} "
               f"dur_ms={rng.randint(0, 5000)} bytes={rng.randint(0, 10**6)} "
               f"req_id={rng.getrandbits(64):016x} "
               + " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 8))))
    elif kind < 0.93:  # key=value line
        msg = " ".join(f"{rng.choice(WORDS)}={rng.randint(0, 99999)}" for _ in range(rng.randint(3, 14)))
    elif kind < 0.98:  # long JSON payload
        fields = ", ".join(f'"{rng.choice(WORDS)}_{k}": "{" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 5)))}"'
                           for k in range(rng.randint(8, 30)))
        msg = "payload {" + fields + "}"
    else:  # stack frame
        msg = (f"    at {rng.choice(COMPONENTS)}::{rng.choice(WORDS)}_{rng.choice(WORDS)} "
               f"(src/{rng.choice(WORDS)}.rs:{rng.randint(1, 2000)}:{rng.randint(1, 80)})")
    return f"{ts} {lvl:<5} [{comp}] {msg}\n"


def main() -> None:
    path, size, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    pool = [line(rng, i) for i in range(400)]
    # A block of a few MB: the distinct lines in a seeded order, with repeats.
    block_lines = [pool[rng.randrange(len(pool))] for _ in range(20000)]
    block = "".join(block_lines).encode("ascii")
    if size < len(block):
        # Small file: whole lines from the block, the last one cut to fit.
        block = block[:size]
    with open(path, "wb") as f:
        left = size
        while left > len(block):
            f.write(block)
            left -= len(block)
        tail = bytearray(block[:left])
        tail[-1] = ord("\n")  # end on a newline, exactly `size` bytes
        f.write(tail)


if __name__ == "__main__":
    main()
