//! Every `console` block of README.md is run: each `$ command` line runs in bash from the
//! repository root with the built binaries first on PATH, and its output must be exactly the
//! lines that follow it.

mod common;

use std::path::Path;

struct Example {
    command: String,
    expected: String,
}

fn examples(readme: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_block = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_block = line == "```console";
            continue;
        }
        if !in_block {
            continue;
        }
        match line.strip_prefix("$ ") {
            Some(cmd) => out.push(Example { command: cmd.to_string(), expected: String::new() }),
            _ => {
                if let Some(e) = out.last_mut() {
                    e.expected.push_str(line);
                    e.expected.push('\n');
                }
            }
        }
    }
    out
}

#[test]
fn readme_examples_run_as_shown() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let bin = assert_cmd::cargo::cargo_bin!("ctx-truncate");
    let bin_dir = bin.parent().expect("binary directory");
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
    let all = examples(&readme);
    assert!(all.len() >= 8, "found {} examples", all.len());
    for ex in all {
        let mut cmd = std::process::Command::new("bash");
        cmd.args(["-c", &ex.command]).current_dir(root).env("PATH", &path).env("XDG_CACHE_HOME", common::tmp("readme"));
        for var in common::ENV {
            cmd.env_remove(var);
        }
        let out = cmd.output().expect("bash runs");
        assert_eq!(String::from_utf8_lossy(&out.stdout), ex.expected, "README example: $ {}", ex.command);
    }
}
