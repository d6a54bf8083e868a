//! Per-tool profiles and structure-aware inputs through the command line: the config file under
//! the flags, `--print-config`, `--from html|json|auto` in `ctx-truncate` and `ctx-summarize`.

mod common;

use common::{run, tmp, tool};
use std::fs;

const EXAMPLE: &str = "ctx.example.toml";
const HTML: &str = "../shared/corpus/outputs/wikipedia-new-zealand.source.html";
const JSON: &str = "../shared/corpus/outputs/paginate-issues.raw-fixture.json";

#[test]
fn flags_override_the_profile_which_overrides_the_defaults() {
    let r =
        run(tool("ctx-truncate").args(["--config", EXAMPLE, "--tool", "Grep", "--max-lines", "5", "--print-config"]));
    assert_eq!(r.code, 0, "{}", r.err);
    let lines: Vec<&str> = r.out.lines().collect();
    assert_eq!(lines[0], "# config: ctx.example.toml");
    assert_eq!(lines[1], "# profile: [tools.grep] for tool \"Grep\"");
    let setting = |key: &str| {
        lines
            .iter()
            .find(|l| l.starts_with(&format!("{key} = ")))
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
    };
    assert_eq!(setting("max_lines").as_deref(), Some("max_lines = 5 # flag"));
    // The flag's budget replaces the profile's whole (its max_chars = 20000 and max_lines = 100).
    assert_eq!(setting("max_chars"), None);
    assert_eq!(setting("strategy").as_deref(), Some("strategy = \"head\" # ctx.example.toml:44 [tools.grep]"));
    // An unknown tool gets [defaults]; -v says so.
    let r = run(tool("ctx-truncate").args(["--config", EXAMPLE, "--tool", "nope", "-v", "--print-config"]));
    assert!(r.out.contains("max_chars = 12000"), "{}", r.out);
    assert!(
        r.err.contains("no profile for tool 'nope' in 'ctx.example.toml' or built in: the defaults apply"),
        "{}",
        r.err
    );
    let r = run(tool("ctx-truncate").args(["--config", EXAMPLE, "--tool", "nope", "--print-config"]));
    assert_eq!(r.err, "", "silent without -v");
}

#[test]
fn the_grep_profile_cuts_at_its_line_limit_with_its_marker() {
    let input: String = (1..=300).map(|i| format!("src/file{i}.rs:{i}: match\n")).collect();
    let r = run(tool("ctx-truncate").args(["--config", EXAMPLE, "--tool", "rg"]).write_stdin(input.clone()));
    let lines: Vec<&str> = r.out.lines().collect();
    assert_eq!(lines.len(), 100);
    assert_eq!(lines[98], "src/file99.rs:99: match");
    assert_eq!(lines[99], "[... 201 more matching lines not shown, 300 in all: narrow the pattern or the path ...]");
    // A flag wins over the profile.
    let r =
        run(tool("ctx-truncate").args(["--config", EXAMPLE, "--tool", "rg", "--strategy", "tail"]).write_stdin(input));
    assert!(r.out.ends_with("src/file300.rs:300: match\n"), "{}", r.out);
}

/// ctx-summarize truncates as the profile says: the `read_file` profile's `strategy = "head"`
/// keeps a file's start even when the file reads as a log (a changelog full of `error` and
/// `FAILED`), where the tool's own choice would be salient's.
#[test]
fn the_read_profile_truncates_by_its_strategy() {
    let mut input = String::new();
    for i in 1..=400 {
        input.push_str(&format!("- {i}: FAILED tests no longer panic with an error in the lint `example_{i}`\n"));
    }
    let dir = tmp("profile-read-head");
    let r = run(common::summarize_cmd(&dir).args(["--config", EXAMPLE, "--tool", "Read"]).write_stdin(input.clone()));
    assert_eq!(r.code, 0, "{}", r.err);
    let (head, marker) = r.out.rsplit_once("\n[... ").expect("one marker at the end");
    assert!(input.starts_with(&format!("{head}\n")), "{}", r.out);
    assert!(marker.starts_with(&format!("{} lines (", 400 - head.lines().count())), "{}", r.out);
    assert!(r.out.chars().count() <= 5000);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn the_read_profile_is_never_summarized_on_shared_corpus() {
    let input = fs::read_to_string("../shared/corpus/outputs/clippy-CHANGELOG.md").expect("corpus");
    let dir = tmp("profile-read");
    let r = run(common::summarize_cmd(&dir).args(["--config", EXAMPLE, "--tool", "Read"]).write_stdin(input.clone()));
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.chars().count() <= 5000, "max_chars is the pass-through size");
    assert!(r.out.starts_with(&input[..200]), "the head is verbatim");
    assert!(!r.out.contains("summary"), "never summarized: {}", &r.out[..200]);
}

#[test]
fn a_malformed_config_names_the_file_and_line() {
    let dir = tmp("bad-config");
    let file = dir.join("ctx.toml");
    fs::write(&file, "[defaults]\nmax_chars = 100\n\n[tools.grep]\nmax_char = 5\n").expect("write");
    for name in ["ctx-truncate", "ctx-summarize"] {
        let r = run(tool(name).arg("--config").arg(&file).write_stdin("x\n"));
        assert_eq!(r.code, 2, "{name}");
        assert_eq!(
            r.err,
            format!("{name}: {}:5: unknown key 'max_char' (did you mean 'max_chars'?)\n", file.display())
        );
    }
    // ./ctx.toml is found when no --config is given.
    let r = run(tool("ctx-truncate").current_dir(&dir).arg("--print-config"));
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(r.err.starts_with("ctx-truncate: ctx.toml:5: unknown key"), "{}", r.err);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn html_becomes_readable_text_before_the_budget_on_shared_corpus() {
    let r = run(tool("ctx-truncate").args(["--from", "html", "--max-chars", "1000000", "--count=tokens"]).arg(HTML));
    let text_tokens: u64 = r.out.trim().parse().expect("count");
    let raw = run(tool("ctx-truncate").args(["--count=tokens"]).arg(HTML));
    let raw_tokens: u64 = raw.out.trim().parse().expect("count");
    assert!(text_tokens * 4 < raw_tokens, "{text_tokens} of {raw_tokens}");
    let r = run(tool("ctx-truncate").args(["--from", "auto", "--max-chars", "1000000"]).arg(HTML));
    assert!(r.out.starts_with("# New Zealand\n"), "{}", &r.out[..100]);
    assert!(!r.out.contains("<div") && !r.out.contains("mw-parser-output{"), "markup and styles are gone");
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn json_is_cut_and_stays_valid_json_on_shared_corpus() {
    for args in [["--max-chars", "3000"], ["--max-tokens", "800"], ["--max-lines", "60"]] {
        let r = run(tool("ctx-truncate").args(["--from", "json"]).args(args).arg(JSON));
        assert_eq!(r.code, 0, "{}", r.err);
        let v: serde_json::Value = serde_json::from_str(&r.out).expect("valid JSON");
        assert!(v.is_array(), "{args:?}");
        assert!(r.out.contains("more items"), "{args:?}: {}", r.out);
    }
    let r = run(tool("ctx-truncate").args(["--from", "auto", "--max-chars", "3000"]).arg(JSON));
    assert!(serde_json::from_str::<serde_json::Value>(&r.out).is_ok() && r.out.chars().count() <= 3000);
    let dir = tmp("json-summarize");
    let r = run(common::summarize_cmd(&dir).args(["--from", "json", "--pass-through", "2000"]).arg(JSON));
    assert!(serde_json::from_str::<serde_json::Value>(&r.out).is_ok() && r.out.chars().count() <= 2000, "{}", r.out);
}

/// The profiles are built in: `--tool` works with no config file, in any case, under the names
/// other agents give their shell tool, and -v says which profile applied.
#[test]
fn built_in_profiles_need_no_file() {
    for name in ["bash", "Bash", "run_shell_command", "developer__shell", "exec_command"] {
        let r = run(tool("ctx-truncate").args(["--tool", name, "--print-config"]));
        assert_eq!(r.code, 0, "{}", r.err);
        assert!(r.out.starts_with("# config: none\n# profile: [tools.bash]"), "{name}: {}", r.out);
        assert!(r.out.contains("strategy = \"salient\""), "{}", r.out);
    }
    let r = run(tool("ctx-truncate").args(["--tool", "Read", "-v"]).write_stdin("x\n"));
    assert_eq!(
        r.err,
        "ctx-truncate: tool 'Read': profile [tools.read_file]\nctx-truncate: kept 2 of 2 chars; 0 gap(s), 0 chars omitted\n"
    );
}

/// `--config` and `[defaults]` on every tool: ctx-chunk and ctx-score take the one setting a
/// config file holds for them, `encoding`.
#[test]
fn chunk_and_score_take_the_encoding_from_the_config_file() {
    let dir = common::tmp("config-chunk-score");
    let cfg = dir.join("c.toml");
    std::fs::write(&cfg, "[defaults]\nencoding = \"estimate\"\n").expect("write");
    let input = common::numbers(2000);
    for tool in ["ctx-chunk", "ctx-score"] {
        let args = ["--size", "100", "--unit", "tokens", "--json"];
        let by_flag =
            common::run(common::tool(tool).args(args).args(["--encoding", "estimate"]).write_stdin(input.clone()));
        let by_file = common::run(common::tool(tool).args(args).arg("--config").arg(&cfg).write_stdin(input.clone()));
        let by_default = common::run(common::tool(tool).args(args).write_stdin(input.clone()));
        assert_eq!((by_file.code, &by_file.out), (0, &by_flag.out), "{tool}: {}", by_file.err);
        assert_ne!(by_default.out, by_flag.out, "{tool}: o200k and the estimate differ here");
        let shown = common::run(common::tool(tool).arg("--config").arg(&cfg).arg("--print-config"));
        assert!(shown.out.contains("encoding = \"estimate\""), "{tool}: {}", shown.out);
    }
}
