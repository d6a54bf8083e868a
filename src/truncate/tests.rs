use super::*;
use proptest::prelude::{ProptestConfig, any, prop, prop_assert, prop_assert_eq, proptest};
use proptest::strategy::Strategy as _;

fn lines(n: usize) -> Vec<u8> {
    (1..=n).map(|i| format!("{i}\n")).collect::<String>().into_bytes()
}

fn opts(budget: Budget, strategy: Strategy) -> Options {
    Options { budget, strategy, ..Options::default() }
}

fn run(text: &[u8], o: &Options) -> Fitted {
    fit(&Doc::whole(text.to_vec()), o, None)
}

/// `text` held whole, but fitted as a stream of it through a retainer that keeps at most `limit`
/// bytes would be: the end's share looks no further up than the end such a stream is sure to
/// hold ([`Doc::end_held`]).
fn run_within(text: &[u8], o: &Options, limit: u64) -> Fitted {
    fit(&Doc::whole_within(text.to_vec(), limit), o, None)
}

/// Streams `text` through a retainer that keeps at most `limit` bytes whole.
fn run_windowed(text: &[u8], o: &Options, limit: u64, piece: usize) -> Fitted {
    let enc = (o.count_tokens || o.budget.tokens.is_some()).then_some(o.encoding);
    let mut r = Retainer::new(&o.budget, enc, None).with_memory_limit(limit);
    for p in text.chunks(piece.max(1)) {
        r.push(p).expect("no spool, no error");
    }
    let (doc, _) = r.finish();
    fit(&doc, o, None)
}

fn max_lines(n: u64) -> Budget {
    Budget { lines: Some(n), ..Budget::default() }
}

/// `n` passing lines of mocha, as a vscode log of bench/reallogs.sh prints them.
fn mocha_passes(n: usize) -> String {
    (0..n).map(|i| format!("  \u{2713} workspace-namespace test number {i} passes as it should\n")).collect()
}

fn s(b: &[u8]) -> &str {
    std::str::from_utf8(b).unwrap_or("<invalid>")
}

#[test]
fn head_tail_by_lines_is_exact() {
    let o = run(&lines(1000), &opts(max_lines(10), Strategy::HeadTail));
    assert_eq!(
        s(&o.text),
        "1\n2\n3\n4\n[... 991 lines (3,864 chars) omitted: lines 5-995 ...]\n996\n997\n998\n999\n1000\n"
    );
    assert_eq!(o.gaps.len(), 1);
    assert_eq!((o.gaps[0].start_byte, o.gaps[0].end_byte), (8, 3872));
    assert_eq!(o.output.lines, 10);
}

#[test]
fn head_and_tail_put_the_marker_at_the_cut() {
    let head = run(&lines(100), &opts(max_lines(4), Strategy::Head));
    assert_eq!(s(&head.text), "1\n2\n3\n[... 97 lines (286 chars) omitted: lines 4-100 ...]\n");
    let tail = run(&lines(100), &opts(max_lines(4), Strategy::Tail));
    assert_eq!(s(&tail.text), "[... 97 lines (282 chars) omitted: lines 1-97 ...]\n98\n99\n100\n");
}

#[test]
fn fitting_input_passes_through_without_marker() {
    let text = b"short\ntext without newline at end";
    let o = run(text, &Options::default());
    assert_eq!(o.text, text);
    assert!(!o.truncated);
    assert!(o.gaps.is_empty());
}

#[test]
fn over_long_line_falls_back_to_a_char_cut() {
    let text = format!("{}\n", "x".repeat(1000));
    let o = run(text.as_bytes(), &opts(Budget { chars: Some(200), ..Budget::default() }, Strategy::Head));
    let out = s(&o.text);
    assert!(out.starts_with(&"x".repeat(100)), "{out}");
    assert!(out.contains("chars omitted from line 1 ...]"), "{out}");
    assert!(o.output.chars <= 200);
}

#[test]
fn salient_keeps_error_lines_from_the_middle() {
    let mut text = String::new();
    for i in 0..2000 {
        text.push_str(&format!("step {i}: compiling module {i}\n"));
        if i == 1234 {
            text.push_str("error[E0308]: mismatched types\n");
        }
    }
    let o = run(text.as_bytes(), &opts(Budget { chars: Some(2000), ..Budget::default() }, Strategy::Salient));
    let out = s(&o.text);
    assert!(out.contains("\nerror[E0308]: mismatched types\n"), "{out}");
    assert!(out.starts_with("step 0: compiling module 0\n"));
    assert!(out.ends_with("step 1999: compiling module 1999\n"));
    assert_eq!(o.gaps.len(), 2);
    assert!(o.output.chars <= 2000);
    // Without the error, the same budget is plain head and tail.
    let plain = text.replace("error[E0308]: mismatched types\n", "");
    let o = run(plain.as_bytes(), &opts(Budget { chars: Some(2000), ..Budget::default() }, Strategy::Salient));
    assert_eq!(o.gaps.len(), 1);
}

/// 500 lines that mention an error word (each its own template), then `last` at 90% of the
/// text, then plain lines.
fn mentions_then(last: &str) -> String {
    let mut text = String::new();
    for i in 0..2000 {
        match i {
            100..600 => text.push_str(&format!("the handler saw an error in module m{i}\n")),
            1800 => text.push_str(&format!("{last}\n")),
            _ => text.push_str(&format!("line {i} ok\n")),
        }
    }
    text
}

#[test]
fn salient_ranks_over_the_whole_input_not_first_come() {
    let text = mentions_then("ValueError: invalid literal for int() with base 10: 'x'");
    let o = run(text.as_bytes(), &opts(Budget { chars: Some(2000), ..Budget::default() }, Strategy::Salient));
    assert!(s(&o.text).contains("\nValueError: invalid literal for int() with base 10: 'x'\n"), "{}", s(&o.text));
    assert!(o.output.chars <= 2000);
}

/// A line that mentions a failure outranks a warning, which fails nothing: on
/// bench/reallogs.sh 13 of 39,364 warning lines are decisive and 233 of 28,745 mentions (taking
/// mentions first, with testthat's summary a summary: 79.3 to 80.8% in the offline summary,
/// eight projects gaining, one losing a line). Real lines: npm's warnings of a git-it-electron
/// log and the editorconfig checker's verdict of an airbnb/javascript log, both of its
/// master-thesis set.
#[test]
fn a_mention_outranks_the_warnings_before_it() {
    let warnings = [
        "npm WARN deprecated node-uuid@1.4.7: use uuid module instead",
        "npm WARN deprecated jade@1.11.0: Jade has been renamed to pug, please install the latest version of pug instead of jade",
        "npm WARN deprecated transformers@2.1.0: Deprecated, use jstransformer",
        "npm WARN deprecated minimatch@2.0.10: Please update to minimatch 3.0.2 or higher to avoid a RegExp DoS issue",
        "npm WARN deprecated standard-format@1.6.10: standard-format is deprecated in favor of a built-in autofixer in 'standard'",
        "npm WARN engine esprima@3.1.3: wanted: {\"node\":\">=4\"} (current: {\"node\":\"0.12.18\",\"npm\":\"2.15.11\"})",
    ];
    let mention = "rules/strict.js failed indent_char: found setting '  ', should be '    '";
    let mut text = String::new();
    for i in 0..1000 {
        match i {
            100..106 => text.push_str(&format!("{}\n", warnings[i - 100])),
            600 => text.push_str(&format!("{mention}\n")),
            _ => text.push_str(&format!("step {i} done\n")),
        }
    }
    let o = run(text.as_bytes(), &opts(Budget { chars: Some(800), ..Budget::default() }, Strategy::Salient));
    let out = s(&o.text);
    assert!(out.contains(&format!("\n{mention}\n")), "{out}");
    assert!(o.output.chars <= 800);
    assert!(warnings.iter().any(|w| !out.contains(w)), "{out}");
}

/// A held text is scanned for the lines that matter once, however often a fit asks (to decide
/// `auto`, in each round of a plan, for the baseline's note), and not at all for a strategy that
/// takes no line from the middle: the hook's 1 MB call scanned it twice with a baseline, and
/// `head-tail` scanned it to decide nothing.
#[test]
fn a_held_text_is_scanned_once_and_only_when_lines_are_taken_from_it() {
    use std::borrow::Cow;
    let text = mentions_then("ValueError: invalid literal for int() with base 10: 'x'");
    let budget = Budget { chars: Some(2000), ..Budget::default() };
    let doc = Doc::whole(text.clone().into_bytes());
    let o = fit(&doc, &opts(budget, Strategy::HeadTail), None);
    assert!(o.truncated && !doc.is_scanned());
    let doc = Doc::whole(text.into_bytes());
    let o = fit(&doc, &opts(budget, Strategy::Auto), None);
    assert_eq!(o.strategy, Strategy::Salient);
    assert!(doc.is_scanned());
    let room = collect::room(&budget);
    match (doc.scanned(None, room), doc.scanned(None, room)) {
        (Some(Cow::Borrowed(a)), Some(Cow::Borrowed(b))) => assert!(std::ptr::eq(a, b)),
        _ => panic!("the scan is not kept"),
    }
    // Another `--keep` is another scan, not the kept one.
    let keep = Regex::new("int").expect("pattern");
    let other = doc.scanned(Some(&keep), room);
    assert!(matches!(other, Some(Cow::Owned(ref c)) if c.reached == crate::signals::Class::Keep));
}

/// `auto` on a text with no verdict takes a line `--keep` asks for as its reason for `salient`,
/// held whole as streamed (it judged by the built-in patterns alone when held).
#[test]
fn auto_keeps_what_keep_asks_for_held_or_streamed() {
    let mut text = String::from_utf8(lines(3000)).expect("ascii");
    text.insert_str(text.find("\n1500\n").expect("line 1500") + 1, "deploy id 7f3a done\n");
    let keep = Regex::new("^deploy id").expect("pattern");
    let o = Options { keep: Some(keep), ..opts(Budget { chars: Some(400), ..Budget::default() }, Strategy::Auto) };
    let (streamed, windowed) = run_streamed(text.as_bytes(), &o, 4096, 997);
    assert!(windowed);
    for out in [run(text.as_bytes(), &o), streamed] {
        assert_eq!(out.strategy, Strategy::Salient);
        assert!(s(&out.text).contains("\ndeploy id 7f3a done\n"), "{}", s(&out.text));
    }
}

#[test]
fn salient_keep_pattern_outranks_builtins() {
    let mut text = String::new();
    for i in 0..2000 {
        match i {
            100..600 => text.push_str(&format!("error: failure in m{i}\n")),
            1800 => text.push_str("MARK here\n"),
            _ => text.push_str(&format!("line {i} ok\n")),
        }
    }
    let mut o = opts(Budget { chars: Some(600), ..Budget::default() }, Strategy::Salient);
    o.keep = regex::bytes::Regex::new("(?m)^MARK").ok();
    let out = run(text.as_bytes(), &o);
    assert!(s(&out.text).contains("\nMARK here\n"), "{}", s(&out.text));
    assert!(out.output.chars <= 600);
}

#[test]
fn layered_samples_the_middle() {
    let o = run(&lines(10_000), &opts(Budget { chars: Some(3000), ..Budget::default() }, Strategy::Layered));
    assert_eq!(o.gaps.len(), 4);
    // Each sample starts on the line that holds its quarter point of the middle.
    let (p, q) = (o.gaps[0].start_byte, o.gaps[3].end_byte);
    for i in 1..=3u64 {
        let center = p + (q - p) * i / 4;
        let start = o.gaps[i as usize - 1].end_byte;
        assert!(start <= center && center - start < 6, "sample {i} starts at {start}, center {center}");
    }
    assert!(o.output.chars <= 3000);
}

#[test]
fn token_budget_marks_tokens() {
    let text = "The quick brown fox jumps over the lazy dog.\n".repeat(500);
    let o = run(text.as_bytes(), &opts(Budget { tokens: Some(200), ..Budget::default() }, Strategy::HeadTail));
    assert!(Encoding::O200k.count(&o.text) <= 200);
    let gap = &o.gaps[0];
    let tokens = Encoding::O200k.count(&text.as_bytes()[gap.start_byte as usize..gap.end_byte as usize]);
    assert_eq!(gap.tokens, Some(tokens));
    // The marker counts in the budget's unit: tokens, not chars as well.
    let marker = format!(
        "\n[... {} lines ({} tokens) omitted: lines {}-{} ...]\n",
        gap.lines,
        crate::text::group_digits(tokens),
        gap.start_line,
        gap.end_line
    );
    assert!(s(&o.text).contains(&marker), "{marker}\n{}", s(&o.text));
    // Without a token budget, chars.
    let o = run(text.as_bytes(), &opts(Budget { chars: Some(1_000), ..Budget::default() }, Strategy::HeadTail));
    assert!(s(&o.text).contains(" chars) omitted: lines "), "{}", s(&o.text));
}

#[test]
fn marker_too_big_for_budget_becomes_compact_or_none() {
    let o = run(&lines(100), &opts(Budget { chars: Some(40), ..Budget::default() }, Strategy::HeadTail));
    assert!(s(&o.text).contains("[...]\n"), "{}", s(&o.text));
    let o = run(&lines(100), &opts(Budget { chars: Some(6), ..Budget::default() }, Strategy::HeadTail));
    assert!(!s(&o.text).contains('['));
    assert!(o.output.chars <= 6);
}

#[test]
fn windowed_matches_whole_on_a_big_input() {
    let text = lines(200_000);
    for strategy in [Strategy::Head, Strategy::Tail, Strategy::HeadTail] {
        let o = opts(Budget { chars: Some(500), ..Budget::default() }, strategy);
        let whole = run(&text, &o);
        let windowed = run_windowed(&text, &o, 4096, 10_000);
        assert_eq!(s(&windowed.text), s(&whole.text), "{strategy:?}");
        assert_eq!(windowed.gaps, whole.gaps, "{strategy:?}");
    }
}

#[test]
fn windowed_lines_only_budget() {
    let text = lines(50_000);
    let o = opts(max_lines(7), Strategy::HeadTail);
    let whole = run(&text, &o);
    let windowed = run_windowed(&text, &o, 1000, 333);
    assert_eq!(s(&windowed.text), s(&whole.text));
}

fn text_strategy() -> impl proptest::strategy::Strategy<Value = String> {
    crate::testing::multibyte_text()
}

fn budget_strategy() -> impl proptest::strategy::Strategy<Value = Budget> {
    (prop::option::of(1u64..400), prop::option::of(1u64..300), prop::option::of(1u64..30), prop::option::of(1u64..120))
        .prop_map(|(bytes, chars, lines, tokens)| {
            let b = Budget { bytes, chars, lines, tokens };
            if b.is_unlimited() { Budget { chars: Some(100), ..b } } else { b }
        })
}

fn any_strategy() -> impl proptest::strategy::Strategy<Value = Strategy> {
    prop::sample::select(vec![Strategy::HeadTail, Strategy::Head, Strategy::Tail, Strategy::Layered, Strategy::Salient])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn output_never_exceeds_budget(text in text_strategy(), budget in budget_strategy(), strategy in any_strategy(), chars_cut in any::<bool>()) {
        let mut o = opts(budget, strategy);
        o.cut = if chars_cut { Cut::Chars } else { Cut::Lines };
        let out = run(text.as_bytes(), &o);
        prop_assert!(budget.fits(&out.text, Encoding::O200k), "{:?} over {:?}", s(&out.text), budget);
        // Cuts fall on char boundaries: valid input gives valid output.
        prop_assert!(std::str::from_utf8(&out.text).is_ok());
    }

    #[test]
    fn fitting_text_is_the_identity(text in text_strategy(), strategy in any_strategy()) {
        let size = Size::of(text.as_bytes(), Some(Encoding::O200k));
        let budget = Budget { bytes: Some(size.bytes.max(1)), chars: Some(size.chars.max(1)), lines: Some(size.lines.max(1)), tokens: size.tokens.map(|t| t.max(1)) };
        let out = run(text.as_bytes(), &opts(budget, strategy));
        prop_assert_eq!(out.text, text.as_bytes());
        prop_assert!(!out.truncated);
    }

    #[test]
    fn kept_and_omitted_add_up(text in text_strategy(), budget in budget_strategy(), strategy in any_strategy()) {
        let out = run(text.as_bytes(), &opts(budget, strategy));
        let omitted: u64 = out.gaps.iter().map(|g| g.end_byte - g.start_byte).sum();
        let mut kept = 0u64;
        let mut pos = 0u64;
        for g in &out.gaps {
            kept += g.start_byte - pos;
            prop_assert!(g.start_byte >= pos && g.end_byte > g.start_byte);
            prop_assert!(text.is_char_boundary(g.start_byte as usize) && text.is_char_boundary(g.end_byte as usize));
            pos = g.end_byte;
        }
        kept += text.len() as u64 - pos;
        prop_assert_eq!(kept + omitted, text.len() as u64);
    }

    #[test]
    fn streaming_equals_whole(text in text_strategy(), n in 1u64..200, lines in any::<bool>(), piece in 1usize..600, strategy in prop::sample::select(vec![Strategy::HeadTail, Strategy::Head, Strategy::Tail])) {
        let budget = if lines { Budget { lines: Some(n / 8 + 1), ..Budget::default() } } else { Budget { chars: Some(n), ..Budget::default() } };
        let o = opts(budget, strategy);
        let whole = run(text.as_bytes(), &o);
        let windowed = run_windowed(text.as_bytes(), &o, 16, piece);
        prop_assert_eq!(s(&windowed.text), s(&whole.text));
    }
}

/// Every marker hides more than it costs: a gap of one or two lines is never shorter than the
/// marker line that would stand for it (in bytes, and so in chars).
#[test]
fn markers_are_never_longer_than_what_they_hide() {
    let log = include_bytes!("../../tests/fixtures/build.log");
    for strategy in [Strategy::Salient, Strategy::HeadTail, Strategy::Layered] {
        for chars in (600..6000).step_by(450) {
            let o = run(log, &opts(Budget { chars: Some(chars), ..Budget::default() }, strategy));
            let text = s(&o.text);
            for gap in &o.gaps {
                let at = match gap.lines {
                    1 => format!("omitted: line {} ", crate::text::group_digits(gap.start_line)),
                    _ => format!("omitted: lines {}-", crate::text::group_digits(gap.start_line)),
                };
                let marker = text.lines().find(|l| l.contains(&at));
                if gap.lines <= 2 && gap.aligned {
                    let marker = marker.unwrap_or_else(|| panic!("no marker for {gap:?} in {text}"));
                    assert!(gap.end_byte - gap.start_byte > marker.len() as u64 + 1, "{marker} hides {gap:?}");
                }
            }
            assert!(o.output.chars <= chars);
        }
    }
}

#[test]
fn a_short_line_is_shown_instead_of_its_marker() {
    let mut text = String::new();
    for i in 0..200 {
        text.push_str(if i == 100 {
            "error: boom\n"
        } else if i == 102 {
            "error: bang\n"
        } else {
            "a plain line of filler text\n"
        });
    }
    let o = run(text.as_bytes(), &opts(Budget { chars: Some(700), ..Budget::default() }, Strategy::Salient));
    assert!(s(&o.text).contains("\nerror: boom\na plain line of filler text\nerror: bang\n"), "{}", s(&o.text));
}

/// A thousand heartbeats that differ only in their numbers fold: each gap says how many of its
/// lines are like the kept line next to it.
#[test]
fn repeated_templates_fold_with_a_count() {
    let mut text = String::new();
    for i in 1..=500 {
        text.push_str(&format!("12:00:{i} WARN heartbeat ok from worker {i}\n"));
    }
    text.push_str("ValueError: boom\n");
    for i in 1..=500 {
        text.push_str(&format!("12:01:{i} WARN heartbeat ok from worker {i}\n"));
    }
    let o = run(text.as_bytes(), &opts(Budget { chars: Some(600), ..Budget::default() }, Strategy::Auto));
    assert_eq!(o.strategy, Strategy::Salient);
    let out = s(&o.text);
    // The end's share ends at the verdict, and leaves out the warnings above it for a marker:
    // the line before it, the lines after it, and the last line.
    assert!(out.contains("\n[... 496 lines (21,620 chars) omitted: lines 4-499, 496 like the line above ...]\n12:00:500 WARN heartbeat ok from worker 500\n"), "{out}");
    assert!(out.contains("\nValueError: boom\n12:01:1 WARN heartbeat ok from worker 1\n12:01:2 WARN heartbeat ok from worker 2\n[... 497 lines (21,660 chars) omitted: lines 504-1,000, 497 like the line above ...]\n12:01:500 WARN heartbeat ok from worker 500\n"), "{out}");
    assert_eq!((o.gaps[0].repeats, o.gaps[1].repeats, o.gaps[1].repeats_below), (496, 497, false));
    assert!(o.output.chars <= 600, "{}", o.output.chars);
}

/// Streams `text` through a retainer that collects salient candidates (as the CLI does for
/// `auto` and `salient`) and keeps at most `limit` bytes whole.
fn run_streamed(text: &[u8], o: &Options, limit: u64, piece: usize) -> (Fitted, bool) {
    let enc = (o.count_tokens || o.budget.tokens.is_some()).then_some(o.encoding);
    let mut r = Retainer::new(&o.budget, enc, None)
        .with_memory_limit(limit)
        .collecting(o.keep.clone(), candidate_room(&o.budget));
    for p in text.chunks(piece.max(1)) {
        r.push(p).expect("no spool, no error");
    }
    let (doc, _) = r.finish();
    (fit(&doc, o, None), doc.is_windowed())
}

/// A decisive line at 90% of an input too large to hold survives a budget that the 500
/// error-word lines near its start would exhaust, with only a window of the input held.
#[test]
fn streamed_salient_finds_a_late_verdict() {
    let mut text = String::new();
    for i in 0..40_000 {
        match i {
            100..600 => text.push_str(&format!("the handler saw an error in module m{i}\n")),
            36_000 => text.push_str("ValueError: invalid literal for int() with base 10: 'x'\n"),
            _ => text.push_str(&format!("line {i} ok\n")),
        }
    }
    for strategy in [Strategy::Salient, Strategy::Auto] {
        let o = opts(Budget { chars: Some(2000), ..Budget::default() }, strategy);
        let (out, windowed) = run_streamed(text.as_bytes(), &o, 64 << 10, 4096);
        assert!(windowed);
        assert_eq!(out.strategy, Strategy::Salient);
        let t = s(&out.text);
        assert!(t.contains("\nValueError: invalid literal for int() with base 10: 'x'\n"), "{t}");
        assert!(out.output.chars <= 2000, "{}", out.output.chars);
        // The marker's numbers are those of the whole input.
        assert!(t.contains("omitted: lines "), "{t}");
        let hidden: u64 = out.gaps.iter().map(|g| g.lines).sum();
        assert_eq!(hidden + out.output.lines - out.gaps.len() as u64, 40_000);
    }
}

/// The outputs of bench/fidelity (real output of seven tools), one after another.
fn fidelity_outputs() -> Vec<u8> {
    let mut names: Vec<_> =
        std::fs::read_dir("bench/fidelity/outputs").expect("outputs").map(|e| e.expect("entry").path()).collect();
    names.sort();
    names.iter().flat_map(|p| std::fs::read(p).expect("readable")).collect()
}

/// When the plan with what the first output left over does not fit, the budget is tried again
/// between the two, where the output should come to the limit: on the fidelity outputs at 3,600
/// chars the first plan comes to 3,183 chars and the second to 3,609, 9 over, the next between
/// them to 3,606, and the next to 3,553; before, the first was given (417 chars unused), now
/// 3,553 chars are.
#[test]
fn a_plan_that_overshoots_is_tried_again_in_between() {
    let text = fidelity_outputs();
    let o = opts(Budget { chars: Some(3600), ..Budget::default() }, Strategy::Salient);
    let out = run(&text, &o);
    assert_eq!(out.output.chars, 3553, "{}", s(&out.text));
}

/// Salient over a stream gives what it gives over the whole text, on real tool output.
#[test]
fn streamed_salient_is_the_whole_salient() {
    let text = fidelity_outputs();
    // A stream does not hold the gaps, so its default markers cannot count the repeats in them
    // (`, 12 like the line above`), nor the tokens in them but by estimate; the whole text's
    // can, and their room changes what the plans after the first of `fit` have to fill.
    // Markers that show neither are the same in both.
    let marker =
        Marker::Template("[... {lines} lines ({chars} chars) omitted: lines {start_line}-{end_line} ...]".into());
    for budget in [
        Budget { chars: Some(8000), ..Budget::default() },
        max_lines(60),
        Budget { tokens: Some(150), ..Budget::default() },
    ] {
        let o = Options { marker: marker.clone(), ..opts(budget, Strategy::Salient) };
        let whole = run_within(&text, &o, 32 << 10);
        let (streamed, windowed) = run_streamed(&text, &o, 32 << 10, 1000);
        assert!(windowed);
        assert!(whole.truncated && s(&whole.text).contains("omitted: lines"), "{budget:?}");
        assert_eq!(s(&streamed.text), s(&whole.text), "{budget:?}");
    }
}

/// A short gap after the last new verdict is shown before the head grows: Travis's retried `git
/// clone` (the lines of master-thesis `CoffeeScript__jashkenas@coffeescript__393178870.log`)
/// printed its third try in a gap of seven lines that ten lines of set-up took the room of.
#[test]
fn a_short_gap_after_the_last_verdict_is_shown_before_the_head_grows() {
    let clone = "git clone --depth=50 --branch=revert-5083-patch-docs https://github.com/jashkenas/coffeescript.git jashkenas/coffeescript";
    let attempt = "Cloning into 'jashkenas/coffeescript'...\nwarning: Could not find remote branch revert-5083-patch-docs to clone.\nfatal: Remote branch revert-5083-patch-docs not found in upstream origin\n\n";
    let mut text: String = (0..300).map(|i| format!("Setting up package-{i} (1.{i}-1) ...\n")).collect();
    text.push_str(&format!("travis_fold:start:git.checkout\n$ {clone}\n"));
    for n in 2..=3 {
        text.push_str(&format!("{attempt}The command \"eval {clone} \" failed. Retrying, {n} of 3.\n\n"));
    }
    text.push_str(&format!(
        "{attempt}The command \"eval {clone} \" failed 3 times.\n\n\nFailed to clone from GitHub.\n"
    ));
    text.push_str("Checking GitHub status (https://status.github.com/api/last-message.json):\ngood\nEverything operating normally.\n");
    let out = run(text.as_bytes(), &opts(Budget { chars: Some(2000), ..Budget::default() }, Strategy::Auto));
    let got = s(&out.text);
    let from = text.find("travis_fold:start:git.checkout").expect("the clone");
    assert!(got.ends_with(&text[from..]), "{got}");
    assert!(
        got.contains("\n[... 285 lines (10,333 chars) omitted: lines 3-287, 285 like the line above ...]\n"),
        "{got}"
    );
    assert!(out.output.chars <= 2000, "{}", out.output.chars);
}

/// A rule under a failure's title goes with the line past it, as a blank line does: pandoc's
/// failed golden test (master-thesis pandoc in bench/reallogs.sh) names the file its diff is of
/// under a blank line and a rule, and the diff's two names are shown with the `FAIL` (the rule
/// and the blank line take no turn of their own).
#[test]
fn a_rule_after_a_failure_goes_with_the_line_past_it() {
    let mut text: String =
        (0..400).map(|i| format!("      case {i}:{}OK (0.0{}s)\n", " ".repeat(40), i % 10)).collect();
    text.push_str(
        "    custom writer\n      tables:                                                        FAIL (0.06s)\n",
    );
    text.push_str("        \n        ------------------------------------------------------------------------\n");
    text.push_str("        --- tables.custom\n        +++ tables.native\n");
    for i in 0..300 {
        text.push_str(&format!("        + {i} </table>\n        - {i} </table\n"));
    }
    text.push_str(&(0..400).map(|i| format!("      other {i}:{}OK\n", " ".repeat(40))).collect::<String>());
    text.push_str("1 out of 1200 tests failed (12.31s)\nThe command \"make test\" exited with 1.\n");
    let out = run(text.as_bytes(), &opts(Budget { chars: Some(2000), ..Budget::default() }, Strategy::Auto));
    let got = s(&out.text);
    assert!(got.contains("FAIL (0.06s)\n        \n        -----"), "{got}");
    assert!(got.contains("-----\n        --- tables.custom\n        +++ tables.native\n"), "{got}");
    assert!(out.output.chars <= 2000, "{}", out.output.chars);
}

/// The last try of a retried step is shown before the head grows, though it repeats the first
/// try's line and stands in a gap too long to fill: real lines of a java-design-patterns Travis
/// log in bench/reallogs.sh, where `travis_retry` ran a failing command three times.
#[test]
fn the_last_try_of_a_retried_step_is_shown() {
    let trace = "Exception in thread \"main\" java.lang.ExceptionInInitializerError\n\
\tat org.jruby.Ruby.newInstance(Ruby.java:266)\n\tat s3.website.Ruby$.rubyRuntime$lzycompute(Ruby.scala:4)\n\
\tat s3.website.Ruby$.rubyRuntime(Ruby.scala:4)\n\tat s3.website.model.Config$$anonfun$13.apply(Config.scala:215)\n\
\tat s3.website.model.Config$$anonfun$13.apply(Config.scala:213)\n\tat scala.util.Try$.apply(Try.scala:192)\n\
\tat s3.website.model.Config$.erbEval(Config.scala:213)\n\tat s3.website.model.Site$.parseConfig(Site.scala:27)\n\
\tat s3.website.Push$.main(Push.scala:40)\n\tat s3.website.Push.main(Push.scala)\n\
Caused by: java.lang.RuntimeException: unsupported Java version: 11\n\
\tat org.jruby.RubyInstanceConfig.initGlobalJavaVersion(RubyInstanceConfig.java:1878)\n\
\tat org.jruby.RubyInstanceConfig.<clinit>(RubyInstanceConfig.java:1585)\n\t... 15 more\n\n";
    let retry = |n: u32| format!("The command \"bundle exec s3_website push\" failed. Retrying, {n} of 3.\n\n");
    let mut text: String = (0..300).map(|i| format!("Installing gem-{i} 1.{i}.0\n")).collect();
    text.push_str("$ travis_retry bundle exec s3_website push\n");
    text.push_str(&format!("{trace}{}{trace}{}{trace}", retry(2), retry(3)));
    text.push_str("The command \"bundle exec s3_website push\" failed 3 times.\n\nDone. Your build exited with 1.\n");
    let out = run(text.as_bytes(), &opts(Budget { chars: Some(4000), ..Budget::default() }, Strategy::Auto));
    let got = s(&out.text);
    for n in [2, 3] {
        assert!(got.contains(&format!("\n{}", retry(n).trim_end())), "{n}: {got}");
    }
    assert!(out.output.chars <= 4000, "{}", out.output.chars);
}

/// A job that ran its tests again after a failure prints a summary each time; each counts
/// other tests, so none is folded into another (real lines of coffeescript's Travis log in
/// bench/reallogs.sh, where every one is labelled).
#[test]
fn each_run_keeps_its_failing_summary() {
    let runs = [(1, 1287, "11.01"), (1, 1291, "10.82"), (1, 1258, "9.86"), (12, 1220, "9.20")];
    let mut text = String::new();
    for (failed, passed, secs) in runs {
        text.push_str("$ cake test\n");
        for i in 0..150 {
            text.push_str(&format!("compiling fixture {i} of the suite\n"));
        }
        text.push_str(&format!("failed {failed} and passed {passed} tests in {secs} seconds\n"));
    }
    for i in 0..40 {
        text.push_str(&format!("uploading cache part {i}\n"));
    }
    let out = run(text.as_bytes(), &opts(Budget { chars: Some(3000), ..Budget::default() }, Strategy::Auto));
    let got = s(&out.text);
    for (failed, passed, secs) in runs {
        let line = format!("\nfailed {failed} and passed {passed} tests in {secs} seconds\n");
        assert!(got.contains(&line), "{line}{got}");
    }
    assert!(out.output.chars <= 3000, "{}", out.output.chars);
}

/// A gap's marker counts as like the kept summary above it only the summaries that count as it
/// does: another run's `failed 12 and passed 1220 tests` is not one more of `failed 1 and
/// passed 1291 tests`, a later time is.
#[test]
fn a_summary_is_like_only_those_with_its_counts() {
    let kept = "failed 1 and passed 1291 tests in 10.82 seconds\n";
    let gap = "failed 1 and passed 1291 tests in 9.86 seconds\nfailed 12 and passed 1220 tests in 9.20 seconds\n";
    let text = format!("{kept}{gap}done\n");
    let doc = Doc::whole(text.clone().into_bytes());
    let (a, b) = (kept.len() as u64, (kept.len() + gap.len()) as u64);
    assert_eq!(repeats(&doc, a, b), (1, false));
    // Lines of another class fold their numbers as ever.
    let text = "job 1 crashed\njob 2 crashed\njob 3 crashed\ndone\n";
    assert_eq!(repeats(&Doc::whole(text.as_bytes().to_vec()), 14, 42), (2, false));
}

/// A gap's repeats are counted as a terminal shows its lines, whether a line is coloured,
/// redrawn or ends in `\r\n` (the gap is searched once for such bytes, each line is not), and
/// the last line of a gap counts without its newline.
#[test]
fn repeats_are_counted_as_the_lines_are_shown() {
    let kept = "job 1 crashed\n";
    let gap = "job 2 crashed\r\n\x1b[31mjob 3 crashed\x1b[0m\nwait\rjob 4 crashed\njob 5 stalled\njob 6 crashed";
    let text = format!("{kept}{gap}");
    let doc = Doc::whole(text.clone().into_bytes());
    assert_eq!(repeats(&doc, kept.len() as u64, text.len() as u64), (4, false));
    // Below: the kept line after the gap, when the one above has no repeats.
    let text = format!("done\n{gap}\njob 7 crashed\n");
    let doc = Doc::whole(text.clone().into_bytes());
    assert_eq!(repeats(&doc, 5, (5 + gap.len() + 1) as u64), (4, true));
}

/// A blank kept line has no repeats: a gap of blank lines and failures after a kept blank line
/// counts the failures like the kept one below it, not the blank lines like the blank one.
#[test]
fn a_blank_line_is_like_nothing() {
    let gap = "  2) test 2:\n     Error: boom\n\n  3) test 3:\n     Error: boom\n\n";
    let kept = "  1) test 1:\n     Error: boom\n\n";
    let text = format!("{kept}{gap}  4) test 4:\n");
    let (a, b) = (kept.len() as u64, (kept.len() + gap.len()) as u64);
    let doc = Doc::whole(text.clone().into_bytes());
    assert_eq!(repeats(&doc, a, b), (2, true));
    // Nor is a line of spaces, or one that shows nothing but colour.
    for blank in ["   \n", "\x1b[0m\r\n"] {
        let text = format!("x\n{blank}\n{blank}\n");
        let doc = Doc::whole(text.clone().into_bytes());
        let a = (2 + blank.len()) as u64;
        assert_eq!(repeats(&doc, a, text.len() as u64), (0, false), "{blank:?}");
    }
}

/// 30 failures of one kind (each its own test, so each its own template) do not starve the
/// different errors after them, though these are far from the end: the kinds take turns.
#[test]
fn thirty_failures_of_one_kind_leave_room_for_another_error() {
    let mut text = String::from("$ go test ./...\n");
    for i in 0..30 {
        let name: String = (0..3).map(|k| char::from(b'a' + ((i * 7 + k * 3) % 26) as u8)).collect();
        text.push_str(&format!("=== RUN   TestRemote_apply_{name}\n    remote_test.go:{i}: state mismatch\n"));
        text.push_str(&format!("--- FAIL: TestRemote_apply_{name} (0.0{}s)\n", i % 10));
    }
    text.push_str("panic: runtime error: invalid memory address or nil pointer dereference\n");
    text.push_str("##[error]The operation was canceled.\n");
    for i in 0..300 {
        text.push_str(&format!("cleanup step {i} done\n"));
    }
    let out = run(text.as_bytes(), &opts(Budget { chars: Some(2500), ..Budget::default() }, Strategy::Auto));
    let got = s(&out.text);
    assert!(got.contains("\npanic: runtime error: invalid memory address or nil pointer dereference\n"), "{got}");
    assert!(got.contains("\n##[error]The operation was canceled.\n"), "{got}");
    assert!(got.contains("--- FAIL: TestRemote_apply_"), "{got}");
    assert!(out.output.chars <= 2500);
}

/// With a baseline that ranks a line lower, a cut output ends with [`BASELINE_NOTE`], counted in
/// every limit given, whole or streamed; a budget the note would take a quarter of has none, and
/// an output that fits, or a baseline that has none of the lines, gets none.
#[test]
fn the_baseline_note_ends_a_cut_within_the_budget() {
    let mut text = String::new();
    for i in 1..=300 {
        text.push_str(&format!("step {i} of the build\n"));
        if i % 50 == 0 {
            text.push_str(&format!("warning: unused variable `x`\nerror[E0308]: mismatched types in f{i}\n"));
        }
    }
    let baseline = std::sync::Arc::new(crate::signals::Baseline::of(b"warning: unused variable `x`\n"));
    let other = std::sync::Arc::new(crate::signals::Baseline::of(b"nothing alike\n"));
    let note = format!("\n{BASELINE_NOTE}\n");
    let budgets = [
        Budget { chars: Some(1500), ..Budget::default() },
        Budget { chars: Some(4 * note.len() as u64 - 8), ..Budget::default() },
        Budget { tokens: Some(300), ..Budget::default() },
        Budget { lines: Some(20), chars: Some(2000), ..Budget::default() },
    ];
    for (i, budget) in budgets.into_iter().enumerate() {
        let o = Options { baseline: Some(baseline.clone()), ..opts(budget, Strategy::Auto) };
        for out in [run(text.as_bytes(), &o), run_windowed(text.as_bytes(), &o, 4096, 777)] {
            assert!(out.truncated && budget.fits(&out.text, o.encoding), "{budget:?}: {}", s(&out.text));
            assert_eq!(s(&out.text).ends_with(&note), i != 1, "{budget:?}: {}", s(&out.text));
        }
        let unlike = Options { baseline: Some(other.clone()), ..o.clone() };
        assert!(!s(&run(text.as_bytes(), &unlike).text).contains(BASELINE_NOTE));
        let unmarked = Options { marker: Marker::Off, ..o.clone() };
        assert!(!s(&run(text.as_bytes(), &unmarked).text).contains(BASELINE_NOTE));
    }
    let o = Options {
        baseline: Some(baseline),
        ..opts(Budget { chars: Some(100_000), ..Budget::default() }, Strategy::Auto)
    };
    assert_eq!(run(text.as_bytes(), &o).text, text.as_bytes());
}

/// The end's share goes to the lines that lead to the last verdict, not to what a CI service
/// prints after it. Lines from a real Travis log of square/retrofit (the reallogs set,
/// master-thesis): the Maven build fails, `The command "mvn test -B" exited with 1.`, then the
/// cache upload lists files until `Done. Your build exited with 1.`
#[test]
fn the_end_share_ends_at_the_last_verdict_not_at_the_cache_upload() {
    let mut log = String::new();
    for i in 0..200 {
        log.push_str(&format!(
            "[INFO] Downloaded: https://repo.maven.apache.org/maven2/org/a{i}/b.pom (2 KB at 9.1 KB/sec)\n"
        ));
    }
    let before = [
        "[INFO] Converter: Java Scalars ............................ SUCCESS [  1.947 s]",
        "[INFO] Converter: Moshi ................................... FAILURE [  1.227 s]",
        "[INFO] Converter: JAXB .................................... SKIPPED",
        "[INFO] ------------------------------------------------------------------------",
        "[INFO] BUILD FAILURE",
        "[INFO] ------------------------------------------------------------------------",
        "[INFO] Total time: 01:04 min",
        "[ERROR]   mvn <goals> -rf :converter-moshi",
        "The command \"mvn test -B\" exited with 1.",
    ];
    for l in before {
        log.push_str(l);
        log.push('\n');
    }
    for m in ["adapter-guava", "adapter-java8", "adapter-rxjava2", "adapter-scala", "converter-gson", "converter-moshi"]
    {
        for f in ["maven-metadata-local.xml", "_remote.repositories", "2.5.1-SNAPSHOT.jar", "2.5.1-SNAPSHOT.pom"] {
            log.push_str(&format!("/home/travis/.m2/repository/com/squareup/retrofit2/{m}/2.5.1-SNAPSHOT/{m}-{f}\n"));
        }
    }
    log.push_str("\nDone. Your build exited with 1.\n");
    let budget = Budget { chars: Some(2_000), ..Budget::default() };
    let out = run(log.as_bytes(), &opts(budget, Strategy::Salient));
    let text = s(&out.text);
    assert!(text.len() <= 2_000, "{text}");
    assert!(text.contains(&before.join("\n")), "the lines up to the verdict, whole:\n{text}");
    assert!(text.ends_with("\nDone. Your build exited with 1.\n"), "{text}");
    let cached = text.lines().filter(|l| l.starts_with("/home/travis/.m2/")).count();
    assert!(cached <= 2, "{cached} lines of the cache upload kept:\n{text}");
}

/// A Maven build of square/retrofit (the reallogs set, master-thesis): nine tests of one class
/// fail with the same error, Surefire prints each with its stack, then lists them under `Tests
/// in error:`, and Maven prints its reactor summary (a run of `SUCCESS` and `SKIPPED` modules)
/// and its advice.
fn surefire_errors_above_a_reactor_summary() -> String {
    let mut log = String::new();
    for i in 0..300 {
        log.push_str(&format!(
            "[INFO] Downloaded: https://repo.maven.apache.org/maven2/org/a{i}/b.pom (2 KB at 9.1 KB/sec)\n"
        ));
    }
    log.push_str("Running retrofit2.converter.moshi.MoshiConverterFactoryTest\n");
    log.push_str("Tests run: 9, Failures: 0, Errors: 9, Skipped: 0, Time elapsed: 0.997 sec <<< FAILURE!\n");
    let frames = [
        "\tat com.squareup.moshi.JsonUtf8Reader.<init>(JsonUtf8Reader.java:97)",
        "\tat com.squareup.moshi.JsonReader.of(JsonReader.java:196)",
        "\tat retrofit2.converter.moshi.MoshiResponseBodyConverter.convert(MoshiResponseBodyConverter.java:44)",
        "\tat retrofit2.OkHttpCall.parseResponse(OkHttpCall.java:225)",
        "\tat org.apache.maven.surefire.booter.ProviderFactory.invokeProvider(ProviderFactory.java:85)",
        "\tat org.apache.maven.surefire.booter.ForkedBooter.runSuitesInProcess(ForkedBooter.java:115)",
        "\tat org.apache.maven.surefire.booter.ForkedBooter.main(ForkedBooter.java:75)",
    ];
    let tests = [
        "requireFullResponseDocumentConsumption",
        "annotations",
        "failOnUnknown",
        "anInterface",
        "nonUtf8BomIsNotSkipped",
        "withNulls",
        "anImplementation",
        "asLenient",
        "utf8BomSkipped",
    ];
    for (i, t) in tests.iter().enumerate() {
        log.push_str(&format!(
            "{t}(retrofit2.converter.moshi.MoshiConverterFactoryTest)  Time elapsed: 0.0{i}8 sec  <<< ERROR!\n"
        ));
        log.push_str("java.lang.NoSuchMethodError: okio.BufferedSource.getBuffer()Lokio/Buffer;\n");
        for _ in 0..5 {
            for f in frames {
                log.push_str(f);
                log.push('\n');
            }
        }
        log.push('\n');
    }
    log.push_str("\nResults :\n\nTests in error: \n");
    for t in tests {
        log.push_str(&format!(
            "  {t}(retrofit2.converter.moshi.MoshiConverterFactoryTest): okio.BufferedSource.getBuffer()Lokio/Buffer;\n"
        ));
    }
    log.push_str("\nTests run: 9, Failures: 0, Errors: 9, Skipped: 0\n\n");
    log.push_str("[INFO] ------------------------------------------------------------------------\n");
    log.push_str("[INFO] Reactor Summary:\n[INFO] \n");
    for m in [
        "Retrofit (Parent)",
        "Retrofit",
        "Adapters",
        "Adapter: Guava",
        "Adapter: Java 8",
        "Adapter: RxJava",
        "Adapter: RxJava 2",
        "Adapter: Scala",
        "Converters",
        "Converter: Gson",
        "Converter: Guava",
        "Converter: Protocol Buffers",
        "Converter: Jackson",
        "Converter: Java 8",
    ] {
        log.push_str(&format!("[INFO] {m} {} SUCCESS [  1.377 s]\n", ".".repeat(50 - m.len())));
    }
    log.push_str(concat!(
        "[INFO] Converter: Moshi ................................... FAILURE [  1.227 s]\n",
        "[INFO] Converter: JAXB .................................... SKIPPED\n",
        "[INFO] Retrofit Mock Adapter .............................. SKIPPED\n",
        "[INFO] Samples ............................................ SKIPPED\n",
        "[INFO] ------------------------------------------------------------------------\n",
        "[INFO] BUILD FAILURE\n",
        "[INFO] ------------------------------------------------------------------------\n",
        "[INFO] Total time: 01:04 min\n",
        "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:2.12.4:test (default-test) ",
        "on project converter-moshi: There are test failures.\n",
        "[ERROR] -> [Help 1]\n",
        "[ERROR]   mvn <goals> -rf :converter-moshi\n",
        "The command \"mvn test -B\" exited with 1.\n\nDone. Your build exited with 1.\n",
    ));
    log
}

/// The end's share that climbed past the reactor summary and the `Tests in error:` list took
/// the room of six of the nine `<<< ERROR!` lines at 3,000 chars; it stops at that run now, as
/// that plan keeps more verdicts, and all nine are kept.
#[test]
fn the_end_share_stops_at_a_long_run_when_that_keeps_more_verdicts() {
    let log = surefire_errors_above_a_reactor_summary();
    let budget = Budget { chars: Some(3_000), ..Budget::default() };
    let out = run(log.as_bytes(), &opts(budget, Strategy::Salient));
    let text = s(&out.text);
    assert!(text.chars().count() <= 3_000, "{text}");
    let kept = text.lines().filter(|l| l.ends_with("<<< ERROR!")).count();
    assert_eq!(kept, 9, "{text}");
    assert!(text.ends_with("\nDone. Your build exited with 1.\n"), "{text}");
}

/// cmusatyalab/openface's nose run (the reallogs set, master-thesis), cut down: each failed test
/// ends in a bare `AssertionError:` under the assert that raised it, and each captured a
/// traceback of its own. Held as one line of one template, the bare exceptions were one
/// candidate, and the asserts, which say what failed, were left for the lead-ins and lost at
/// 3,000 chars; each is now held by its assert and shown with it.
#[test]
fn a_bare_exception_is_kept_with_the_statement_that_raised_it() {
    let mut log = String::from("Worker information\n");
    for i in 0..300 {
        log.push_str(&format!("Collecting package{i}==1.{i}.0 (from -r requirements.txt (line {i}))\n"));
    }
    let asserts = [
        "assert p.returncode == 0",
        "assert '0.763' in out",
        "assert 'Predict SteveCarell with 0.97 confidence.' in out",
        "assert 'Predict EvaLongoria @ x=91 with 0.99 confidence.' in out",
    ];
    for i in 0..asserts.len() {
        log.push_str(&format!("tests.openface_demo_tests.test_demo{i} ... FAIL\n"));
    }
    log.push('\n');
    for (i, a) in asserts.iter().enumerate() {
        log.push_str(&format!(
            "======================================================================\n\
             FAIL: tests.openface_demo_tests.test_demo{i}\n\
             ----------------------------------------------------------------------\n\
             Traceback (most recent call last):\n  \
             File \"/usr/lib/python2.7/dist-packages/nose/case.py\", line 197, in runTest\n    \
             self.test(*self.arg)\n  \
             File \"/root/src/openface/tests/openface_demo_tests.py\", line {}, in test_demo{i}\n    \
             {a}\n\
             AssertionError: \n\
             -------------------- >> begin captured stdout << ---------------------\n\n\
             Traceback (most recent call last):\n  \
             File \"/root/src/openface/demos/classifier.py\", line 26, in <module>\n    \
             import cv2\n\
             ImportError: No module named 'cv2'\n\n\n\
             --------------------- >> end captured stdout << ----------------------\n\n",
            40 + 11 * i
        ));
    }
    log.push_str(
        "----------------------------------------------------------------------\n\
         Ran 7 tests in 3.222s\n\nFAILED (failures=4)\n\
         The command \"./run-tests.sh\" exited with 1.\n\nDone. Your build exited with 1.\n",
    );
    let budget = Budget { chars: Some(3_000), ..Budget::default() };
    let out = run(log.as_bytes(), &opts(budget, Strategy::Salient));
    let text = s(&out.text);
    assert!(text.chars().count() <= 3_000, "{text}");
    for a in asserts {
        let shown = format!("\n    {a}\nAssertionError: \n");
        assert!(text.contains(&shown), "{a:?} not shown over its exception:\n{text}");
    }
}

/// The other side of the stop: jgm/pandoc's tasty run (the reallogs set, master-thesis) fails
/// one test of 2,041 and prints its diff, then the passing rest. Stopping the end's share at
/// that run of `OK` lines keeps no more verdicts, so the share goes on past it and keeps the
/// failure with its diff, which the picks alone would not.
#[test]
fn the_end_share_goes_on_past_a_long_run_when_stopping_keeps_no_more_verdicts() {
    let mut log = String::new();
    for i in 0..200 {
        log.push_str(&format!(
            "[{i:3} of 200] Compiling Text.Pandoc.Module{i} ( src/Text/Pandoc/Module{i}.hs, dist/build/Module{i}.o )\n"
        ));
    }
    let ok = |log: &mut String, n: usize| {
        for i in 0..n {
            log.push_str(&format!("      writer{i}\n        basic:{}OK (0.16s)\n", " ".repeat(55)));
        }
    };
    ok(&mut log, 200);
    let failure = [
        "    custom writer",
        "      basic:                                                         OK (0.20s)",
        "      tables:                                                        FAIL (0.06s)",
        "        ------------------------------------------------------------------------",
        "        --- tables.custom",
        "        +++ /home/travis/build/jgm/pandoc/sourcedist/dist/build/pandoc/pandoc --quiet tables.native ",
        "        +  29 </table>",
        "        -  29 </table",
        "        + 200 </table>",
        "        - 200 </table",
        "        ------------------------------------------------------------------------",
    ];
    for l in failure {
        log.push_str(l);
        log.push('\n');
    }
    ok(&mut log, 800);
    log.push_str(concat!(
        "\n1 out of 2041 tests failed (45.46s)\n",
        "Test suite test-pandoc: FAIL\n",
        "Test suite logged to: dist/test/pandoc-2.6-test-pandoc.log\n",
        "0 of 1 test suites (0 of 1 test cases) passed.\n",
        "The command \"cabal test\" exited with 1.\n\nDone. Your build exited with 1.\n",
    ));
    let budget = Budget { chars: Some(3_000), ..Budget::default() };
    let out = run(log.as_bytes(), &opts(budget, Strategy::Salient));
    let text = s(&out.text);
    assert!(text.chars().count() <= 3_000, "{text}");
    assert!(text.contains(&failure[2..].join("\n")), "the failure and its diff, whole:\n{text}");
    assert!(text.ends_with("\nDone. Your build exited with 1.\n"), "{text}");
}

/// Passing lines do not take the end's share: a failing `cargo test` of 232 tests, as in the
/// issue's Claude Code run (about 230 of the 262 lines the model got were `... ok`), keeps its
/// failure, its summary and the command's start, and a run of `... ok` lines costs one marker.
#[test]
fn a_run_of_passing_lines_in_the_end_costs_one_marker() {
    let mut log =
        String::from("     Running unittests src/lib.rs (target/debug/deps/demo-1234)\n\nrunning 232 tests\n");
    for i in 0..230 {
        log.push_str(&format!("test tests::case_{i:03} ... ok\n"));
    }
    log.push_str(concat!(
        "test tests::parses_port ... FAILED\n",
        "test tests::zz_last ... ok\n\nfailures:\n\n---- tests::parses_port stdout ----\n",
        "thread 'tests::parses_port' panicked at src/lib.rs:42:9:\n",
        "assertion `left == right` failed\n  left: 8080\n right: 80\n\nfailures:\n    tests::parses_port\n\n",
        "test result: FAILED. 231 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.02s\n",
    ));
    let out = run(log.as_bytes(), &opts(Budget { chars: Some(1_500), ..Budget::default() }, Strategy::Salient));
    let text = s(&out.text);
    assert!(text.contains("running 232 tests\n[... 230 lines (6,440 chars) omitted: lines 4-233 ...]\ntest tests::parses_port ... FAILED\n"), "{text}");
    assert!(
        text.contains("panicked at src/lib.rs:42:9:\nassertion `left == right` failed\n  left: 8080\n right: 80\n"),
        "{text}"
    );
    assert!(text.ends_with(
        "test result: FAILED. 231 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.02s\n"
    ));
    assert_eq!(text.matches("... ok\n").count(), 1, "{text}");
}

/// A dumped object in the end's share costs one marker once its lines only repeat what the
/// share keeps below them. Real lines of a failing coffeescript run (bench/reallogs.sh,
/// master-thesis `CoffeeScript__jashkenas@coffeescript__460615864.log`): a failed AST test
/// prints the test's source, a location object of 130 lines; on that log, with the dump kept
/// line by line, the end's share held none of the failures above it (here, 9 of its lines).
#[test]
fn a_dump_that_repeats_itself_in_the_end_costs_one_marker() {
    let mut log = String::new();
    for i in 0..300 {
        log.push_str(&format!("  compiled src/nodes{i}.coffee\n"));
    }
    let failure = [
        "  AST location data as expected for Assign node",
        "  AssertionError: Expected AST node type K to equal ObjectProperty",
        "    at exports.eq (/home/travis/build/jashkenas/coffeescript/test/support/helpers.coffee:1:1)",
        "    at testSingleNodeLocationData (<anonymous>:1:1)",
    ];
    for l in failure {
        log.push_str(l);
        log.push('\n');
    }
    log.push_str("  function () {\n  testAstLocationData('a = b', {\n    type: 'AssignmentExpression',\n");
    for k in 0..12 {
        log.push_str(&format!(
            "    loc: {{\n      start: {{\n        line: 1,\n        column: {k}\n      }},\n      end: {{\n        line: 1,\n        column: {}\n      }}\n    }},\n",
            k + 1
        ));
    }
    log.push_str("  });\n}\n\n");
    let end = [
        "  CSX error: non-matching tag names",
        "  AssertionError: Expected [stdin]:1:6: error: expected corresponding CSX closing tag for span",
        "failed 1 and passed 1309 tests in 10.83 seconds",
        "The command \"node ./bin/cake test\" exited with 1.",
    ];
    for l in end {
        log.push_str(l);
        log.push('\n');
    }
    let budget = Budget { chars: Some(1_500), ..Budget::default() };
    let out = run(log.as_bytes(), &opts(budget, Strategy::Salient));
    let text = s(&out.text);
    assert!(text.chars().count() <= 1_500, "{text}");
    assert!(text.contains(&failure[..2].join("\n")), "the failure above the dump:\n{text}");
    assert!(text.ends_with(&(end.join("\n") + "\n")), "{text}");
    let fields = text.lines().filter(|l| l.trim_start().starts_with("column: ")).count();
    assert!(fields <= 2, "{fields} lines of the dump kept:\n{text}");
}

/// What the candidates leave goes to the lines next to them before the ends: the test class
/// above a failed XCTest assertion and its location below (real lines of the Alamofire logs of
/// bench/reallogs.sh, whose labelled failure starts at the class line) are kept with it, in
/// the middle of the log and when it is the last verdict, where the end's share stops.
#[test]
fn the_lines_next_to_a_verdict_come_with_it() {
    let mut log = String::new();
    for i in 0..300 {
        log.push_str(&format!("    \u{2713} testUploadClassMethodWithMethodURLHeadersAndStream{i} (0.127 seconds)\n"));
    }
    let block = [
        "",
        "Alamofire_iOS_Tests.SessionTestCase",
        "  testThatDownloadRequestWithInvalidURLStringThrowsResponseHandlerError, XCTAssertTrue failed",
        "  /Users/travis/build/Alamofire/Alamofire/Tests/SessionTests.swift:580",
        "  ```",
    ];
    log.push_str(&block.join("\n"));
    log.push('\n');
    for i in 0..300 {
        log.push_str(&format!(
            "    \u{2713} testDownloadClassMethodWithMethodURLHeadersAndDestination{i} (0.031 seconds)\n"
        ));
    }
    log.push_str("\t Executed 1066 tests, with 1 failure (0 unexpected) in 31.162 (31.350) seconds\n");
    let travis = "The command \"set -o pipefail && xcodebuild test | xcpretty\" exited with 65.\n";
    for log in [log.clone(), log + travis] {
        let budget = Budget { chars: Some(2_000), ..Budget::default() };
        let out = run(log.as_bytes(), &opts(budget, Strategy::Salient));
        let text = s(&out.text);
        assert!(text.chars().count() <= 2_000, "{text}");
        let kept = format!("\n{}\n", block[1..].join("\n"));
        assert!(text.contains(&kept), "the class line above the failure and the location below it:\n{text}");
        // A stream that holds only a window of it keeps the same lines, whole.
        let (streamed, windowed) = run_streamed(log.as_bytes(), &opts(budget, Strategy::Salient), 32 << 10, 1000);
        let streamed = s(&streamed.text);
        assert!(windowed);
        assert!(streamed.contains(&kept), "{streamed}");
        for line in streamed.lines().filter(|l| !l.starts_with("[... ")) {
            assert!(log.lines().any(|l| l == line), "{line:?} is not a whole line of the input:\n{streamed}");
        }
    }
}

/// Stock advice does not take the end's share: Maven's help block after a failed build (real
/// lines of a retrofit log of bench/reallogs.sh, where it took a quarter of a 3,000-char
/// summary) costs one marker, and the goal that failed and the module to resume from stay.
#[test]
fn maven_stock_advice_at_the_end_costs_one_marker() {
    let mut log = String::new();
    for i in 0..200 {
        log.push_str(&format!("[INFO] Compiling module {i} of 200 to /home/travis/build/square/retrofit/target\n"));
    }
    let goal = "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:2.12.4:test (default-test) on project retrofit: There are test failures.\n";
    log.push_str("[INFO] BUILD FAILURE\n[INFO] Total time: 01:04 min\n");
    log.push_str(goal);
    log.push_str(concat!(
        "[ERROR] \n",
        "[ERROR] Please refer to /home/travis/build/square/retrofit/retrofit/target/surefire-reports for the individual test results.\n",
        "[ERROR] -> [Help 1]\n",
        "[ERROR] \n",
        "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.\n",
        "[ERROR] Re-run Maven using the -X switch to enable full debug logging.\n",
        "[ERROR] \n",
        "[ERROR] For more information about the errors and possible solutions, please read the following articles:\n",
        "[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/MojoFailureException\n",
        "[ERROR] \n",
        "[ERROR] After correcting the problems, you can resume the build with the command\n",
        "[ERROR]   mvn <goals> -rf :retrofit\n",
        "The command \"mvn test -B\" exited with 1.\n",
    ));
    let out = run(log.as_bytes(), &opts(Budget { chars: Some(800), ..Budget::default() }, Strategy::Salient));
    let text = s(&out.text);
    assert!(text.chars().count() <= 800, "{text}");
    let end = format!(
        "[INFO] BUILD FAILURE\n[INFO] Total time: 01:04 min\n{goal}[... 11 lines (610 chars) omitted: lines 204-214 ...]\n[ERROR]   mvn <goals> -rf :retrofit\nThe command \"mvn test -B\" exited with 1.\n"
    );
    assert!(text.ends_with(&end), "{text}");
    assert!(!text.contains("-> [Help 1]"), "{text}");
}

/// The sixteen frames mocha prints under each of vscode's failed tests (a vscode log of
/// bench/reallogs.sh).
const VSCODE_FRAMES: [&str; 16] = [
    "      at out/vs/workbench/api/node/file:/home/travis/build/Microsoft/vscode/src/vs/workbench/api/node/extHostTextEditors.ts:86:11",
    "      at Object.notifySuccess [as _notify] (out/vs/base/common/winjs.base.js:1185:59)",
    "      at Object.enter (out/vs/base/common/winjs.base.js:867:30)",
    "      at Promise_ctor._run (out/vs/base/common/winjs.base.js:1083:29)",
    "      at Promise_ctor._completed (out/vs/base/common/winjs.base.js:1051:18)",
    "      at LazyPromise.resolveOk (out/vs/workbench/services/extensions/node/file:/home/travis/build/Microsoft/vscode/src/vs/workbench/services/extensions/node/lazyPromise.ts:65:9)",
    "      at RPCProtocol._receiveReply (out/vs/workbench/services/extensions/node/file:/home/travis/build/Microsoft/vscode/src/vs/workbench/services/extensions/node/rpcProtocol.ts:226:16)",
    "      at RPCProtocol._receiveOneMessage (out/vs/workbench/services/extensions/node/file:/home/travis/build/Microsoft/vscode/src/vs/workbench/services/extensions/node/rpcProtocol.ts:184:10)",
    "      at out/vs/workbench/services/extensions/node/file:/home/travis/build/Microsoft/vscode/src/vs/workbench/services/extensions/node/rpcProtocol.ts:111:66",
    "      at out/vs/workbench/services/extensions/node/file:/home/travis/build/Microsoft/vscode/src/vs/workbench/services/extensions/node/rpcProtocol.ts:307:5",
    "      at out/vs/base/common/file:/home/travis/build/Microsoft/vscode/src/vs/base/common/event.ts:381:87",
    "      at Emitter.fire (out/vs/base/common/file:/home/travis/build/Microsoft/vscode/src/vs/base/common/event.ts:140:16)",
    "      at Socket.<anonymous> (out/vs/base/parts/ipc/node/file:/home/travis/build/Microsoft/vscode/src/vs/base/parts/ipc/node/ipc.net.ts:81:23)",
    "      at readableAddChunk (_stream_readable.js:178:18)",
    "      at Socket.Readable.push (_stream_readable.js:136:10)",
    "      at Pipe.onread (net.js:560:20)",
];

/// The titles and errors of vscode's failed tests 18 to 24 (the same log).
const VSCODE_FAILURES: [&str; 7] = [
    "  18) window namespace tests issue #5362 - Incorrect TextEditor passed by onDidChangeTextEditorSelection:\n     Error: Failed to show text document file:///home/travis/build/Microsoft/vscode/extensions/vscode-api-tests/testWorkspace/10linefile.ts, should show in editor #undefined\n",
    "  19) window namespace tests editor, selection change kind:\n     Error: Failed to show text document file:///home/travis/build/Microsoft/vscode/extensions/vscode-api-tests/testWorkspace/far.js, should show in editor #undefined\n",
    "  20) workspace-namespace openTextDocument, untitled closes on save:\n     Error: Failed to show text document untitled:/home/travis/build/Microsoft/vscode/extensions/vscode-api-tests/testWorkspace/newfile.txt, should show in editor #undefined\n",
    "  21) workspace-namespace eol, change via editor:\n     Error: Failed to show text document file:///tmp/fcsihsr, should show in editor #undefined\n",
    "  22) workspace-namespace events: onDidOpenTextDocument, onDidChangeTextDocument, onDidSaveTextDocument:\n     Error: Failed to show text document file:///tmp/ipotrcur, should show in editor #undefined\n",
    "  23) workspace-namespace openTextDocument, with selection:\n     Error: Failed to show text document file:///tmp/eqbuylo, should show in editor #undefined\n",
    "  24) workspace-namespace registerTextDocumentContentProvider, show virtual document:\n     Error: Failed to show text document foo://something/path, should show in editor #undefined\n",
];

/// A mocha run as vscode's log prints it: 100 passing tests, then each of `failures` with
/// [`VSCODE_FRAMES`] under it and a blank line, then Travis's verdict.
fn mocha_failures(failures: &[&str]) -> String {
    let mut log = mocha_passes(100);
    for f in failures {
        log.push_str(f);
        log.push_str(&VSCODE_FRAMES.join("\n"));
        log.push_str("\n\n");
    }
    log.push_str("The command \"./scripts/test-integration.sh\" exited with 1.\n");
    log
}

/// A deep stack does not take the end's share: the frames nearest the error stay and the rest
/// cost one marker (real lines of a vscode log of bench/reallogs.sh, where mocha's sixteen
/// frames under each failure took a third of an 8,000-char output), so the failures above it
/// keep their room. (With the rule off, `FRAME_RUN` set past any run, the check of the first
/// three frames under each earlier failure fails.)
#[test]
fn a_deep_stack_in_the_end_keeps_its_first_frames() {
    let frames = VSCODE_FRAMES;
    let failures = &VSCODE_FAILURES[4..];
    let log = mocha_failures(failures);
    let out = run(log.as_bytes(), &opts(Budget { chars: Some(3_000), ..Budget::default() }, Strategy::Salient));
    let text = s(&out.text);
    assert!(text.chars().count() <= 3_000, "{text}");
    // The failures before the last verdict, in the end's share: the frames nearest each error.
    for f in &failures[..2] {
        assert!(text.contains(&format!("{f}{}\n", frames[..3].join("\n"))), "{f}\n{text}");
    }
    assert!(!text.contains(frames[12]), "{text}");
    assert!(text.ends_with("exited with 1.\n"), "{text}");
    assert!(crate::signals::is_frame(frames[8].as_bytes()) && crate::signals::is_frame(b"\t... 15 more"));
    assert!(!crate::signals::is_frame(b"at least one test failed"));
}

/// A stack whose first frames repeat those of a stack the end's share keeps below it costs one
/// marker with the rest of it: mocha prints the same sixteen frames under each of vscode's
/// failures (real lines of a vscode log of bench/reallogs.sh), and the share keeps the frames
/// nearest the last error once and the failures above it, not the same three frames seven times.
/// (Without the rule, failures 19 to 22 keep three frames each.)
#[test]
fn a_stack_that_repeats_one_kept_below_costs_one_marker() {
    let frames = VSCODE_FRAMES;
    let failures = VSCODE_FAILURES;
    let log = mocha_failures(&failures);
    let budget = Budget { tokens: Some(2_000), ..Budget::default() };
    let out = run(log.as_bytes(), &opts(budget, Strategy::Salient));
    let text = s(&out.text);
    assert!(Encoding::O200k.count(&out.text) <= 2_000, "{text}");
    for f in failures {
        assert!(text.contains(f.lines().nth(1).expect("error line")), "{f}\n{text}");
    }
    // The share keeps the frames nearest the error of failure 23 (those of 24 are the input's
    // last lines); each stack above them, the same frames again, is one marker.
    assert!(text.contains(&format!("{}{}\n[... 13 lines", failures[5], frames[..3].join("\n"))), "{text}");
    for f in &failures[1..5] {
        assert!(text.contains(&format!("{f}[... 16 lines (482 tokens) omitted")), "{f}\n{text}");
    }
}

/// A CI log starts with its set-up: the head's first share is a hundredth of the budget, so of
/// the banner of a real Travis log (bench/reallogs.sh's square/retrofit) only the first line
/// stays, and the room goes to the failures in the middle. With the share at a twentieth, as
/// before, the worker's hostname is kept too.
#[test]
fn a_logs_set_up_banner_gives_way_to_its_failures() {
    let banner = [
        "Worker information",
        "hostname: a116120a-2c26-405a-9dd3-fb176f194c13@1.production-2-worker-org-gce-flvp",
        "version: v6.2.0 https://github.com/travis-ci/worker/tree/5e5476e01646095f48eec13196fdb3faf8f5cbf7",
        "instance: travis-job-ebb33570-c380-4cae-8485-59efc9ee21d9 travis-ci-garnet-trusty-1512502259-986baf0 (via amqp)",
        "startup: 9.451020194s",
        "Build system information",
        "Build language: java",
    ];
    let tests = [
        "getWithNullUrl",
        "pathParamRequired",
        "headerMapRejectsNull",
        "multipartPartMapRejectsNullKeys",
        "bodyRequired",
        "headerMapRejectsNullKeys",
        "queryMapRejectsNullKeys",
        "multipartPartMapRejectsNull",
        "fieldMapRejectsNullKeys",
        "multipartPartMapRejectsNullValues",
        "queryMapRejectsNull",
        "fieldMapRejectsNull",
    ];
    let mut log = banner.join("\n") + "\n";
    for i in 0..300 {
        log.push_str(&format!(
            "[INFO] Downloaded from central: https://repo.maven.apache.org/maven2/org/example/lib{i}/1.0/lib{i}-1.0.pom (4.8 kB at 27 kB/s)\n"
        ));
    }
    for t in tests {
        log.push_str(&format!("{t}(retrofit2.RequestFactoryTest)  Time elapsed: 0.007 sec  <<< FAILURE!\n"));
        for f in 0..20 {
            log.push_str(&format!(
                "\tat retrofit2.RequestFactoryTest.{t}Frame{f}(RequestFactoryTest.java:{})\n",
                100 + f
            ));
        }
    }
    for i in 0..40 {
        log.push_str(&format!("[INFO] Upload step {i} done\n"));
    }
    log.push_str("The command \"mvn test -B\" exited with 1.\n");
    let o = run(log.as_bytes(), &opts(Budget { chars: Some(3_000), ..Budget::default() }, Strategy::Salient));
    let text = s(&o.text);
    assert!(
        text.starts_with("Worker information\n[... 306 lines (38,240 chars) omitted: lines 2-307 ...]\n"),
        "{text}"
    );
    assert!(!text.contains("hostname:"), "{text}");
    let kept = tests.iter().filter(|t| text.contains(&format!("\n{t}(retrofit2"))).count();
    assert_eq!(kept, 12, "{text}");
    assert!(o.output.chars <= 3_000);
}

/// Mocha's numbered failures of a vscode log of bench/reallogs.sh, each title over its message
/// and frames: the titles are one kind of line and the messages another, so they take turns
/// and the messages, which say what failed, are kept as often as the titles: 11 and 11 of 12
/// (9 and 9 before the end's share left out for one marker the `travis_time:end:step…` lines
/// that repeat those it keeps, 10 and 10 before `fit` tried again a plan that overshot).
/// (With every title a kind of its own, as their first words made them before, all 12 titles
/// came first and 5 messages were kept.)
#[test]
fn numbered_failures_leave_room_for_their_messages() {
    let titles = [
        "commands namespace tests editorCommand with extra args",
        "editor tests insert snippet",
        "editor tests insert snippet with replacement, editor selection",
        "editor tests make edit",
        "window namespace tests editor, active text editor",
        "window namespace tests editor, opened via resource",
        "window namespace tests editor, assign and check view columns",
        "workspace-namespace openTextDocument, untitled closes on save",
        "workspace-namespace eol, change via editor",
        "workspace-namespace openTextDocument, with selection",
        "workspace-namespace registerTextDocumentContentProvider, show virtual document",
        "workspace-namespace events: onDidOpenTextDocument, onDidChangeTextDocument, onDidSaveTextDocument",
    ];
    let files = [
        "bnwmjxfl",
        "tunvp",
        "rpqnxomk",
        "iobxpnojzh",
        "ysqzjkkc",
        "zspksrm",
        "hrrahhn",
        "morwbi",
        "powzxax",
        "jpaygqn",
        "eqbuylo",
        "ipotrcur",
    ];
    let mut log = mocha_passes(200);
    log.push_str("  59 passing (5s)\n  12 failing\n\n");
    for (i, (t, f)) in titles.iter().zip(files).enumerate() {
        log.push_str(&format!("  {}) {t}:\n", i + 1));
        log.push_str(&format!(
            "     Error: Failed to show text document file:///tmp/{f}, should show in editor #undefined\n"
        ));
        for k in 0..6 {
            log.push_str(&format!("      at Promise_ctor._run (out/vs/base/common/winjs.base.js:{}:29)\n", 1083 + k));
        }
        log.push('\n');
    }
    for i in 0..30 {
        log.push_str(&format!("travis_time:end:step{i}\n"));
    }
    log.push_str("The command \"./scripts/test-integration.sh\" exited with 1.\n");
    let o = run(log.as_bytes(), &opts(Budget { chars: Some(3_000), ..Budget::default() }, Strategy::Salient));
    let text = s(&o.text);
    let messages = files.iter().filter(|f| text.contains(&format!("file:///tmp/{f},"))).count();
    let numbered = (1..=titles.len()).filter(|i| text.contains(&format!("\n  {i}) "))).count();
    assert_eq!((messages, numbered), (11, 11), "{text}");
    assert!(o.output.chars <= 3_000);
}

/// Each marker is planned with the room of the widest one the input could show (`[... 20,000
/// lines (… chars) omitted: lines 20,000-20,000, 20,000 like the line above ...]`), and most are
/// narrower: what they leave is planned once more, so the output takes its budget to within a
/// line: 979 chars of 1,000 with six errors, where the first plan took 876.
#[test]
fn a_cut_output_uses_the_room_its_markers_leave() {
    let names = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"];
    let mut text = String::new();
    for i in 1..=20_000 {
        let name = |k: usize| format!("{}_{}_{}", names[k / 100 % 10], names[k / 10 % 10], names[k % 10]);
        match i % 500 {
            0 => text.push_str(&format!("error: cannot find crate `{}`\n", name(i / 500))),
            _ => text.push_str(&format!("compiling {}\n", name(i))),
        }
    }
    let o = run(text.as_bytes(), &opts(Budget { chars: Some(1_000), ..Budget::default() }, Strategy::Salient));
    let out = s(&o.text);
    assert_eq!(o.output.chars, 979, "{out}");
    assert_eq!(out.matches("error: cannot find crate").count(), 6, "{out}");
}

/// A run of passing lines longer than a stream's window, between a failure and the run's
/// summary: the end's share leaves the run out for one marker and walks no further up than a
/// stream of the input is sure to hold, so the whole text and a stream of it, in pieces of any
/// size, give the same output. Before, the whole text's share walked up past the run into the
/// set-up lines above it (40 of them) while the stream's stopped where its window began and
/// kept 27 passing lines instead.
#[test]
fn a_passing_run_longer_than_the_window_is_read_alike_whole_or_streamed() {
    let mut text = String::new();
    for i in 0..200 {
        text.push_str(&format!("setting up package-{i} ...\n"));
    }
    text.push_str("FAIL: test_one (tests.Case)\nTraceback (most recent call last):\n  File \"t.py\", line 3, in test_one\nAssertionError: 1 != 2\n");
    for i in 0..5000 {
        text.push_str(&format!("test_{i} (tests.Case) ... ok\n"));
    }
    text.push_str("Ran 5001 tests in 3.2s\n\nFAILED (failures=1)\n");
    let marker =
        Marker::Template("[... {lines} lines ({chars} chars) omitted: lines {start_line}-{end_line} ...]".into());
    for budget in [Budget { chars: Some(2000), ..Budget::default() }, max_lines(30)] {
        let o = Options { marker: marker.clone(), ..opts(budget, Strategy::Salient) };
        let whole = run_within(text.as_bytes(), &o, 32 << 10);
        assert!(s(&whole.text).contains("AssertionError: 1 != 2\n[... "), "{}", s(&whole.text));
        assert!(
            s(&whole.text).ends_with("test_4999 (tests.Case) ... ok\nRan 5001 tests in 3.2s\n\nFAILED (failures=1)\n")
        );
        for piece in [1000, 4096, 65_536] {
            let (streamed, windowed) = run_streamed(text.as_bytes(), &o, 32 << 10, piece);
            assert!(windowed);
            assert_eq!(s(&streamed.text), s(&whole.text), "{budget:?}, pieces of {piece}");
        }
    }
}

/// The line over a verdict that starts a block, the tool or step it belongs to, is kept before
/// warnings elsewhere take the room: real lines of a git-it-electron Travis log in
/// bench/reallogs.sh, where `standard` printed its name over files that babel-eslint could not
/// parse, and `npm install` had warned before.
#[test]
fn a_verdict_keeps_the_line_it_belongs_to_before_warnings() {
    let warnings = [
        r#"npm WARN engine babel-eslint@7.1.1: wanted: {"node":">=4"} (current: {"node":"0.12.18","npm":"2.15.11"})"#,
        r#"npm WARN engine electron-compilers@5.2.2: wanted: {"node":">= 5.0"} (current: {"node":"0.12.18","npm":"2.15.11"})"#,
        "npm WARN deprecated standard-format@1.6.10: standard-format is deprecated in favor of a built-in autofixer in 'standard'. Usage: standard --fix",
        "npm WARN deprecated jade@1.11.0: Jade has been renamed to pug, please install the latest version of pug instead of jade",
        "npm WARN optional dep failed, continuing fsevents@1.0.17",
        "npm WARN deprecated node-uuid@1.4.7: use uuid module instead",
        "npm WARN deprecated transformers@2.1.0: Deprecated, use jstransformer",
    ];
    let header = "standard: Use JavaScript Standard Style (https://github.com/feross/standard) \n";
    let files =
        ["lib/build-challenges.js", "lib/build-pages.js", "lib/challenge-completed.js", "lib/challenge.js", "main.js"];
    let mut text: String = (0..150).map(|i| format!("Setting up package-{i} (1.{i}-1) ...\n")).collect();
    for w in warnings {
        text.push_str(&format!("{w}\n"));
        text.push_str(&(0..5).map(|j| format!("├── dependency-{j}@2.{j}.0\n")).collect::<String>());
    }
    text.push_str(&(0..200).map(|i| format!("├── module-{i}@0.{i}.1 (a@1.0.0, b@2.0.0)\n")).collect::<String>());
    text.push_str("\n> git-it-electron@4.2.2 test /home/travis/build/jlord/git-it-electron\n");
    text.push_str("> standard lib/*.js lib/verify/*.js menus/*.js main.js\n\n");
    text.push_str(header);
    let at = |f: &str| {
        format!(
            "  /home/travis/build/jlord/git-it-electron/{f}:0:0: /home/travis/build/jlord/git-it-electron/node_modules/babel-eslint/babylon-to-espree/toToken.js:56\n"
        )
    };
    for f in files {
        text.push_str(&at(f));
        text.push_str(
            "    token.value = `/${value.pattern}/${value.flags}`;\n                  ^\nUnexpected token ILLEGAL\n",
        );
    }
    text.push_str("npm ERR! Test failed.  See above for more details.\n\n\nThe command \"npm test\" exited with 1.\n\nDone. Your build exited with 1.\n");
    let out = run(text.as_bytes(), &opts(Budget { chars: Some(2500), ..Budget::default() }, Strategy::Auto));
    let got = s(&out.text);
    // Without the lead-in, three more warnings (and lines of their neighbours) took its room.
    let lead = format!("[... 221 lines (8,783 chars) omitted: lines 176-396 ...]\n{header}{}", at(files[0]));
    assert!(got.contains(&lead), "{got}");
    assert_eq!(got.matches("npm WARN").count(), 4, "{got}");
    assert!(out.output.chars <= 2500, "{}", out.output.chars);
}

/// xcpretty names each test case on a line of its own over its passing tests (`✓`), and the
/// end's share left out only runs of more than three passing lines: under short test cases it
/// kept them line by line, between the one crash and the verdict (bench/reallogs.sh's
/// Alamofire, whose lines these are). The names go with the passing lines around them now, so
/// the test cases cost one marker, and the room goes to what led to the crash.
#[test]
fn passing_tests_under_their_group_names_cost_one_marker() {
    let cases = [
        ("RequestDescriptionTestCase", &["testRequestDescription (0.173 seconds)"][..]),
        (
            "SessionDelegateTestCase",
            &[
                "testThatAppropriateNotificationsAreCalledWithRequestForDataRequest (0.149 seconds)",
                "testThatDidCompleteNotificationIsCalledWithRequestForDownloadRequests (0.188 seconds)",
                "testThatRequestWillPerformHTTPRedirectionByDefault (0.221 seconds)",
            ],
        ),
        (
            "SessionManagerConfigurationHeadersTestCase",
            &[
                "testThatDefaultConfigurationHeadersAreSentWithRequest (0.142 seconds)",
                "testThatEphemeralConfigurationHeadersAreSentWithRequest (0.163 seconds)",
            ],
        ),
        ("SortedKeysJSONParameterEncoderTests", &["testTestJSONEncoderSortedKeysHasSortedKeys (0.002 seconds)"]),
        (
            "StatusCodeValidationTestCase",
            &[
                "testThatValidationForRequestWithAcceptableStatusCodeResponseSucceeds (0.120 seconds)",
                "testThatValidationForRequestWithNoAcceptableStatusCodesFails (0.046 seconds)",
            ],
        ),
        (
            "UploadDataTestCase",
            &["testUploadDataRequest (0.051 seconds)", "testUploadDataRequestWithProgress (0.051 seconds)"],
        ),
        (
            "UploadStreamInitializationTestCase",
            &[
                "testUploadClassMethodWithMethodURLAndStream (0.055 seconds)",
                "testUploadClassMethodWithMethodURLHeadersAndStream (0.051 seconds)",
            ],
        ),
    ];
    let mut log: String = (1..=40).map(|i| format!("Compiling Alamofire source file {i} of 40\n")).collect();
    log.push_str("Test Suite Alamofire tvOS Tests.xctest started\nRequestCURLDescriptionTestCase\n");
    log.push_str("    \u{2713} testGETRequestCURLDescription (0.005 seconds)\n");
    log.push_str("    \u{2717} testGETRequestCURLDescriptionSynchronous, Test crashed\n");
    log.push_str("Selected tests\nTest Suite Alamofire tvOS Tests.xctest started\n");
    for (case, tests) in cases {
        log.push_str(&format!("{case}\n"));
        for t in tests {
            log.push_str(&format!("    \u{2713} {t}\n"));
        }
    }
    log.push_str("\t Executed 529 tests, with 1 failure (0 unexpected) in 13.478 (14.084) seconds\n\n");
    log.push_str("Failing tests:\n\tAlamofire tvOS Tests:\n");
    log.push_str(
        "\t\tRequestCURLDescriptionTestCase.testGETRequestCURLDescriptionSynchronous()\n\n** TEST FAILED **\n",
    );
    let out = run(log.as_bytes(), &opts(Budget { chars: Some(1_200), ..Budget::default() }, Strategy::Salient));
    let text = s(&out.text);
    assert!(text.chars().count() <= 1_200, "{text}");
    // The case over the first passing test stays, as the group's name above the run.
    assert!(
        text.contains(
            "\u{2717} testGETRequestCURLDescriptionSynchronous, Test crashed\nSelected tests\n\
             Test Suite Alamofire tvOS Tests.xctest started\nRequestDescriptionTestCase\n\
             [... 19 lines (1,117 chars) omitted: lines 48-66 ...]\n\
             \t Executed 529 tests, with 1 failure"
        ),
        "{text}"
    );
    let crash = text.find('\u{2717}').expect("the crash is kept");
    assert!(!text[crash..].contains('\u{2713}'), "{text}");
}

/// pytest's warnings summary between the last failure and the job's verdict (lines of
/// thefuck's log of bench/reallogs.sh as a terminal shows them, under forty lines of progress):
/// each warning, with the lines between it and the next (a blank line and a location, or the
/// source line Python quotes, a blank line and the test that raised the next), goes with the
/// run, which costs one marker, so that the end's share reaches the assertion above it.
#[test]
fn a_warnings_summary_at_the_end_costs_one_marker() {
    let mut log: String = (1..=40).map(|i| format!("tests/rules/test_rule_{i}.py ........ [{i:>3}%]\n")).collect();
    log.push_str(concat!(
        "_____________ test_get_new_command[command0-nix-env -iA nixos.vim] _____________\n",
        "\n",
        "    def test_get_new_command(mocker, command, new_command):\n",
        ">       assert get_new_command(command) == new_command\n",
        "E       AssertionError: assert 'nix-env -iA nixos.vim && vim' == 'nix-env -iA nixos.vim'\n",
        "E         - nix-env -iA nixos.vim && vim\n",
        "E         ?                      -------\n",
        "E         + nix-env -iA nixos.vim\n",
        "\n",
        "/home/travis/build/nvbn/thefuck/tests/rules/test_nixos_cmd_not_found.py:25: AssertionError\n",
        "=============================== warnings summary ===============================\n",
        "/home/travis/virtualenv/python3.7.1/lib/python3.7/site-packages/_pytest/mark/structures.py:337\n",
        "  /home/travis/virtualenv/python3.7.1/lib/python3.7/site-packages/_pytest/mark/structures.py:337: PytestUnknownMarkWarning: Unknown pytest.mark.usefixture - is this a typo?  You can register custom marks to avoid this warning - for details, see https://docs.pytest.org/en/latest/mark.html\n",
        "    PytestUnknownMarkWarning,\n",
        "\n",
        "/home/travis/virtualenv/python3.7.1/lib/python3.7/site-packages/_pytest/mark/structures.py:337\n",
        "  /home/travis/virtualenv/python3.7.1/lib/python3.7/site-packages/_pytest/mark/structures.py:337: PytestUnknownMarkWarning: Unknown pytest.mark.functional - is this a typo?  You can register custom marks to avoid this warning - for details, see https://docs.pytest.org/en/latest/mark.html\n",
        "    PytestUnknownMarkWarning,\n",
        "\n",
        "tests/test_conf.py::test_get_user_dir_path[True-~/.config-~/.thefuck]\n",
        "  /home/travis/build/nvbn/thefuck/thefuck/conf.py:53: UserWarning: Config path /home/travis/.thefuck is deprecated. Please move to /home/travis/.config/thefuck\n",
        "    legacy_user_dir, user_dir))\n",
        "\n",
        "tests/test_conf.py::test_get_user_dir_path[True-/user/test/config/-~/.thefuck]\n",
        "  /home/travis/build/nvbn/thefuck/thefuck/conf.py:53: UserWarning: Config path /home/travis/.thefuck is deprecated. Please move to /user/test/config/thefuck\n",
        "    legacy_user_dir, user_dir))\n",
        "\n",
        "-- Docs: https://docs.pytest.org/en/latest/warnings.html\n",
        "======= 6 failed, 1609 passed, 16 skipped, 4 warnings in 448.10 seconds ========\n",
        "The command \"if [[ $TRAVIS_PYTHON_VERSION == 3.7 && $TRAVIS_OS_NAME != \"osx\" ]]; then $RUN_TESTS --enable-functional; fi\" exited with 1.\n",
        "\n",
        "Done. Your build exited with 1.\n",
    ));
    let out = run(log.as_bytes(), &opts(Budget { chars: Some(1_000), ..Budget::default() }, Strategy::Salient));
    let text = s(&out.text);
    assert!(text.chars().count() <= 1_000, "{text}");
    assert!(
        text.contains(
            "/home/travis/build/nvbn/thefuck/tests/rules/test_nixos_cmd_not_found.py:25: AssertionError\n\
             =============================== warnings summary ===============================\n\
             [... 16 lines (1,362 chars) omitted: lines 52-67 ...]\n\
             -- Docs: https://docs.pytest.org/en/latest/warnings.html\n\
             ======= 6 failed"
        ),
        "{text}"
    );
    assert!(text.contains("E       AssertionError: assert 'nix-env -iA nixos.vim && vim' == 'nix-env -iA nixos.vim'\nE         - nix-env -iA nixos.vim && vim\n"), "{text}");
}

/// go test -json's events of 300 tests, two of which fail: in 3,000 chars each failure keeps the
/// line go test printed for it (`client_test.go:41: …`, with no error word: its `Output` is
/// judged as go test's own line), its `--- FAIL` and its `fail` action, and the run's `FAIL`.
#[test]
fn go_test_json_keeps_each_failure_and_its_message() {
    const WORDS: [&str; 20] = [
        "Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliet", "Kilo", "Lima",
        "Mike", "November", "Oscar", "Papa", "Quebec", "Romeo", "Sierra", "Tango",
    ];
    let event = |action: &str, test: &str, output: Option<&str>| match output {
        Some(o) => format!(
            r#"{{"Time":"2024-05-01T10:00:00.123456Z","Action":"{action}","Package":"example.com/client","Test":"{test}","Output":"{o}\n"}}"#
        ),
        None => format!(
            r#"{{"Time":"2024-05-01T10:00:00.123456Z","Action":"{action}","Package":"example.com/client","Test":"{test}","Elapsed":0}}"#
        ),
    };
    let mut lines = Vec::new();
    for i in 0..300 {
        let name = format!("Test{}{}", WORDS[i % 20], WORDS[i / 20]);
        lines.push(event("run", &name, None).replace(r#","Elapsed":0"#, ""));
        lines.push(event("output", &name, Some(&format!("=== RUN   {name}"))));
        if i == 90 || i == 280 {
            lines.push(event(
                "output",
                &name,
                Some(&format!(r#"    client_test.go:41: Get(\"/v1/items/{i}\") = 404, want 200"#)),
            ));
            lines.push(event("output", &name, Some(&format!("--- FAIL: {name} (0.01s)"))));
            lines.push(event("fail", &name, None));
        } else {
            lines.push(event("output", &name, Some(&format!("--- PASS: {name} (0.00s)"))));
            lines.push(event("pass", &name, None));
        }
    }
    lines.push(
        r#"{"Time":"2024-05-01T10:00:01Z","Action":"output","Package":"example.com/client","Output":"FAIL\n"}"#.into(),
    );
    let text = lines.join("\n") + "\n";
    let o = run(text.as_bytes(), &opts(Budget { chars: Some(3000), ..Budget::default() }, Strategy::Salient));
    let out = s(&o.text);
    for (i, name) in [(90, "TestKiloEcho"), (280, "TestAlphaOscar")] {
        let message = format!(r#"    client_test.go:41: Get(\"/v1/items/{i}\") = 404, want 200"#);
        for kept in [
            event("output", name, Some(&message)),
            event("output", name, Some(&format!("--- FAIL: {name} (0.01s)"))),
            event("fail", name, None),
        ] {
            assert!(out.contains(&format!("\n{kept}\n")), "{kept}\n{out}");
        }
    }
    assert!(out.ends_with("\"Output\":\"FAIL\\n\"}\n"), "{out}");
    assert!(o.output.chars <= 3000);
}

/// A verdict is kept at every budget that holds it. When the end's share ends at the last
/// verdict but is too small to hold even that line, the verdict is picked with the line after it
/// across the two ranges the share leaves free; the block was then dropped as lying in neither,
/// and at 130 tokens the compiler error was gone (kept at 90 to 120 and from 140).
#[test]
fn a_verdict_is_kept_at_every_budget_that_holds_it() {
    let mut text: String = (0..3000).map(|i| format!("step {i}: compiling module m{i}\n")).collect();
    text += "error[E0308]: mismatched types\n  --> src/main.rs:42:18\n";
    text += &(0..2000).map(|i| format!("test t{i} ... ok\n")).collect::<String>();
    text += "test result: FAILED. 1 passed; 1 failed\n";
    for tokens in (90..=200).step_by(5) {
        let o = run(text.as_bytes(), &opts(Budget { tokens: Some(tokens), ..Budget::default() }, Strategy::Salient));
        let out = s(&o.text);
        assert!(out.contains("\nerror[E0308]: mismatched types\n"), "{tokens} tokens:\n{out}");
        assert!(out.ends_with("\ntest result: FAILED. 1 passed; 1 failed\n"), "{tokens} tokens:\n{out}");
        assert!(Encoding::O200k.count(&o.text) <= tokens, "{tokens} tokens:\n{out}");
    }
}

/// A pytest run of failure sections, nginx-proxy's lines: each a `____ test_x ____` header,
/// `source` lines of the test and of requests (plain), the `>` line, the `E` line and the place.
fn pytest_sections(names: &[&str], hosts: &[&str]) -> String {
    let mut text: String = (0..300).map(|i| format!("Step #{i}: pulling layer {i:04x} of the image\n")).collect();
    text += "=================================== FAILURES ===================================\n";
    for (name, host) in names.iter().zip(hosts) {
        text += &format!("{:_^80}\n\n", format!(" {name} "));
        text += &(0..120)
            .map(|i| format!("            conn_{i} = self.pool_for({name:?}, retries={i})\n"))
            .collect::<String>();
        text += ">           raise ConnectionError(e, request=request)\n";
        text += &format!(
            "E           ConnectionError: HTTPConnectionPool(host='{host}', port=80): Max retries exceeded with url: /port (Caused by NewConnectionError('<requests.packages.urllib3.connection.HTTPConnection object at 0x7f1b45f3acd0>: Failed to establish a new connection: [Errno -2] Name does not resolve',))\n\n"
        );
        text += "/usr/local/lib/python2.7/site-packages/requests/adapters.py:487: ConnectionError\n";
    }
    text += &(0..200).map(|i| format!("nginx.1      | request {i} served\n")).collect::<String>();
    text += &format!("============== {} failed, 4 passed in 205.13 seconds ==============\n", names.len());
    text
}

/// The first verdict kept of a failure's section comes with the section's header, which names
/// the test it failed in: nginx-proxy's `E ConnectionError` is far under its header, which
/// ranks as context below every verdict and was left out.
#[test]
fn a_failure_keeps_the_header_of_its_section() {
    let text = pytest_sections(
        &["test_unknown_virtual_host", "test_forwards_to_web1"],
        &["nginx-proxy", "web1.nginx-proxy.tld"],
    );
    let o = run(text.as_bytes(), &opts(Budget { chars: Some(1000), ..Budget::default() }, Strategy::Salient));
    let out = s(&o.text);
    for kept in [
        "\n__________________________ test_unknown_virtual_host ___________________________\n",
        "\nE           ConnectionError: HTTPConnectionPool(host='nginx-proxy', port=80)",
        "\nE           ConnectionError: HTTPConnectionPool(host='web1.nginx-proxy.tld', port=80)",
    ] {
        assert!(out.contains(kept), "{kept}\n{out}");
    }
    assert!(o.output.chars <= 1000);
}

/// pytest's header names a test, not its file, and a header that repeats is one candidate: past
/// it a section may have begun at a repeat, so no failure there is given a header (here the
/// third failure is the first's test again; `test_forwards_to_web1` would name the wrong one).
#[test]
fn no_header_is_guessed_past_one_that_repeats() {
    let text = pytest_sections(
        &["test_unknown_virtual_host", "test_forwards_to_web1", "test_unknown_virtual_host"],
        &["nginx-proxy", "web1.nginx-proxy.tld", "unknown.nginx-proxy.tld"],
    );
    let candidates = crate::truncate::collect::Candidates::of(text.as_bytes(), None, 16 << 20);
    let inside: Vec<_> = candidates.list.iter().collect();
    let sections = select::sections(&inside, &candidates);
    let header_of = |host: &str| {
        let e = inside.iter().find(|c| s(&c.text).contains(&format!("host='{host}'"))).expect("the E line");
        sections.get(&e.line).map(|h| s(&h.text).trim().to_string())
    };
    assert_eq!(
        header_of("nginx-proxy").as_deref(),
        Some("__________________________ test_unknown_virtual_host ___________________________")
    );
    assert_eq!(header_of("web1.nginx-proxy.tld"), None);
    assert_eq!(header_of("unknown.nginx-proxy.tld"), None);
}

/// GHC's errors as the purescript build of bench/reallogs.sh printed them: the same message at
/// ten places, each under its place, with the code it quotes. Each place is an error of its own,
/// so each is kept, not only the first place and the code quoted under the others.
fn ghc_errors(places: &[(u32, u32)]) -> String {
    let mut text = String::new();
    for i in 1..=300 {
        text.push_str(&format!("[{i:>3} of 300] Compiling Language.PureScript.Module{i}\n"));
    }
    for &(row, col) in places {
        text.push_str(&format!(
            "\n/b/sdist-test/.stack-work/dist/build/Language/PureScript/CST/Parser.hs:{row}:{col}: error:\n    Not in scope: type variable ‘a’\n    |\n{row} | newtype HappyWrap{row} = HappyWrap{row} (Name (N.OpName a))\n    |{}^\n",
            " ".repeat(col as usize)
        ));
    }
    text.push_str(
        "\n--  While building package purescript-0.13.0 using:\n    Process exited with code: ExitFailure 1\n",
    );
    text
}

#[test]
fn each_place_of_one_error_is_kept() {
    let places = [(60, 64), (67, 55), (88, 60), (95, 51), (102, 60), (109, 51), (536, 50), (871, 65)];
    let text = ghc_errors(&places);
    let o = run(text.as_bytes(), &opts(Budget { chars: Some(2000), ..Budget::default() }, Strategy::Salient));
    let out = s(&o.text);
    for (row, col) in places {
        let place =
            format!("\n/b/sdist-test/.stack-work/dist/build/Language/PureScript/CST/Parser.hs:{row}:{col}: error:\n");
        assert!(out.contains(&place), "{place}\n{out}");
    }
    assert!(out.ends_with("    Process exited with code: ExitFailure 1\n"), "{out}");
    assert!(o.output.chars <= 2000);
}

/// A verdict held by its place ([`crate::signals::template_as`]) is still known to a baseline
/// that printed it: it ranks one class lower, as every line the passing run printed too, and a
/// cut output says so.
#[test]
fn a_baseline_knows_a_verdict_held_by_its_place() {
    let text = ghc_errors(&[(60, 64), (67, 55)]);
    let baseline = crate::signals::Baseline::of(
        b"/b/sdist-test/.stack-work/dist/build/Language/PureScript/CST/Parser.hs:60:64: error:\n",
    );
    let candidates = crate::truncate::collect::Candidates::of(text.as_bytes(), None, 16 << 20);
    let ranked = candidates.against(&baseline);
    let class_of = |place: &str| {
        let c = ranked.list.iter().find(|c| s(&c.text).contains(place)).expect("the place's line");
        c.class
    };
    // The template folds the place: both are lines the passing run printed.
    assert_eq!(class_of("Parser.hs:60:64: error:"), crate::signals::Class::Summary);
    assert_eq!(class_of("Parser.hs:67:55: error:"), crate::signals::Class::Summary);
    let unranked = |place: &str| candidates.list.iter().find(|c| s(&c.text).contains(place)).map(|c| c.class);
    assert_eq!(unranked("Parser.hs:67:55: error:"), Some(crate::signals::Class::Verdict));
    let o = Options {
        baseline: Some(std::sync::Arc::new(baseline)),
        ..opts(Budget { chars: Some(1500), ..Budget::default() }, Strategy::Auto)
    };
    let out = run(text.as_bytes(), &o);
    assert!(out.truncated && s(&out.text).ends_with(&format!("\n{BASELINE_NOTE}\n")), "{}", s(&out.text));
}
