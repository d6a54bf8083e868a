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
