//! No input makes the library panic: arbitrary bytes (invalid UTF-8, lone continuation bytes,
//! escapes, CRs, NULs) through every core function, with small budgets in every unit.

use ctx::chunk::{self, Level};
use ctx::text::{Budget, Cut, Unit};
use ctx::tokens::Encoding;
use ctx::truncate::{self, Doc, Retainer, Strategy};
use proptest::prelude::*;
use proptest::strategy::Strategy as _;

fn bytes() -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        prop::collection::vec(any::<u8>(), 0..8),
        Just(b"\n".to_vec()),
        Just(b"\r\n".to_vec()),
        Just(b"\x1b[31m".to_vec()),
        Just("日本😀".as_bytes().to_vec()),
        Just(vec![0x80, 0x80, 0xBF]),
        Just(b"error: x\n".to_vec()),
    ];
    prop::collection::vec(piece, 0..60).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn truncate_takes_any_bytes(input in bytes(), n in 1u64..60, unit in 0usize..4, strategy in 0usize..5, lines_cut in any::<bool>()) {
        let mut budget = Budget::default();
        match unit {
            0 => budget.bytes = Some(n),
            1 => budget.chars = Some(n),
            2 => budget.lines = Some(n),
            _ => budget.tokens = Some(n),
        }
        let strategy = [Strategy::HeadTail, Strategy::Head, Strategy::Tail, Strategy::Layered, Strategy::Salient][strategy];
        let cut = if lines_cut { Cut::Lines } else { Cut::Chars };
        let opts = truncate::Options { budget, strategy, cut, count_tokens: true, ..truncate::Options::default() };
        let out = truncate::fit(&Doc::whole(input.clone()), &opts, None);
        prop_assert!(budget.fits(&out.text, Encoding::O200k));
        let mut r = Retainer::new(&budget, Some(Encoding::O200k), None).with_memory_limit(8);
        for piece in input.chunks(7) {
            r.push(piece).expect("no store, no error");
        }
        let (doc, _) = r.finish();
        let windowed = truncate::fit(&doc, &opts, None);
        prop_assert!(budget.fits(&windowed.text, Encoding::O200k));
    }

    #[test]
    fn chunk_clean_and_score_take_any_bytes(input in bytes(), size in 1u64..40, unit in 0usize..4) {
        let unit = [Unit::Bytes, Unit::Chars, Unit::Lines, Unit::Tokens][unit];
        let opts = chunk::Options { size, unit, boundary: Level::Paragraph, overlap: 0, encoding: Encoding::O200k };
        let ranges = chunk::split(&input, &opts);
        let joined: Vec<u8> = ranges.iter().flat_map(|r| input[r.clone()].to_vec()).collect();
        prop_assert_eq!(joined, input.clone());
        let _ = ctx::clean::clean(&input);
        let _ = ctx::score::entity(&input);
        let _ = ctx::summarize::extractive(&input, size * 10, Encoding::Estimate);
        prop_assert_eq!(Encoding::O200k.count(&input) <= input.len() as u64, true);
    }
}

/// A fixture transcript with some values swapped for values of another shape.
fn mangled_transcript() -> impl proptest::strategy::Strategy<Value = (usize, Vec<u8>)> {
    let value = prop_oneof![
        Just(serde_json::Value::Null),
        Just(serde_json::json!(7)),
        Just(serde_json::json!("x")),
        Just(serde_json::json!([])),
        Just(serde_json::json!({})),
        Just(serde_json::json!([{"type": "text"}])),
        Just(serde_json::json!({"output": 1, "metadata": {}})),
    ];
    (0usize..5, prop::collection::vec((any::<prop::sample::Index>(), value), 0..6), any::<prop::sample::Index>())
        .prop_map(|(which, swaps, cut)| {
            let names = [
                "openai-body.json",
                "anthropic-body.json",
                "responses.json",
                "codex-legacy.jsonl",
                "claude-code.jsonl",
            ];
            let text =
                std::fs::read_to_string(format!("tests/fixtures/transcripts/{}", names[which])).expect("fixture");
            let mut docs: Vec<serde_json::Value> = if names[which].ends_with(".jsonl") {
                text.lines().map(|l| serde_json::from_str(l).expect("json")).collect()
            } else {
                vec![serde_json::from_str(&text).expect("json")]
            };
            for (at, v) in swaps {
                let mut slots = Vec::new();
                for (i, d) in docs.iter().enumerate() {
                    collect_paths(i, d, &mut Vec::new(), &mut slots);
                }
                if slots.is_empty() {
                    break;
                }
                let (doc, path) = slots[at.index(slots.len())].clone();
                let mut node = &mut docs[doc];
                for key in &path {
                    node = match key {
                        Ok(k) => &mut node[k.as_str()],
                        Err(i) => &mut node[*i],
                    };
                }
                *node = v;
            }
            let mut bytes: Vec<u8> = docs.iter().map(|d| format!("{d}\n")).collect::<String>().into_bytes();
            // Sometimes the last line is cut off, as in a session being written.
            let keep = cut.index(bytes.len() + 64).min(bytes.len());
            bytes.truncate(keep.max(bytes.len().saturating_sub(40)));
            (which, bytes)
        })
}

type JsonPath = Vec<Result<String, usize>>;

fn collect_paths(doc: usize, v: &serde_json::Value, at: &mut JsonPath, out: &mut Vec<(usize, JsonPath)>) {
    match v {
        serde_json::Value::Object(o) => {
            for (k, child) in o {
                at.push(Ok(k.clone()));
                out.push((doc, at.clone()));
                collect_paths(doc, child, at, out);
                at.pop();
            }
        }
        serde_json::Value::Array(a) => {
            for (i, child) in a.iter().enumerate() {
                at.push(Err(i));
                out.push((doc, at.clone()));
                collect_paths(doc, child, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn compaction_takes_any_transcript_shape((_which, bytes) in mangled_transcript(), raw in bytes(), budget in 1u64..400) {
        use ctx::compact::{self, Options};
        use ctx::transcript::Transcript;
        for input in [bytes, raw] {
            let Ok(t) = Transcript::parse("t", input.clone(), None) else { continue };
            let opts = Options { protect: budget, prune_minimum: 1, protect_turns: 0, max_result: Some(budget + 50),
                                 preview: budget, message_budget: Some(budget * 2), ..Options::default() };
            let _ = ctx::transcript::check::problems(&t);
            let _ = compact::stats::tally(&t, Encoding::Estimate);
            let plan = compact::plan(&t, &opts, 40).expect("plan");
            let applied = compact::apply(&t, &plan, &opts, None, &mut |b| Ok(std::path::PathBuf::from(format!("/s/{}", b.len()))))
                .expect("apply keeps the pairing");
            let mut out = Vec::new();
            t.write(&applied.changed, &mut out, &mut |_, _| Ok(())).expect("write");
            // What was compacted reads back as the same format, with the same calls and results.
            let again = Transcript::parse("t", out, Some(t.format)).expect("output parses");
            prop_assert_eq!(again.entries.len(), t.entries.len());
        }
    }
}
