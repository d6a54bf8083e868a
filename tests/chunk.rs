//! `ctx-chunk` from the outside.

mod common;

use common::{CORPUS, check_contract, run, tmp, tool};
use std::path::Path;

fn chunk() -> assert_cmd::Command {
    tool("ctx-chunk")
}

#[test]
fn keeps_the_contract() {
    check_contract("ctx-chunk", &["--size", "20"], "one two three four five six seven\n\nmore text here\n");
}

#[test]
fn text_output_separates_chunks() {
    let r = run(chunk().args(["--size", "20"]).write_stdin("para one is here\n\npara two\nline three\n"));
    assert_eq!(r.out, "para one is here\n\n--- chunk 1 ---\npara two\nline three\n");
    let r = run(chunk().args(["--size", "8", "--separator", "=={index}=="]).write_stdin("alpha beta gamma"));
    assert_eq!(r.out, "alpha \n==1==\nbeta \n==2==\ngamma\n");
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn nul_separated_chunks_rejoin_byte_for_byte_on_shared_corpus() {
    for file in ["clippy-CHANGELOG.md", "npm.sh.raw", "wikipedia-new-zealand.source.html"] {
        let path = Path::new(CORPUS).join(file);
        let original = std::fs::read(&path).expect("corpus");
        let o = chunk().args(["-z", "--size", "700"]).arg(&path).output().expect("runs");
        let parts: Vec<&[u8]> = o.stdout.split(|&b| b == 0).collect();
        assert!(parts.len() > 100, "{file}: {} chunks", parts.len());
        assert_eq!(parts.concat(), original, "{file}");
        for p in &parts {
            assert!(String::from_utf8_lossy(p).chars().count() <= 700);
        }
    }
}

#[test]
fn json_lines_describe_each_chunk() {
    let r = run(chunk().args(["--size", "12", "--json"]).write_stdin("first line\nsecond line\n日本語"));
    let rows: Vec<serde_json::Value> = r.out.lines().map(|l| serde_json::from_str(l).expect("json")).collect();
    assert_eq!(
        rows[1],
        serde_json::json!({"index": 1, "start_byte": 11, "end_byte": 23, "start_line": 2, "end_line": 2,
            "bytes": 12, "chars": 12, "tokens": 3, "text": "second line\n"})
    );
    assert_eq!(rows[2]["text"], "日本語");
    assert_eq!(rows[2]["start_line"], 3);
    assert_eq!(rows.len(), 3);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn token_chunks_hold_at_most_the_size_on_shared_corpus() {
    let path = Path::new(CORPUS).join("clippy-CHANGELOG.md");
    let r = run(chunk().args(["--unit", "tokens", "--size", "300", "--json"]).arg(&path));
    let rows: Vec<serde_json::Value> = r.out.lines().map(|l| serde_json::from_str(l).expect("json")).collect();
    assert!(rows.len() > 100);
    for row in &rows {
        let tokens = row["tokens"].as_u64().expect("tokens");
        assert!(tokens <= 300, "chunk {} has {tokens} tokens", row["index"]);
    }
}

#[test]
fn out_dir_writes_sorted_files() {
    let dir = tmp("chunk-out");
    let r = run(chunk().args(["--size", "8", "--out-dir"]).arg(&dir).write_stdin("alpha beta gamma"));
    let names: Vec<String> = r.out.lines().map(|l| l.rsplit('/').next().unwrap_or_default().to_string()).collect();
    assert_eq!(names, ["chunk-000000.txt", "chunk-000001.txt", "chunk-000002.txt"]);
    assert_eq!(std::fs::read_to_string(dir.join("chunk-000001.txt")).expect("read"), "beta ");
    // A folder with an earlier run is refused: fewer new chunks would leave stale ones behind.
    let again = run(chunk().args(["--size", "100", "--out-dir"]).arg(&dir).write_stdin("alpha"));
    assert_eq!(again.code, 2);
    assert_eq!(
        again.err,
        format!(
            "ctx-chunk: '{}' is not empty: the chunks would mix with what is there (--replace removes the chunk files of an earlier run)\n",
            dir.display()
        )
    );
    let replaced = run(chunk().args(["--size", "100", "--replace", "--out-dir"]).arg(&dir).write_stdin("alpha"));
    assert_eq!(replaced.code, 0);
    let left: Vec<_> = std::fs::read_dir(&dir).expect("dir").flatten().map(|e| e.file_name()).collect();
    assert_eq!(left, ["chunk-000000.txt"], "the folder rejoins to the input");
}

#[test]
fn out_dir_names_each_inputs_chunks() {
    let dir = tmp("chunk-many");
    let a = dir.join("a.log");
    let b = dir.join("sub b.log");
    std::fs::write(&a, "alpha beta").expect("write");
    std::fs::write(&b, "gamma").expect("write");
    let out = dir.join("out");
    let r = run(chunk().args(["--size", "6", "--out-dir"]).arg(&out).arg(&a).arg(&b));
    let names: Vec<String> = r.out.lines().map(|l| l.rsplit('/').next().unwrap_or_default().to_string()).collect();
    assert_eq!(names, ["01-a.log-chunk-000000.txt", "01-a.log-chunk-000001.txt", "02-sub_b.log-chunk-000000.txt"]);
}

#[test]
fn overlap_repeats_the_end_of_the_previous_chunk() {
    let r = run(chunk()
        .args(["--size", "16", "--overlap", "6", "-z"])
        .write_stdin("one two three four five six seven eight"));
    let parts: Vec<&str> = r.out.split('\0').filter(|p| !p.is_empty()).collect();
    assert_eq!(parts, ["one two three ", "three four five ", "five six seven ", "seven eight"]);
}

#[test]
fn bad_sizes_are_usage_errors() {
    for args in
        [vec!["--size", "0"], vec!["--size", "10", "--overlap", "10"], vec!["--unit", "words"], vec!["-z", "--json"]]
    {
        let r = run(chunk().args(&args).write_stdin("x"));
        assert_eq!(r.code, 2, "{args:?}");
        assert_eq!(r.err.lines().count(), 1, "{args:?}: {}", r.err);
    }
    let r = run(chunk().args(["--size", "10", "--overlap", "12"]).write_stdin("x"));
    assert_eq!(
        r.err,
        "ctx-chunk: an overlap of 12 is not smaller than the chunk size of 10, so chunks would not advance\n"
    );
}

/// A chunk is never over --size: one character (a grapheme cluster) that takes more than --size
/// is an error (exit 1, one line), not a chunk over the size with exit 0.
#[test]
fn a_character_over_the_size_fails() {
    let r = run(tool("ctx-chunk").args(["--size", "3", "--unit", "bytes"]).write_stdin("a😀\n"));
    assert_eq!(
        (r.code, r.out.as_str(), r.err.as_str()),
        (
            1,
            "a\n",
            "ctx-chunk: the character at byte 1 takes 4 bytes, more than --size 3: raise --size to at least 4\n"
        )
    );
    let r = run(tool("ctx-chunk").args(["--size", "1", "--unit", "tokens"]).write_stdin("ab\u{fdfd}\n"));
    assert_eq!(
        (r.code, r.out.as_str(), r.err.as_str()),
        (
            1,
            "ab\n",
            "ctx-chunk: the character at byte 2 takes 3 tokens, more than --size 1: raise --size to at least 3\n"
        )
    );
    // One character of two code points (e and a combining acute accent) is never split.
    let r = run(tool("ctx-chunk").args(["--size", "1", "--unit", "chars", "-z"]).write_stdin("ae\u{301}\n"));
    assert_eq!(
        (r.code, r.out.as_str(), r.err.as_str()),
        (
            1,
            "a\0",
            "ctx-chunk: the character at byte 1 takes 2 chars, more than --size 1: raise --size to at least 2\n"
        )
    );
    let r = run(tool("ctx-chunk").args(["--size", "4", "--unit", "bytes", "-z"]).write_stdin("a😀\n"));
    assert_eq!((r.code, r.out.as_str()), (0, "a\0😀\0\n\0"), "{}", r.err);
}
