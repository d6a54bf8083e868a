//! Peer for bench/chunk-score.sh: split FILE into chunks of at most 1,500 o200k tokens
//! with the `text-splitter` crate and print the number of chunks.
//!
//!     text-splitter-bench FILE [SIZE]

use text_splitter::{ChunkConfig, TextSplitter};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: text-splitter-bench FILE [SIZE]");
    let size: usize = args.next().map_or(1500, |s| s.parse().expect("SIZE must be an integer"));
    let text = std::fs::read_to_string(&path).expect("read input (UTF-8)");
    let tokenizer = tiktoken_rs::o200k_base().expect("o200k_base");
    let splitter = TextSplitter::new(ChunkConfig::new(size).with_sizer(tokenizer));
    let n = splitter.chunks(&text).count();
    println!("{n}");
}
