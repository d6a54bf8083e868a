//! `structure::json::cut` on a real recorded API fixture and on random documents: the output
//! parses, fits the budget, and keeps the first and last records.

use ctx::structure::json::{cut, looks_like_json};
use ctx::text::Budget;
use ctx::tokens::Encoding;
use proptest::prelude::*;
use serde_json::Value;

const FIXTURE: &str = "../shared/corpus/outputs/paginate-issues.raw-fixture.json";

fn fixture() -> Vec<u8> {
    std::fs::read(FIXTURE).expect("the corpus fixture")
}

/// Cuts the fixture and checks what every cut must keep: valid JSON within the budget, the
/// record array with its marker, and the first and last records' requests.
fn cut_fixture(budget: Budget) -> (ctx::structure::json::CutReport, Vec<Value>) {
    let input = fixture();
    let c = cut(&input, &budget, Encoding::O200k).expect("cuts");
    assert!(budget.fits(c.text.as_bytes(), Encoding::O200k), "{budget:?}: does not fit");
    let records: Vec<Value> = serde_json::from_str(&c.text).expect("the output parses as an array");
    assert!(records.len() >= 3, "{budget:?}: {} records", records.len());
    assert!(records.iter().any(|r| r.as_str().is_some_and(|s| s.starts_with("… ") && s.ends_with(" more items"))));
    for (record, method) in [(&records[0], "post"), (&records[records.len() - 1], "delete")] {
        assert_eq!(record["scope"], "https://api.github.com:443", "{budget:?}");
        assert_eq!(record["method"], method, "{budget:?}");
        assert!(record["path"].as_str().is_some_and(|p| p.starts_with("/")), "{budget:?}");
    }
    (c, records)
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn the_fixture_is_cut_in_every_unit_on_shared_corpus() {
    let b = Budget::default();
    for budget in [
        Budget { chars: Some(2_000), ..b },
        Budget { chars: Some(8_000), ..b },
        Budget { chars: Some(30_000), ..b },
        Budget { tokens: Some(1_000), ..b },
        Budget { tokens: Some(5_000), ..b },
        Budget { lines: Some(100), ..b },
        Budget { bytes: Some(10_000), ..b },
        Budget { bytes: Some(12_000), lines: Some(300), tokens: Some(3_000), chars: None },
    ] {
        cut_fixture(budget);
    }
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn eight_thousand_chars_keep_three_records_and_the_last_two_on_shared_corpus() {
    let (c, records) = cut_fixture(Budget { chars: Some(8_000), ..Budget::default() });
    assert_eq!(records.len(), 6);
    assert_eq!(records[3], "… 15 more items");
    assert_eq!(records[0]["path"], "/orgs/octokit-fixture-org/repos");
    assert_eq!(records[0]["status"], 201);
    assert_eq!(records[0]["body"]["name"], "tmp-scenario-paginate-issues-20220719043836917-izyoe");
    assert_eq!(records[1]["body"]["title"], "Test issue 1");
    assert_eq!((c.items_dropped, c.strings_cut, c.depth_cut), (365, 24, 4));
    assert!(c.text.starts_with("[\n  {\n    \"scope\": \"https://api.github.com:443\",\n"), "pretty like the input");
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn two_thousand_chars_still_show_the_first_request_whole_on_shared_corpus() {
    let (c, records) = cut_fixture(Budget { chars: Some(2_000), ..Budget::default() });
    assert_eq!(records[0]["path"], "/orgs/octokit-fixture-org/repos");
    assert_eq!(records[0]["response"]["id"], 515435940);
    assert_eq!(records[records.len() - 1]["status"], 204);
    assert_eq!(records[records.len() - 2], "… 17 more items");
    assert!(c.strings_cut > 0 && c.items_dropped > 17);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn a_token_budget_is_met_exactly_counted_on_shared_corpus() {
    for (limit, encoding) in [(1_000, Encoding::O200k), (1_000, Encoding::Cl100k), (2_000, Encoding::Estimate)] {
        let budget = Budget { tokens: Some(limit), ..Budget::default() };
        let c = cut(&fixture(), &budget, encoding).expect("cuts");
        let used = encoding.count(c.text.as_bytes());
        assert!(used <= limit && used > limit * 8 / 10, "{encoding}: {used} of {limit} tokens");
        serde_json::from_str::<Value>(&c.text).expect("parses");
    }
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn compact_input_gives_compact_output_on_shared_corpus() {
    let value: Value = serde_json::from_slice(&fixture()).expect("parses");
    let compact = serde_json::to_string(&value).expect("serializes");
    let budget = Budget { chars: Some(4_000), ..Budget::default() };
    let c = cut(compact.as_bytes(), &budget, Encoding::O200k).expect("cuts");
    assert!(!c.text.contains('\n') && c.text.chars().count() <= 4_000);
    assert!(c.text.starts_with(r#"[{"scope":"https://api.github.com:443","method":"post","#), "{}", &c.text[..80]);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn the_fixture_is_returned_unchanged_when_it_fits_and_looks_like_json_on_shared_corpus() {
    let input = fixture();
    assert!(looks_like_json(&input));
    let c =
        cut(&input, &Budget { bytes: Some(input.len() as u64), ..Budget::default() }, Encoding::O200k).expect("cuts");
    assert_eq!(c.text.as_bytes(), &input[..]);
    assert_eq!((c.items_dropped, c.strings_cut, c.depth_cut), (0, 0, 0));
}

/// Strings that stress escaping and char counting.
fn text() -> impl Strategy<Value = String> {
    let pieces =
        prop::sample::select(vec!["a", "word ", "日本語", "😀", "\"", "\\", "\n", "\t", "\u{1}", "é", "…", "/"]);
    prop::collection::vec(pieces, 0..30).prop_map(|v| v.concat())
}

fn json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        (-1e9f64..1e9).prop_map(Value::from),
        text().prop_map(Value::String),
    ];
    leaf.prop_recursive(6, 300, 12, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..12).prop_map(Value::Array),
            prop::collection::vec((text(), inner), 0..10)
                .prop_map(|members| Value::Object(members.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn any_cut_parses_and_fits(value in json(), pretty in any::<bool>(), unit in 0usize..5, n in 1u64..600) {
        let input = if pretty { serde_json::to_string_pretty(&value) } else { serde_json::to_string(&value) };
        let input = input.expect("serializes");
        let mut budget = Budget::default();
        match unit {
            0 => budget.bytes = Some(n),
            1 => budget.chars = Some(n),
            2 => budget.lines = Some(n / 20 + 1),
            3 => budget.tokens = Some(n / 3 + 1),
            _ => (budget.chars, budget.lines) = (Some(n), Some(n / 10 + 1)),
        }
        let encoding = if n % 2 == 0 { Encoding::O200k } else { Encoding::Estimate };
        match cut(input.as_bytes(), &budget, encoding) {
            Ok(c) => {
                prop_assert!(budget.fits(c.text.as_bytes(), encoding), "{:?} does not fit {:?}", c.text, budget);
                let back: Value = serde_json::from_str(&c.text).expect("the output parses");
                if budget.fits(input.as_bytes(), encoding) {
                    prop_assert_eq!(&c.text, &input);
                } else if c.items_dropped + c.strings_cut + c.depth_cut == 0 {
                    prop_assert_eq!(back, value, "nothing cut, so the same value");
                }
            }
            Err(e) => {
                prop_assert!(e.to_string().starts_with("the budget is too small"), "{}", e);
                prop_assert!(!budget.fits(b"\"\"", encoding));
            }
        }
    }
}
