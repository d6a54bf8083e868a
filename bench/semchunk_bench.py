#!/usr/bin/env python3
"""Peer for bench/chunk-score.sh: split FILE into chunks of at most SIZE o200k tokens with
`semchunk`, counting tokens with a tiktoken o200k_base encoder, and print the number of chunks.

    python3 bench/semchunk_bench.py --vocab PATH/o200k_base.tiktoken FILE [--size 1500]
    python3 bench/semchunk_bench.py --vocab PATH/o200k_base.tiktoken --check

tiktoken normally downloads its vocabulary from openaipublic.blob.core.windows.net, which is
not reachable here, so the encoder is built offline from a local copy of o200k_base.tiktoken
(the one the tiktoken-rs crate ships in its source). The file is checked against the SHA-256
that tiktoken itself expects, and the encoding's pattern and special tokens come from
tiktoken_ext.openai_public unchanged: only the download is replaced.
"""

import argparse
import sys

import tiktoken
import tiktoken.load
import tiktoken_ext.openai_public as openai_public


def o200k_offline(vocab_path: str) -> tiktoken.Encoding:
    real_load = tiktoken.load.load_tiktoken_bpe

    def local_load(blobpath, expected_hash=None):
        if not blobpath.endswith("/o200k_base.tiktoken"):
            raise RuntimeError(f"unexpected vocabulary requested offline: {blobpath}")
        # load_tiktoken_bpe reads plain local paths and verifies expected_hash.
        return real_load(vocab_path, expected_hash=expected_hash)

    # openai_public did `from tiktoken.load import load_tiktoken_bpe`: patch its own name.
    openai_public.load_tiktoken_bpe = local_load
    try:
        params = openai_public.o200k_base()
    finally:
        openai_public.load_tiktoken_bpe = real_load
    return tiktoken.Encoding(**params)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--vocab", required=True, help="path to o200k_base.tiktoken")
    ap.add_argument("--size", type=int, default=1500)
    ap.add_argument("--check", action="store_true", help="only check the encoder and exit")
    ap.add_argument("--max-tokens", action="store_true",
                    help="also print the largest chunk's token count")
    ap.add_argument("file", nargs="?")
    args = ap.parse_args()

    enc = o200k_offline(args.vocab)
    n = len(enc.encode("Hello, world!\n"))
    if n != 4:
        print(f"o200k encoder gives {n} tokens for 'Hello, world!\\n', expected 4", file=sys.stderr)
        return 1
    if args.check:
        print(f"ok: {enc.name}, n_vocab={enc.n_vocab}, 'Hello, world!\\n' -> {n} tokens")
        return 0
    if not args.file:
        ap.error("FILE is required unless --check")

    import semchunk

    with open(args.file, encoding="utf-8") as f:
        text = f.read()
    chunker = semchunk.chunkerify(enc, args.size)
    chunks = chunker(text)
    print(len(chunks))
    if args.max_tokens:
        print(max(len(enc.encode(c, disallowed_special=())) for c in chunks))
    return 0


if __name__ == "__main__":
    sys.exit(main())
