//! How much a line matters: the one place every tool asks (salient truncation, chunk scoring,
//! extractive summaries, compaction records).
//!
//! Lines fall into ranked [`Class`]es, decided by the output formats of the tools that wrote
//! them, not by a word list alone: a *verdict* says what failed (a failed test, a compiler
//! error, the exception line that ends a traceback, a non-zero exit, a runner's summary); its
//! *context* makes it usable (the location under a compiler error, the frame nearest the
//! exception, expected/received lines); then free text that merely contains an error word (a
//! test named "throws an error when …"); then warnings, the lowest class that still counts, as a
//! warning fails nothing. Lines that say something passed rank below plain text.
//!
//! [`Scanner`] classifies a text line by line with a few lines of state (a Python traceback's
//! frames, a compiler error's snippet), so a frame can be promoted when the exception below it
//! is seen. [`template`] folds lines that differ only in numbers, hex ids and timestamps, so
//! repeats can be counted and rare lines preferred.

use crate::matcher::Matcher;
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};
use regex::bytes::Regex;
use std::sync::LazyLock;

/// How much a line matters, from least to most.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// Says that something passed (`PASSED`, `... ok`, `--- PASS`, `✓`), or says nothing of what
    /// failed (stock advice such as Maven's `-> [Help 1]` block, a reactor's `SKIPPED` module):
    /// below plain text.
    Pass,
    /// Nothing in particular.
    #[default]
    Plain,
    /// A warning: it fails nothing, so it ranks below a mere mention (on bench/reallogs.sh, 13
    /// of 39,364 warning lines are decisive and 233 of 28,745 mentions).
    Warning,
    /// Free text that contains an error word but no verdict (a test named "raises an error").
    Mention,
    /// What makes a verdict usable: a location, the frame nearest an exception, an expected or
    /// received value, the header of a failure's section.
    Context,
    /// A test runner's summary (`N passed, M failed`, `test result: ok`), passing or failing.
    Summary,
    /// What failed: a failed test or build, a compiler error, an exception, a panic, a
    /// non-zero exit, an error-level log line.
    Verdict,
    /// A line the user asked for (`--keep REGEX`, a profile's `keep`).
    Keep,
}

impl Class {
    /// Whether a line of this class is worth keeping from the middle of a text.
    pub fn matters(self) -> bool {
        self >= Class::Warning
    }

    /// A weight for scores: 0 for plain text, up to 1 for what the user asked for.
    pub fn weight(self) -> f64 {
        match self {
            Class::Pass | Class::Plain => 0.0,
            Class::Warning => 0.2,
            Class::Mention => 0.4,
            Class::Context => 0.6,
            Class::Summary => 0.7,
            Class::Verdict => 0.9,
            Class::Keep => 1.0,
        }
    }
}

/// Words whose presence makes a line worth a closer look (ASCII, any case). A line with none of
/// them and no telling start is plain: the fast path for most of a log.
const WORDS: &[&str] = &[
    "error",
    "err!",
    "fail",
    "fatal",
    "panic",
    "exception",
    "traceback",
    "abort",
    "segmentation fault",
    "core dumped",
    "undefined reference",
    "cannot find",
    "no such file",
    "permission denied",
    "timed out",
    "assert",
    "warn",
    "critical",
    "severe",
    "crash",
    "killed",
    "exit code",
    "exit status",
    "exited with",
    "non-zero",
    "not ok",
    "passed",
    "caused by",
    "caused:",
    "expected",
    "received",
    "denied",
    "refused",
    "segfault",
    "err_pnpm",
    // prove's `Dubious, test returned 1 (wstat 256, 0x100)`.
    "dubious, test returned",
    // PHPUnit's outcome when no test failed (`OK, but incomplete, skipped, or risky tests!`).
    "ok, but ",
    "no tests executed",
    // make's `make: *** No rule to make target 'x'.  Stop.`, ctest's `***Timeout`: verdicts of
    // their own with no other word.
    "***",
];

static WORD_FINDER: LazyLock<AhoCorasick> = LazyLock::new(|| {
    AhoCorasickBuilder::new()
        .ascii_case_insensitive(true)
        .match_kind(MatchKind::LeftmostFirst)
        .kind(Some(AhoCorasickKind::DFA))
        .build(WORDS)
        .expect("the built-in words build")
});

/// [`WORDS`] as they are, for a text lowered to ASCII lower case: without case folding the
/// automaton can use a vectorized prefilter, which [`WORD_FINDER`] cannot.
static LOWER_WORD_FINDER: LazyLock<AhoCorasick> = LazyLock::new(|| {
    AhoCorasickBuilder::new().match_kind(MatchKind::LeftmostFirst).build(WORDS).expect("the built-in words build")
});

/// Where the lines of `block` that hold one of [`WORDS`] (in any case) have one: one offset in
/// `block` per such line, in order, written to `hits`. One pass over the whole block costs less
/// than a search per line; `lowered` is scratch space (a copy in lower case of a piece of the
/// block, [`LOWERED_PIECE`] or so). [`Scanner::line_knowing`] takes the answer for each line.
pub fn word_hits(block: &[u8], lowered: &mut Vec<u8>, hits: &mut Vec<usize>) {
    hits.clear();
    let mut at = 0;
    while at < block.len() {
        // No word holds a newline, so a piece of whole lines finds what the whole block would.
        let end = match block.len() - at > LOWERED_PIECE {
            true => {
                memchr::memchr(b'\n', &block[at + LOWERED_PIECE..]).map_or(block.len(), |i| at + LOWERED_PIECE + i + 1)
            }
            false => block.len(),
        };
        lowered.clear();
        lowered.extend(block[at..end].iter().map(u8::to_ascii_lowercase));
        let mut pos = 0;
        while let Some(m) = LOWER_WORD_FINDER.find(aho_corasick::Input::new(&lowered[..]).span(pos..lowered.len())) {
            hits.push(at + m.start());
            // The next hit to look for is on a later line.
            match memchr::memchr(b'\n', &lowered[m.end()..]) {
                Some(i) => pos = m.end() + i + 1,
                None => break,
            }
        }
        at = end;
    }
}

/// The bytes of a block that [`word_hits`] lowers at a time: a piece that stays in the cache
/// as it is searched, where a lowered copy of a whole 1 MB block was new memory to fault in.
const LOWERED_PIECE: usize = 64 << 10;

/// A JSON report's status field (rspec's `"status": "failed"`, go test -json's `"Action":"fail"`)
/// holding one of `$values`, an alternation: the key list is the same for failing and passing.
macro_rules! json_status {
    ($values:literal) => {
        concat!(r#""(?:status|outcome|result|state|Action|event)"\s*:\s*"(?:"#, $values, r#")""#)
    };
}

/// Verdicts, by the formats of the tools that write them. Each entry names its source.
const VERDICTS: &[&str] = &[
    r"^FAILED\b",                            // pytest short summary, unittest `FAILED (failures=3)`
    r"^ERROR\b",                             // pytest error summary, unittest `ERROR: test_x`; log level
    r"^\s*--- FAIL:",                        // go test (subtests indented)
    r"^FAIL(?:\s|:|$)",                      // go test, unittest `FAIL: test_x`, php run-tests, many runners
    r"^\s*not ok\b",                         // TAP, node --test
    r"\.\.\. (?:FAILED|FAIL|ERROR)\s*$",     // cargo test, unittest -v, testr/subunit
    r"\bFAILED\s*$",                         // gradle `> Task :test FAILED`, `T > m FAILED`, ansible
    r"\S\s+(?:ERROR|FAIL)\s*$",              // a status column: karma `Chrome 75.0 (Linux) ERROR`, vis
    r"\*\*\* ?FAILED ?\*\*\*",               // ScalaTest, ctest `***Failed` is below
    r"\*\*\*(?:Failed|Exception|Timeout)\b", // ctest
    r"\((?:Failed|SEGFAULT|Timeout|Subprocess aborted|Child aborted|Exception|OTHER_FAULT)\)\s*$", // ctest list
    r"^The following tests FAILED:",         // ctest
    r"^\[ +FAILED +\] \S",                   // googletest
    r"<<< (?:FAILURE|ERROR)!",               // maven surefire
    r"^(?:Failed tests|Tests in error|Failed examples|Failing tests?):", // surefire, rspec, junit runners
    r"^(?:There (?:was|were) \d+ (?:failures?|errors?)|FAILURES!|ERRORS!)", // phpunit
    r"^\s*Failure/Error: ",                  // rspec
    r"^rspec \./\S+:\d+",                    // rspec rerun list
    r"^\s*Failed \S+ \[",                    // dotnet test `Failed Ns.T.M [12 ms]`
    r"^Build FAILED\.?\s*$",                 // msbuild, dotnet build
    r"^//\S*:\S+\s+(?:FAILED|TIMEOUT|FAILED TO BUILD)\b", // bazel test's summary `//pkg:t   FAILED in 0.5s`
    r"^Test (?:Case '.+' failed \(|Suite '.+' failed at )", // XCTest
    r"^\(fail\) ",                           // bun test
    r#"^#\s+Failed (?:\(TODO\) )?test (?:'|"|at )"#, // Perl's Test::More
    r"^FAIL!\s+: ",                          // Qt Test
    r"^\d+:\d+ \+\d+(?: ~\d+)? -\d+: .*\[E\]\s*$", // dart test
    r"^Test Failed at \S",                   // Julia's Test
    r"^\[gw\d+\](?: \[ *\d+%\])? (?:FAILED|ERROR)\b", // pytest-xdist
    r"^\s*\d+\) \[[^\]]+\] \xE2\x80\xBA ",   // Playwright `1) [chromium] › x.spec.ts:3:5 › title`
    r"\|\s*FAIL\s*\|\s*$",                   // Robot Framework
    r"^e: (?:file://)?\S+\.kts?\b",          // kotlinc
    r"\[(?:FAIL|FAILED|failed|compilation failed)\]\s*$", // xunit console, partest
    r"^\s*\[-\] ",                           // Pester
    r"^\s*\d+\) (?:test |\S+::\S|.+:$)",     // mocha, ExUnit, PHPUnit numbered failures
    r"^(?:Failure|Error):$",                 // minitest
    r"\bfailed on line \d+",                 // Erlang common_test
    r#"(?:[A-Za-z'")\]]|\xE2\x80\x99)\s+failed\.?\s*$"#, // `Block 'd1' failed`, R CMD check
    r"^(?:── )?\d+\. (?:Failure|Error)\b",   // R testthat
    r"^\S+:\d+:\d+: [A-Z]\d{3,4}\b",         // flake8, pycodestyle and other linters
    r"^\S*:\d+: (?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception)\b", // pytest short traceback `x.py:10: KeyError`
    r"^\d\d-\d\d \d\d:\d\d:\d\d\.\d+\s+\d+\s+\d+ [EF] ", // Android logcat error and fatal
    r"^(?:\S+\s+){0,6}?\[(?:FATAL|CRITICAL|SEVERE|ERROR|Error|error|crit|alert|emerg)\]\s", // Apache, syslog-style `[date] [error]`
    r"^Unhandled [Ee]xception\b",                                                           // .NET
    r"\bpanicked at\b",                                                                     // Rust panics
    r"^panic: ",                                                                            // Go panics
    r"^\s*● ",                                                                              // jest failure blocks
    r"^\s*(?:✕|✖|×|✗|✘) ",   // jest/vitest/mocha failed test
    r"^\s*❌ ",              // xcpretty's error (`❌  /path/File.swift:97:2: message`)
    r"<(?:failure|error)\b", // JUnit XML
    r#"\b(?:result|outcome|status)="(?:Fail|Failed|Failure|Error|FAIL)""#, // NUnit, xUnit, TRX, TestNG XML
    r"\bBUILD (?:FAILURE|FAILED)\b", // maven, gradle
    r"^FAILURE: ",           // gradle
    r"^Execution failed for task '", // gradle, under its `* What went wrong:`
    r"\bFailed to execute goal\b", // maven
    r"^Finished: FAILURE|\bmarked build as failure\b", // jenkins
    r"^(?:##\[error\]|::error\b)", // GitHub Actions, Azure Pipelines
    r"^npm (?:ERR!|error)",  // npm
    r"\bERR_PNPM_\w+|^error Command failed\b", // pnpm, yarn
    r"\bmake(?:\[\d+\])?: \*\*\*", // make
    r"^(?:error|fatal error)(?:\[E\d+\])?:", // rustc, cargo, clang, ld
    r"^\S+?:\d+(?::\d+)?: (?:fatal )?error\b", // gcc, clang, go vet, javac
    r"\berror [A-Z]{1,4}\d{2,}\b:", // tsc, msbuild, csc, nuget
    r"^(?:(?:[A-Za-z_][\w$]*(?:\.|::))*(?:[A-Za-z_][\w$]*(?:Error|Exception|Exit|Interrupt|Failure)|Assertion)|(?:[A-Za-z_][\w$]*(?:\.|::))+(?:Error|Exception))\b(?: \[[A-Z][A-Z0-9_]+\])?(?: ?:|$| at \S+:\d+)", // Python, Java exception line; Ruby's namespaced `ActionView::Template::Error:`; node's code `AssertionError [ERR_ASSERTION]:`; NUnit's `System.NullReferenceException : …`
    json_status!("failed|fail|failure|error|errored|broken|timedOut|unexpected"), // JSON reports: rspec, jest, pytest-json-report, go test -json, libtest
    r"^Caused(?: by)?:(?:\s|$)",                                                  // Java, Jenkins `Caused:`, cargo
    r"^(?:Suppressed|\[cause\]): \S", // Java's suppressed exception, node's error cause
    r"^---> (?:[A-Za-z_][\w`]*\.)*[A-Za-z_][\w`]*(?:Exception|Error)\b", // .NET's inner exception
    r"^\*\* \((?:[A-Z][\w.]*|throw|exit)\)", // Elixir, ExUnit `** (KeyError) msg`, `** (throw) x`
    r"^Assertion with \S+ failed\b",  // ExUnit
    r"^Failed asserting that\b",      // PHPUnit
    r"^(?:Module|Test|Assertion) Failed: ", // QUnit's console reporter (discourse's run-qunit.js)
    r"^Found errors in \S+\(\):$|^Flaky test failed too often, giving up$", // vim's test runner
    r"^Exception in thread ",         // Java
    r"^terminate called (?:after throwing|without an active exception)", // C++ runtime
    r"^ImportError while importing test module\b", // pytest
    r"^Failed to compile\b",          // webpack in create-react-app, Next.js
    r"^(?:\xE2\x95\x90)+\xE2\x95\xA1 EXCEPTION CAUGHT BY ", // Flutter's `══╡ EXCEPTION CAUGHT BY FLUTTER TEST FRAMEWORK ╞══`
    r"^(?:\S*/)?ld(?:\.\w+)?: (?:cannot find|symbol\(s\) not found|library not found)", // GNU ld, Apple ld
    r"^Assertion failed: .*, file \S+, line \d+",           // C assert (BSD, macOS, MSVC)
    r"^Error(?: \[[A-Z][A-Z0-9_]+\])?: ",                   // node, generic; node's `Error [ERR_MODULE_NOT_FOUND]: …`
    r"^\s*\[ERROR\]",                                       // maven
    r"^fatal: ",                                            // git
    r"^CMake Error\b",                                      // cmake `CMake Error at CMakeLists.txt:12 (message):`
    r"^An (?:\w+ )?error (?:has )?occurr?ed\b", // rspec `An error occurred while loading ./spec/x_spec.rb.`, Cake
    r"\bSegmentation fault\b|\bcore dumped\b",  // crashes
    r"(?i:exit(?:ed)?(?: with)? (?:code|status):? *[1-9]|exit code [1-9]|returned non-zero exit status|completed with exit code [1-9]|returned a non-zero code)",
    r"\bexited with [1-9]",        // Travis `The command "x" exited with 1.`
    r"\bundefined reference to\b", // ld
    r"==\d+==ERROR: |^SUMMARY: \w*Sanitizer: |: runtime error: ", // ASan, LSan, TSan, MSan; UBSan
    r"^Failed \d+/\d+ (?:subtests|test programs)|\(Wstat: \d+ Tests: \d+ Failed: [1-9]|^Dubious, test returned [1-9]", // prove (TAP harness)
];

/// The summary lines of test runners, passing or failing.
const SUMMARIES: &[&str] = &[
    r"^=+ .*\b\d+ (?:failed|errors?)\b.* =+$", // pytest final line
    r"\b\d+ (?:passed|failed|failing|errors?)\b.*\b\d+ (?:passed|failed|failing|skipped|errors?)\b", // runner summaries
    r"^test result: ",                         // cargo test summary
    r"^Test(?:s| Suites)?:\s+.*\d+ (?:failed|passed)", // jest, vitest summary
    r"^\s*Test Files\s+\d+ (?:failed|passed)", // vitest
    r"^Failed!\s+- Failed:\s+\d+",             // dotnet test
    r"^\d+ (?:runs|tests), \d+ assertions, (?:[1-9]\d* failures, \d+|\d+ failures, [1-9]\d*) errors", // minitest, test-unit
    r"^(?:\d+ \w+, )*\d+ tests?, [1-9]\d* failures?\b",                                               // ExUnit
    r"^\s*Executed \d+ tests?, with [1-9]\d* failures?",                                              // XCTest
    r"^\*\*\* \d+ TESTS? FAILED \*\*\*",                                                              // ScalaTest
    r"^Found \d+ errors?\b",                                                                          // mypy, ruff
    r"^# (?:FAIL|ERROR|XPASS): +[1-9]",  // automake's test-suite summary
    r"^\s*\d+ (?:failed|flaky)\s*$",     // Playwright
    r"^# (?:fail|pass) +\d+",            // TAP / node --test summary
    r"^\s*\d+ failing\b",                // mocha
    r"\b\d+ examples?, \d+ failures?",   // rspec
    r"\b\d+ specs?, [1-9]\d* failures?", // jasmine
    r"^(?:[1-9]\d* failures?, \d+|\d+ failures?, [1-9]\d*) errors?\.?\s*$", // clojure.test
    r"^\s*\d+ fail\s*$",                 // bun test
    r"^Fail:\s+[1-9]\d*\s*$",            // meson test
    r"\bunreachable=\d+\s+failed=[1-9]|\bunreachable=[1-9]", // ansible's PLAY RECAP
    r"^Tests: \d+, Assertions: \d+",     // phpunit
    r"^(?:OK, but (?:incomplete, skipped, or risky tests|some tests were skipped|there are issues)|No tests executed)!", // phpunit's outcome above its counts
    r"\btests passed, \d+ tests? failed\b", // ctest
    r"^Tests run: \d+, Failures: \d+",      // maven surefire, junit
    r"^Tests failed\s*:",                   // php run-tests
    r"\bfailed \d+ and passed \d+",         // coffeescript's cake test
    r"^\[ (?:OK: \d+ \| SKIPPED: \d+ \| WARNINGS: \d+ \| FAILED: \d+|FAIL \d+ \| WARN \d+ \| SKIP \d+ \| PASS \d+) \]", // R testthat
];

/// Context: what makes a verdict usable.
const CONTEXTS: &[&str] = &[
    r"^\s*= (?:note|help): ",                 // rustc
    r"^(?:note|help): ",                      // rustc
    r"^E\s{2,}\S",                            // pytest assertion detail
    SECTION_HEADERS[0],                       // pytest failure section header
    SECTION_HEADERS[1],                       // cargo failure section
    r"^Traceback \(most recent call last\):", // Python
    r"^\S+_test\.go:\d+: ",                   // go test failure message
    r"^\s*(?:Expected|Received|expected|received|Actual|actual|left|right)(?: value)?\s*[:=]", // assertions
    r"^\s*(?:assertion failed|AssertionError)", // assertions
    r"^expect\(received\)\.",                 // jest's matcher under its failure
    r"^what\(\): ",                           // C++ runtime, under `terminate called after throwing`
    r"^\s*at .+[:(]\d+(?::\d+)?\)?\s*$",      // JS/Java frame (first after a verdict)
    r"^\s*File .+, line \d+",                 // Python frame (nearest the exception)
    r"^\s*\d*\s*\|",                          // compiler snippet (near an error)
    r"^\s*--> \S+:\d+",                       // rustc location (of an error, not of a warning)
    r"^\^",                                   // gcc caret line
    r"^code: ",                               // ExUnit's failing code, under its `** (Error)`
    r"^(?:\([\w.]+ [\d.]+\) )?[\w./-]+\.exs?:\d+: ", // Elixir frame (`test/x_test.exs:408: (test)`)
    r"^#\d+ +0x[0-9a-fA-F]+ in ",             // sanitizer, gdb frame
    r"^\S+\.go:\d+ \+0x[0-9a-f]+$",           // Go frame under a panic
    r"^goroutine \d+ \[[^\]]+\]:$",           // Go: the goroutine that panicked
    r"^\[signal SIG\w+: ",                    // Go: the signal behind a panic
    r"^#\s+at \S+ line \d+\.",                // Perl's Test::More: where the test failed
    r"^# \(in test file \S+, line \d+\)",     // bats
    r"^\xE2\x9D\xAF \S+:\d+:\d+",             // vitest's `❯ test/x.test.ts:5:13`
];

/// The headers of a failure's section, pytest's `____ test_x ____` and cargo's `---- tests::x
/// stdout ----`: context, and [`is_section_header`].
const SECTION_HEADERS: [&str; 2] = [r"^_{3,} .+ _{3,}$", r"^---- .+ stdout ----$"];

/// Context entries that count only next to a verdict (frames and snippets are everywhere).
const NEAR_ONLY: std::ops::Range<usize> = 11..25;

/// Passing lines: below plain text, whatever words they contain. Matched by [`is_pass`]; the
/// patterns hold it to account in the tests.
#[cfg(test)]
const PASSES: &[&str] = &[
    r"\bPASSED\b",
    r"\.\.\. (?:ok|OK)\s*$",
    r"^ok\b",
    r"^\s*(?:✓|✔|√) ",
    r"^\s*--- PASS:",
    r"^PASS(?:\s|$)",
    r"<testcase\b[^>]*/>\s*$",
    r"^\s*\[ +OK +\]|\[ +OK +\]\s*$",
    r"^\s*\[\+\] ",
    r"(?::\s*|\s\s|\.\.\.\s?|=>\s)(?:OK|PASS)(?: \(\d[\d.]*m?s\))?\s*$",
];

/// A set of the built-in patterns, ASCII-only classes (`\w`, `\s`, `\b`): the formats are ASCII,
/// and byte classes keep the automaton small and fast.
fn set(patterns: &[&str]) -> Matcher {
    Matcher::new(&patterns.iter().map(|p| format!("(?-u){p}")).collect::<Vec<_>>())
}

static VERDICT_SET: LazyLock<Matcher> = LazyLock::new(|| set(VERDICTS));
static SUMMARY_SET: LazyLock<Matcher> = LazyLock::new(|| set(SUMMARIES));
static CONTEXT_SET: LazyLock<Matcher> = LazyLock::new(|| set(&CONTEXTS[..NEAR_ONLY.start]));
static NEAR_SET: LazyLock<Matcher> = LazyLock::new(|| set(&CONTEXTS[NEAR_ONLY]));
#[cfg(test)]
static PASS_SET: LazyLock<Matcher> = LazyLock::new(|| set(PASSES));

/// Whether `line` matches one of [`PASSES`], written out by hand: most lines of a passing run
/// are looked at only for this, so it must cost little. `passes_as_the_patterns_say` holds it
/// to the patterns.
fn is_pass(line: &[u8]) -> bool {
    let word = |b: Option<&u8>| b.is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_');
    let space = |b: &u8| matches!(b, b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | b' ');
    let end = line.len() - line.iter().rev().take_while(|b| space(b)).count();
    let trimmed = &line[..end];
    let t = &line[line.iter().take_while(|b| space(b)).count()..];
    static PASSED: LazyLock<memchr::memmem::Finder<'static>> = LazyLock::new(|| memchr::memmem::Finder::new("PASSED"));
    static TESTCASE: LazyLock<memchr::memmem::Finder<'static>> =
        LazyLock::new(|| memchr::memmem::Finder::new("<testcase"));
    let passed = PASSED.find_iter(line).any(|i| !word(i.checked_sub(1).map(|j| &line[j])) && !word(line.get(i + 6)));
    let testcase = trimmed.ends_with(b"/>")
        && TESTCASE
            .find_iter(line)
            .any(|i| !word(line.get(i + 9)) && i + 9 <= end - 2 && !trimmed[i + 9..end - 2].contains(&b'>'));
    passed
        || testcase
        || trimmed.ends_with(b"... ok")
        || trimmed.ends_with(b"... OK")
        || (line.starts_with(b"ok") && !word(line.get(2)))
        || ["\u{2713} ", "\u{2714} ", "\u{221a} "].iter().any(|m| t.starts_with(m.as_bytes()))
        || t.starts_with(b"--- PASS:")
        || (line.starts_with(b"PASS") && line.get(4).is_none_or(space))
        || t.starts_with(b"[+] ")
        || ok_box(t).is_some()
        || memchr::memrchr(b'[', trimmed).is_some_and(|i| ok_box(&trimmed[i..]) == Some(trimmed.len() - i))
        || ok_column(trimmed, space)
        || prove_timed(trimmed)
}

/// Whether `trimmed` is TAP::Harness's line for a test script that passed, timed by `prove
/// --timer`: `[16:17:13] t9001-send-email.sh ...... ok    58696 ms ( 0.43 usr  0.01 sys + 28.10
/// cusr 10.67 csys = 39.21 CPU)` (master-thesis git: 13,287 such lines, none decisive).
fn prove_timed(trimmed: &[u8]) -> bool {
    trimmed.ends_with(b" CPU)")
        && memchr::memmem::find(trimmed, b".. ok ").is_some_and(|i| {
            let rest = trimmed[i + 6..].trim_ascii_start();
            let n = rest.iter().take_while(|b| b.is_ascii_digit()).count();
            n > 0 && rest[n..].starts_with(b" ms ")
        })
}

/// Whether `trimmed` ends in a status column that says `OK` or `PASS`, with the time it took or
/// not, after a colon, a gap of spaces, `...` or `=>`: tasty's `  tables:      OK (0.06s)`
/// (pandoc, purescript), mysqlcheck's `mysql.columns_priv      OK` (ejabberd), configure's
/// `checking Perl version... OK` (vim), `Startup => OK` (symfony), vis's `prompt/history
/// PASS` and git's `Result: PASS` (the passing side of the `FAIL` column in [`VERDICTS`]). An
/// `OK` after one space is a word of the line (`responded: HTTP/1.1 200 OK`, `expected OK`),
/// not its status.
fn ok_column(trimmed: &[u8], space: impl Fn(&u8) -> bool) -> bool {
    // The time: ` (0.06s)`, ` (12ms)`.
    let timed = trimmed.strip_suffix(b"s)").and_then(|t| {
        let t = t.strip_suffix(b"m").unwrap_or(t);
        let (rest, number) =
            t.split_at(t.len() - t.iter().rev().take_while(|b| b.is_ascii_digit() || **b == b'.').count());
        number.first().is_some_and(u8::is_ascii_digit).then_some(rest)?.strip_suffix(b" (")
    });
    let status = timed.unwrap_or(trimmed);
    let Some(before) = status.strip_suffix(b"OK").or_else(|| status.strip_suffix(b"PASS")) else { return false };
    let gap = before.iter().rev().take_while(|b| space(b)).count();
    let word = &before[..before.len() - gap];
    word.ends_with(b":") || gap >= 2 || (word.ends_with(b"...") && gap <= 1) || (word.ends_with(b"=>") && gap == 1)
}

/// Whether `line` is a test runner's progress line for one test that failed, which the runner
/// reports again in full below: unittest's `tests.x.test_y ... FAIL` (its `FAIL: tests.x.test_y`
/// section follows), libtest's `test x ... FAILED` (`---- x stdout ----`), pytest's `test_x.py::
/// test_y FAILED` and `… ERROR [ 72%]` (`____ test_y ____`). Colour and a CI timestamp do not
/// count. In bench/reallogs.sh 891 such lines (nginx-proxy's 805 and thefuck's pytest runs,
/// openface's unittest, vis, shiny and AnomalyDetection) are none of them a needle; Karma's
/// `… FAILED`, whose exception follows it and is not reported again, is no such line.
pub fn is_progress_failure(line: &[u8]) -> bool {
    let shown = crate::clean::visible(strip_eol(line));
    let b = body(&shown).trim_ascii_end();
    if [&b" ... FAIL"[..], b" ... FAILED", b" ... ERROR"].iter().any(|e| b.ends_with(e)) {
        return true;
    }
    // pytest's progress column: ` [ 72%]`.
    let b = match b.strip_suffix(b"%]").and_then(|r| memchr::memrchr(b'[', r)) {
        Some(i) if b[i + 1..b.len() - 2].trim_ascii().iter().all(u8::is_ascii_digit) => b[..i].trim_ascii_end(),
        _ => b,
    };
    let first = b.split(u8::is_ascii_whitespace).next().unwrap_or_default();
    memchr::memmem::find(first, b"::").is_some() && (b.ends_with(b" FAILED") || b.ends_with(b" ERROR"))
}

/// Whether `line` is an exception's name and nothing else: Python's `AssertionError` (with or
/// without its colon) under the statement that raised it, Java's `java.lang.RuntimeException`
/// under the log line that reported it. It says that something failed but not what: the line
/// above it does ([`crate::truncate`] holds and shows it by that line). A name is a capitalised
/// last component that ends in `Error` or `Exception` and is more than that word (minitest's
/// `Error:` heads a report whose message follows it; mocha's `onError` is a test title).
pub fn is_bare_exception(line: &[u8]) -> bool {
    let shown = crate::clean::visible(strip_eol(line));
    let b = body(&shown).trim_ascii_end();
    let b = b.strip_suffix(b":").unwrap_or(b).trim_ascii_end();
    let name = b.rsplit(|&c| c == b'.').next().unwrap_or_default();
    b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$'))
        && name.first().is_some_and(u8::is_ascii_uppercase)
        && [&b"Error"[..], b"Exception"].iter().any(|e| name.len() > e.len() && name.ends_with(e))
}

/// Whether `line` says nothing about what failed: it says that something passed (`test x ...
/// ok`, `PASSED`, `✓ adds`, `--- PASS:`, `[  OK  ]`, `[+] adds`; in a JSON report, a passed
/// status, [`JSON_PASS`], or a string that passes) or it is stock advice ([`STOCK`]), whatever
/// else it holds; colour and a CI timestamp do not count.
pub fn says_nothing(line: &[u8]) -> bool {
    let b = crate::clean::visible(strip_eol(line));
    let b = body(&b);
    is_pass(b) || STOCK_SET.is_match(b) || (is_json(b) && (JSON_PASS.is_match(b) || some_json_value(b, is_pass)))
}

/// A JSON report's passed status: go test -json's `"Action":"pass"`, rspec's `"status":
/// "passed"`, libtest's `"event": "ok"`.
static JSON_PASS: LazyLock<Matcher> = LazyLock::new(|| set(&[json_status!("passed|pass|success|ok")]));

/// Stock advice: what a tool prints after every failure, word for word the same in every run
/// (Maven's `-> [Help 1]` block, Gradle's `* Try:`, npm's pointer to its debug log, rustc's
/// `--explain`), and Maven's reactor summary of the modules that built or were skipped. It
/// names no test, file or message of what failed, so it ranks with the passing lines, and a
/// run of it at the end costs one marker instead of the end's share (on bench/reallogs.sh the
/// Maven block took a quarter of a 3,000-char summary). None of these lines is a needle of the
/// development set; `mvn <goals> -rf :module`, which names the module to resume from, and the
/// reactor's `FAILURE` line are kept out on purpose. AddressSanitizer's shadow memory and its
/// legend, the same 1,300 chars after each report, say nothing of where the fault was (its
/// frames do), and xcodebuild's `Finished requesting crash reports. Continuing with testing.`
/// after every test session is no crash (50 lines of the set, none a needle: as a mention it took
/// 640 of a 3,000-char summary of a ReactiveCocoa log).
const STOCK: &[&str] = &[
    r"^\[ERROR\]\s*$", // maven: the blank lines of its error block
    concat!(
        r"^\[ERROR\] (?:-> \[Help 1\]|\[Help 1\] http|To see the full stack trace of the errors",
        r"|Re-run Maven using the -X switch|For more information about the errors and possible solutions",
        r"|After correcting the problems, you can resume the build|Please refer to \S+ for the individual test results",
        r"|Please refer to dump files)"
    ), // maven
    r"^(?:> )?Run with --(?:stacktrace|info|debug|scan) option", // gradle
    r"^\* (?:Try|Get more help at)\b", // gradle
    r"^npm (?:ERR!|error)(?:\s*$| A complete log of this run can be found in| This is probably not a problem with npm|\s+\S+-debug(?:-\d+)?\.log\s*$)", // npm
    r"^info Visit https://yarnpkg\.com/",                                   // yarn
    r"^For more information about (?:this|an) error, try `rustc --explain", // rustc
    r"^Some errors have detailed explanations:",                            // rustc
    r"^WARNING: You are using pip version|^You should consider upgrading via the", // pip
    r"^\[INFO\] \S.*? \.{3,} (?:SUCCESS|SKIPPED)\b", // maven's reactor summary: a module that built or was skipped
    r"^\S*make(?:\[\d+\])?: \*\*\* Waiting for unfinished jobs", // make: a job beside it failed, its error is above
    // xcodebuild: after every test session, whether or not a test crashed
    r"(?:^|\] )IDETestOperationsObserverDebug: \([0-9A-Fa-f-]+\) Finished requesting crash reports\. Continuing with testing\.",
    concat!(
        r"^(?:Shadow byte legend \(one shadow byte represents \d+ application bytes\):|Shadow bytes around the buggy address:",
        r"|(?i:addressable|partially addressable|heap (?:left|righ|right) redzone|freed heap region|stack (?:left|mid|right|partial) redzone",
        r"|stack after return|stack use after scope|global redzone|global init order|poisoned by user|container overflow",
        r"|array cookie|intra object redzone|asan internal|left alloca redzone|right alloca redzone|shadow gap):(?: +[0-9a-f]{2})+\s*$",
        r"|(?:=>)?0x[0-9a-f]+:(?:[ \[\]]+[0-9a-f]{2})+[ \]]*$)"
    ), // AddressSanitizer's shadow memory and its legend, the same after every report
];

static STOCK_SET: LazyLock<Matcher> = LazyLock::new(|| set(STOCK));

/// The length of googletest's or an init script's `[  OK  ]` (spaces on both sides of `OK`)
/// when `t` starts with one.
fn ok_box(t: &[u8]) -> Option<usize> {
    let spaces = |s: &[u8]| s.iter().take_while(|&&b| b == b' ').count();
    let inner = t.strip_prefix(b"[")?;
    let before = spaces(inner);
    let after = inner[before..].strip_prefix(b"OK")?;
    let between = spaces(after);
    (before > 0 && between > 0 && after.get(between) == Some(&b']')).then_some(before + between + 4)
}
/// A warning: the word, or one of Python's warning categories (`UserWarning`,
/// `DeprecationWarning`, urllib3's `SNIMissingWarning`, pytest's `PytestUnknownMarkWarning`) as
/// `warnings.showwarning` prints them (`conf.py:53: UserWarning: Config path … is deprecated`):
/// on bench/reallogs.sh 112 such lines in four projects, none a needle, which were plain or,
/// when their message said `error`, mentions.
static WARNING: LazyLock<Matcher> =
    LazyLock::new(|| Matcher::new(&[r"(?i:\bwarn(?:ing|ings)?\b)|\b[A-Z][A-Za-z]*Warning\b"]));
/// A word that says something failed, as a word of its own: one joined to a name by `-` or `/`
/// (the package `libgpg-error-dev`, `symfony/error-handler`, a path `src/mongodb/exception/`, a
/// flag `--enable-fail-if-missing`) names something. On bench/reallogs.sh 3,733 lines matched
/// only that way, one of them a needle (0.03%; plain lines 0.02%, mentions 0.8%). A dotted name
/// (`java.lang.AssertionError: expected`) still mentions one.
static MENTION: LazyLock<Matcher> = LazyLock::new(|| {
    Matcher::new(&[concat!(
        r"(?-u)(?i:(?:^|[^\w\-/])",
        r"(?:errors?|err!?|fail(?:s|ed|ure|ures|ing)?|fatal|panic(?:ked)?|exceptions?|traceback|abort(?:ed)?",
        r"|segmentation fault|core dumped|undefined reference|cannot find|no such file|permission denied",
        r"|timed out|assert(?:ion)?(?:error)?|critical|crash(?:ed)?|killed|denied|refused)(?:$|[^\w\-/]))"
    )])
});
/// A stack frame: Java's and JS's `at pkg.C.m(C.java:12)`, `at new C [as c] (x.js:1:2)` and `at
/// file.js:3:7`, Java's `... 15 more`, a sanitizer's or gdb's `#3 0x4fb97b in f x.c:9`,
/// PowerShell's `at f, /x.ps1: line 9` and `at <ScriptBlock>, /x.ps1:9`, .NET's `at N.C.M(String
/// s) in /x.cs:line 9`, Ruby's ``from /x.rb:9:in `m'``. Salient's end share keeps the first frames
/// of a run (those nearest the exception) and leaves the deeper ones out.
static FRAME: LazyLock<Matcher> = LazyLock::new(|| {
    Matcher::new(&[concat!(
        r"(?-u)^(?:at (?:(?:new |async )?\S+(?: \[as [^\]]+\])? \(.*\)|\S*[:.(]\S*)\s*$",
        r"|\.\.\. \d+ (?:more|common frames omitted)\s*$|#\d+ +0x[0-9a-fA-F]+ ",
        r"|at [^,()]+, .*(?::\d+|: line \d+)\s*$",
        r"|at [\w.`<>\[\]+$|]+\([^()]*\)(?: in .+:line \d+)?\s*$",
        r"|(?:from )?\S+\.rb:\d+:in [`'].*'\s*$)"
    )])
});

/// Whether `line` heads a failure's section: pytest's `____ test_x ____`, cargo's `---- tests::x
/// stdout ----`.
pub fn is_section_header(line: &[u8]) -> bool {
    static HEADER: LazyLock<Matcher> = LazyLock::new(|| set(&SECTION_HEADERS));
    HEADER.is_match(body(&crate::clean::visible(strip_eol(line))))
}

/// Whether `line` is a stack frame ([`FRAME`]); colour, indentation and a CI timestamp do not
/// count.
pub fn is_frame(line: &[u8]) -> bool {
    FRAME.is_match(body(&crate::clean::visible(strip_eol(line))))
}

/// A log line's level, when it leads the line: `ERROR`, `[error]`, `Error:`, `level=error`, after
/// at most three words (a date, a time, a process), or a capital level after at most three words
/// that follow a time of day (`Nov 29 04:11:45 host app[12]: ERROR …`, a log file's name before
/// OpenStack's stamp: without the time, karma's `IE 10.0.0 (Windows 8.0.0) ERROR:` would be one)
/// or joined to the time by a colon (karma's own log, `31 07 2019 20:21:24.471:ERROR [launcher]:`);
/// a bare `error` only after words that hold
/// more than letters (`12:00:01 [main] error …`), as after plain words it is prose (Pester's
/// `Context Error handling`, ccache's `preprocessor error   2`).
static LEVEL: LazyLock<Matcher> = LazyLock::new(|| {
    Matcher::new(&[concat!(
        r#"(?-u)^(?:\S+\s+){0,3}?[\[(<]?(?:FATAL|CRITICAL|SEVERE|ERROR|ERR|EMERG|ALERT)(?:[\])>]:?|:)?\s"#,
        r#"|^(?:\S+\s+){0,2}?\S*\d:\d\d\S*\s+(?:\S+\s+){0,3}?[\[(<]?(?:FATAL|CRITICAL|SEVERE|ERROR|ERR|EMERG|ALERT)(?:[\])>]:?|:)?\s"#,
        r#"|^(?:\S+\s+){0,3}?\S*\d:\d\d[\d.,]*:(?:FATAL|CRITICAL|SEVERE|ERROR|ERR|EMERG|ALERT)\s"#,
        r#"|^(?:\S+\s+){0,3}?[\[(<]?(?:Error|error)(?:[\])>]:?|:)\s"#,
        r#"|^(?:\S*[^A-Za-z\s]\S*\s+){0,3}?[\[(<]?(?:Error|error)\s"#,
        r#"|\blevel[=:]"?(?:error|fatal|critical)\b|"level":\s*"(?:error|fatal|critical)""#
    )])
});

/// Whether a line starts in a way that can matter without any of [`WORDS`]: the starts of the
/// verdict, summary and context patterns that hold none of them. (Lines that merely pass need
/// no look: without a word they are plain, which ranks the same.)
fn telling_start(line: &[u8]) -> bool {
    let t = line.trim_ascii_start();
    let indent = line.len() - t.len();
    // A message at a place (`x.rs:3:`, `lib/a.js:1:2: …`), whatever letter it starts with.
    if has_location(t) {
        return true;
    }
    match t.first() {
        None => false,
        Some(b'-') => t.starts_with(b"--> ") || t.starts_with(b"---- "),
        Some(b'=') => t.starts_with(b"= note") || t.starts_with(b"= help"),
        Some(b'E') => indent == 0 && t.len() > 1 && t[1] == b' ',
        Some(b'_') => t.starts_with(b"___"),
        Some(b'*') => t.starts_with(b"** ("),
        Some(b'l' | b'r') => {
            t.starts_with(b"left") || t.starts_with(b"right") || t.starts_with(b"rspec ./") || t.starts_with(b"ld: ")
        }
        Some(b'a' | b'A') => t[1..].starts_with(b"ctual"),
        Some(b'n' | b'h') => t.starts_with(b"note") || t.starts_with(b"help"),
        // kotlinc's `e: File.kt:3:5 …`, and the C++ runtime's `terminate called after throwing
        // an instance of 'std::runtime_error'` and its `what():  …`.
        Some(b'e') => t.starts_with(b"e: "),
        Some(b't') => t.starts_with(b"terminate called"),
        Some(b'w') => t.starts_with(b"what(): "),
        Some(b'#') => t.starts_with(b"# pass"),
        // Snippet lines (`|`, `^`, `12 |`) matter only next to a verdict, which `Scanner`
        // checks apart.
        Some(b'|' | b'^') => false,
        // A numbered failure (`1) test ...`) or an Android logcat line (`03-17 16:13:38.811 ...`).
        Some(c) if c.is_ascii_digit() => {
            let n = t.iter().take_while(|b| b.is_ascii_digit()).count();
            // dart test's progress: `00:01 +3 -1: name [E]`.
            let dart = || n == 2 && t.get(2) == Some(&b':') && t.get(5) == Some(&b' ') && t.get(6) == Some(&b'+');
            t[n..].starts_with(b") ") || (n == 2 && t.get(2) == Some(&b'-') && t.get(5) == Some(&b' ')) || dart()
        }
        Some(b'[') => t.starts_with(b"[-] "),
        // go test -json's event with the line go test printed (`"Output":"    x_test.go:41: got 3,
        // want 4\n"`), which may tell with no word in it; no other JSON is looked at closely
        // without a word (a service's JSON log lines are most of it).
        Some(b'{') => {
            GO_OUTPUT.find(t).is_some_and(|i| some_json_value(&t[i + GO_OUTPUT.needle().len() - 1..], telling_start))
        }
        Some(b'S') => t.starts_with(b"SUMMARY: "),
        // The marks of jest's failure blocks, of failed tests and of xcpretty's errors; not any
        // char past ASCII (a table's `│`, a passing `✓`: 38,845 lines of bench/reallogs.sh, none
        // with a class).
        Some(&c) => c >= 0x80 && FAILING_MARKS.iter().any(|m| t.starts_with(m.as_bytes())),
    }
}

/// The chars past ASCII that start a verdict of [`VERDICTS`]: jest's `●`, the failed marks of
/// jest, vitest and mocha, xcpretty's `❌`.
const FAILING_MARKS: &[&str] = &["●", "✕", "✖", "×", "✗", "✘", "❌"];

/// Whether the first word of `t` is a location, `FILE:LINE:` (a compiler's or a test's message,
/// or pytest's `:11: AssertionError` with no file). A file of digits only is a time of day
/// (`10:30:30.905 [info] …`, which every line of many service logs starts with): not a place.
/// A loop, not two searches: it runs on most lines, whose first word is short.
fn has_location(t: &[u8]) -> bool {
    let mut digits = true;
    for (i, &b) in t.iter().enumerate() {
        match b {
            b' ' | b'\t' => return false,
            b':' => return (i == 0 || !digits) && t.get(i + 1).is_some_and(u8::is_ascii_digit),
            _ => digits &= b.is_ascii_digit(),
        }
    }
    false
}

/// The class of one line, on its own (no neighbours): what a caller without a text around the
/// line can know. Frames and snippets count as plain here; [`Scanner`] promotes them. A passing
/// line is [`Class::Pass`] when it holds an error word (`test_raises_error PASSED`), else plain.
pub fn classify(line: &[u8]) -> Class {
    classify_body(body(&crate::clean::visible(strip_eol(line))))
}

/// [`classify`] of a line's [`body`].
fn classify_body(line: &[u8]) -> Class {
    let has_word = WORD_FINDER.is_match(line);
    if !has_word && !telling_start(line) {
        return Class::Plain;
    }
    classify_closely(line, has_word)
}

/// [`classify`] past the fast path: the line as text, and for a line of JSON (a reporter's
/// `"stack": "Error: Required\n    at …"`, go test -json's `"Output":"--- FAIL: TestAdd (0.00s)\n"`)
/// also what its string values say ([`json_values`]), judged as lines of their own.
fn classify_closely(line: &[u8], has_word: bool) -> Class {
    let class = classify_text(line, has_word);
    if class >= Class::Verdict || !is_json(line) {
        return class;
    }
    let mut class = class;
    json_values(line, |value| {
        let shown = crate::clean::visible(value);
        let b = body(&shown);
        let has_word = WORD_FINDER.is_match(b);
        if has_word || telling_start(b) {
            class = class.max(classify_text(b, has_word));
        }
        class >= Class::Verdict
    });
    class
}

/// The key of go test -json's `Output` and the quote that opens its value.
static GO_OUTPUT: LazyLock<memchr::memmem::Finder<'static>> =
    LazyLock::new(|| memchr::memmem::Finder::new(br#""Output":""#));

/// Whether a line (its [`body`]) is JSON: a string first (a key or a value of a pretty-printed
/// report), a `{` before a key (not an Erlang term's `{86,<<"ERROR">>}`), a `[` before a value
/// (not Chromium's `[9414:…:INFO:…] "Error: …"`, whose quoted text is a console message at INFO).
fn is_json(line: &[u8]) -> bool {
    match line {
        [b'"', ..] => true,
        [b'{', rest @ ..] => matches!(rest.trim_ascii_start().first(), None | Some(b'"' | b'}')),
        [b'[', rest @ ..] => matches!(rest.trim_ascii_start().first(), None | Some(b'"' | b'{' | b'[' | b']')),
        _ => false,
    }
}

/// Whether some string value of the JSON line `line` ([`json_values`]) says `what` of the value's
/// first line as a terminal shows it, its [`body`].
fn some_json_value(line: &[u8], what: impl Fn(&[u8]) -> bool) -> bool {
    let mut found = false;
    json_values(line, |value| {
        found = what(body(&crate::clean::visible(value)));
        found
    });
    found
}

/// Calls `each` with the first line (its first that is not blank) of each string value of the
/// JSON in `line`, unescaped, until it returns true. A string followed by `:` is a key, not a
/// value; a string that the line's end cuts off is a value up to there.
fn json_values(line: &[u8], mut each: impl FnMut(&[u8]) -> bool) {
    let mut value = Vec::new();
    let mut at = 0;
    while let Some(q) = memchr::memchr(b'"', &line[at..]) {
        let mut j = at + q + 1;
        value.clear();
        // Whether the value's first line that is not blank has ended.
        let mut ended = false;
        while j < line.len() && line[j] != b'"' {
            let (unescaped, len) = match (line[j], line.get(j + 1)) {
                (b'\\', Some(b'n' | b'r')) => (None, 2),
                (b'\\', Some(b't')) => (Some('\t'), 2),
                (b'\\', Some(b'u')) => match line.get(j + 2..j + 6).and_then(hex4).map(char::from_u32) {
                    Some(Some('\n' | '\r')) => (None, 6),
                    Some(c) => (Some(c.unwrap_or(char::REPLACEMENT_CHARACTER)), 6),
                    None => (Some('u'), 2),
                },
                (b'\\', Some(&c)) => (Some(char::from(c)), 2),
                (c, _) => {
                    // A byte as it is (UTF-8 stays whole).
                    if !ended {
                        value.push(c);
                    }
                    j += 1;
                    continue;
                }
            };
            j += len;
            match unescaped {
                None if value.iter().all(u8::is_ascii_whitespace) => value.clear(),
                None => ended = true,
                Some(c) if !ended => value.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
                Some(_) => {}
            }
        }
        let key = line.get(j + 1..).is_some_and(|rest| rest.trim_ascii_start().first() == Some(&b':'));
        if !key && !value.iter().all(u8::is_ascii_whitespace) && each(&value) {
            return;
        }
        at = j + 1;
        if at >= line.len() {
            return;
        }
    }
}

/// The code point that four hex digits write (JSON's `\u001b`).
fn hex4(h: &[u8]) -> Option<u32> {
    u32::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok()
}

/// [`classify_closely`] of the line as text.
fn classify_text(line: &[u8], has_word: bool) -> Class {
    if is_pass(line) || STOCK_SET.is_match(line) {
        return Class::Pass;
    }
    if VERDICT_SET.is_match(line) || LEVEL.is_match(line) {
        return Class::Verdict;
    }
    if SUMMARY_SET.is_match(line) {
        return Class::Summary;
    }
    if CONTEXT_SET.is_match(line) {
        return Class::Context;
    }
    if located(line) {
        return Class::Verdict;
    }
    if has_word && WARNING.is_match(line) {
        return Class::Warning;
    }
    if has_word && MENTION.is_match(line) {
        return Class::Mention;
    }
    Class::Plain
}

/// Whether `t` is a linter's or a compiler's message at a place, `FILE.EXT:LINE:COL: message`,
/// whose message is not a warning, a note or a hint: standard's and ESLint's compact
/// `/src/x.js:178:40: A space is required after ','.`, RuboCop's `x.rb:1:1: C: Style/…`,
/// luacheck's, Go's `./main.go:12:3: undefined: x`. A message that starts as a warning, a note,
/// a hint or gcc's `required from` / `In instantiation of` context is not one. Without a
/// column (`FILE.EXT:LINE message`, `FILE.EXT:LINE: message`), the message must name the rule
/// it breaks, as linters do (see [`names_a_rule`]): a code first (tldr-lint's `TLDR004 Command
/// descriptions should end in a period`, hadolint's `DL3008 …`) or a rule id last (Atom's lint
/// `Strings must use singlequote. (quotes)`); a line and a message alone is a log line at its
/// source (Go's `main.go:42: listening`), not a finding. With a space after the file's colon
/// (markdownlint-cli's `react/README.md: 29: MD012/no-multiple-blanks …`), only a code counts.
fn located(t: &[u8]) -> bool {
    let Some(colon) = memchr::memchr(b':', t) else { return false };
    let file = &t[..colon];
    let dot = memchr::memrchr(b'.', file);
    if file.is_empty()
        || file.iter().any(u8::is_ascii_whitespace)
        || !dot.is_some_and(|d| file.get(d + 1).is_some_and(u8::is_ascii_alphabetic))
    {
        return false;
    }
    let mut rest = &t[colon + 1..];
    // markdownlint-cli puts a space after each colon (`react/README.md: 29: MD012/…`): a place
    // so written counts only with a rule's code, as a time of day (`x.yml: 12:30: …`) would too.
    let loose = rest.first() == Some(&b' ') && rest.get(1).is_some_and(u8::is_ascii_digit);
    if loose {
        rest = &rest[1..];
    }
    let (mut column, mut spaced) = (true, false);
    for i in 0..2 {
        let n = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        if n == 0 {
            return false;
        }
        match rest.get(n) {
            Some(b':') => rest = &rest[n + 1..],
            // A line and no column: the message follows after a space.
            Some(b' ') if i == 0 => {
                (rest, column, spaced) = (&rest[n..], false, true);
                break;
            }
            _ => return false,
        }
        if i == 0 && !rest.first().is_some_and(u8::is_ascii_digit) {
            column = false;
            break;
        }
    }
    let message = rest.trim_ascii_start();
    if message.len() == rest.len() || message.is_empty() {
        return false;
    }
    let word = &message[..message.iter().position(|b| b.is_ascii_whitespace()).unwrap_or(message.len())];
    let word = word.strip_suffix(b":").unwrap_or(word);
    let not_failing = ["note", "info", "hint", "help", "required", "in", "from"];
    if word.get(..4).is_some_and(|w| w.eq_ignore_ascii_case(b"warn"))
        || not_failing.iter().any(|w| word.eq_ignore_ascii_case(w.as_bytes()))
    {
        return false;
    }
    (column && !loose) || names_a_rule(message, word, spaced && !loose)
}

/// Whether a linter's `message`, whose first word is `word`, names the rule it breaks: a code
/// first (`TLDR004`, `DL3008`, `MD012/no-multiple-blanks`), not followed by a warning, or, when
/// the message is `spaced` from the line (`FILE.EXT:LINE message`, where a log line at its source
/// has a colon) and starts with a letter, a rule id in parentheses last (`(quotes)`,
/// `(prettier/prettier)`, `(no-unused-vars)`).
fn names_a_rule(message: &[u8], word: &[u8], spaced: bool) -> bool {
    let code = word.split(|&b| b == b'/').next().unwrap_or(word);
    let letters = code.iter().take_while(|b| b.is_ascii_uppercase()).count();
    let digits = code[letters..].iter().take_while(|b| b.is_ascii_digit()).count();
    if (1..=8).contains(&letters) && digits >= 3 && letters + digits == code.len() {
        let next = message[word.len()..].trim_ascii_start();
        return !next.get(..4).is_some_and(|w| w.eq_ignore_ascii_case(b"warn"));
    }
    if !spaced || !message.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    // `text (rule)`, `text (plugin/rule)`.
    let message = message.trim_ascii_end();
    let Some(body) = message.strip_suffix(b")") else { return false };
    let Some(open) = memchr::memrchr(b'(', body) else { return false };
    let id = |part: &[u8]| {
        part.first().is_some_and(u8::is_ascii_lowercase)
            && part.iter().all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    };
    let rule = &body[open + 1..];
    let parts = || rule.split(|&b| b == b'/');
    // A word in parentheses ends many a log line (`connected (primary)`): a rule id has a
    // plugin, or words joined by hyphens, or is one of ESLint's one-word rules.
    const ONE_WORD: [&str; 10] =
        ["camelcase", "complexity", "curly", "eqeqeq", "indent", "quotes", "radix", "semi", "strict", "yoda"];
    let like_a_rule = rule.contains(&b'/') || rule.contains(&b'-') || ONE_WORD.iter().any(|w| w.as_bytes() == rule);
    open > 0 && body[open - 1] == b' ' && parts().count() <= 2 && parts().all(id) && like_a_rule
}

/// Builds, on two threads of their own, the patterns and automata that judging lines needs
/// (about 8 ms of CPU in all on the machine of bench/hook.sh), so that a caller that will judge
/// lines has it done beside other work (a truncation that will cut: while the full text is
/// saved; a hook or MCP call on a text of more than 64 KiB: while it is cleaned). Once per
/// process; a line judged before it is done waits for what it needs, as it would have built it.
pub fn prepare_in_background() {
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        // Two threads, about half of the work each (the first line judged needs the word
        // finders and the passing lines' patterns first, then the verdicts').
        let verdicts = || {
            [&VERDICT_SET, &SUMMARY_SET, &CONTEXT_SET, &NEAR_SET, &FRAME].into_iter().for_each(|m| {
                LazyLock::force(m);
            })
        };
        let words = || {
            LazyLock::force(&WORD_FINDER);
            LazyLock::force(&LOWER_WORD_FINDER);
            [&STOCK_SET, &LEVEL, &WARNING, &MENTION].into_iter().for_each(|m| {
                LazyLock::force(m);
            });
        };
        // Without a thread (none left), the patterns are built where they are first needed.
        let _ = std::thread::Builder::new().name("ctx-prepare".into()).spawn(verdicts);
        let _ = std::thread::Builder::new().name("ctx-prepare".into()).spawn(words);
    });
}

/// Whether `line` is a frame or snippet line that matters next to a verdict.
fn near_context(line: &[u8]) -> bool {
    NEAR_SET.is_match(body(line))
}

/// What a line says, without its end, its indentation, or the timestamp that CI services put
/// before every line (`2024-05-01T12:00:01.1234567Z `): the formats' rules read from there, so
/// an output quoted in a CI log or indented in a document still reads as itself.
fn body(line: &[u8]) -> &[u8] {
    body_after(line, true)
}

/// [`body`] of a line that holds a tab only if `tab`.
fn body_after(line: &[u8], tab: bool) -> &[u8] {
    unstamped(strip_eol(line), tab).trim_ascii_start()
}

/// Whether some line of `text` may start with `gh run view --log`'s job and step columns: a tab
/// in it is followed by a date. One search of a text or a gap, so that [`template_in`] and
/// [`Skeleton::may_match_shown`] look for the columns in each line only where they may be.
pub fn has_columns(text: &[u8]) -> bool {
    memchr::memchr_iter(b'\t', text).any(|t| dated_tab(text, t))
}

/// Whether the tab at `t` in `text` is followed by a year and a dash (`\t2024-`): how the
/// timestamp after `gh run view --log`'s job and step columns begins.
fn dated_tab(text: &[u8], t: usize) -> bool {
    text.get(t + 5) == Some(&b'-') && text[t + 1..t + 5].iter().all(u8::is_ascii_digit)
}

/// `line` (without its end) from past the job and step columns of `gh run view --log` (if it
/// may hold a tab: `tab`) and the timestamp that CI services put before every line
/// (`2024-05-01T12:00:01.1234567Z `), its indentation left in place.
fn unstamped(line: &[u8], tab: bool) -> &[u8] {
    // `gh run view --log` puts the job and the step, each ended by a tab, before the timestamp.
    let head = &line[..line.len().min(160)];
    let line = match tab.then(|| memchr::memchr_iter(b'\t', head).find(|&t| dated_tab(line, t))).flatten() {
        Some(t) => &line[t + 1..],
        None => line,
    };
    match line.get(..4).is_some_and(|y| y.iter().all(u8::is_ascii_digit)) && line.get(4) == Some(&b'-') {
        true => match memchr::memchr(b' ', &line[..line.len().min(40)]) {
            Some(sp) if line[sp - 1] == b'Z' || line[sp - 1].is_ascii_digit() && line[..sp].contains(&b'T') => {
                &line[sp + 1..]
            }
            _ => line,
        },
        false => line,
    }
}

fn strip_eol(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// Lines after a verdict in which frames and snippets still count as its context.
const NEAR: u32 = 6;

/// Classifies the lines of a text in order, with the little state that formats need: inside a
/// Python traceback the first unindented line is the exception (a verdict) and the frame just
/// above it is its context; a few lines after a verdict, frames and snippets are its context.
#[derive(Clone, Debug, Default)]
pub struct Scanner {
    keep: Option<Regex>,
    state: State,
}

/// What a [`Scanner`] carries from one line to the next. Two scanners in the same state at the
/// same line judge every later line alike, which lets a text be scanned in parallel blocks and
/// joined exactly (see [`Scanner::state`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// Inside a Python traceback: the indentation of its `Traceback` line.
    in_traceback: Option<usize>,
    /// Lines since the last verdict, while fewer than [`NEAR`].
    since_verdict: Option<u32>,
    /// Index of the last frame line seen inside the current traceback.
    last_frame: Option<usize>,
    /// Whether the previous line was a verdict or context that announces its message on the
    /// next line (it ends with `:` or YAML's `|-`).
    announces: bool,
    /// Index of the previous line when it opened a JUnit `<testcase>` element.
    open_testcase: Option<usize>,
    /// Inside Surefire's list of failures (`Failed tests:`, `Tests in error:`), whose indented
    /// items each name a failed test and its message.
    in_failure_list: bool,
    /// Whether the previous line was one of pytest's `E   ` lines.
    after_pytest_e: bool,
    /// Lines seen.
    seen: usize,
}

/// What the scanner says of a line: its class, and the earlier line (by index) that this line
/// promotes to [`Class::Context`], if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judgment {
    /// The line's class.
    pub class: Class,
    /// An earlier line that this one makes context (the frame nearest an exception).
    pub promote: Option<usize>,
}

/// What the caller of [`Scanner::line_knowing`] found out about a line by searching its whole
/// block at once, so that the line is judged without a search of its own for each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    /// The line holds one of the words that call for a closer look (from [`word_hits`]).
    pub word: bool,
    /// The line holds no escape, carriage return or backspace (from
    /// [`crate::clean::redraws`]): it is judged as it is.
    pub plain: bool,
    /// The line may hold a tab (`false`: it holds none, so `gh run view --log`'s job and step
    /// columns are not looked for).
    pub tab: bool,
}

impl Scanner {
    /// A scanner; lines matching `keep` are [`Class::Keep`].
    pub fn new(keep: Option<Regex>) -> Scanner {
        Scanner { keep, state: State::default() }
    }

    /// A fresh scanner whose next line has index `line` (for a block of a longer text).
    pub fn starting_at(keep: Option<Regex>, line: usize) -> Scanner {
        Scanner { keep, state: State { seen: line, ..State::default() } }
    }

    /// The state carried to the next line.
    pub fn state(&self) -> State {
        self.state
    }

    /// The index of the next line.
    pub fn next_line(&self) -> usize {
        self.state.seen
    }

    /// The class of the next line (with or without its newline).
    pub fn line(&mut self, line: &[u8]) -> Judgment {
        self.judge(line, None)
    }

    /// [`Scanner::line`] of a line whose caller learned, from one search over its block, what
    /// [`Known`] says of it.
    pub fn line_knowing(&mut self, line: &[u8], known: Known) -> Judgment {
        self.judge(line, Some(known))
    }

    fn judge(&mut self, line: &[u8], known: Option<Known>) -> Judgment {
        let st = &mut self.state;
        let index = st.seen;
        st.seen += 1;
        // Colour and redraws are invisible to the rules: a line is judged as a terminal shows it.
        let shown = match known.is_some_and(|k| k.plain) {
            true => std::borrow::Cow::Borrowed(strip_eol(line)),
            false => crate::clean::visible(strip_eol(line)),
        };
        let has_word = known.map(|k| k.word).filter(|_| matches!(shown, std::borrow::Cow::Borrowed(_)));
        let bare: &[u8] = &shown;
        // What a terminal shows of a line has a tab only where the line has one.
        let text = body_after(bare, known.is_none_or(|k| k.tab));
        let class = match has_word {
            None => classify_body(text),
            Some(false) if !telling_start(text) => Class::Plain,
            // A word in a timestamp that `body` cut off does not count.
            Some(true) if text.len() < bare.trim_ascii_start().len() => classify_body(text),
            Some(has_word) => classify_closely(text, has_word),
        };
        let mut out = Judgment { class, promote: None };
        if let Some(margin) = st.in_traceback {
            let indented = bare.len() - bare.trim_ascii_start().len() > margin;
            if text.starts_with(b"File ") {
                st.last_frame = Some(index);
            } else if !indented && !text.is_empty() && !text.starts_with(b"Traceback") {
                st.in_traceback = None;
                out.class = out.class.max(Class::Verdict);
                out.promote = st.last_frame.take();
            }
        }
        let opens_case = text.starts_with(b"<testcase");
        if out.class == Class::Verdict && out.promote.is_none() {
            out.promote = st.open_testcase.take();
        }
        st.open_testcase = opens_case.then_some(index);
        if text.starts_with(b"Traceback (most recent call last)") {
            st.in_traceback = Some(bare.len() - bare.trim_ascii_start().len());
            st.last_frame = None;
        }
        if out.class < Class::Context && st.since_verdict.is_some() && near_context(bare) {
            out.class = Class::Context;
        }
        let announced = st.announces && !bare.trim_ascii().is_empty();
        if announced {
            out.class = out.class.max(Class::Context);
        }
        // The message element under a test report's failure (NUnit, TRX) is what failed.
        if st.since_verdict.is_some() && (text.starts_with(b"<message>") || text.starts_with(b"<Message>")) {
            out.class = out.class.max(Class::Verdict);
        }
        // The items of Surefire's list of failures, indented under its heading until a blank or
        // unindented line, each name a failed test and its message:
        // `  DirtyFlagTest.testIsDirty:45 expected: <false> but was: <true>`.
        let offset = bare.len() - text.len();
        let indented = bare.first().is_some_and(u8::is_ascii_whitespace)
            || (offset >= 2 && bare[offset - 2..offset].iter().all(u8::is_ascii_whitespace));
        let item = st.in_failure_list && indented && !text.is_empty();
        if item {
            out.class = out.class.max(Class::Context);
        }
        // pytest's first `E` line of a failure is its message: the exception and what it says
        // (`E       ConnectionError: HTTPConnectionPool(...)`), or the assertion
        // (`E       assert 'exited' == 'running'`); the `E` lines after it are its detail.
        let pytest_e = text.len() > 2 && text.starts_with(b"E ") && text[2].is_ascii_whitespace();
        if pytest_e && !st.after_pytest_e {
            out.class = out.class.max(Class::Verdict);
        }
        st.after_pytest_e = pytest_e;
        st.in_failure_list = item || text.starts_with(b"Failed tests:") || text.starts_with(b"Tests in error:");
        // A verdict that ends with `:` (`panicked at src/lib.rs:5:9:`) or a YAML `|-` block
        // (`error: |-` of TAP) puts its message on the next line; that message announces nothing.
        st.announces = !announced
            && ((out.class >= Class::Verdict && bare.ends_with(b":"))
                || (out.class >= Class::Context && bare.ends_with(b"|-")));
        if let Some(re) = &self.keep
            && re.is_match(bare)
        {
            out.class = Class::Keep;
        }
        st.since_verdict = match out.class {
            Class::Verdict | Class::Keep => Some(0),
            _ => st.since_verdict.map(|n| n + 1).filter(|&n| n < NEAR),
        };
        out
    }
}

/// Whether some line of `text` (scanned with its neighbours) is of class `at_least` or
/// higher; the scan stops at the first one.
pub fn reaches(text: &[u8], at_least: Class) -> bool {
    let mut scanner = Scanner::new(None);
    memchr::memchr_iter(b'\n', text)
        .chain(std::iter::once(text.len()))
        .scan(0, |start, end| {
            let line = &text[*start..end.max(*start)];
            *start = end + 1;
            Some(line)
        })
        .any(|line| scanner.line(line).class >= at_least)
}

/// FNV-1a, 64 bits, over what [`template`] and [`shape`] keep of a line: stable across runs and
/// platforms.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn feed(&mut self, b: u8) {
        self.0 ^= u64::from(b);
        self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
    }
}

/// The template of a line: a hash of the line with its variable parts (runs of digits that do
/// not end a name, hex ids such as `3fa9c2d1e0`, the digits of timestamps and IP addresses)
/// folded, so that lines that differ only in them share it. A `0x` number is not folded: its
/// digits read as a name after the `x` (`0x7ffd3a2b`), so lines that differ in a pointer stay
/// apart. Folding them cost 6 / 7 / 5 needles on bench/reallogs.sh, all of one project
/// (nginx-proxy, whose 115 `ConnectionError`s differ only in the address of the connection).
/// The CI service's stamp before the line ([`unstamped`]) is left out: `2022-06-02T15:14:50.4368262Z`
/// ends in a letter, so its fraction of a second would make every line of a GitHub Actions log
/// a template of its own (on bench/reallogs.sh, Terraform's logs kept 3, 5 and 6 labelled
/// lines more at 8,000 chars, 2,000 tokens and in the summary once they folded).
pub fn template(line: &[u8]) -> u64 {
    template_in(line, true)
}

/// [`template`] of a line that holds a tab only if `tab` (a caller that searched a whole text
/// or gap for one at once spares each line the search for `gh run view --log`'s columns).
pub fn template_in(line: &[u8], tab: bool) -> u64 {
    let mut h = Fnv::new();
    let shown = crate::clean::visible(strip_eol(line));
    let line = unstamped(&shown, tab);
    let class = |b: u8| BYTE_CLASS[usize::from(b)];
    // The end of the run of bytes of `class` `k` that starts at `i`.
    let run_end = |i: usize, k: u8| line[i..].iter().position(|&c| class(c) & k == 0).map_or(line.len(), |n| i + n);
    let (mut i, mut prev) = (0, b' ');
    while i < line.len() {
        let b = line[i];
        if class(prev) & LETTER_ != 0 && class(b) & NAME != 0 {
            // The rest of a name (`test_case_17`) is part of what the line says.
            let end = run_end(i, NAME);
            line[i..end].iter().for_each(|&c| h.feed(c));
            (i, prev) = (end, line[end - 1]);
            continue;
        }
        if class(b) & HEX != 0 {
            let end = run_end(i, HEX);
            let digits = line[i..end].iter().filter(|&&c| class(c) & DIGIT != 0).count();
            let ends_word = line.get(end).is_none_or(|&c| class(c) & LETTER_ == 0);
            if digits > 0 && ends_word && (digits == end - i || end - i >= 6) {
                h.feed(b'#');
                (i, prev) = (end, line[end - 1]);
                continue;
            }
        }
        h.feed(b);
        (i, prev) = (i + 1, b);
    }
    h.0
}

/// What [`template`] asks of a byte, one look-up for each question: a letter or `_`
/// ([`LETTER_`]), a letter, digit or `_` ([`NAME`]), a hex digit, a digit.
const BYTE_CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        let underscore = b == b'_';
        const fn bit(yes: bool, bit: u8) -> u8 {
            if yes { bit } else { 0 }
        }
        table[i] = bit(b.is_ascii_alphabetic() || underscore, LETTER_)
            | bit(b.is_ascii_alphanumeric() || underscore, NAME)
            | bit(b.is_ascii_hexdigit(), HEX)
            | bit(b.is_ascii_digit(), DIGIT);
        i += 1;
    }
    table
};
const LETTER_: u8 = 1;
const NAME: u8 = 2;
const HEX: u8 = 4;
const DIGIT: u8 = 8;

/// `t` told apart by the template of `other`: a line held by another line with it.
pub fn template_with(t: u64, other: &[u8]) -> u64 {
    let mut h = Fnv(t);
    template(other).to_le_bytes().iter().for_each(|&b| h.feed(b));
    h.0
}

/// The template a candidate of `class` is held and counted by: [`template`], and for a runner's
/// summary that counts failures also its counts, so that `failed 1 and passed 1291 tests` and
/// `failed 1 and passed 1258 tests` (a job that ran its tests more than once), or the `test
/// result: FAILED` lines of two test binaries, are not folded into one: their counts are what
/// they say. Times (`in 9.44 seconds`, `(3 ms)`) are not counts. A summary that counts no
/// failure (`0 failed`, `Tests run: 5, Failures: 0`) keeps its folded template, so the
/// per-class summaries of a long Maven build still fold.
///
/// A verdict that names a place in a file (gcc's and GHC's `Parser.hs:67:55: error:`, go's
/// `register.go:22:2: …`, javac's `File.java:[27,122]` under Maven, C#'s `File.cs(12,5): error`,
/// pytest's `test_x.py:11: AssertionError`) is held by its place too: the same message at ten
/// places is ten errors, not one said ten times (GHC's ten `Not in scope: type variable ‘a’`
/// were held as one, and the summary kept the code lines quoted under them rather than where
/// they were). The same error at the same place still folds.
pub fn template_as(line: &[u8], class: Class) -> u64 {
    const UNITS: [&[u8]; 10] = [b"s", b"ms", b"sec", b"secs", b"second", b"seconds", b"m", b"min", b"minutes", b"h"];
    let t = template(line);
    if class == Class::Verdict {
        let shown = crate::clean::visible(strip_eol(line));
        return match place(&shown[..shown.len().min(PLACE_WITHIN)]) {
            Some(at) => {
                let mut h = Fnv(t);
                at.iter().for_each(|&b| h.feed(b));
                h.0
            }
            None => t,
        };
    }
    if class != Class::Summary {
        return t;
    }
    let unit = |w: &[u8]| UNITS.iter().any(|u| u.eq_ignore_ascii_case(w));
    let shown = crate::clean::visible(strip_eol(line));
    let (mut h, mut counted) = (Fnv(t), false);
    let mut prev: Option<Token> = None;
    let mut tokens = Tokens { line: unstamped(&shown, true), at: 0 }.peekable();
    // One pass, no allocation (a summary line is judged for every run of a long log).
    while let Some(token @ (gap, tok)) = tokens.next() {
        let next = tokens.peek().copied();
        if tok[0].is_ascii_digit() {
            counted |= counts_failures(prev, token, next);
            // Part of a decimal (`9.44`), or a whole number of a unit of time (`3 ms`, `12s`).
            let decimal = gap == b"." && prev.is_some_and(|p| p.1[0].is_ascii_digit());
            let time = next.is_some_and(|(g, w)| g == b"." || (unit(w) && g.iter().all(|&b| b == b' ')));
            if !decimal && !time {
                tok.iter().for_each(|&b| h.feed(b));
                h.feed(b' ');
            }
        }
        prev = Some(token);
    }
    if counted { h.0 } else { t }
}

/// How far into a verdict [`place`] looks for the file it names.
const PLACE_WITHIN: usize = 400;

/// The line and column of the first place in a file that `line` names: a file's extension (a
/// letter, then at most nine letters or digits) followed by `:` (`:[` under Maven) or `(`, then
/// a line number, and a column after `:` or `,` if any (`x.go:22:2`, `X.java:[27,122]`,
/// `X.cs(12,5)`). A version (`v0.23.4:`) has no letter after its dot.
fn place(line: &[u8]) -> Option<&[u8]> {
    let digits = |from: usize| from + line[from..].iter().take_while(|b| b.is_ascii_digit()).count();
    for dot in memchr::memchr_iter(b'.', line) {
        let ext = dot + 1;
        if !line.get(ext).is_some_and(u8::is_ascii_alphabetic) {
            continue;
        }
        let end = ext + 1 + line[ext + 1..].iter().take(9).take_while(|b| b.is_ascii_alphanumeric()).count();
        let open = match line.get(end..end + 2) {
            Some([b':', b'[']) => end + 2,
            Some([b':' | b'(', _]) => end + 1,
            _ => continue,
        };
        let row = digits(open);
        if row == open {
            continue;
        }
        let col = match line.get(row) {
            Some(b':' | b',') if digits(row + 1) > row + 1 => digits(row + 1),
            _ => row,
        };
        return Some(&line[open..col]);
    }
    None
}

/// A word or a number of a line, with the bytes between it and the one before.
type Token<'a> = (&'a [u8], &'a [u8]);

/// The words (letters) and numbers (digits) of a line, in order.
struct Tokens<'a> {
    line: &'a [u8],
    at: usize,
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let line = self.line;
        let start = self.at + line[self.at..].iter().position(u8::is_ascii_alphanumeric)?;
        let digits = line[start].is_ascii_digit();
        let n = line[start..]
            .iter()
            .take_while(|b| if digits { b.is_ascii_digit() } else { b.is_ascii_alphabetic() })
            .count();
        let gap = &line[self.at..start];
        self.at = start + n;
        Some((gap, &line[start..start + n]))
    }
}

/// Whether `token`, a number of a summary line, is a non-zero count of failures or errors: a
/// number before a failure word (`2 failed`, `1 failing`) or after one in the same clause
/// (`failed 22`, `Failures: 2`, `failures=6`, `FAIL 1 |`); a comma, a semicolon or a full stop
/// ends a clause, so the `1609` of `4 failed, 1609 passed` counts nothing.
fn counts_failures(prev: Option<Token>, (gap, tok): Token, next: Option<Token>) -> bool {
    const WORDS: [&[u8]; 8] =
        [b"fail", b"failed", b"failing", b"failure", b"failures", b"error", b"errors", b"errored"];
    let fails = |w: &[u8]| WORDS.iter().any(|f| f.eq_ignore_ascii_case(w));
    if tok.iter().all(|&b| b == b'0') {
        return false;
    }
    let before = prev.is_some_and(|(_, w)| fails(w)) && !gap.iter().any(|b| b",;.".contains(b));
    let after = next.is_some_and(|(g, w)| fails(w) && g.iter().all(|&b| b == b' '));
    before || after
}

/// What [`template`] never folds of a line, for a quick look before it is computed: the bytes
/// of the line as shown, less its end, hex digits and `#` (which stands for what is folded).
/// Lines of one template have the same skeleton, and most lines of a log differ from a given
/// one within a few bytes, so [`Skeleton::may_match`] is mostly decided there.
pub struct Skeleton(Vec<u8>);

impl Skeleton {
    /// The skeleton of `line`.
    pub fn of(line: &[u8]) -> Skeleton {
        Skeleton(Self::bytes(unstamped(&crate::clean::visible(strip_eol(line)), true)).copied().collect())
    }

    fn bytes(text: &[u8]) -> impl Iterator<Item = &u8> {
        text.iter().filter(|b| !b.is_ascii_hexdigit() && **b != b'#')
    }

    /// Whether `line` may have the template of this skeleton's line: `false` means it has not.
    pub fn may_match(&self, line: &[u8]) -> bool {
        self.may_match_in(line, true)
    }

    /// [`Skeleton::may_match`] of a line that holds a tab only if `tab` (see [`template_in`]).
    pub fn may_match_in(&self, line: &[u8], tab: bool) -> bool {
        self.may_match_shown(&crate::clean::visible(strip_eol(line)), tab)
    }

    /// [`Skeleton::may_match`] of a line that holds no byte a terminal redraws (see
    /// [`crate::clean::redraws`]), which is shown as it is: no search for them.
    /// A tab in the line is looked for only if `tab` (see [`template_in`]).
    pub fn may_match_shown(&self, line: &[u8], tab: bool) -> bool {
        Self::bytes(unstamped(strip_eol(line), tab)).eq(self.0.iter())
    }
}

/// The templates of an earlier run of the same job (the passing run before a failure, or the
/// last run of the same command): a line of the run at hand whose template is among them says
/// nothing new, as LogSage and CiDiff find for CI failures, so it ranks one class lower than
/// it would (see [`Baseline::rank`]).
#[derive(Debug, Default)]
pub struct Baseline {
    templates: std::sync::OnceLock<Templates>,
    /// The thread computing them, for a baseline read by [`Baseline::read_file`].
    pending: std::sync::Mutex<Option<std::thread::JoinHandle<Templates>>>,
}

/// A set of templates.
type Templates = std::collections::HashSet<u64, std::hash::BuildHasherDefault<Mixed>>;

/// Hashes a template (a hash already) by mixing its bits once, not by hashing it again:
/// SipHash took 2% of the CPU of a hook's call on 1 MB with a baseline.
#[derive(Default)]
pub struct Mixed(u64);

impl std::hash::Hasher for Mixed {
    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 32)
    }
}

/// How a file of saved templates ([`Baseline::saved`]) starts: the format and the version of
/// ctx that wrote it.
const SAVED_TEMPLATES: &str = concat!("ctx templates 1 ", env!("CARGO_PKG_VERSION"), "\n");

/// A baseline file at most this large is read whole and its templates computed on a thread of
/// their own, while the input is read and scanned (in `ctx hook`, about 3 ms of a 1 MB call);
/// a larger one is read as it streams, in memory bounded by its templates.
pub const BASELINE_IN_MEMORY: u64 = 16 << 20;

impl Baseline {
    fn ready(templates: Templates) -> Baseline {
        Baseline { templates: templates.into(), pending: Default::default() }
    }

    /// The templates of the lines of `text`.
    pub fn of(text: &[u8]) -> Baseline {
        Baseline::ready(templates_of(text))
    }

    /// The templates of the lines read from `r` (memory bounded by the distinct templates, not
    /// the input).
    pub fn read(mut r: impl std::io::BufRead) -> std::io::Result<Baseline> {
        let mut templates = Templates::default();
        let mut line = Vec::new();
        while r.read_until(b'\n', &mut line)? > 0 {
            templates.insert(template(&line));
            line.clear();
        }
        Ok(Baseline::ready(templates))
    }

    /// The templates of the lines of `file`: a regular file of at most [`BASELINE_IN_MEMORY`]
    /// bytes is read here (a failed read is an error here) and its templates are computed on a
    /// thread of their own, which the first question to the baseline waits for; a larger file
    /// or a stream (a pipe, `/dev/stdin`, whose size says nothing) is [`Baseline::read`].
    pub fn read_file(mut file: std::fs::File) -> std::io::Result<Baseline> {
        let meta = file.metadata()?;
        if !meta.is_file() || meta.len() > BASELINE_IN_MEMORY {
            return Baseline::read(std::io::BufReader::new(file));
        }
        let mut text = Vec::new();
        std::io::Read::read_to_end(&mut file, &mut text)?;
        Ok(Baseline::in_background(std::sync::Arc::new(text)))
    }

    /// The templates of the lines of `text`, computed on a thread of their own, which the first
    /// question to the baseline waits for.
    pub fn in_background(text: std::sync::Arc<Vec<u8>>) -> Baseline {
        let job = std::thread::spawn(move || templates_of(&text));
        Baseline { templates: std::sync::OnceLock::new(), pending: Some(job).into() }
    }

    /// The baseline that `find` makes, found on a thread of its own (a file read, then
    /// templates read or computed), which the first question to the baseline waits for.
    pub fn later(find: impl FnOnce() -> Baseline + Send + 'static) -> Baseline {
        let job = std::thread::spawn(move || {
            let b = find();
            b.templates();
            b.templates.into_inner().unwrap_or_default()
        });
        Baseline { templates: std::sync::OnceLock::new(), pending: Some(job).into() }
    }

    /// The templates of this baseline, which are those of `text`, as bytes that
    /// [`Baseline::from_saved`] reads back with the same `text`: a baseline used again (the
    /// hook's last run of a command that printed the same again) is read, not computed again
    /// (4 ms of CPU for 1 MB). Sorted: the same templates make the same bytes.
    pub fn saved(&self, text: &[u8]) -> Vec<u8> {
        let mut templates: Vec<u64> = self.templates().iter().copied().collect();
        templates.sort_unstable();
        let mut out = Vec::with_capacity(SAVED_TEMPLATES.len() + 40 + 8 * templates.len());
        out.extend_from_slice(SAVED_TEMPLATES.as_bytes());
        out.extend_from_slice(&probe().to_le_bytes());
        out.extend_from_slice(blake3::hash(text).as_bytes());
        templates.iter().for_each(|t| out.extend_from_slice(&t.to_le_bytes()));
        out
    }

    /// The baseline of `text` from `saved`, what [`Baseline::saved`] wrote for it; `None` when
    /// `saved` was written for another text, by another version of ctx or by a build whose
    /// templates differ (a change to what they fold), or is not such a file.
    pub fn from_saved(text: &[u8], saved: &[u8]) -> Option<Baseline> {
        let rest = saved.strip_prefix(SAVED_TEMPLATES.as_bytes())?;
        let (probed, rest) = rest.split_at_checked(8)?;
        let (hash, rest) = rest.split_at_checked(32)?;
        if probed != probe().to_le_bytes() || hash != blake3::hash(text).as_bytes() || rest.len() % 8 != 0 {
            return None;
        }
        let templates = rest.chunks_exact(8).map(|t| u64::from_le_bytes(t.try_into().expect("8 bytes")));
        Some(Baseline::ready(templates.collect()))
    }

    fn templates(&self) -> &Templates {
        self.templates.get_or_init(|| {
            let job = self.pending.lock().unwrap_or_else(|e| e.into_inner()).take();
            job.map(|j| j.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).unwrap_or_default()
        })
    }

    /// Whether the baseline has a line of `template`.
    pub fn has(&self, template: u64) -> bool {
        self.templates().contains(&template)
    }

    /// The distinct templates of the baseline.
    pub fn len(&self) -> usize {
        self.templates().len()
    }

    /// Whether the baseline has no line.
    pub fn is_empty(&self) -> bool {
        self.templates().is_empty()
    }

    /// The class a line of `class` and `template` ranks as against this baseline: one class
    /// lower when the baseline has its template (a warning the passing run printed too ranks as
    /// a mention; a verdict it printed too ranks below the verdicts it did not). A line the
    /// user asked for (`Keep`) keeps its class.
    pub fn rank(&self, class: Class, template: u64) -> Class {
        if class == Class::Keep || !self.has(template) {
            return class;
        }
        match class {
            Class::Keep | Class::Verdict => Class::Summary,
            Class::Summary => Class::Context,
            Class::Context => Class::Mention,
            Class::Mention => Class::Warning,
            Class::Warning => Class::Plain,
            Class::Plain | Class::Pass => Class::Pass,
        }
    }
}

/// The templates of a few lines that take each way through [`template_in`] (a stamp, a name
/// with digits, a number and a hex id folded, a `0x` address, colour, `gh run view --log`'s
/// columns), in one number: saved templates whose probe differs were made by another rule.
fn probe() -> u64 {
    const LINES: [&[u8]; 3] = [
        b"2024-05-01T10:00:00.1234567Z error: test_case_17 failed at 0x7ffd after 42 ms, id 3fa9c2d1e0\n",
        b"\x1b[31mFAILED\x1b[0m tests/test_x.py::test_y[3] - AssertionError: 1 != 2\r\n",
        b"build\tRun tests\t2024-05-01T10:00:00.1234567Z ##[error]Process completed with exit code 1.\n",
    ];
    let mut h = Fnv::new();
    LINES.iter().flat_map(|l| template(l).to_le_bytes()).for_each(|b| h.feed(b));
    h.0
}

/// The templates of the lines of `text`.
fn templates_of(text: &[u8]) -> Templates {
    let tab = has_columns(text);
    text.split_inclusive(|&c| c == b'\n').map(|line| template_in(line, tab)).collect()
}

/// The shape of a line: its first words, with the words that name something (paths, test and
/// class names, numbers: any word with a digit, `_`, `.`, `/` or a capital inside) folded. Lines
/// of one kind (`--- FAIL: TestA_x`, `--- FAIL: TestB_y`) share a shape even where their
/// templates differ, so a budget can go round the kinds of a log before it takes a second of one.
/// A numbered item (`1) suite test:`, `2. Failure: …`) is one kind whatever it names: mocha's
/// titles in a vscode log of bench/reallogs.sh were each a kind of their own and all came before
/// their messages (taking turns: 91.5 → 91.9% at 8,000 chars, 88.7 → 89.6% at 2,000 tokens,
/// 79.1 → 79.3% in the summary; vscode and, not its source, shiny's testthat; nothing lost).
pub fn shape(line: &[u8]) -> u64 {
    let shown = crate::clean::visible(strip_eol(line));
    let text = body(&shown);
    let mut h = Fnv::new();
    let mut feed = |b: u8| h.feed(b);
    let mut words = text.split(|b| b.is_ascii_whitespace()).filter(|w| !w.is_empty()).peekable();
    // A numbered item (mocha's, PHPUnit's and ExUnit's `1) suite test:`, testthat's `1. Failure`)
    // is one kind whatever it names.
    if words.peek().is_some_and(|w| enumerator(w)) {
        feed(b'#');
        return h.0;
    }
    for word in words.take(SHAPE_WORDS) {
        let inner = word.trim_ascii().strip_suffix(b":").unwrap_or(word);
        let inner = &inner[inner.iter().take_while(|b| !b.is_ascii_alphanumeric()).count()..];
        let names = inner.iter().enumerate().any(|(i, &b)| {
            b.is_ascii_digit()
                || (i > 0 && i + 1 < inner.len() && matches!(b, b'_' | b'.' | b'/' | b'\\' | b':'))
                || (i > 0 && b.is_ascii_uppercase() && inner[i - 1].is_ascii_lowercase())
        });
        match names {
            true => feed(b'*'),
            false => word.iter().for_each(|&b| feed(b)),
        }
        feed(b' ');
    }
    h.0
}

/// Whether `word` numbers an item of a list: `1)`, `12.`, `3:`.
fn enumerator(word: &[u8]) -> bool {
    let n = word.iter().take_while(|b| b.is_ascii_digit()).count();
    n > 0 && n + 1 == word.len() && matches!(word[n], b')' | b'.' | b':')
}

/// The words of a line that make its [`shape`].
const SHAPE_WORDS: usize = 3;

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(text: &str) -> Vec<Class> {
        let mut s = Scanner::new(None);
        let mut classes: Vec<Class> = Vec::new();
        for line in text.lines() {
            let v = s.line(line.as_bytes());
            if let Some(i) = v.promote {
                classes[i] = classes[i].max(Class::Context);
            }
            classes.push(v.class);
        }
        classes
    }

    #[test]
    fn verdicts_of_common_tools() {
        for line in [
            "FAILED tests/test_calc.py::test_div - ZeroDivisionError: division by zero",
            "--- FAIL: TestParse (0.00s)",
            "test tests::adds ... FAILED",
            "thread 'tests::adds' panicked at src/lib.rs:10:9:",
            "error[E0308]: mismatched types",
            "main.c:5:12: error: 'y' undeclared (first use in this function)",
            "make: *** [Makefile:4: main] Error 1",
            "npm ERR! code ELIFECYCLE",
            "    <failure message=\"expected 2\" type=\"AssertionError\">",
            "ValueError: invalid literal for int() with base 10: 'x'",
            "java.lang.IllegalStateException: boom",
            "Caused by: java.io.IOException: closed",
            "fatal: not a git repository",
            "[BUILD FAILURE]",
            "2024-05-01 12:00:01,123 ERROR worker[3]: job 17 crashed",
            "Process completed with exit code 2.",
            "  ● Calculator › divides",
        ] {
            assert_eq!(classify(line.as_bytes()), Class::Verdict, "{line}");
        }
    }

    /// Runners' summaries, passing or failing. PHPUnit's outcome line above its counts when no
    /// test failed is one, as its `SummaryPrinter` writes it (sebastianbergmann/phpunit,
    /// src/TextUI/Output/SummaryPrinter.php: `OK, but some tests were skipped!`, `OK, but there
    /// are issues!`, `No tests executed!`; before PHPUnit 10 `OK, but incomplete, skipped, or
    /// risky tests!`, here as master-thesis symfony's runs print it, in colour); prose that
    /// starts the same way is not.
    #[test]
    fn summaries_of_test_runners() {
        for line in [
            "==== 2 failed, 40 passed in 0.31s ====",
            "test result: FAILED. 3 passed; 1 failed; 0 ignored",
            "test result: ok. 12 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out",
            "Tests:       1 failed, 12 passed, 13 total",
            "# fail 2",
            "\x1b[30;43mOK, but incomplete, skipped, or risky tests!\x1b[0m\r",
            "OK, but some tests were skipped!",
            "OK, but there are issues!",
            "No tests executed!",
        ] {
            assert_eq!(classify(line.as_bytes()), Class::Summary, "{line:?}");
        }
        assert_eq!(classify(b"OK, but the mirror was slow today"), Class::Plain);
    }

    #[test]
    fn passing_lines_and_mere_mentions_rank_low() {
        assert_eq!(classify(b"tests/test_x.py::test_raises_error PASSED [ 10%]"), Class::Pass);
        assert_eq!(classify(b"test parse::rejects_error_input ... ok"), Class::Pass);
        assert_eq!(classify(b"  \xe2\x9c\x93 throws an error when the input is empty (3 ms)"), Class::Pass);
        assert_eq!(classify(b"--- PASS: TestErrorPath (0.00s)"), Class::Pass);
        assert_eq!(classify(b"the handler logs an error and retries"), Class::Mention);
        // Real lines of bench/reallogs.sh: in shiny's, symfony's, vim's and bootstrap's an error
        // word joined to a name by `-` or `/` names something; a JUnit report of pulsar's still
        // mentions a failure.
        for line in [
            "Setting up libgpg-error-dev (1.21-2ubuntu1) ...",
            "src/Symfony/Component/HttpKernel/composer.lock is not in sync with symfony/error-handler.",
            "checking --enable-fail-if-missing argument... no",
            "\u{2502} \u{2502} \u{251c}\u{2500}\u{252c} http-errors@1.6.3 ",
        ] {
            assert_eq!(classify(line.as_bytes()), Class::Plain, "{line}");
        }
        assert_eq!(classify(b"<![CDATA[java.lang.AssertionError: expected [1.2.1] but found [1.2.0]"), Class::Mention);
        assert_eq!(classify(b"warning: unused variable: `x`"), Class::Warning);
        // Python's warning categories, as `warnings.showwarning` prints them (thefuck, vim's
        // and ejabberd's pip), and the category alone on the line under the source it quotes.
        for line in [
            "  /home/travis/build/nvbn/thefuck/thefuck/conf.py:53: UserWarning: Config path /home/travis/.thefuck is deprecated. Please move to /home/travis/.config/thefuck\r",
            "/usr/local/lib/python2.7/dist-packages/pip/_vendor/requests/packages/urllib3/util/ssl_.py:318: SNIMissingWarning: An HTTPS request has been made, but the SNI (Subject Name Indication) extension to TLS is not available on this platform. This may cause the server to present an incorrect TLS certificate, which can cause validation failures. You can upgrade to a newer version of Python to solve this. For more information, see https://urllib3.readthedocs.io/en/latest/security.html#snimissingwarning.\r",
            "/usr/local/lib/python2.7/dist-packages/pip/_vendor/requests/__init__.py:83: RequestsDependencyWarning: Old version of cryptography ([1, 2, 3]) may cause slowdown.\r",
            "    PytestUnknownMarkWarning,\r",
        ] {
            assert_eq!(classify(line.as_bytes()), Class::Warning, "{line}");
        }
        assert_eq!(classify(b"all good here"), Class::Plain);
    }

    /// A level word leads a log line after the stamps that precede it (a date, a time, a
    /// process), or in brackets or with a colon after any words; a bare `error` after plain
    /// words is prose. Real lines of bench/reallogs.sh: Pester's test names and ccache's
    /// statistics (master-thesis PowerShell, neovim) were verdicts, as were nginx's config
    /// comments and English prose (1,663 lines of the set), and took the room of the failures.
    /// CMake's and rspec's sentences that lost their rank with it (caffe, discourse) are
    /// verdicts of their own.
    #[test]
    fn a_level_leads_the_line_after_its_stamps() {
        for line in [
            "2019-08-01 15:12:45 error could not open the socket",
            "12:00:01 [worker-3] error while loading",
            "[2024-01-02 03:04:05] [error] AH00124: Request exceeded the limit",
            "Build Error: the target failed",
            "ERROR 2019/08/01 15:12:45 [en] REF_NOT_FOUND: Ref \"/docs/4.3/components/navs\"",
            "CMake Error at /usr/share/cmake-3.2/Modules/FindBoost.cmake:1201 (message):",
            "An error occurred while loading ./spec/requests/users_controller_spec.rb.\r",
            "An error occured while installing Cake.\r",
            // After a time of day, a level can follow a few more words: lantern's own log
            // (master-thesis), a syslog or journal prefix, OpenStack's with its file's name.
            "Apr 26 23:15:08.292 - 0m0s ERROR balancer: dialer.go:190 No check function provided for dialer Dialer 1",
            "Nov 29 04:11:45 build-7 worker[2931]: ERROR could not reach the registry",
            "nova-compute.log.1.2017-05-16_13:55:31 2017-05-16 00:00:04.500 2931 ERROR nova.compute.manager [req-3ea4052c] Error from libvirt during destroy",
            // Karma's log (log4js's `%d{DATE}:%p [%c]: %m`) joins the level to the time with a
            // colon: master-thesis bootstrap, in colour.
            "\x1b[91m31 07 2019 20:21:24.471:ERROR [reporter.browserlabs]: \x1b[39m\u{2716} Test Disconnected\r",
        ] {
            assert_eq!(classify(line.as_bytes()), Class::Verdict, "{line:?}");
        }
        assert_eq!(classify(b"31 07 2019 20:21:24.471:WARN [web-server]: 404: /base/x.js"), Class::Warning);
        // Without a time of day, four words before it make it prose or a column (karma's
        // browser name, master-thesis angular), not a level that leads the line.
        for line in [
            "IE 10.0.0 (Windows 8.0.0) ERROR: TypeError: Object doesn't support property or method 'substring'",
            "the step named build printed ERROR twice",
        ] {
            assert_eq!(classify(line.as_bytes()), Class::Mention, "{line:?}");
        }
        for line in [
            "    Context Error handling\r",
            "  Describing Attribute error position\r",
            "preprocessor error                     2",
            "    # redirect server error pages to the static page /50x.html\r",
        ] {
            assert_eq!(classify(line.as_bytes()), Class::Mention, "{line:?}");
        }
    }

    /// Frames in each runtime's form, real lines of bench/reallogs.sh: PowerShell's (Pester 5
    /// in master-thesis pester, Pester 4 in master-thesis PowerShell) join the function and
    /// its place with a comma.
    #[test]
    fn frames_of_every_runtime() {
        for line in [
            "\tat org.junit.Assert.fail(Assert.java:88)",
            "\tat sun.reflect.NativeMethodAccessorImpl.invoke0(Native Method)",
            "    at Test.bound [as _assert] (/home/travis/build/airbnb/javascript/node_modules/tape/lib/test.js:77:32)",
            "\t... 15 more",
            "    #1 0x78092a in vim_free /home/travis/build/vim/vim/src/misc2.c:1805",
            "at Verify-True, /Users/travis/build/pester/Pester/Dependencies/Axiom/Verify-True.ps1:8",
            "at <ScriptBlock>, <No file>:1",
            "/home/travis/.rvm/gems/ruby-1.9.3-p551/gems/albacore-1.0.0.rc.2/lib/albacore/support/failure.rb:12:in `fail_with_message'",
            "\tfrom /home/travis/.rvm/gems/ruby-2.5.3/gems/rake-12.3.2/lib/rake/task.rb:271:in `block in execute'",
            "   at NUnit.Framework.Assert.Fail(String message) in D:\\Dev\\NUnit\\nunit-3.0\\work\\NUnitFramework\\src\\framework\\Assert.cs:line 152",
            "          at TechTalk.SpecFlow.Infrastructure.TestExecutionEngine.ExecuteStepMatch(BindingMatch match, Object[] arguments)",
            "      at Invoke-Assertion, /home/travis/build/PowerShell/PowerShell/src/powershell-unix/bin/Release/netcoreapp2.1/linux-x64/publish/Modules/Pester/4.2.0/Functions/Assertions/Should.ps1: line 206",
        ] {
            assert!(is_frame(line.as_bytes()), "{line:?}");
        }
        for line in ["at least one test failed", "at 12:00, the job ran", "Looked at x, y and z"] {
            assert!(!is_frame(line.as_bytes()), "{line:?}");
        }
    }

    #[test]
    fn traceback_exception_line_and_its_frame() {
        let text = "INFO start\nTraceback (most recent call last):\n  File \"a.py\", line 3, in <module>\n    main()\n  File \"a.py\", line 2, in main\n    int('x')\nKeyBoom: invalid literal\nINFO next\n";
        let c = scan(text);
        assert_eq!(c[1], Class::Context, "the Traceback header");
        assert_eq!(c[6], Class::Verdict, "the exception line, whatever its name");
        assert_eq!(c[4], Class::Context, "the frame nearest the exception");
        assert_eq!(c[2], Class::Plain, "an outer frame");
        assert_eq!(c[7], Class::Plain);
    }

    #[test]
    fn compiler_location_under_an_error() {
        let c = scan(
            "error[E0308]: mismatched types\n  --> src/main.rs:4:18\n   |\n4  |     let x: i32 = \"a\";\n   |                  ^^^ expected `i32`\nsomething else | here\n",
        );
        assert_eq!(&c[..5], &[Class::Verdict, Class::Context, Class::Context, Class::Context, Class::Context]);
    }

    /// A location counts as context only under a verdict: under a warning it would be kept
    /// without its message (a bare `--> src/report.rs:88:9` in a 300-token cut of
    /// tests/fixtures/build.log), so it ranks no higher than the warning itself.
    #[test]
    fn a_location_under_a_warning_is_not_context() {
        let c = scan(
            "warning: unused variable: `count`\n  --> src/report.rs:88:9\n   |\n88 |     let count = rows.len();\n",
        );
        assert_eq!(c[0], Class::Warning);
        assert!(c[1] <= Class::Warning, "{:?}", c[1]);
    }

    #[test]
    fn a_baseline_ranks_the_lines_it_has_one_class_lower() {
        // Lines of CiDiff's astor_400 pass/fail pair (tests/fixtures/cidiff-astor_400).
        let pass = b"[INFO] Compiling 395 source files to /builds/workspace/astor/target/classes\n\
            [WARNING] /builds/StaSynthBuilder.java: Recompile with -Xlint:unchecked for details.\n\
            Tests run: 1, Failures: 0, Errors: 0, Skipped: 0\n";
        let b = Baseline::read(&pass[..]).expect("read");
        assert_eq!((b.len(), Baseline::of(pass).len()), (3, 3));
        let t = |l: &str| template(l.as_bytes());
        let warning = t("[WARNING] /builds/StaSynthBuilder.java: Recompile with -Xlint:unchecked for details.");
        assert_eq!(b.rank(Class::Warning, warning), Class::Plain);
        // Numbers fold: the failing run's counts share the passing run's template.
        assert_eq!(b.rank(Class::Summary, t("Tests run: 1, Failures: 1, Errors: 0, Skipped: 0")), Class::Context);
        assert_eq!(b.rank(Class::Verdict, t("[INFO] 4 errors ")), Class::Verdict);
        assert_eq!(b.rank(Class::Keep, warning), Class::Keep);
        assert_eq!(Baseline::default().rank(Class::Warning, warning), Class::Warning);
        // Read from a file, its templates are computed on a thread of their own: the same ones.
        let path = std::env::temp_dir().join(format!("ctx-baseline-test-{}", std::process::id()));
        std::fs::write(&path, pass).expect("write");
        let file = Baseline::read_file(std::fs::File::open(&path).expect("open")).expect("read");
        std::fs::remove_file(&path).expect("remove");
        assert_eq!(file.rank(Class::Warning, warning), Class::Plain);
        assert_eq!(file.templates(), b.templates());
        assert!(file.pending.lock().expect("lock").is_none(), "joined once asked");
    }

    /// Saved templates read back are the same set, for the text they were saved for only; a
    /// file cut short, of another format or version, or of another rule, reads as none.
    #[test]
    fn saved_templates_are_read_back_for_their_text_only() {
        let text = b"[INFO] Compiling 395 source files\nTests run: 1, Failures: 0\nTests run: 2, Failures: 0\n";
        let b = Baseline::of(text);
        let saved = b.saved(text);
        assert_eq!(saved.len(), SAVED_TEMPLATES.len() + 8 + 32 + 8 * 2);
        assert!(saved.starts_with(format!("ctx templates 1 {}\n", env!("CARGO_PKG_VERSION")).as_bytes()));
        let back = Baseline::from_saved(text, &saved).expect("read back");
        assert_eq!(back.templates(), b.templates());
        assert_eq!(Baseline::in_background(std::sync::Arc::new(text.to_vec())).templates(), b.templates());
        let found = Baseline::later(move || Baseline::from_saved(text, &Baseline::of(text).saved(text)).expect("read"));
        assert_eq!(found.templates(), b.templates());
        // The same templates make the same bytes, whatever order the set holds them in.
        assert_eq!(back.saved(text), saved);
        assert!(Baseline::from_saved(b"Tests run: 3, Failures: 1\n", &saved).is_none(), "another text");
        assert!(Baseline::from_saved(text, &saved[..saved.len() - 1]).is_none(), "cut short");
        let mut other = saved.clone();
        other[SAVED_TEMPLATES.len()] ^= 1;
        assert!(Baseline::from_saved(text, &other).is_none(), "another rule's probe");
        let version = [&b"ctx templates 1 0.0.0-other\n"[..], &saved[SAVED_TEMPLATES.len()..]].concat();
        assert!(Baseline::from_saved(text, &version).is_none(), "another version");
        let same = [SAVED_TEMPLATES.as_bytes(), &saved[SAVED_TEMPLATES.len()..]].concat();
        assert!(Baseline::from_saved(text, &same).is_some(), "the same bytes after the header");
        assert!(Baseline::from_saved(text, b"").is_none());
    }

    #[test]
    fn templates_fold_numbers_and_ids_but_not_names() {
        assert_eq!(template(b"heartbeat ok 12:00:01 id=3fa9c2d1e0"), template(b"heartbeat ok 12:07:59 id=00aa11bb22"));
        assert_eq!(template(b"job 17 crashed\n"), template(b"job 4242 crashed"));
        assert_ne!(template(b"FAILED test_case_17"), template(b"FAILED test_case_18"));
        assert_ne!(template(b"job 1 crashed"), template(b"job 1 started"));
        assert_eq!(template(b"connect to 10.0.3.17:8080 refused"), template(b"connect to 10.0.3.5:443 refused"));
        // A pointer is not folded (see `template`).
        let object = |at: &str| template(format!("<HTTPConnection object at {at}>: Failed").as_bytes());
        assert_ne!(object("0x7f3a2b10c5d0"), object("0x7f3a2b10c910"));
    }

    /// The timestamp a CI service puts before every line, and the job and step columns of `gh
    /// run view --log`, are not part of what a line says: every line of a GitHub Actions log had
    /// a template of its own (the fraction of a second, `.4368262Z`, ends in a letter and is not
    /// folded), so no repeat was folded and no line of the passing run before matched one of the
    /// failing run. Real lines of bench/reallogs.sh (cidiff, Terraform's `Build Terraform CLI
    /// Packages`, run 452: its failing run and the passing run before).
    #[test]
    fn a_ci_timestamp_is_not_part_of_the_template() {
        let error = |stamp: &str, line: u32| {
            format!(
                "{stamp}##[error]../../../go/pkg/mod/k8s.io/client-go@v0.23.4/kubernetes/scheme/register.go:{line}:2: \
                 k8s.io/api@v0.23.4: Get \"https://proxy.golang.org/k8s.io/api/@v/v0.23.4.zip\": read tcp \
                 10.1.0.82:52774->74.125.124.141:443: read: connection reset by peer\n"
            )
        };
        let a = error("2022-06-02T15:14:50.4368262Z ", 22);
        let b = error("2022-06-02T15:14:50.4377971Z ", 23);
        assert_eq!(template(a.as_bytes()), template(b.as_bytes()));
        assert_eq!(template(a.as_bytes()), template(error("", 22).as_bytes()));
        assert_eq!(template(a.as_bytes()), template(error("build\tRun make\t2024-05-01T12:00:01.1Z ", 9).as_bytes()));
        assert!(Skeleton::of(a.as_bytes()).may_match(b.as_bytes()));
        // The columns are looked for in a line only where a search of its text found them.
        let gh = error("build\tRun make\t2024-05-01T12:00:01.1Z ", 9);
        assert!(has_columns(gh.as_bytes()) && !has_columns(b"a\tb 2024-05-01\n\t202\n"));
        assert_eq!(template_in(gh.as_bytes(), true), template(a.as_bytes()));
        assert_ne!(template_in(gh.as_bytes(), false), template(a.as_bytes()));
        assert!(Skeleton::of(a.as_bytes()).may_match_shown(gh.as_bytes(), true));
        // A line's indentation after the stamp is still its own.
        assert_ne!(template(b"2022-06-02T15:14:50.1Z   x 1"), template(b"2022-06-02T15:14:50.1Z x 1"));
        // A date that is not a CI service's stamp (no `T`) is folded where it stands.
        assert_ne!(template(b"2019-07-08 22:26:27.058 xcodebuild"), template(b"xcodebuild"));
        // The passing run's lines rank the failing run's like them lower.
        let pass = b"2022-06-02T15:03:49.6745090Z Post job cleanup.\n2022-06-02T15:03:49.9506117Z Cleaning up orphan processes\n";
        let baseline = Baseline::of(pass);
        let fail = b"2022-06-02T15:14:50.4588759Z Post job cleanup.\n";
        assert_eq!(baseline.rank(Class::Context, template(fail)), Class::Mention);
        // The counts of a summary are its own, not the stamp's digits.
        let summary =
            |stamp: &str| template_as(format!("{stamp}=== 3 failed, 5 passed in 9.44s ===").as_bytes(), Class::Summary);
        assert_eq!(summary("2022-06-02T15:14:50.4588759Z "), summary("2022-06-02T15:21:07.0000001Z "));
        assert_ne!(
            summary("2022-06-02T15:14:50.4588759Z "),
            template_as(b"=== 4 failed, 5 passed in 9.44s ===", Class::Summary)
        );
    }

    /// A template is FNV-1a of the line as folded, exactly: a number and a hex id of six or more
    /// with a digit become `#` where no letter or `_` follows; the rest of a name (whatever
    /// follows a letter: `0xdead1` is `0`, `x`, then a name), a short hex word and `9_` stay.
    #[test]
    fn a_template_is_the_hash_of_the_folded_line() {
        let fnv = |folded: &[u8]| folded.iter().fold(Fnv::new(), |mut h, &b| (h.feed(b), h).1).0;
        for (line, folded) in [
            (&b"test_case_17 failed after 12 ms\n"[..], &b"test_case_17 failed after # ms"[..]),
            (b"id=3fa9c2d1e0 at 12:07:59.123\r\n", b"id=# at #:#:#.#"),
            (b"cafe 0xdead1 abc123 _x9 9_ 7f", b"cafe 0xdead1 # _x9 9_ 7f"),
            (b"\x1b[31mE   12 != 13\x1b[0m", b"E   # != #"),
            (b"deadbeef1 1a2b3c4d5e6f", b"# #"),
        ] {
            assert_eq!(template(line), fnv(folded), "{}", String::from_utf8_lossy(folded));
        }
    }

    /// A skeleton never turns away a line of its own template: on every line of the fidelity
    /// bench's real outputs, on colour, and where a literal `#` meets a folded number. And it is
    /// worth asking: it turns away three in four of the neighbours of another template there
    /// (4,786 of 6,468), which are more alike than lines far apart.
    #[test]
    fn a_skeleton_never_turns_away_a_line_of_its_template() {
        let mut lines: Vec<Vec<u8>> = [
            "job 17 crashed\n",
            "job 4242 crashed",
            "\x1b[31mjob 9 crashed\x1b[0m\r\n",
            "at :#",
            "at :12",
            "id=3fa9c2d1e0 ok",
            "id=00aa11bb22 ok",
            "job #12",
            "job 12",
            "2022-06-02T15:14:50.4368262Z job 17 crashed",
            "build\tRun tests\t2024-05-01T12:00:01.1234567Z job 3 crashed\n",
        ]
        .iter()
        .map(|l| l.as_bytes().to_vec())
        .collect();
        for e in std::fs::read_dir("bench/fidelity/outputs").expect("the fidelity outputs") {
            let text = std::fs::read(e.expect("entry").path()).expect("readable");
            lines.extend(text.split_inclusive(|&b| b == b'\n').map(<[u8]>::to_vec));
        }
        let mut first: std::collections::HashMap<u64, &[u8]> = std::collections::HashMap::new();
        let (mut same, mut other, mut turned) = (0, 0, 0);
        for line in &lines {
            let t = template(line);
            let kin = *first.entry(t).or_insert(line);
            assert!(
                Skeleton::of(kin).may_match(line),
                "{:?} / {:?}",
                String::from_utf8_lossy(kin),
                String::from_utf8_lossy(line)
            );
            same += 1;
        }
        for pair in lines.windows(2).filter(|p| template(&p[0]) != template(&p[1])) {
            other += 1;
            turned += usize::from(!Skeleton::of(&pair[0]).may_match(&pair[1]));
        }
        assert!(Skeleton::of(b"job 17 crashed").may_match(b"\x1b[1mjob 3 crashed\x1b[0m"));
        assert_eq!(template(b"at :#"), template(b"at :12"));
        assert!(same > 6_000, "{same}");
        assert!(turned * 3 >= other * 2, "{turned} of {other}");
    }

    #[test]
    fn near_only_names_the_frames_and_snippets() {
        assert!(CONTEXTS[NEAR_ONLY.start].starts_with(r"^\s*at "));
        assert_eq!(NEAR_ONLY.end, CONTEXTS.len());
    }

    #[test]
    fn junit_testcase_of_a_failure_is_context() {
        let c = scan(
            "<testcase name=\"throws an error\"/>\n<testcase name=\"divides\" time=\"0.1\">\n  <failure message=\"expected 2\"/>\n</testcase>\n",
        );
        assert_eq!(&c[..3], &[Class::Pass, Class::Context, Class::Verdict]);
    }

    #[test]
    fn reaches_a_class_somewhere_in_a_text() {
        assert!(reaches(b"all fine\nwarning: x\n", Class::Warning));
        assert!(!reaches(b"all fine\nwarning: x\n", Class::Summary));
        assert!(reaches(b"Traceback (most recent call last):\n  File \"a\", line 1\nBoom: no\n", Class::Verdict));
        assert!(!reaches(b"", Class::Mention));
    }

    /// A first word `FILE:LINE:` is a place worth a close look, whatever the line says; a time
    /// of day is not one. ejabberd's Travis logs of bench/reallogs.sh start 7,346 of 12,484 lines
    /// with one (45,301 lines of the set), and each went through every pattern: the regex sets'
    /// lazy automata grew for them, about a third of `ctx truncate`'s time on the first MiB of
    /// that log. None has a class.
    #[test]
    fn a_time_of_day_is_not_a_place() {
        let stamped = b"10:30:30.908 [info] Application lager started on node 'test9992@travis-job-7b82fc67'";
        assert!(!telling_start(stamped));
        assert_eq!(classify(stamped), Class::Plain);
        for place in
            [&b"src/lib.rs:3:9: expected `u32`"[..], b":11: AssertionError", b"x_test.go:12: got 1", b"a1:2: b"]
        {
            assert!(telling_start(place), "{}", String::from_utf8_lossy(place));
        }
        // A stamped line that says something is still judged by its words.
        assert_eq!(classify(b"10:43:21.460 [error] Failed to start ejabberd application"), Class::Verdict);
    }

    /// Every char past ASCII in a pattern starts a verdict that the fast path lets through by
    /// [`FAILING_MARKS`], or sits in a pattern that needs a word anyway (testthat's `── 1.
    /// Failure`); a table's rule or a passing mark is no telling start.
    #[test]
    fn the_failing_marks_are_those_of_the_patterns() {
        for p in VERDICTS.iter().chain(SUMMARIES).chain(CONTEXTS) {
            for c in p.chars().filter(|c| !c.is_ascii()) {
                assert!(FAILING_MARKS.contains(&c.to_string().as_str()) || c == '─', "{c} of {p}");
            }
        }
        for mark in FAILING_MARKS {
            assert!(telling_start(format!("  {mark} a test").as_bytes()), "{mark}");
        }
        // Real lines of bench/reallogs.sh: npm's tree (normalize.css), a Travis step that passed
        // (SwiftyJSON), xcpretty's progress (ReactiveCocoa).
        for line in ["  │ ├── ansi-styles@2.2.1 ", "✓ started instance", "▸ Copying ReactiveSwift.h"] {
            assert!(!telling_start(line.as_bytes()), "{line}");
        }
    }

    /// make's and ctest's verdicts that hold no error word are judged all the same.
    #[test]
    fn verdicts_without_an_error_word() {
        // redox-os's Travis log of bench/reallogs.sh (a labelled line), the same in a sub-make,
        // and ctest's line for a test that ran out of time.
        assert_eq!(classify(b"make: *** No rule to make target `travis'.  Stop."), Class::Verdict);
        assert_eq!(classify(b"make[2]: *** No rule to make target 'install'.  Stop."), Class::Verdict);
        assert_eq!(classify(b"1/3 Test #2: slow_test .........................***Timeout  10.01 sec"), Class::Verdict);
        // make's word that another job failed says nothing of what (erlang/otp's log).
        assert_eq!(classify(b"make[3]: *** Waiting for unfinished jobs...."), Class::Pass);
    }

    /// The fast path's looser start of an earlier version: every line it let through.
    fn loose_start(line: &[u8]) -> bool {
        let t = line.trim_ascii_start();
        match t.first() {
            None => false,
            Some(b'-' | b'=' | b'|' | b'^' | b'E' | b'_' | b'F' | b'a' | b'l' | b'r' | b'n' | b'h' | b'o' | b'P') => {
                true
            }
            Some(b'T' | b'#') => true,
            Some(c) if c.is_ascii_digit() => t.iter().take(8).any(|&b| b == b'|'),
            Some(&c) => c >= 0x80 || t.contains(&b'<') || has_location(t),
        }
    }

    /// The tight fast path drops no line that a close look would find to matter, on real tool
    /// output: the corpus and the fidelity bench's outputs.
    #[test]
    #[ignore = "needs ../shared/corpus"]
    fn fast_path_skips_no_line_that_matters_on_shared_corpus() {
        let mut files = Vec::new();
        for dir in ["../shared/corpus/outputs", "bench/fidelity/outputs"] {
            let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{dir}: {e}"));
            files.extend(entries.map(|e| e.expect("entry").path()));
        }
        let (mut lines, mut closer) = (0, 0);
        for path in &files {
            let text = std::fs::read(path).expect("readable");
            for line in text.split(|&b| b == b'\n') {
                let shown = crate::clean::visible(strip_eol(line));
                let b = body(&shown);
                let has_word = WORD_FINDER.is_match(b);
                let loose = if has_word || loose_start(b) { classify_closely(b, has_word) } else { Class::Plain };
                let tight = classify(line);
                let rank = |c: Class| if c == Class::Pass { Class::Plain } else { c };
                assert_eq!(rank(tight), rank(loose), "{}: {}", path.display(), String::from_utf8_lossy(line));
                lines += 1;
                closer += usize::from(has_word || telling_start(b));
            }
        }
        assert!(files.len() >= 10 && lines > 10_000, "{} files, {lines} lines", files.len());
        assert!(closer * 4 < lines, "{closer} of {lines} lines looked at closely");
    }

    /// A block larger than a lowered piece finds, line for line, the hit that a search of each
    /// line alone finds (words in any case, lines on either side of each piece's end, a last
    /// line without a newline), and the scratch space holds a piece, not the block.
    #[test]
    fn word_hits_in_pieces_are_those_of_each_line_alone() {
        let mut text = Vec::new();
        let mut i = 0;
        while text.len() < 3 * LOWERED_PIECE + 1000 {
            let line: &[u8] = match i % 7 {
                0 => b"  compiling crate number one of many\n",
                1 => b"test tests::it_works ... FAILED\n",
                2 => b"nothing here but a long line of plain words to pad the piece out\n",
                3 => b"Caused by: java.lang.IllegalStateException\n",
                4 => b"two words: warn and then Error\n",
                5 => b"\n",
                _ => b"x",
            };
            text.extend_from_slice(line);
            i += 1;
        }
        text.extend_from_slice(b"no newline at the end: assert");
        let mut expected = Vec::new();
        let mut start = 0;
        for line in text.split_inclusive(|&b| b == b'\n') {
            let lowered = line.to_ascii_lowercase();
            if let Some(m) = LOWER_WORD_FINDER.find(&lowered[..]) {
                expected.push(start + m.start());
            }
            start += line.len();
        }
        let (mut lowered, mut hits) = (Vec::new(), Vec::new());
        word_hits(&text, &mut lowered, &mut hits);
        assert_eq!(hits, expected);
        assert!(expected.len() > 3 * LOWERED_PIECE / 100, "{}", expected.len());
        assert!(lowered.len() <= LOWERED_PIECE + 100, "{}", lowered.len());
    }

    /// Told by [`word_hits`] over a whole text which lines hold a word, a scanner judges every
    /// line as it does on its own: on the corpus, the fidelity outputs and edge cases.
    #[test]
    #[ignore = "needs ../shared/corpus"]
    fn word_hits_judge_as_lines_do_on_shared_corpus() {
        let mut texts: Vec<Vec<u8>> = Vec::new();
        for dir in ["../shared/corpus/outputs", "bench/fidelity/outputs"] {
            let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{dir}: {e}"));
            texts.extend(entries.map(|e| std::fs::read(e.expect("entry").path()).expect("readable")));
        }
        texts.push(b"ok\nthe end: ERROR".to_vec());
        texts.push(b"2024-error-T1 plain\n2024-05-01T12:00:01Z Error: x\n\nwarn".to_vec());
        texts.push(b"FAIL\r\n\r\nfail\nx".to_vec());
        texts.push(b"ok\n\x1b[31mFAILED\x1b[0m tests/a.py::t\n\x1b[1mE   KeyError\x1b[0m\nplain\n".to_vec());
        let (mut lowered, mut hits, mut lines) = (Vec::new(), Vec::new(), 0);
        for text in &texts {
            word_hits(text, &mut lowered, &mut hits);
            let (mut one, mut block) = (Scanner::new(None), Scanner::new(None));
            let mut next = hits.iter().peekable();
            let mut dirty = crate::clean::redraws(text).peekable();
            let mut start = 0;
            for line in text.split_inclusive(|&b| b == b'\n') {
                let end = start + line.len();
                let word = next.next_if(|&&h| h < end).is_some();
                let plain = !crate::clean::line_redraws(&mut dirty, end);
                let tab = line.contains(&b'\t');
                assert_eq!(
                    block.line_knowing(line, Known { word, plain, tab }),
                    one.line(line),
                    "{}",
                    String::from_utf8_lossy(line)
                );
                start = end;
                lines += 1;
            }
            assert_eq!(next.next(), None);
        }
        assert!(lines > 10_000, "{lines} lines");
    }

    /// Every built-in pattern compiles (a [`Matcher`] panics on one that does not), and the
    /// threads that build them ahead leave each one built.
    #[test]
    fn every_built_in_pattern_builds() {
        prepare_in_background();
        let sets = [&VERDICT_SET, &SUMMARY_SET, &CONTEXT_SET, &NEAR_SET, &STOCK_SET, &PASS_SET];
        let singles = [&LEVEL, &MENTION, &WARNING, &FRAME];
        for m in sets.into_iter().chain(singles) {
            LazyLock::force(m);
        }
        assert!(VERDICT_SET.is_match(b"error[E0308]: mismatched types"));
        assert!(FRAME.is_match(b"at com.x.Y.z(Y.java:12)"));
        assert!(!MENTION.is_match(b"libgpg-error-dev"));
    }

    #[test]
    #[ignore = "needs ../shared/corpus"]
    fn passes_as_the_patterns_say_on_shared_corpus() {
        let mut lines: Vec<Vec<u8>> = [
            "x PASSED",
            "PASSED",
            "xPASSED",
            "PASSED_x",
            "a PASSED [ 10%]",
            "test a ... ok",
            "test a ... ok \x0b",
            "ok",
            "ok 1 - x",
            "okay",
            "ok_x",
            "  \u{2713} works",
            "\u{2714} x",
            "\u{221a} y",
            "\u{2713}x",
            "  --- PASS: T",
            "PASS",
            "PASS\tx",
            "PASSx",
            "PASS ",
            "<testcase a=\"1\"/>",
            "<testcase/>",
            "<testcase a=\"1\"/>  ",
            "<testcase a=\">\"/>",
            "<testcases/>",
            "x <testcase b/> y",
            "<testcase a/><testcase b/>",
            "<testcase",
            "<testcase/",
            "... ok",
            "... OK",
            "x ... OK \t",
            "... Ok",
            "...ok",
            "      tables:                            OK (0.06s)",
            "      #1:  OK (0.03s)",
            "mysql.columns_priv                                 OK",
            "checking Perl version... OK",
            "checking Perl version...OK",
            "Startup => OK",
            "x:OK",
            "x OK (1ms)",
            "x:  OK (1.5s) ",
            "responded: HTTP/1.1 200 OK",
            "expected OK",
            "x  OK (s)",
            "x  OK (1.5)",
            "x  OKAY",
            "x  NOK",
            "OK",
            "=>OK",
            "a/b                          PASS",
            "Result: PASS",
            "x PASS",
            "x  PASSING",
            "x  PASS (2ms)",
            "",
        ]
        .iter()
        .map(|l| l.as_bytes().to_vec())
        .collect();
        for dir in ["../shared/corpus/outputs", "bench/fidelity/outputs"] {
            for e in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{dir}: {e}")) {
                let text = std::fs::read(e.expect("entry").path()).expect("readable");
                lines.extend(text.split(|&b| b == b'\n').map(|l| body(l).to_vec()));
            }
        }
        let mut passing = 0;
        for line in &lines {
            assert_eq!(is_pass(line), PASS_SET.is_match(line), "{:?}", String::from_utf8_lossy(line));
            passing += usize::from(is_pass(line));
        }
        assert!(passing > 1000, "{passing}");
    }

    /// One real line per format, each from the development set of bench/reallogs.sh (the
    /// source named beside it), coloured as the tool wrote it where it was.
    #[test]
    fn real_verdicts_in_every_common_format() {
        for (source, line) in [
            (
                "testr/unittest, master-thesis openface",
                "tests.openface_batch_represent_tests.test_batch_represent ... FAIL",
            ),
            ("unittest, master-thesis openface", "FAIL: tests.openface_batch_represent_tests.test_batch_represent"),
            ("unittest, master-thesis openface", "FAILED (failures=6)"),
            ("rspec, master-thesis discourse", "     \x1b[31mFailure/Error: \x1b[0m\x1b[32myield\x1b[0m\x1b[0m"),
            (
                "rspec, master-thesis discourse",
                "\x1b[31mrspec ./spec/components/distributed_mutex_spec.rb:102\x1b[0m \x1b[36m# DistributedMutex executions should not allow critical sections to overlap\x1b[0m",
            ),
            ("phpunit, master-thesis CodeIgniter", "There was 1 failure:"),
            (
                "tsc, master-thesis angular",
                "../../../tools/examples/shared/node_modules/@types/jasmine/index.d.ts(142,47): error TS1005: ';' expected.",
            ),
            (
                "csc, master-thesis Nancy",
                "\x1b[?1h\x1b=\x1b[39;49m\x1b[31mExtensions/CollectionExtensions.cs(20,40): error CS0103: The name 'key' does not exist in the current context [/home/travis/build/NancyFx/Nancy/src/Nancy/Nancy.csproj]",
            ),
            (
                "NUnit console, master-thesis Nancy",
                "\x1b[39;49m   Microsoft.CSharp.RuntimeBinder.RuntimeBinderException : Operator `!=' cannot be applied to operands of type `Nancy.Tests.Fakes.StructModel' and `null'",
            ),
            ("go test, master-thesis go-ethereum", "--- FAIL: TestBoundedForkedSync64Fast (0.18s)"),
            ("npm, master-thesis bootstrap", "npm ERR! code ELIFECYCLE"),
            ("make, master-thesis git", "make: *** [test] Error 2"),
            (
                "docker build, master-thesis shellcheck",
                "\x1b[0mThe command '/bin/sh -c cabal update && cabal install --dependencies-only --ghc-options=\"-optlo-Os -split-sections\"' returned a non-zero code: 1",
            ),
            ("gradle, master-thesis RxJava", "FAILURE: Build failed with an exception."),
            ("gradle, master-thesis RxJava", "BUILD FAILED in 11m 38s"),
            (
                "gradle, cidiff cidiff_11",
                "build-test-deploy\tbuild cidiff\t2021-12-01T13:01:04.3785538Z > Task :cidiff:test FAILED",
            ),
            ("TAP, master-thesis git", "not ok 13 - snapshot certain objects: have expected content in master branch"),
            (
                "java, master-thesis java-design-patterns",
                "Exception in thread \"main\" java.lang.ExceptionInInitializerError",
            ),
            (
                "yarn, master-thesis autoprefixer",
                "\x1b[2K\x1b[1G\x1b[31merror\x1b[39m Command failed with exit code 1.",
            ),
            (
                "sbt/scalac, master-thesis scala",
                "\x1b[0m[\x1b[31merror\x1b[0m] \x1b[0m/home/travis/build/scala/scala/src/reflect/scala/reflect/internal/util/Collections.scala:78: type mismatch;\x1b[0m",
            ),
            (
                "rust, master-thesis ripgrep",
                "thread 'main' panicked at 'called `Result::unwrap()` on an `Err` value: Os { code: 2, kind: NotFound, message: \"No such file or directory\" }', src/libcore/result.rs:999:5",
            ),
            (
                "pester, master-thesis Pester",
                "\x1b[39;49m\x1b[31m\x1b[39;49m\x1b[31m    [-] should write a successful test result\x1b[39;49m\x1b[30m 54ms\x1b[39;49m",
            ),
            ("minitest, master-thesis jekyll", "Minitest::Assertion: Expected true to not be truthy.\x1b[0m"),
            (
                "xunit console, master-thesis Nancy",
                "\x1b[m\x1b[31;1m    Nancy.Testing.Tests.BrowserFixture.Should_return_JSON_serialized_form [FAIL]",
            ),
            ("common_test, master-thesis otp", "inet_SUITE:t_gethostnative failed on line 696"),
            (
                "flake8, master-thesis openface",
                "./evaluation/lfw-classification.py:422:1: E305 expected 2 blank lines after class or function definition, found 1",
            ),
            (
                "testthat, master-thesis shiny",
                "1. Failure: Choices are correctly assigned names (@test-bootstrap.r#138) ",
            ),
            ("ExUnit, master-thesis elixir", "  1) test raises error message about correct usage (Mix.Tasks.IexTest)"),
            (
                "Elixir, master-thesis elixir",
                "** (CompileError) (for doctest at) lib/list.ex:102: undefined function i/1\r",
            ),
            ("ExUnit, master-thesis phoenix", "     \x1b[31mAssertion with == failed\x1b[0m\r"),
            ("PHPUnit, master-thesis composer", "Failed asserting that two strings are equal.\r"),
            (
                "jenkins, cidiff nopol",
                "Caused: hudson.plugins.git.GitException: Could not checkout 779ff9c0c30a8e6e745844ba2c84ef74054f6f7a",
            ),
            ("cargo, master-thesis ripgrep", "Caused by:"),
            ("Elixir, master-thesis awesome-elixir", "** (throw) \"Duplicate links found\"\r"),
            ("karma, master-thesis bootstrap", "\x1b[31mChrome 75.0.3770 (Mac OS X 10.13.6) ERROR\x1b[39m\r"),
            (
                "a status column, master-thesis vis",
                "\x1b[?1h\x1b=\x1b[?1l\x1b>motions/percent                                   ERROR\r",
            ),
            ("R CMD check, master-thesis shiny", "Running the tests in \u{2018}tests/test-all.R\u{2019} failed.\r"),
            ("jenkins, cidiff astor", "Caused: hudson.remoting.Channel$OrderlyShutdown"),
            ("node, cidiff assertj", "Error: Maven compile with spoon unsuccessful!"),
            (
                "GitHub Actions, cidiff terraform",
                "2022-04-27T19:35:52.9954335Z ##[error]Process completed with exit code 1.",
            ),
            (
                "maven, cidiff assertj",
                "[\x1b[1;31mERROR\x1b[m] Failed to execute goal \x1b[32morg.apache.maven.plugins:maven-compiler-plugin:3.8.0:compile\x1b[m \x1b[1m(default-compile)\x1b[m on project \x1b[36massertj-core\x1b[m: \x1b[1;31mCompilation failure\x1b[m",
            ),
            (
                "maven, cidiff guava",
                "\x1b[1mCaused by\x1b[m: org.apache.maven.plugin.CompilationFailureException: \x1b[1;31mCompilation failure\x1b[m",
            ),
            (
                "surefire, cidiff commonslang",
                "[ERROR] Tests run: 10, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 0.036 s <<< FAILURE! - in org.apache.commons.lang3.time.DurationUtilsTest",
            ),
            ("python, cidiff dspot", "ModuleNotFoundError: No module named 'bottleneck'"),
            (
                "junit xml, EnricoMi junit.multiresult.xml",
                "            <failure message=\"test failure\">Assertion failed</failure>",
            ),
            ("travis, master-thesis purescript", "Done. Your build exited with 1."),
            ("apache, loghub Apache", "[Sun Dec 04 04:47:44 2005] [error] mod_jk child workerEnv in error state 6"),
            (
                "AddressSanitizer in a dumped log, master-thesis neovim",
                "= ==16744==ERROR: AddressSanitizer: SEGV on unknown address 0x000001d548d0 (pc 0x000000455084 bp 0x000000000000 sp 0x7ffe476412b0 T0)\r",
            ),
            ("prove, master-thesis git", "\x1b[31mFailed 1/13 subtests \x1b[0m"),
            ("prove, master-thesis git", "Dubious, test returned 1 (wstat 256, 0x100)\r"),
            ("QUnit, master-thesis discourse", "Test Failed: prevents toDate to be before fromDate"),
            ("vim's test runner, master-thesis vim", "Found errors in Test_balloon_eval_term():"),
            ("vim's test runner, master-thesis vim", "Flaky test failed too often, giving up"),
            ("QUnit, master-thesis discourse", "Assertion Failed: failed, expected argument to be falsy, was: true"),
            (
                "xcpretty, master-thesis ReactiveCocoa",
                "\x1b[31m\u{274c}  \x1b[0m/Users/travis/build/ReactiveCocoa/ReactiveCocoa/ReactiveCocoaTests/CocoaActionSpec.swift:47:19: \x1b[31m'value' is inaccessible due to 'internal' protection level\x1b[0m\r\r",
            ),
            (
                "ruby, master-thesis rails",
                "ActionView::Template::Error: undefined method `__home_travis_build_rails_rails_actionview_test_fixtures_test__customer_erb__1959338169845626031_17286380' for #<#<Class:0x00000000017b1820>:0x00000000017abfb0>\r",
            ),
            (
                "logcat, loghub Android",
                "03-17 16:13:47.150  1702 17633 E ActivityManager: applyOptionsLocked: Unknown animationType=0",
            ),
            (
                "standard (ESLint), master-thesis git-it-electron",
                "  /home/travis/build/jlord/git-it-electron/lib/verify/merge_tada.js:26:32: A space is required before '}'.",
            ),
            (
                "RuboCop, master-thesis jekyll",
                "lib/jekyll/excerpt.rb:158:17: C: Performance/RegexpMatch: Use match? instead of =~ when MatchData is not used.",
            ),
            (
                "RuboCop, master-thesis discourse",
                "\x1b[36mdb/migrate/20190731090219_rename_edit_notification_setting.rb\x1b[0m:1:1: \x1b[33mC\x1b[0m: Style/FrozenStringLiteralComment: Missing magic comment \x1b[33m# frozen_string_literal: true\x1b[0m.\r\r",
            ),
            // Without a column, a linter's message names its rule: last, in parentheses, after
            // a space from the line; or first, as a code.
            (
                "Atom's lint script, master-thesis atom",
                "src/grammar-registry.js:1 Strings must use singlequote. (quotes)\r",
            ),
            (
                "Atom's lint script (prettier), master-thesis atom",
                "src/grammar-registry.js:639 Insert `;` (prettier/prettier)",
            ),
            (
                "tldr-lint, master-thesis tldr",
                "pages/common/mat2.md:3: TLDR004 Command descriptions should end in a period",
            ),
            // markdownlint-cli, a space after each colon (master-thesis airbnb).
            (
                "markdownlint, master-thesis airbnb",
                "react/README.md: 29: MD012/no-multiple-blanks Multiple consecutive blank lines [Expected: 1; Actual: 2]\r",
            ),
        ] {
            assert_eq!(classify(line.as_bytes()), Class::Verdict, "{source}: {line:?}");
        }
        // A message at a place that is a warning, a note or gcc's instantiation context is not
        // a verdict; a place without a column or a message is not one of these.
        for line in [
            "src/x.c:3:5: warning: unused variable 'y' [-Wunused-variable]",
            "src/x.h:12:3: note: declared here",
            "src/x.h:12:3:   required from 'void f() [with T = int]'",
            "src/x.cc:4:1: In instantiation of 'struct S<int>':",
            "lib/x.js:26:32:",
            "lib/x.js:26: a line without a column",
            "12:30:01: not a file",
            // A log line at its source, its rule-like words notwithstanding.
            "main.go:42: listening on :8080 (http)",
            "app.py:42 - connected (primary)",
            "app.py:42 connected to the database (primary)",
            "Dockerfile.ci:3 DL3008 warning: Pin versions in apt get install",
            // With a space after the file's colon, only a rule's code makes it a finding.
            "deploy.yml: 12:30: nightly build scheduled",
            "notes.txt: 3: see the list below (draft)",
        ] {
            assert_ne!(classify(line.as_bytes()), Class::Verdict, "{line:?}");
        }
        // The pytest assertion detail, coloured (master-thesis thefuck), is the failure's context.
        assert_eq!(
            classify(b"\x1b[1m\x1b[31mE                   AssertionError: Missing rule \"shoaib\" in README.md\x1b[0m"),
            Class::Context
        );
        // mocha's count of failures (master-thesis atom) is a summary, and so is testthat's
        // (master-thesis shiny), whose `WARNINGS: 0` does not make it a warning.
        assert_eq!(classify(b"  2 failing"), Class::Summary);
        assert_eq!(classify(b"[ OK: 797 | SKIPPED: 0 | WARNINGS: 0 | FAILED: 1 ]"), Class::Summary);
        assert_eq!(classify(b"[ FAIL 1 | WARN 0 | SKIP 0 | PASS 797 ]"), Class::Summary);
    }

    /// Real lines of the development set of bench/reallogs.sh judged with their neighbours:
    /// pytest's first `E` line is the failure's message and the next its detail (nginx-proxy);
    /// ExUnit's `code:` and stack frame under its verdict are context (phoenix, elixir); the
    /// items of Surefire's `Failed tests:` list are context (java-design-patterns); Maven's help
    /// block says nothing, but the module to resume from is kept (retrofit).
    #[test]
    fn real_lines_judged_with_their_neighbours() {
        let pytest = scan(concat!(
            "\x1b[1m>           raise ConnectionError(e, request=request)\x1b[0m\r\n",
            "\x1b[1m\x1b[31mE           ConnectionError: HTTPConnectionPool(host='nginx-proxy', port=80): Max retries exceeded with url: /port\r\n",
            "\x1b[1m\x1b[31mE             where 'x' = y\x1b[0m\r\n",
            "\r\n",
            "\x1b[1m\x1b[31m/usr/local/lib/python2.7/site-packages/requests/adapters.py\x1b[0m:487: ConnectionError\r\n",
        ));
        assert_eq!(pytest, [Class::Plain, Class::Verdict, Class::Context, Class::Plain, Class::Verdict]);
        let exunit = scan(concat!(
            "  1) test does not log converted errors if response already sent (Phoenix.Endpoint.RenderErrorsTest)\r\n",
            "     \x1b[31mAssertion with == failed\x1b[0m\r\n",
            "     \x1b[36mcode:  \x1b[0massert capture_log(fn -> try() do\r\n",
            "     \x1b[36mstacktrace:\x1b[0m\r\n",
            "       test/ex_unit/assertions_test.exs:408: (test)\r\n",
        ));
        assert_eq!(exunit, [Class::Verdict, Class::Verdict, Class::Context, Class::Plain, Class::Context]);
        assert_eq!(scan("code:  x = y\n")[0], Class::Plain, "not under a verdict");
        let surefire = scan(concat!(
            "Failed tests: \n",
            "  DirtyFlagTest.testIsDirty:45 expected: <false> but was: <true>\n",
            "\n",
            "  DirtyFlagTest.testIsDirty:45 expected: <false> but was: <true>\n",
        ));
        assert_eq!(surefire, [Class::Verdict, Class::Context, Class::Plain, Class::Plain]);
        for stock in [
            "[ERROR] -> [Help 1]\r",
            "[\x1b[1;31mERROR\x1b[m] \r",
            "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
            "2022-04-27T19:35:52.9954335Z [ERROR] Re-run Maven using the -X switch to enable full debug logging.",
            "npm ERR! A complete log of this run can be found in:",
            "npm ERR!     /home/travis/.npm/_logs/2019-07-31T08_52_13_812Z-debug.log",
            "* Try:",
            "Run with --stacktrace option to get the stack trace. Run with --info or --debug option to get more log output.",
            "For more information about this error, try `rustc --explain E0308`.",
            "[INFO] Adapter: RxJava 2 .................................. SKIPPED\r",
            "[INFO] Retrofit (Parent) .................................. SUCCESS [  1.301 s]\r",
            // AddressSanitizer's shadow memory and legend (master-thesis vim), 1,300 chars
            // after each of its reports.
            "Shadow bytes around the buggy address:",
            "  0x0c0ec0000740: fd fd fd fd fd fd fd fd fd fd fd fd fd fd fd fd",
            "=>0x0c0e80000720: fd fd fd[fd]fd fd fd fd fd fd fd fd fd fd fd fd",
            "Shadow byte legend (one shadow byte represents 8 application bytes):",
            "  Partially addressable: 01 02 03 04 05 06 07 ",
            "  Heap righ redzone:     fb",
            "  Freed Heap region:     fd",
            "  ASan internal:         fe",
            // xcodebuild (master-thesis ReactiveCocoa, Alamofire, realm-cocoa)
            concat!(
                "2019-04-19 12:20:19.659 xcodebuild[3489:7966] [MT] IDETestOperationsObserverDebug: ",
                "(2FD1FF0C-0051-43D5-8100-3D01F9760586) Finished requesting crash reports. Continuing with testing.\r\r"
            ),
        ] {
            assert!(classify(stock.as_bytes()) <= Class::Plain, "{stock:?}");
            assert!(says_nothing(stock.as_bytes()), "{stock:?}");
        }
        for news in [
            "[ERROR]   mvn <goals> -rf :retrofit",
            "npm ERR! code ELIFECYCLE",
            "npm ERR! Failed at the git-it-electron@4.2.2 test-style script 'standard lib/*.js lib/verify/*.js menus/*.js main.js'.",
            "[ERROR] Failed to execute goal x",
            "[INFO] Retrofit ........................................... FAILURE [ 26.885 s]",
            "==20623== ERROR: AddressSanitizer: heap-use-after-free on address 0x607200043918 at pc 0x8a48bf bp 0x7ffc657144d0 sp 0x7ffc657144c8",
            "0x607200043918 is located 24 bytes inside of 8736-byte region [0x607200043900,0x607200045b20)",
            "    #1 0x78092a in vim_free /home/travis/build/vim/vim/src/misc2.c:1805",
        ] {
            assert!(!says_nothing(news.as_bytes()) && classify(news.as_bytes()) >= Class::Plain, "{news:?}");
        }
    }

    /// Formats the development set of bench/reallogs.sh holds little or nothing of, each a line
    /// as the tool prints it (from public runs quoted on GitHub, or from the set where it has
    /// one: msbuild's in Nancy's log, Gradle's in cidiff's, minitest's in rails', ExUnit's in
    /// elixir's, jasmine's in angular's): a failing summary counts its failures, so a passing
    /// one (`0 failures`, dotnet's `Passed!`, automake's `# FAIL:  0`) is not held as one.
    #[test]
    fn real_lines_of_formats_outside_the_development_set() {
        for (source, line, class) in [
            ("jest", "Test Suites: 1 failed, 1 passed, 2 total", Class::Summary),
            ("jest", "    expect(received).toBe(expected) // Object.is equality", Class::Context),
            ("vitest", " Test Files  1 failed (1)", Class::Summary),
            (
                "dotnet test",
                "Failed!  - Failed:     4, Passed:    10, Skipped:     0, Total:    14, Duration: 2 s - PetClinic.Tests.Api.dll (net10.0)",
                Class::Summary,
            ),
            ("msbuild", "Build FAILED.", Class::Verdict),
            ("gradle", "Execution failed for task ':cidiff:checkstyleMain'.", Class::Verdict),
            ("minitest", "2 runs, 4 assertions, 2 failures, 0 errors, 0 skips", Class::Summary),
            ("minitest", "134 runs, 484 assertions, 0 failures, 2 errors, 4 skips", Class::Summary),
            ("test-unit", "6 tests, 12 assertions, 1 failures, 0 errors, 0 skips", Class::Summary),
            ("ExUnit", "\x1b[31m229 tests, 1 failure\x1b[0m", Class::Summary),
            ("ExUnit", "\x1b[31m1518 doctests, 3280 tests, 1 failure, 7 excluded\x1b[0m", Class::Summary),
            ("jasmine", "25 specs, 3 failures", Class::Summary),
            ("XCTest", "Test Case '-[LibTests.OldTests testBad]' failed (0.056 seconds).", Class::Verdict),
            ("XCTest", "Executed 1 test, with 1 failure (0 unexpected) in 0.001 (0.001) seconds", Class::Summary),
            ("XCTest", "Test Suite 'All tests' failed at 2019-07-02 09:36:06.594.", Class::Verdict),
            (
                "swift-testing",
                "\u{2718} Test x() recorded an issue at XTests.swift:5:3: Expectation failed: 1 == 2",
                Class::Verdict,
            ),
            ("bun test", "(fail) parser > rejects a bad header [0.12ms]", Class::Verdict),
            ("bun test", " 1 fail", Class::Summary),
            ("Test::More", "#   Failed test 'parses the header'", Class::Verdict),
            ("Qt Test", "FAIL!  : XTest::testY() Compared values are not the same", Class::Verdict),
            ("dart test", "00:01 +3 -1: parses the header [E]", Class::Verdict),
            (
                "Flutter",
                "\u{2550}\u{2550}\u{2561} EXCEPTION CAUGHT BY FLUTTER TEST FRAMEWORK \u{255e}\u{2550}\u{2550}",
                Class::Verdict,
            ),
            ("clojure.test", "1 failures, 0 errors.", Class::Summary),
            ("meson test", "Fail:               1", Class::Summary),
            (
                "ansible",
                "localhost                  : ok=3    changed=0    unreachable=0    failed=1    skipped=0    rescued=0    ignored=0",
                Class::Summary,
            ),
            (
                "pytest",
                "ImportError while importing test module '/home/runner/work/x/x/tests/test_x.py'.",
                Class::Verdict,
            ),
            ("create-react-app", "Failed to compile.", Class::Verdict),
            ("Apple ld", "ld: symbol(s) not found for architecture arm64", Class::Verdict),
            ("GNU ld", "/usr/bin/ld: cannot find -lssl: No such file or directory", Class::Verdict),
            ("ScalaTest", "*** 1 TEST FAILED ***", Class::Summary),
            ("mypy", "Found 1 error in 1 file (checked 3 source files)", Class::Summary),
            ("ruff", "Found 3 errors.", Class::Summary),
            ("automake", "# FAIL:  1", Class::Summary),
            (
                "Playwright",
                "  1) [chromium] \u{203a} example.spec.ts:3:5 \u{203a} has title \u{2500}\u{2500}\u{2500}",
                Class::Verdict,
            ),
            ("Playwright", "  1 failed", Class::Summary),
            (
                "bazel",
                "//src/test:lib_test                                                      FAILED in 0.5s",
                Class::Verdict,
            ),
            ("pytest-xdist", "[gw0] [ 50%] FAILED tests/test_calc.py::test_divide", Class::Verdict),
            (
                "Robot Framework",
                "Simple Test                                                           | FAIL |",
                Class::Verdict,
            ),
            ("Julia", "Test Failed at /home/runner/work/X.jl/X.jl/test/runtests.jl:3", Class::Verdict),
            (
                "kotlinc",
                "e: file:///home/runner/work/Friday/Friday/app/src/main/java/com/friday/assistant/intelligence/AgentCore.kt:1115:18 Missing return statement.",
                Class::Verdict,
            ),
            ("kotlinc", "e: /home/x/src/main/kotlin/X.kt: (3, 5): Unresolved reference: foo", Class::Verdict),
            ("C++", "terminate called after throwing an instance of 'std::runtime_error'", Class::Verdict),
            ("C++", "  what():  fatal error; see Log::Fatal output", Class::Context),
            ("C assert", "Assertion failed: (x == 1), function main, file x.c, line 5.", Class::Verdict),
            ("node", "AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:", Class::Verdict),
            (
                "node",
                "TypeError [ERR_INVALID_ARG_TYPE]: The \"path\" argument must be of type string. Received undefined",
                Class::Verdict,
            ),
            (
                "node",
                "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'x' imported from /home/x/index.js",
                Class::Verdict,
            ),
        ] {
            assert_eq!(classify(line.as_bytes()), class, "{source}: {line:?}");
        }
        for passing in [
            "Passed!  - Failed:     0, Passed:    10, Skipped:     0, Total:    10",
            "3 tests, 0 failures",
            "Executed 12 tests, with 0 failures (0 unexpected) in 0.010 (0.020) seconds",
            "# FAIL:  0",
            "1 runs, 1 assertions, 0 failures, 0 errors, 0 skips",
            "localhost                  : ok=3    changed=0    unreachable=0    failed=0    skipped=0",
            "Fail:               0",
            "0 failures, 0 errors.",
            "# Failed test paths (this command will update checkfiles)",
        ] {
            assert!(classify(passing.as_bytes()) < Class::Summary, "{passing:?}");
        }
        assert_eq!(classify(b"e: not a file"), Class::Plain);
        // Next to their verdicts: Go's panic (its signal, goroutine and frame), a sanitizer's
        // frames (master-thesis vim), vitest's place of the failure.
        use Class::{Context, Plain, Verdict};
        let go = scan(concat!(
            "panic: runtime error: invalid memory address or nil pointer dereference\n",
            "[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4553b2]\n",
            "\n",
            "goroutine 1 [running]:\n",
            "main.main()\n",
            "\t/home/runner/work/x/x/main.go:5 +0x12\n",
        ));
        assert_eq!(go, [Verdict, Context, Plain, Context, Plain, Context]);
        let asan = scan(concat!(
            "==20623== ERROR: AddressSanitizer: heap-use-after-free on address 0x607200043918 at pc 0x8a48bf bp 0x7ffc657144d0 sp 0x7ffc657144c8\n",
            "    #1 0x78092a in vim_free /home/travis/build/vim/vim/src/misc2.c:1805\n",
        ));
        assert_eq!(asan, [Verdict, Context]);
        assert_eq!(scan("    #1 0x78092a in vim_free /home/travis/build/vim/vim/src/misc2.c:1805\n"), [Plain]);
        // The links of an exception chain: .NET's inner exception, Java's suppressed one,
        // node's cause; docker's `---> Using cache` is none.
        let chain = scan(concat!(
            "System.AggregateException: One or more errors occurred. (Sequence contains no elements)\n",
            " ---> System.InvalidOperationException: Sequence contains no elements\n",
            "\tSuppressed: java.io.IOException: Stream closed\n",
            "  [cause]: TypeError: Cannot read properties of undefined (reading 'id')\n",
        ));
        assert_eq!(chain, [Verdict, Verdict, Verdict, Verdict]);
        assert_eq!(classify(b" ---> Using cache"), Plain);
        let perl =
            scan("not ok 3 - parses the header\n#   Failed test 'parses the header'\n#   at t/parse.t line 12.\n");
        assert_eq!(perl, [Verdict, Verdict, Context]);
        let bats = scan("not ok 2 rejects a bad header\n# (in test file test/parse.bats, line 9)\n");
        assert_eq!(bats, [Verdict, Context]);
        let vitest = scan(
            " FAIL  tests/x.test.ts > suite > y\nAssertionError: expected 1 to deeply equal 2\n \u{276f} tests/x.test.ts:5:13\n",
        );
        assert_eq!(vitest, [Verdict, Verdict, Context]);
    }

    /// The message under an NUnit `<failure>` (EnricoMi nunit/mstest/clicketyclackety.xml) is
    /// what failed, not the bare tag alone.
    #[test]
    fn the_message_under_a_report_failure_is_a_verdict() {
        let c = scan(
            "<test-case name=\"x\" result=\"Failed\">\n  <failure>\n    <message><![CDATA[One or more child tests had errors]]></message>\n  </failure>\n",
        );
        assert_eq!(&c[..3], &[Class::Verdict, Class::Verdict, Class::Verdict]);
        assert_eq!(scan("<message>not under a verdict</message>\n")[0], Class::Plain);
    }

    /// A JSON report is judged by what its string values say, each value's first line that is
    /// not blank, unescaped, as a line of its own, and by its tests' status fields: mocha's
    /// `"stack"` (EnricoMi mocha/tests.json, dorny mocha-json.json, whose `UnexpectedError`
    /// puts its message on the next line, behind `\u001b` colour), go test -json's `Output`
    /// and `Action` (dorny golang-json.json), rspec's and dart's status (dorny rspec-json.json,
    /// dart-json.json). Quoted text in a line that is not JSON, a key, an Erlang term and a
    /// passing test are not raised (master-thesis vscode, ejabberd).
    #[test]
    fn json_reports_are_judged_by_their_string_values() {
        for (source, line) in [
            (
                "mocha, EnricoMi",
                r#"        "stack": "Error: Required\n    at Context.<anonymous> (test/unit/runner.spec.js:43:15)\n    at callFn (lib/runnable.js:366:21)\n    at Test.Runnable.run (lib/runnable.js:354:5)\n    at Runner.runTest (lib/runner.js:666:10)\n    at /home/runner/work/mocha/mocha/lib/runner.js:789:12\n    at next (lib/runner.js:581:14)\n    at /home/runner/work/mocha/mocha/lib/runner.js:591:7\n    at next (lib/runner.js:474:14)\n    at Immediate._onImmediate (lib/runner.js:559:5)\n    at processImmediate (internal/timers.js:464:21)","#,
            ),
            (
                "mocha, dorny",
                r#"        "stack": "AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n\nfalse !== true\n\n    at Context.<anonymous> (test\\main.test.js:11:14)\n    at processImmediate (internal/timers.js:461:21)","#,
            ),
            (
                "mocha, EnricoMi: the message on the next line",
                r#"        "stack": "UnexpectedError: \n\u001b[31m\u001b[1mexpected\u001b[22m\u001b[39m \u001b[36m'To be cloned'\u001b[39m \u001b[31m\u001b[1mto be\u001b[22m\u001b[39m \u001b[36m'Not to be cloned'\u001b[39m\n\n\u001b[41m\u001b[30mTo\u001b[39m\u001b[49m\u001b[31m be cloned\u001b[39m\n\u001b[42m\u001b[30mNot\u001b[39m\u001b[49m\u001b[32m \u001b[39m\u001b[42m\u001b[30mto \u001b[39m\u001b[49m\u001b[32mbe cloned\u001b[39m\n\n    at Context.<anonymous> (test/unit/test.spec.js:26:7)\n    at callFn (lib/runnable.js:366:21)\n    at Test.Runnable.run (lib/runnable.js:354:5)\n    at Runner.runTest (lib/runner.js:666:10)\n    at /home/runner/work/mocha/mocha/lib/runner.js:789:12\n    at next (lib/runner.js:581:14)\n    at /home/runner/work/mocha/mocha/lib/runner.js:591:7\n    at next (lib/runner.js:474:14)\n    at cbHookRun (lib/runner.js:539:7)\n    at done (lib/runnable.js:310:5)\n    at callFn (lib/runnable.js:389:7)\n    at Hook.Runnable.run (lib/runnable.js:354:5)\n    at next (lib/runner.js:498:10)\n    at Immediate._onImmediate (lib/runner.js:559:5)\n    at processImmediate (internal/timers.js:464:21)\n    set UNEXPECTED_FULL_TRACE=true to see the full stack trace","#,
            ),
            (
                "go test -json, dorny",
                r#"{"Time":"2025-04-22T08:59:56.31748077-05:00","Action":"output","Package":"_/home/james_t/git/test-reporter/reports/go","Test":"TestFailing","Output":"--- FAIL: TestFailing (0.89s)\n"}"#,
            ),
            (
                "go test -json, dorny",
                r#"{"Time":"2025-04-22T08:59:56.317493452-05:00","Action":"fail","Package":"_/home/james_t/git/test-reporter/reports/go","Test":"TestFailing","Elapsed":0.89}"#,
            ),
            (
                "go test -json, dorny",
                r#"{"Time":"2025-04-22T08:59:59.505552861-05:00","Action":"output","Package":"_/home/james_t/git/test-reporter/reports/go","Output":"FAIL\t_/home/james_t/git/test-reporter/reports/go\t4.141s\n"}"#,
            ),
            ("rspec json, dorny", r#"      "status": "failed","#),
            (
                "dart json, dorny",
                r#"{"testID":11,"result":"failure","skipped":false,"hidden":false,"type":"testDone","time":3736}"#,
            ),
        ] {
            assert_eq!(classify(line.as_bytes()), Class::Verdict, "{source}: {line}");
        }
        for (source, line, class) in [
            (
                "quoted, not JSON: vscode",
                r#"[9414:0503/060820.761013:INFO:CONSOLE(213)] "Error: Could not find source map for: "/home/travis/build/Microsoft/vscode/out/vs/base/test/common/filters.perf.data.js"", source: /home/travis/build/Microsoft/vscode/node_modules/remap-istanbul/lib/remap.js (213)"#,
                Class::Mention,
            ),
            ("an Erlang term: ejabberd", r#"                           {86,<<"ERROR">>},"#, Class::Mention),
            (
                "go test -json's line with no word in it, dorny",
                r#"{"Time":"2025-04-22T08:59:55.428201983-05:00","Action":"output","Package":"_/home/james_t/git/test-reporter/reports/go","Test":"TestPassing","Output":"    calculator_test.go:11: pass!\n"}"#,
                Class::Context,
            ),
            ("a key is not a value: as text, a mention", r#"  "error": null,"#, Class::Mention),
            (
                "a passing test",
                r#"{"Time":"2025-04-22T08:59:56.317425091-05:00","Action":"pass","Package":"x","Test":"TestPassing","Elapsed":0}"#,
                Class::Plain,
            ),
        ] {
            assert_eq!(classify(line.as_bytes()), class, "{source}: {line}");
        }
    }

    /// The headers of a failure's section that a verdict takes with it in salient's pick: pytest's
    /// (master-thesis nginx-proxy, coloured, CRLF) and cargo's (bench/fidelity's cargo-test.log).
    #[test]
    fn section_headers_of_pytest_and_cargo() {
        for line in [
            "\x1b[1m\x1b[31m__________________________ test_unknown_virtual_host ___________________________\x1b[0m\r\n",
            "---- tests::adds_negative_numbers stdout ----\n",
        ] {
            assert!(is_section_header(line.as_bytes()), "{line:?}");
            assert_eq!(classify(line.as_bytes()), Class::Context, "{line:?}");
        }
        for line in [
            "=================================== FAILURES ===================================",
            "---- a note ----",
            "--- PASS: TestErrorPath (0.00s)",
            "________________",
        ] {
            assert!(!is_section_header(line.as_bytes()), "{line:?}");
        }
    }

    /// A JSON report's passing test says nothing, as a passing line does (dorny's go test -json
    /// and rspec reports); its failing test and its messages do.
    #[test]
    fn a_json_reports_passing_lines_say_nothing() {
        for line in [
            r#"{"Time":"2025-04-22T08:59:55.428265529-05:00","Action":"output","Package":"_/home/james_t/git/test-reporter/reports/go","Test":"TestPassing","Output":"--- PASS: TestPassing (0.06s)\n"}"#,
            r#"{"Time":"2025-04-22T08:59:55.428285649-05:00","Action":"pass","Package":"_/home/james_t/git/test-reporter/reports/go","Test":"TestPassing","Elapsed":0.06}"#,
            r#"      "status": "passed","#,
        ] {
            assert!(says_nothing(line.as_bytes()), "{line}");
        }
        for line in [
            r#"{"Time":"2025-04-22T08:59:56.317493452-05:00","Action":"fail","Package":"_/home/james_t/git/test-reporter/reports/go","Test":"TestFailing","Elapsed":0.89}"#,
            r#"{"Time":"2025-04-22T08:59:56.317425091-05:00","Action":"output","Package":"_/home/james_t/git/test-reporter/reports/go","Test":"TestFailing","Output":"    calculator_test.go:19: expected 1+1 = 3, got 2\n"}"#,
            r#"{"Time":"2025-04-22T08:59:55.371805677-05:00","Action":"output","Package":"_/home/james_t/git/test-reporter/reports/go","Test":"TestPassing","Output":"=== RUN   TestPassing\n"}"#,
        ] {
            assert!(!says_nothing(line.as_bytes()), "{line}");
        }
    }

    /// Colour and redraws are invisible: the escaped line is judged as the plain one.
    #[test]
    fn colour_does_not_hide_a_verdict() {
        for (coloured, plain) in [
            ("\x1b[31mE       TypeError: unsupported operand\x1b[0m", "E       TypeError: unsupported operand"),
            (
                "[\x1b[31merror\x1b[0m] Foo.scala:66:31: not found: value x",
                "[error] Foo.scala:66:31: not found: value x",
            ),
            (
                "travis_fold:end:x\r\x1b[0K\x1b[31;1mThe command \"make\" exited with 2.\x1b[0m",
                "The command \"make\" exited with 2.",
            ),
        ] {
            assert_eq!(classify(coloured.as_bytes()), classify(plain.as_bytes()), "{coloured:?}");
            assert!(classify(plain.as_bytes()) >= Class::Context, "{plain}");
            let mut s = Scanner::new(None);
            assert_eq!(s.line(coloured.as_bytes()), Scanner::new(None).line(plain.as_bytes()));
            assert_eq!(template(coloured.as_bytes()), template(plain.as_bytes()));
        }
    }

    /// Passing lines of real runs (master-thesis git, thefuck, Nancy, symfony, pandoc, purescript,
    /// vis) rank below plain text.
    #[test]
    fn real_passing_lines_rank_last() {
        for line in [
            "ok 1 - setup",
            "tests/test_argument_parser.py::test_parse[argv0-result0] \x1b[32mPASSED\x1b[0m\x1b[36m          [  0%]\x1b[0m",
            "\u{2713} selected image \"travis-ci-macos-10.13-xcode9.4.1-1529955246\"",
            " * Starting OpenLDAP slapd       \x1b[80G \r\x1b[74G[ OK ]",
            "[       OK ] RingBufferTest.Wraps (0 ms)",
            // prove --timer (master-thesis git).
            "[22:25:19] t7063-status-untracked-cache.sh .................... ok    14290 ms ( 0.07 usr  0.02 sys + 16.98 cusr  9.77 csys = 26.84 CPU)\r",
        ] {
            // Without an error word a passing line is as plain as plain text (the fast path).
            assert!(classify(line.as_bytes()) <= Class::Plain, "{line:?}");
            assert!(is_pass(body(&crate::clean::visible(line.as_bytes()))), "{line:?}");
        }
        assert_eq!(classify(b"test parse::rejects_error_input ... ok"), Class::Pass);
        // vis's test runner (master-thesis martanne/vis) says OK in capitals.
        assert_eq!(classify(b"Running test ./errors/conflict with sam ... OK"), Class::Pass);
        assert_eq!(classify(b"Running test ./errors/filter with sam ... FAIL"), Class::Verdict);
        // Pester's passing tests (master-thesis pester: 4,579 lines, none decisive), whose names
        // hold error words, against its failing one.
        assert_eq!(classify(b"    [+] Shows excerpted error messages correctly 36ms"), Class::Pass);
        assert_eq!(classify(b"    [-] Shows excerpted error messages correctly 36ms"), Class::Verdict);
        // tasty's status column (master-thesis pandoc and purescript), whose test names hold
        // error words: OK passes, FAIL still matters.
        for line in [
            "    informative error messages:                                      OK\r\n",
            "        comment warnings (accept -- no warnings):                    OK\r\n",
            "      '1110.purs' should compile and run without error:                                                                                                                                                                  OK (0.31s)\r\n",
        ] {
            assert_eq!(classify(line.as_bytes()), Class::Pass, "{line:?}");
        }
        // vis's status column (its `FAIL` is a verdict) and git's `Result: PASS`.
        let vis = "\x1b[?1h\x1b=\x1b[?1l\x1b>insert-mode/autoindent                            PASS\r\n";
        assert!(is_pass(body(&crate::clean::visible(vis.as_bytes()))));
        assert!(says_nothing(vis.as_bytes()));
        assert!(says_nothing(b"Result: PASS\r\n"));
        let failed = "      tables:                                                        FAIL (0.06s)\r\n";
        assert_eq!(classify(failed.as_bytes()), Class::Mention);
        // An `OK` after one space is a word of the line, not its status.
        assert_eq!(classify(b"error: expected OK"), Class::Verdict);
        assert!(Class::Pass < Class::Plain);
    }

    #[test]
    fn templates_keep_exception_classes_and_messages_apart() {
        assert_ne!(template(b"ValueError: bad input"), template(b"TypeError: bad input"));
        assert_ne!(
            template(b"AssertionError: expected 'abc' got 'abd'"),
            template(b"AssertionError: expected 'abc' got 'xyz'")
        );
        assert_eq!(template(b"AssertionError: expected 1 got 2"), template(b"AssertionError: expected 3 got 4"));
    }

    /// A runner's summary that counts failures is held by its counts as well: real lines of
    /// bench/reallogs.sh (master-thesis coffeescript, whose job ran its tests five times and
    /// printed one of these each time, every one labelled; symfony's PHPUnit runs, one per
    /// component, in colour). Times are not counts, and summaries that count no failure (Maven's
    /// per-class lines) still fold; other classes keep [`template`].
    #[test]
    fn failing_summaries_are_held_by_their_counts() {
        let t = |l: &str| template_as(l.as_bytes(), classify(l.as_bytes()));
        let runs = [
            "\x1b[0;31mfailed 1 and passed 1291 tests in 10.82 seconds\x1b[0m\x1b[0m ",
            "\x1b[0;31mfailed 1 and passed 1258 tests in 9.86 seconds\x1b[0m\x1b[0m ",
            "\x1b[0;31mfailed 12 and passed 1220 tests in 9.20 seconds\x1b[0m\x1b[0m ",
        ];
        assert!(runs.iter().all(|l| classify(l.as_bytes()) == Class::Summary));
        assert_eq!(template(runs[0].as_bytes()), template(runs[2].as_bytes()), "folded by `template`");
        assert_ne!(t(runs[0]), t(runs[1]));
        assert_ne!(t(runs[0]), t(runs[2]));
        assert_ne!(t(runs[1]), t(runs[2]));
        let later = "\x1b[0;31mfailed 1 and passed 1291 tests in 11.01 seconds\x1b[0m\x1b[0m ";
        assert_eq!(t(runs[0]), t(later), "a time is not a count");
        let phpunit = |tests: u32, failures: u32| {
            format!(
                "\x1b[37;41mTests: {tests}\x1b[0m\x1b[37;41m, Assertions: 302\x1b[0m\x1b[37;41m, Failures: {failures}\x1b[0m\x1b[37;41m.\x1b[0m\r"
            )
        };
        assert_eq!(classify(phpunit(187, 1).as_bytes()), Class::Summary);
        assert_ne!(t(&phpunit(187, 1)), t(&phpunit(268, 10)));
        assert_eq!(t(&phpunit(187, 1)), t("Tests: 187, Assertions: 302, Failures: 1."), "colour is invisible");
        // No failure counted: folded as before.
        for (a, b) in [
            (
                "Tests run: 5, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.011 sec",
                "Tests run: 17, Failures: 0, Errors: 0, Skipped: 2, Time elapsed: 1.5 sec",
            ),
            ("test result: ok. 32 passed; 0 failed; 0 ignored", "test result: ok. 7 passed; 0 failed; 1 ignored"),
            ("=== 1609 passed in 456.94 seconds ===", "=== 1611 passed in 400.01 seconds ==="),
        ] {
            assert_eq!(t(a), t(b), "{a}");
        }
        assert_ne!(t("=== 4 failed, 1609 passed ==="), t("=== 5 failed, 1609 passed ==="));
        assert_ne!(t("=== 4 failed, 1609 passed ==="), t("=== 4 failed, 1611 passed ==="));
        assert_ne!(t("test result: FAILED. 32 passed; 1 failed"), t("test result: FAILED. 30 passed; 3 failed"));
        // A verdict's numbers fold as ever, unittest's closing line among them.
        assert_eq!(template_as(b"job 17 crashed", Class::Verdict), template(b"job 4242 crashed"));
        assert_eq!(classify(b"FAILED (failures=6)"), Class::Verdict);
        assert_eq!(t("FAILED (failures=6)"), t("FAILED (failures=2)"));
    }

    #[test]
    fn a_verdict_is_held_by_its_place() {
        let held = |l: &str| template_as(l.as_bytes(), classify(l.as_bytes()));
        // GHC: the same message at two places is two errors; at one place, one.
        let ghc = |at: &str| format!("/b/src/Parser.hs:{at}: error:");
        assert_eq!(classify(ghc("67:55").as_bytes()), Class::Verdict);
        assert_ne!(held(&ghc("67:55")), held(&ghc("88:60")));
        assert_eq!(held(&ghc("67:55")), held(&ghc("67:55")));
        // The column counts; the time before the place does not.
        assert_ne!(held(&ghc("67:55")), held(&ghc("67:56")));
        let go = |stamp: &str, at: &str| {
            format!(
                "{stamp} ##[error]../mod/client-go@v0.23.4/register.go:{at}: k8s.io/api@v0.23.4: Get \"https://proxy.golang.org/\""
            )
        };
        assert_eq!(
            held(&go("2022-06-02T15:14:50.4368262Z", "22:2")),
            held(&go("2022-06-02T15:14:51.0000001Z", "22:2"))
        );
        assert_ne!(
            held(&go("2022-06-02T15:14:50.4368262Z", "22:2")),
            held(&go("2022-06-02T15:14:50.4368262Z", "23:2"))
        );
        // javac under Maven, C#, pytest's short traceback.
        assert_ne!(
            held("[ERROR] /g/ImmutableMap.java:[155,27] error: cannot find symbol"),
            held("[ERROR] /g/ImmutableMap.java:[161,37] error: cannot find symbol")
        );
        assert_ne!(held("A.cs(12,5): error CS1002: ; expected"), held("A.cs(14,5): error CS1002: ; expected"));
        assert_ne!(held("tests/test_x.py:11: AssertionError"), held("tests/test_x.py:19: AssertionError"));
        // The fold of a marker is the template's, which the place does not change.
        assert_eq!(template(ghc("67:55").as_bytes()), template(ghc("88:60").as_bytes()));
        // A line that names no place, a version, or a place in a line of another class keeps
        // its template.
        assert_eq!(held("job 17 crashed"), template(b"job 17 crashed"));
        assert_eq!(place(b"error: go@v0.23.4: not found"), None);
        assert_eq!(place(b"see x.go:12:3 and y.go:4:1"), Some(&b"12:3"[..]));
        assert_eq!(place(b"X.java:[27,122] e"), Some(&b"27,122"[..]));
        assert_eq!(place(b"X.cs(12,5): e"), Some(&b"12,5"[..]));
        assert_eq!(place(b"x.py:11: E"), Some(&b"11"[..]));
        assert_eq!(place(b"x.py:: E"), None);
        let frame = "  File \"/src/x.py\", line 3, in f";
        assert_eq!(template_as(frame.as_bytes(), Class::Context), template(frame.as_bytes()));
    }

    #[test]
    fn shapes_fold_names_but_not_kinds() {
        assert_eq!(shape(b"--- FAIL: TestRemote_apply_x (0.00s)"), shape(b"--- FAIL: TestRemote_apply_yz (0.12s)"));
        assert_eq!(shape(b"--- FAIL: TestRemoteApply (0.00s)"), shape(b"--- FAIL: TestOther (0.12s)"));
        assert_ne!(shape(b"--- FAIL: TestRemote_apply_x (0.00s)"), shape(b"panic: runtime error"));
        assert_ne!(shape(b"[ERROR] Failed to execute goal x"), shape(b"[ERROR] /a/B.java:[1,2] cannot find symbol"));
    }

    /// Numbered failures are one kind whatever they name (mocha's in a vscode log of
    /// bench/reallogs.sh), so their messages take turns with them instead of waiting for all.
    #[test]
    fn numbered_items_are_one_kind() {
        let first = shape(b"  1) commands namespace tests editorCommand with extra args:");
        assert_eq!(
            first,
            shape(b"  24) workspace-namespace registerTextDocumentContentProvider, show virtual document:")
        );
        assert_eq!(first, shape(b"1. Failure: app with both r/ and R/ prefers R/ (@test-app.R#41)"));
        assert_ne!(
            first,
            shape(b"     Error: Failed to show text document file:///tmp/bnwmjxfl, should show in editor #undefined")
        );
        assert_ne!(shape(b"1.5 seconds"), first);
        assert_ne!(shape(b"12:00 started"), shape(b"13:00 started failing"));
    }

    #[test]
    fn keep_outranks_everything() {
        let mut s = Scanner::new(Some(Regex::new("E0308").expect("valid")));
        assert_eq!(s.line(b"note: E0308 here").class, Class::Keep);
    }

    /// A runner's progress line for a failed test, as the tools wrote it in the development set
    /// of bench/reallogs.sh (master-thesis: nginx-proxy's and thefuck's pytest, openface's
    /// unittest), and libtest's; against lines that say what failed or that are no progress line.
    #[test]
    fn progress_lines_of_failed_tests() {
        for line in [
            "test_DOCKER_HOST_unix_socket.py::test_unknown_virtual_host \x1b[31mFAILED\x1b[0m\r\n",
            "tests/rules/test_nixos_cmd_not_found.py::test_get_new_command[command0-nix-env -iA nixos.vim] \x1b[31mERROR\x1b[0m\x1b[36m [ 72%]\x1b[0m\r\n",
            "tests.openface_batch_represent_tests.test_batch_represent ... FAIL\r\n",
            "test tests::adds ... FAILED",
        ] {
            assert!(is_progress_failure(line.as_bytes()), "{line:?}");
            assert_eq!(classify(line.as_bytes()), Class::Verdict, "{line:?}");
        }
        // A CI timestamp does not count.
        assert!(is_progress_failure(b"2024-05-01T10:00:00.1234567Z tests/test_x.py::test_y FAILED       [ 50%]"));
        for line in [
            // What failed, said in full.
            "FAILED tests/test_x.py::test_y - AssertionError: 1 != 2",
            "FAIL: tests.openface_batch_represent_tests.test_batch_represent",
            "--- FAIL: TestAdd (0.00s)",
            "\x1b[1m\x1b[31m__________________________ test_unknown_virtual_host ___________________________\x1b[0m",
            // Karma's line is followed by its exception, which is not reported again.
            "\x1b[31mIE 10.0.0 (Windows 8.0.0) bootstrap factory method should create an injector promise FAILED\x1b[39m",
            // A passing test whose parameters hold an error word (thefuck).
            "tests/rules/test_gem_unknown_command.py::test_not_match[git log-\\nERROR:  While executing gem] \x1b[32mPASSED\x1b[0m\x1b[36m [ 45%]\x1b[0m",
            "test tests::adds ... ok",
            "[INFO] Retrofit ........................................... FAILURE [ 26.885 s]",
        ] {
            assert!(!is_progress_failure(line.as_bytes()), "{line:?}");
        }
    }

    /// An exception's name alone, as the development set of bench/reallogs.sh has it
    /// (master-thesis openface's nose run, retrofit's Surefire report, cidiff's dspot), against
    /// names that head or title something else and exceptions with their message.
    #[test]
    fn bare_exceptions_are_names_alone() {
        for line in [
            "AssertionError: \r\n",
            "AssertionError",
            "java.lang.AssertionError: \r",
            "java.lang.RuntimeException\n",
            "eu.stamp_project.dspot.common.miscellaneous.AmplificationException: ",
            "\x1b[31mAssertionError\x1b[0m",
        ] {
            assert!(is_bare_exception(line.as_bytes()), "{line:?}");
        }
        for line in [
            // minitest's report heading, whose message follows it (rails).
            "\x1b[31mError:\x1b[0m",
            "Exception",
            // mocha's test titles (phoenix, freeCodeCamp).
            "onError",
            "isHandledError",
            "AssertionError: expected 3 to equal 4",
            "E   AssertionError",
            "java.lang.AssertionError: expected:<1> but was:<2>",
            "Minitest::UnexpectedError",
        ] {
            assert!(!is_bare_exception(line.as_bytes()), "{line:?}");
        }
    }
}
