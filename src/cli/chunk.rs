//! `ctx-chunk`: the arguments, and the glue from them to the chunk module.

use super::args::{ChunkArgs, EncodingArg, OutputArgs};
use super::read_chunks;
use crate::chunk::{Chunk, Chunker};
use crate::text;
use anyhow::{Context, Result};
use clap::Parser;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

const TOOL: &str = "ctx-chunk";

const EXAMPLES: &str = "\
Examples:
  ctx-chunk big.md                                chunks of at most 6,000 chars
  ctx-chunk --size 1500 --unit tokens big.md      at most 1,500 o200k tokens each
  ctx-chunk --size 800 --overlap 100 notes.txt    each chunk repeats the last 100 chars
  ctx-chunk --json big.md | ctx-score --top-k 5   the five best chunks
  ctx-chunk -z big.md | xargs -0 -n1 wc -c        NUL-separated, rejoin byte for byte
  ctx-chunk --out-dir parts big.md                parts/chunk-000000.txt, ...";

/// Split text into chunks of at most N tokens, chars, bytes or lines, cut at the best boundary
/// that fits: paragraph, line, sentence, word, grapheme. Without overlap the chunks rejoin to
/// the input byte for byte.
#[derive(Parser, Debug)]
#[command(name = "ctx-chunk", version, after_help = EXAMPLES)]
pub struct Args {
    /// Files to read, one after another; none or - reads standard input
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    #[command(flatten)]
    pub chunk: ChunkArgs,

    #[command(flatten)]
    pub encoding: EncodingArg,

    #[command(flatten)]
    pub profile: super::profile::ProfileArgs,

    /// The line written between chunks; {index} is the index of the chunk that follows
    #[arg(long, value_name = "STR", default_value = "--- chunk {index} ---", conflicts_with_all = ["null", "json", "out_dir"])]
    pub separator: String,

    /// End every chunk with a NUL byte instead of separator lines
    #[arg(short = 'z', long = "null", conflicts_with_all = ["json", "out_dir"])]
    pub null: bool,

    /// Write one file per chunk into DIR (chunk-000000.txt, ...; with several inputs
    /// 01-NAME-chunk-000000.txt, ...) and print their paths; DIR must be empty or new
    #[arg(long, value_name = "DIR", conflicts_with = "json")]
    pub out_dir: Option<PathBuf>,

    /// With --out-dir: remove the chunk files of an earlier run from DIR first
    #[arg(long, requires = "out_dir")]
    pub replace: bool,

    #[command(flatten)]
    pub output: OutputArgs,
}

/// Runs `ctx-chunk` with the process's arguments.
pub fn main(argv: Vec<std::ffi::OsString>) -> ExitCode {
    super::profile::main(TOOL, argv, apply_config, run)
}

/// The config file's `[defaults]` `encoding` under `--encoding` (the one key this tool takes).
fn apply_config(args: &mut Args, m: &clap::ArgMatches) -> Result<Option<String>> {
    super::profile::encoding_only(&args.profile, &mut args.encoding, m, args.output.verbose, TOOL)
}

/// Where chunks go.
enum Sink {
    Text { separator: String },
    Null,
    Json { encoding: crate::tokens::Encoding },
    Dir(PathBuf),
}

fn run(args: Args) -> Result<ExitCode> {
    let opts = args.chunk.options(args.encoding.encoding)?;
    let sink = match (&args.out_dir, args.null, args.output.json) {
        (Some(dir), _, _) => {
            prepare_dir(dir, args.replace)?;
            Sink::Dir(dir.clone())
        }
        (_, true, _) => Sink::Null,
        (_, _, true) => Sink::Json { encoding: args.encoding.encoding },
        _ => Sink::Text { separator: args.separator.clone() },
    };
    let mut out = BufWriter::with_capacity(64 << 10, io::stdout().lock());
    let mut written = 0u64;
    let mut input = 0usize;
    let failed = super::each_input(TOOL, &args.files, &mut out, |src, reader, out| {
        let mut chunker = Chunker::new(opts);
        let name = src.many.then_some(src.name.as_str());
        input += 1;
        // Each input's chunks are numbered from 0 and named after it, so none overwrites another.
        let prefix = name.map(|n| format!("{input:02}-{}-", file_stem(n))).unwrap_or_default();
        let mut own = 0u64;
        // Chunk files are as private as their input.
        let from = crate::store::mode_of(match src.input {
            super::Input::Path(p) => Some(p.as_path()),
            super::Input::Stdin => None,
        });
        let mut emit = |c: Chunk<'_>| {
            too_big(&c, &opts)?;
            write_chunk(&c, &sink, name, (&prefix, own, written, from), out)?;
            own += 1;
            written += 1;
            Ok(())
        };
        read_chunks(reader, &src.name, |data| chunker.push(data, &mut emit))?;
        chunker.finish(&mut emit)
    })?;
    out.flush()?;
    if args.output.verbose {
        eprintln!("{TOOL}: {written} chunks");
    }
    Ok(super::status(failed))
}

/// An error for a chunk over --size: one character (a grapheme cluster, which is never split)
/// that takes more than --size, in any unit (it came out as a chunk over --size, exit 0).
fn too_big(c: &Chunk<'_>, opts: &crate::chunk::Options) -> Result<()> {
    use unicode_segmentation::UnicodeSegmentation;
    // No unit counts more than the bytes; and only a single cluster can be over --size.
    if c.text.len() as u64 <= opts.size {
        return Ok(());
    }
    let Ok(s) = std::str::from_utf8(c.text) else { return Ok(()) };
    if s.graphemes(true).nth(1).is_some() {
        return Ok(());
    }
    let (n, unit) = match opts.unit {
        text::Unit::Bytes => (c.text.len() as u64, "bytes"),
        text::Unit::Chars => (text::count_chars(c.text), "chars"),
        text::Unit::Tokens => (opts.encoding.count(c.text), "tokens"),
        text::Unit::Lines => (text::count_lines(c.text), "lines"),
    };
    if n <= opts.size {
        return Ok(());
    }
    anyhow::bail!(
        "the character at byte {} takes {n} {unit}, more than --size {}: raise --size to at least {n}",
        text::group_digits(c.start_byte),
        opts.size
    )
}

/// Makes `dir`, or checks that it holds no earlier output (with `replace`, removes the chunk
/// files of an earlier run; anything else there is still refused).
fn prepare_dir(dir: &std::path::Path, replace: bool) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create directory '{}'", dir.display()))?;
    let entries: Vec<std::fs::DirEntry> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read directory '{}'", dir.display()))?
        .collect::<Result<_, _>>()?;
    let ours = |e: &std::fs::DirEntry| {
        let n = e.file_name().to_string_lossy().into_owned();
        n.ends_with(".txt") && (n.starts_with("chunk-") || n.contains("-chunk-"))
    };
    if entries.is_empty() {
        return Ok(());
    }
    if !replace || !entries.iter().all(ours) {
        return Err(super::usage(format!(
            "'{}' is not empty: the chunks would mix with what is there (--replace removes the chunk files of an earlier run)",
            dir.display()
        )));
    }
    for e in entries {
        std::fs::remove_file(e.path()).with_context(|| format!("cannot remove '{}'", e.path().display()))?;
    }
    Ok(())
}

/// The name of an input as a file-name part: its file name, with what a name cannot hold replaced.
fn file_stem(name: &str) -> String {
    let base = std::path::Path::new(name).file_name().map_or(name.into(), |n| n.to_string_lossy());
    base.chars().map(|c| if c.is_alphanumeric() || "._-".contains(c) { c } else { '_' }).collect()
}

fn write_chunk(
    c: &Chunk<'_>,
    sink: &Sink,
    name: Option<&str>,
    (prefix, own, written, from): (&str, u64, u64, Option<u32>),
    out: &mut impl Write,
) -> Result<()> {
    match sink {
        Sink::Text { separator } => {
            if written > 0 {
                writeln!(out, "{}", separator.replace("{index}", &c.index.to_string()))?;
            }
            out.write_all(c.text)?;
            if c.text.last() != Some(&b'\n') {
                out.write_all(b"\n")?;
            }
        }
        Sink::Null => {
            out.write_all(c.text)?;
            out.write_all(b"\0")?;
        }
        Sink::Json { encoding } => {
            let mut v = serde_json::json!({
                "index": c.index,
                "start_byte": c.start_byte,
                "end_byte": c.end_byte,
                "start_line": c.start_line,
                "end_line": c.end_line,
                "bytes": c.text.len(),
                "chars": text::count_chars(c.text),
                "tokens": encoding.count(c.text),
                "text": String::from_utf8_lossy(c.text),
            });
            if let Some(n) = name {
                v["name"] = n.into();
            }
            writeln!(out, "{v}")?;
        }
        Sink::Dir(dir) => {
            let path = dir.join(format!("{prefix}chunk-{own:06}.txt"));
            let mut file = crate::store::create_from(&path, from)?;
            file.write_all(c.text).with_context(|| format!("cannot write '{}'", path.display()))?;
            writeln!(out, "{}", path.display())?;
        }
    }
    Ok(())
}
