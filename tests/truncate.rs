//! `ctx-truncate` from the outside: the contract every tool keeps, and what this one promises.

mod common;

use common::{CORPUS, check_contract, numbers, run, tmp, tool};
use std::path::Path;

fn ctx() -> assert_cmd::Command {
    tool("ctx-truncate")
}

const TEN: &str = "1\n2\n3\n4\n[... 991 lines (3,864 chars) omitted: lines 5-995 ...]\n996\n997\n998\n999\n1000\n";

#[test]
fn reads_stdin_file_and_dash_alike() {
    let dir = tmp("inputs");
    let f = dir.join("n.txt");
    std::fs::write(&f, numbers(1000)).expect("write");
    let from_stdin = run(ctx().args(["--max-lines", "10"]).write_stdin(numbers(1000)));
    let from_dash = run(ctx().args(["--max-lines", "10", "-"]).write_stdin(numbers(1000)));
    let from_file = run(ctx().args(["--max-lines", "10"]).arg(&f));
    for r in [&from_stdin, &from_dash, &from_file] {
        assert_eq!((r.code, r.out.as_str(), r.err.as_str()), (0, TEN, ""));
    }
}

#[test]
fn keeps_the_contract() {
    check_contract("ctx-truncate", &["--max-lines", "3"], &numbers(50));
}

#[test]
fn empty_input_gives_empty_output() {
    let r = run(ctx().write_stdin(""));
    assert_eq!((r.code, r.out.as_str(), r.err.as_str()), (0, "", ""));
}

#[test]
fn fitting_input_passes_through_byte_for_byte() {
    let input = "no newline at the end, \u{1F600} and \r\n CRLF";
    let r = run(ctx().write_stdin(input));
    assert_eq!(r.out, input);
}

#[test]
fn invalid_utf8_keeps_bytes_in_text_and_says_so_in_json() {
    let mut input = Vec::new();
    for i in 0..300 {
        input.extend_from_slice(format!("line {i} ").as_bytes());
        input.extend_from_slice(b"\xff\xfe bytes\n");
        input.extend_from_slice(b"\xff\xfe\n");
    }
    let o = ctx().args(["--max-chars", "200"]).write_stdin(input.clone()).output().expect("runs");
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.starts_with(b"line 0 "));
    assert!(o.stdout.windows(2).any(|w| w == b"\xff\xfe"), "invalid bytes are kept");
    let j = run(ctx().args(["--max-chars", "200", "--json"]).write_stdin(input));
    let v: serde_json::Value = serde_json::from_str(&j.out).expect("json");
    assert_eq!(v["valid_utf8"], false);
    assert_eq!(v["truncated"], true);
}

#[test]
fn missing_file_is_one_line_exit_1_after_the_others() {
    let dir = tmp("missing");
    let f = dir.join("ok.txt");
    std::fs::write(&f, "fine\n").expect("write");
    let r = run(ctx().arg("nope.log").arg(&f));
    assert_eq!(r.code, 1);
    assert_eq!(r.err, "ctx-truncate: cannot open 'nope.log': No such file or directory\n");
    assert_eq!(r.out, format!("==> {} <==\nfine\n", f.display()));
}

#[test]
fn bad_flags_are_usage_errors_in_one_line() {
    for args in [
        vec!["--bogus"],
        vec!["--max-chars", "0"],
        vec!["--max-tokens", "ten"],
        vec!["--marker", "x", "--no-marker"],
        vec!["--strategy", "head", "--keep", "error"],
        vec!["--keep", "("],
        vec!["--head-ratio", "1.5"],
        vec!["--marker", "{nope}"],
        vec!["--marker", "[cut] {path}"],
        vec!["--marker", ""],
        vec!["file.txt", "--", "true"],
    ] {
        let r = run(ctx().args(&args).write_stdin("x"));
        assert_eq!(r.code, 2, "{args:?}: {}", r.err);
        assert_eq!(r.err.lines().count(), 1, "{args:?}: {}", r.err);
        assert!(r.err.starts_with("ctx-truncate: "), "{args:?}: {}", r.err);
        assert_eq!(r.out, "");
    }
    let r = run(ctx().args(["--max-chars", "0"]));
    assert!(r.err.contains("a budget of 0 leaves room for nothing"), "{}", r.err);
}

#[test]
fn several_budgets_all_hold() {
    let r = run(ctx().args(["--max-lines", "256", "--max-bytes", "300"]).write_stdin(numbers(5000)));
    assert!(r.out.len() <= 300);
    assert!(r.out.lines().count() <= 256);
    let r = run(ctx().args(["--max-lines", "6", "--max-bytes", "100000"]).write_stdin(numbers(5000)));
    assert_eq!(r.out.lines().count(), 6);
}

#[test]
fn default_budget_is_12000_chars() {
    let input = "abcdefghi\n".repeat(5000);
    let r = run(ctx().write_stdin(input));
    assert_eq!(r.out.chars().count(), 11_992);
    assert!(
        r.out.contains("\n[... 3,807 lines (38,070 chars) omitted: lines 597-4,403 ...]\n"),
        "{}",
        &r.out[5900..6100]
    );
}

#[test]
fn json_has_the_numbers() {
    let r = run(ctx().args(["--max-lines", "10", "--json"]).write_stdin(numbers(1000)));
    let v: serde_json::Value = serde_json::from_str(&r.out).expect("json");
    assert_eq!(v["text"], TEN);
    assert_eq!(v["truncated"], true);
    assert_eq!(v["strategy"], "head-tail");
    assert_eq!(v["original"], serde_json::json!({"bytes": 3893, "chars": 3893, "lines": 1000, "tokens": 2001}));
    assert_eq!(v["output"]["lines"], 10);
    assert_eq!(
        v["gaps"],
        serde_json::json!([{"start_line": 5, "end_line": 995, "start_byte": 8, "end_byte": 3872, "lines": 991, "chars": 3864, "tokens": 1982}])
    );
    assert_eq!(v["persisted"], serde_json::Value::Null);
    assert_eq!(v["valid_utf8"], true);
}

#[test]
fn count_prints_the_size_only() {
    let r = run(ctx().arg("--count").write_stdin("Hello, world!\n"));
    assert_eq!(r.out, "4\n");
    for (unit, n) in [("chars", "14"), ("bytes", "14"), ("lines", "1")] {
        let r = run(ctx().arg(format!("--count={unit}")).write_stdin("Hello, world!\n"));
        assert_eq!(r.out, format!("{n}\n"));
    }
    let r = run(ctx().args(["--count", "--encoding", "estimate"]).write_stdin("总结 and more"));
    assert_eq!(r.out, "6\n");
}

#[test]
fn several_files_get_headers() {
    let dir = tmp("headers");
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    std::fs::write(&a, "A\n").expect("write");
    std::fs::write(&b, numbers(100)).expect("write");
    let r = run(ctx().args(["--max-lines", "3"]).arg(&a).arg(&b));
    assert_eq!(
        r.out,
        format!(
            "==> {} <==\nA\n\n==> {} <==\n1\n[... 98 lines (286 chars) omitted: lines 2-99 ...]\n100\n",
            a.display(),
            b.display()
        )
    );
}

#[test]
fn marker_template_and_no_marker() {
    let r = run(ctx()
        .args(["--max-lines", "3", "--marker", "<{lines} lines, {start_line}-{end_line}>"])
        .write_stdin(numbers(10)));
    assert_eq!(r.out, "1\n<8 lines, 2-9>\n10\n");
    let r = run(ctx().args(["--max-lines", "3", "--no-marker"]).write_stdin(numbers(10)));
    assert_eq!(r.out, "1\n9\n10\n");
}

#[test]
fn a_cut_is_always_marked_or_refused() {
    // A template too long for the budget falls back to `[...]`, which may take the whole budget.
    let r = run(ctx().args(["--max-chars", "10", "--marker", "[cut {lines} lines]"]).write_stdin(numbers(3000)));
    assert_eq!((r.code, r.out.as_str(), r.err.as_str()), (0, "1\n[...]\n0\n", ""));
    let r = run(ctx().args(["--max-chars", "10"]).write_stdin(numbers(3000)));
    assert_eq!((r.code, r.out.as_str()), (0, "1\n[...]\n0\n"));
    let r = run(ctx().args(["--max-lines", "1"]).write_stdin(numbers(3000)));
    assert_eq!((r.code, r.out.as_str()), (0, "[...]\n"));
    // Nothing fits: exit 1 and one line, never a silent cut.
    for budget in [["--max-chars", "5"], ["--max-tokens", "2"]] {
        let r = run(ctx().args(budget).write_stdin(numbers(3000)));
        assert_eq!(r.code, 1, "{budget:?}: {}", r.out);
        assert_eq!(r.out, "");
        assert_eq!(
            r.err,
            "ctx-truncate: the budget cannot hold a marker where the text is cut, not even '[...]': raise the budget\n"
        );
    }
    // With the full text saved, the fallback names it; a budget too small for that is refused.
    let dir = tmp("always-marked");
    let args = ["--max-chars", "60", "--marker", "[cut {lines} lines] {path}", "--persist"];
    let r = run(ctx().args(args).arg(&dir).write_stdin(numbers(3000)));
    assert_eq!((r.code, r.out.as_str()), (1, ""));
    assert!(r.err.starts_with("ctx-truncate: the budget cannot hold where the full text was saved ("), "{}", r.err);
    assert_eq!(r.err.lines().count(), 1);
    let r = run(ctx()
        .args(["--max-chars", "200", "--marker", "[cut {lines} lines] {path}", "--persist"])
        .arg(&dir)
        .write_stdin(numbers(3000)));
    let saved = common::saved(&dir).into_iter().next().expect("saved");
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains(&format!("] {}\n", saved.display())), "{}", r.out);
}

/// Escapes take room and say nothing. An input that is cut is cut from what a terminal shows of
/// it, line for line: the same output, byte for byte, as its plain text gives, with the markers'
/// line numbers the input's, and the full text saved is that plain text, line for line. An input
/// that fits passes as it came, and `--no-clean` keeps the escapes in a cut. The lines are
/// Pester's on Travis (master-thesis, PowerShell__pester@Pester__555251409.log, lines 770-777:
/// each `ESC[39;49m` pair is Pester's, the `\r\r\n` Travis's).
#[test]
fn a_cut_input_is_cut_from_what_a_terminal_shows() {
    let (c, e) = ("\x1b[39;49m", "\r\r\n");
    let passed =
        |i: usize| format!("{c}\x1b[32m{c}\x1b[32m    [+] i{i}{c}{c}{c}\x1b[30m{c}\x1b[30m 11ms (5ms|6ms){c}{c}{e}");
    let failed = format!(
        "{c}\x1b[31m{c}\x1b[31m[-] - Running without any params runs all files from the local folder -> Expected and actual values differ!{e}"
    );
    let shown = |line: &str| {
        let mut out = String::new();
        let mut rest = line;
        while let Some(i) = rest.find('\x1b') {
            out.push_str(&rest[..i]);
            rest = &rest[i + rest[i..].find('m').expect("an SGR") + 1..];
        }
        out.push_str(rest);
        out.replace("\r\r\n", "\r\n")
    };
    // Blank lines between Pester's blocks (line 770 of the log): a run that `--clean` would fold.
    let blank = || e.to_string();
    let lines: Vec<String> = (0..300)
        .map(passed)
        .chain(std::iter::repeat_with(blank).take(4))
        .chain([failed.clone()])
        .chain((300..400).map(passed))
        .collect();
    let coloured = lines.concat();
    let plain: String = lines.iter().map(|l| shown(l)).collect();
    assert_eq!(plain.lines().count(), 405);
    assert!(plain.contains("    [+] i7 11ms (5ms|6ms)\r\n"), "{}", &plain[..200]);

    let dir = tmp("cut-shown");
    let args = ["--max-chars", "2000", "--persist"];
    let from_coloured = run(ctx().args(args).arg(&dir).write_stdin(coloured.clone()));
    let from_plain = run(ctx().args(args).arg(&dir).write_stdin(plain.clone()));
    assert_eq!(from_coloured.code, 0, "{}", from_coloured.err);
    assert_eq!(from_coloured.out, from_plain.out);
    assert!(!from_coloured.out.contains('\x1b'));
    assert!(from_coloured.out.contains("\n[-] - Running without any params runs all files"), "{}", from_coloured.out);
    // Every marker numbers the input's lines: the lines around `lines A-B` are its lines A-1 and
    // B+1 (the marker's length, and so the cut, depends on the saved path's).
    let input: Vec<&str> = plain.split_inclusive('\n').collect();
    let out: Vec<&str> = from_coloured.out.split_inclusive('\n').collect();
    let mut markers = 0;
    for (i, l) in out.iter().enumerate() {
        let Some(at) = l.find("omitted: lines ") else { continue };
        let range: String = l[at + 15..].chars().take_while(|c| c.is_ascii_digit() || *c == '-' || *c == ',').collect();
        let (a, b) =
            range.replace(',', "").split_once('-').map(|(a, b)| (a.parse::<usize>(), b.parse::<usize>())).expect("A-B");
        let (a, b) = (a.expect("A"), b.expect("B"));
        assert_eq!((out[i - 1], out.get(i + 1).copied()), (input[a - 2], input.get(b).copied()), "{l}");
        markers += 1;
    }
    assert!(markers >= 2, "{}", from_coloured.out);
    let saved = common::saved(&dir);
    assert_eq!(saved.len(), 1, "both saved the same text: {saved:?}");
    assert_eq!(std::fs::read_to_string(&saved[0]).expect("read"), plain);

    // An input that fits passes as it came.
    let few = lines[295..305].concat();
    assert_eq!(run(ctx().args(["--max-chars", "2000"]).write_stdin(few.clone())).out, few);
    // --no-clean keeps the escapes in a cut, and so keeps fewer lines.
    let kept = run(ctx().args(["--max-chars", "2000", "--no-clean"]).write_stdin(coloured.clone()));
    assert!(kept.out.contains(&failed), "{}", kept.out);
    assert!(kept.out.lines().count() < from_plain.out.lines().count(), "{}", kept.out);
    // So does the read profile (`clean = false`): a file's bytes are the file's.
    let read = run(ctx().args(["--tool", "read", "--max-lines", "5"]).write_stdin(coloured.clone()));
    assert!(read.out.starts_with(&lines[..2].concat()), "{}", read.out);
    // --count counts the input as it came.
    let bytes = run(ctx().arg("--count=bytes").write_stdin(coloured.clone()));
    assert_eq!(bytes.out, format!("{}\n", coloured.len()));
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn clean_on_the_npm_log_removes_the_noise_on_shared_corpus() {
    let path = Path::new(CORPUS).join("npm.sh.raw");
    let raw = run(ctx().arg("--count=bytes").arg(&path));
    assert_eq!(raw.out, "558760\n");
    let clean = run(ctx().args(["--clean", "--json", "--count"]).arg(&path));
    let v: serde_json::Value = serde_json::from_str(&clean.out).expect("json");
    // Measured: 558,760 → 316,839 bytes (−43%), 315,694 → 89,137 o200k tokens (−72%).
    assert_eq!(v["bytes"], 316_839);
    assert_eq!(v["tokens"], 89_137);
    assert_eq!(v["lines"], 4_994);
    let text = ctx().args(["--clean", "--max-chars", "1000000"]).arg(&path).output().expect("runs");
    assert!(!text.stdout.contains(&0x1B), "no escape is left");
    assert!(String::from_utf8_lossy(&text.stdout).contains("[previous line repeated 4 times]\n"));
}

#[test]
fn persist_saves_the_full_input_once() {
    let dir = tmp("persist");
    let input = numbers(2000);
    let first = run(ctx().args(["--max-lines", "5", "--persist"]).arg(&dir).write_stdin(input.clone()));
    let second = run(ctx().args(["--max-lines", "5", "--persist"]).arg(&dir).write_stdin(input.clone()));
    assert_eq!(first.out, second.out);
    let files: Vec<_> = common::saved(&dir);
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(std::fs::read_to_string(&files[0]).expect("read"), input);
    assert!(first.out.contains(&format!("; full text: {} ...]", files[0].display())), "{}", first.out);
    // Input that fits is not saved.
    run(ctx().args(["--persist"]).arg(&dir).write_stdin("small\n"));
    assert_eq!(common::saved(&dir).len(), 1);
}

#[test]
fn persist_names_the_path_in_the_first_marker_only() {
    let dir = tmp("persist-once");
    let mut input = numbers(2000);
    input.insert_str(input.find("\n1000\n").expect("line 1000") + 1, "error: boom\n");
    let r = run(ctx().args(["--max-lines", "7", "--strategy", "salient", "--persist"]).arg(&dir).write_stdin(input));
    let path = common::saved(&dir).into_iter().next().expect("saved");
    assert_eq!(
        r.out,
        format!(
            "1\n[... 996 lines (3,878 chars) omitted: lines 2-997, 996 like the line above; full text: {} ...]\n998\n999\nerror: boom\n[... 1,000 lines (5,000 chars) omitted: lines 1,001-2,000, 1,000 like the line below ...]\n2000\n",
            path.display()
        )
    );
}

#[test]
fn preview_shows_the_start_the_path_and_the_size() {
    let dir = tmp("preview");
    let r = run(ctx().args(["--preview", "120", "--persist"]).arg(&dir).write_stdin(numbers(1000)));
    let saved = common::saved(&dir).into_iter().next().expect("saved");
    let last = r.out.lines().last().unwrap_or_default().to_string();
    assert_eq!(
        last,
        format!(
            "[... output truncated: showing 117 of 3,893 chars (1,000 lines in all); full output: {} ...]",
            saved.display()
        )
    );
    // The first 120 chars, cut on a line, then the footer (which --preview does not count).
    assert_eq!(r.out.lines().count(), 42 + 1);
    assert!(r.out.starts_with("1\n2\n3\n"));
}

#[test]
fn command_mode_interleaves_and_passes_the_status() {
    let r = run(ctx().args(["--", "sh", "-c", "echo out1; echo err1 >&2; echo out2"]));
    assert_eq!((r.code, r.out.as_str()), (0, "out1\nerr1\nout2\n"));
    let r = run(ctx().args(["--", "sh", "-c", "echo failing; exit 3"]));
    assert_eq!((r.code, r.out.as_str()), (3, "failing\n[exit status 3]\n"));
    let r = run(ctx().args(["--", "sh", "-c", "kill -9 $$"]));
    assert_eq!((r.code, r.out.as_str()), (137, "[exit status 137]\n"));
    let r = run(ctx().args(["--max-lines", "5", "--", "sh", "-c", "seq 1 100; exit 1"]));
    assert_eq!(
        (r.code, r.out.as_str()),
        (1, "1\n[... 97 lines (283 chars) omitted: lines 2-98 ...]\n99\n100\n[exit status 1]\n")
    );
    let r = run(ctx().args(["--max-chars", "10", "--", "sh", "-c", "seq 1 100; exit 2"]));
    assert_eq!((r.code, r.out.as_str()), (2, "[exit status 2]\n"), "the status always shows");
    let r = run(ctx().args(["--", "definitely-not-a-command-ctx"]));
    assert_eq!(r.code, 127);
    assert_eq!(r.err, "ctx-truncate: cannot run 'definitely-not-a-command-ctx': No such file or directory\n");
    let dir = tmp("not-executable");
    let r = run(ctx().arg("--").arg(&dir));
    assert_eq!(r.code, 126, "a directory is found but cannot run: {}", r.err);
    assert_eq!(r.err, format!("ctx-truncate: cannot run '{}': Permission denied\n", dir.display()));
}

#[test]
fn the_binary_placeholder_keeps_the_budget() {
    let r = run(ctx().args(["--max-chars", "20"]).write_stdin("a\0b"));
    assert_eq!((r.code, r.out.as_str()), (0, "[binary, 3 bytes]\n"));
    let r = run(ctx().args(["--max-chars", "5"]).write_stdin("a\0b"));
    assert_eq!((r.code, r.out.as_str()), (1, ""));
    assert_eq!(
        r.err,
        "ctx-truncate: 'standard input' is binary (3 bytes) and the budget cannot hold even '[binary, 3 bytes]': raise the budget or read it with --text\n"
    );
    let r = run(ctx().write_stdin("a\0b"));
    assert_eq!(r.out, "[binary, 3 bytes, not shown; --text shows it]\n");
}

#[test]
fn help_says_what_the_default_strategy_keeps() {
    let r = run(ctx().arg("-h"));
    assert!(r.out.contains("fit into 12,000 chars: auto keeps the head,\n"), "{}", r.out);
    assert!(!r.out.contains("chars, head and tail"), "{}", r.out);
}

#[test]
fn broken_pipe_ends_quietly() {
    let bin = assert_cmd::cargo::cargo_bin!("ctx-truncate");
    let script =
        format!("set -o pipefail; seq 1 2000000 | '{}' --max-bytes 100000000 | head -c 10 >/dev/null", bin.display());
    let o = std::process::Command::new("bash").args(["-c", &script]).output().expect("bash runs");
    assert_eq!(String::from_utf8_lossy(&o.stderr), "");
    assert_eq!(o.status.code(), Some(0));
}

/// pytest's own demo of 44 failures (indented in its RST document): every `FAILED` line of its
/// short summary is kept, with the final line, at 8,000 chars and at 2,000 tokens, by default.
#[test]
fn salient_keeps_the_pytest_failures() {
    // A copy of the corpus file, with its attribution (tests/fixtures/corpus/README.md).
    let path = Path::new("tests/fixtures/corpus/pytest-reportingdemo.rst");
    let text = std::fs::read_to_string(path).expect("fixture");
    let failed: Vec<&str> = text.lines().filter(|l| l.starts_with("    FAILED ")).collect();
    assert_eq!(failed.len(), 44);
    for budget in [["--max-chars", "8000"], ["--max-tokens", "2000"]] {
        let r = run(ctx().args(budget).arg(path));
        assert_eq!(r.code, 0);
        let kept: Vec<&str> = r.out.lines().collect();
        for line in &failed {
            assert!(kept.contains(line), "{budget:?} drops {line}");
        }
        assert!(r.out.ends_with("============================ 44 failed in 0.12s ============================\n"));
    }
    let r = run(ctx().args(["--max-chars", "8000"]).arg(path));
    assert!(r.out.chars().count() <= 8000);
}

#[test]
fn lines_reads_a_range_and_markers_number_lines_as_in_the_whole() {
    let r = run(ctx().args(["--lines", "10:60", "--max-lines", "6"]).write_stdin(numbers(100)));
    assert_eq!(r.out, "10\n11\n[... 46 lines (138 chars) omitted: lines 12-57 ...]\n58\n59\n60\n");
    let r = run(ctx().args(["--lines", "98:"]).write_stdin(numbers(100)));
    assert_eq!(r.out, "98\n99\n100\n");
    // A marker's range pastes as it is, thousands separators and all.
    let r = run(ctx().args(["--max-lines", "4"]).write_stdin(numbers(3000)));
    assert_eq!(r.out, "1\n[... 2,997 lines (13,881 chars) omitted: lines 2-2,998 ...]\n2999\n3000\n");
    let r = run(ctx().args(["--lines", "1,998-2,000"]).write_stdin(numbers(3000)));
    assert_eq!(r.out, "1998\n1999\n2000\n");
    let r = run(ctx().args(["--lines", "5:2"]).write_stdin(numbers(10)));
    assert_eq!(
        (r.code, r.err.as_str()),
        (
            2,
            "ctx-truncate: invalid value '5:2' for '--lines <A:B>': '5:2' ends before it starts (see 'ctx-truncate --help')\n"
        )
    );
}

/// A wrong choice lists the accepted values, and names the variable when the value came from it.
#[test]
fn choice_errors_list_the_values_and_name_their_variable() {
    let r = run(ctx().args(["--encoding", "gpt4"]).write_stdin("x"));
    assert_eq!(r.code, 2);
    assert_eq!(
        r.err,
        "ctx-truncate: invalid value 'gpt4' for '--encoding <ENCODING>'; [possible values: o200k, cl100k, estimate] (see 'ctx-truncate --help')\n"
    );
    let r = run(ctx().env("CTX_ENCODING", "gpt4").write_stdin("x"));
    assert_eq!(r.code, 2);
    assert_eq!(
        r.err,
        "ctx-truncate: invalid value 'gpt4' for '--encoding <ENCODING>'; [possible values: o200k, cl100k, estimate] (the value comes from CTX_ENCODING) (see 'ctx-truncate --help')\n"
    );
}

/// `-n`, `-c` and `-t` mean what they mean to users of head, tail and ttok.
#[test]
fn head_and_ttok_short_forms() {
    let lines = run(ctx().args(["-n", "4", "--strategy", "head-tail"]).write_stdin(numbers(100)));
    assert_eq!(lines.out, "1\n[... 97 lines (283 chars) omitted: lines 2-98 ...]\n99\n100\n");
    let bytes = run(ctx().args(["-c", "60", "--strategy", "head"]).write_stdin(numbers(100)));
    assert!(bytes.out.len() <= 60, "{}", bytes.out);
    let long = run(ctx().args(["--max-bytes", "60", "--strategy", "head"]).write_stdin(numbers(100)));
    assert_eq!(bytes.out, long.out);
    let tokens = run(ctx().args(["-t", "30", "--strategy", "head"]).write_stdin(numbers(100)));
    let long = run(ctx().args(["--max-tokens", "30", "--strategy", "head"]).write_stdin(numbers(100)));
    assert_eq!((tokens.code, &tokens.out), (0, &long.out));
}

/// Binary input (a NUL in its first 8 KiB) is not printed raw nor tokenized: it stands as one
/// line with its size; --count counts only its bytes; --text reads it as text anyway.
#[test]
fn binary_input_is_named_not_shown() {
    let mut data = b"\x7fELF\x02\x01\x01\x00".to_vec();
    data.extend((0..20_000u32).map(|i| (i % 251) as u8));
    let r = run(ctx().write_stdin(data.clone()));
    assert_eq!((r.code, r.out.as_str()), (0, "[binary, 20,008 bytes, not shown; --text shows it]\n"));
    let r = run(ctx().arg("--count=bytes").write_stdin(data.clone()));
    assert_eq!(r.out, "20008\n");
    let r = run(ctx().arg("--count").write_stdin(data.clone()));
    assert_eq!(r.code, 1);
    assert_eq!(
        r.err,
        "ctx-truncate: 'standard input' is binary (20,008 bytes): only --count=bytes counts it (--text reads it as text)\n"
    );
    let r = ctx().args(["--text", "--max-bytes", "100000"]).write_stdin(data.clone()).output().expect("runs");
    assert!(r.stdout.starts_with(b"\x7fELF\x02\x01\x01\x00\x00\x01"), "--text reads it as text");
}

/// With --persist, the path of the full text survives any budget: a small one gets the short
/// marker that names it, and one too small for the path fails (exit 1) rather than hide it.
#[test]
fn the_saved_path_survives_a_tiny_budget() {
    let dir = tmp("persist-tiny");
    let r = run(ctx().args(["--max-chars", "120", "--persist"]).arg(&dir).write_stdin(numbers(2000)));
    let path = common::saved(&dir).into_iter().next().expect("saved");
    assert_eq!(r.code, 0);
    assert!(r.out.contains(&format!("\n[... full text: {} ...]\n", path.display())), "{}", r.out);
    assert!(r.out.chars().count() <= 120);
    let r = run(ctx().args(["--max-chars", "30", "--persist"]).arg(&dir).write_stdin(numbers(2000)));
    assert_eq!((r.code, r.out.as_str()), (1, ""));
    assert!(r.err.starts_with("ctx-truncate: the budget cannot hold where the full text was saved ("), "{}", r.err);
}

/// A range read that saves full texts names the whole file: the marker's line numbers are the
/// file's, so `--lines` on the named path reads exactly the lines it says were omitted.
#[test]
fn a_range_read_names_the_whole_file_so_its_line_numbers_hold() {
    let dir = common::tmp("lines-persist");
    let file = dir.join("n.txt");
    std::fs::write(&file, common::numbers(1000)).expect("write");
    let store = dir.join("store");
    let r = common::run(
        common::tool("ctx-truncate").args(["--lines", "100:400", "-n", "5", "--persist"]).arg(&store).arg(&file),
    );
    let full = std::fs::canonicalize(&file).expect("path");
    assert_eq!(
        r.out,
        format!(
            "100\n101\n[... 297 lines (1,188 chars) omitted: lines 102-398; full text: {} ...]\n399\n400\n",
            full.display()
        )
    );
    assert_eq!(common::saved(&store).len(), 0, "nothing is copied: the file is the full text");
    let more = common::run(common::tool("ctx-truncate").args(["--lines", "102:104"]).arg(&full));
    assert_eq!(more.out, "102\n103\n104\n");
    let stdin = common::run(
        common::tool("ctx-truncate").args(["--lines", "2:9", "--persist"]).arg(&store).write_stdin("1\n2\n"),
    );
    assert_eq!(stdin.code, 2);
    assert_eq!(
        stdin.err,
        "ctx-truncate: --persist with --lines saves the whole input, which standard input cannot give: read a FILE\n"
    );
}

/// The folder of full texts has one name in every tool: `--persist` or `--store`, and
/// `$CTX_PERSIST_DIR` (ctx-compact's `--store` takes `--persist` too).
#[test]
fn persist_and_store_name_the_same_folder_in_every_tool() {
    let dir = common::tmp("store-alias");
    let by_store = common::run(
        common::tool("ctx-truncate").args(["-n", "3", "--store"]).arg(dir.join("a")).write_stdin(common::numbers(100)),
    );
    let by_persist = common::run(
        common::tool("ctx-truncate")
            .args(["-n", "3", "--persist"])
            .arg(dir.join("a"))
            .write_stdin(common::numbers(100)),
    );
    assert_eq!(by_store.out, by_persist.out);
    assert!(
        by_store
            .out
            .contains(&format!("full text: {}/", std::fs::canonicalize(dir.join("a")).expect("made").display())),
        "{}",
        by_store.out
    );
    for tool in ["ctx-summarize", "ctx-compact"] {
        let help = common::run(common::tool(tool).arg("--help"));
        assert!(
            help.out.contains("CTX_PERSIST_DIR")
                && (help.out.contains("[alias: --store]") || help.out.contains("[alias: --persist]")),
            "{tool}: {}",
            help.out
        );
    }
}

#[test]
fn a_range_past_the_last_line_is_an_error_not_an_empty_answer() {
    let r = run(ctx().args(["--lines", "5,129-9,007", "tests/fixtures/build.log"]));
    assert_eq!((r.code, r.out.as_str()), (1, ""));
    assert_eq!(
        r.err,
        "ctx-truncate: cannot read 'tests/fixtures/build.log': --lines starts at line 5,129, after the last line (300)\n"
    );
    let r = run(ctx().args(["--lines", "5,12", "tests/fixtures/build.log"]));
    assert_eq!(r.code, 2, "a ',' that does not group digits in threes is refused: {}", r.err);
    let r = run(ctx().args(["--lines", "299-1,000", "tests/fixtures/build.log"]));
    assert_eq!((r.code, r.out.lines().count()), (0, 2), "a range that runs past the end gives what there is");
}

/// `--baseline` on a real pass/fail pair of Maven builds (CiDiff's astor_400, excerpts in
/// tests/fixtures/cidiff-astor_400 with their notice): the failure is kept with the baseline as
/// without it, and a cut ranked against the baseline ends with the line that says so, within the
/// budget. (On this pair the failing run's lines are all its own, so the baseline moves little:
/// where it ranks a line lower, tests/agent.rs and the unit tests show it exactly.)
#[test]
fn baseline_keeps_the_failure_and_says_so_within_the_budget() {
    let dir = Path::new("tests/fixtures/cidiff-astor_400");
    let (fail, pass) = (dir.join("fail.log"), dir.join("pass.log"));
    let failure = "\n[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.0:compile (default-compile) on project astor: Compilation failure: Compilation failure:\n";
    let symbol = "\n[ERROR] /builds/workspace/astor/src/main/java/fr/inria/astor/approaches/scaffold/scaffoldgeneration/libinfo/LibParser.java:[23,29] cannot find symbol\n";
    let note = "\nFinished: FAILURE\n[ctx: lines the previous run printed too ranked lower]\n";
    for budget in [2500, 3050, 3500] {
        let plain = run(ctx().args(["--max-chars", &budget.to_string()]).arg(&fail));
        assert_eq!(plain.code, 0, "{}", plain.err);
        assert!(plain.out.contains(failure) && plain.out.contains(symbol), "{}", plain.out);
        assert!(plain.out.ends_with("\nFinished: FAILURE\n") && !plain.out.contains("[ctx: "), "{}", plain.out);

        let against = run(ctx().args(["--max-chars", &budget.to_string(), "--baseline"]).arg(&pass).arg(&fail));
        assert_eq!((against.code, against.err.as_str()), (0, ""));
        let out = &against.out;
        assert!(out.contains(failure) && out.contains(symbol), "{out}");
        assert!(out.ends_with(note), "{out}");
        assert!(out.chars().count() <= budget, "{budget}: {}", out.chars().count());
    }
}

#[test]
fn baseline_is_refused_where_it_would_do_nothing() {
    let r = run(ctx()
        .args(["--strategy", "head", "--baseline", "tests/fixtures/cidiff-astor_400/pass.log"])
        .write_stdin("x\n"));
    assert_eq!(r.code, 2, "{}", r.err);
    assert_eq!(
        r.err,
        "ctx-truncate: --baseline ranks the lines salient keeps; it does nothing with another strategy than auto or salient\n"
    );
    let r = run(ctx().args(["--baseline", "tests/fixtures/cidiff-astor_400/missing.log"]).write_stdin("x\n"));
    assert_eq!(
        (r.code, r.err.as_str()),
        (
            1,
            "ctx-truncate: cannot open baseline 'tests/fixtures/cidiff-astor_400/missing.log': No such file or directory\n"
        )
    );
}
