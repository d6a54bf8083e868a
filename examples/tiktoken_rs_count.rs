//! The o200k token count of a file by tiktoken-rs (a dev-dependency, the tests' oracle), for
//! `bench/tokens.sh` to time beside `ctx-truncate --count`: loading the vocabulary included, as
//! a program that counts once pays it.
//!
//! `cargo build --release --example tiktoken_rs_count && target/$(rustc --print host-tuple)/release/examples/tiktoken_rs_count FILE`

fn main() -> anyhow::Result<()> {
    let path = std::env::args_os().nth(1).ok_or_else(|| anyhow::anyhow!("usage: tiktoken_rs_count FILE"))?;
    let text = std::fs::read_to_string(&path)?;
    let bpe = tiktoken_rs::o200k_base()?;
    println!("{}", bpe.encode_ordinary(&text).len());
    Ok(())
}
