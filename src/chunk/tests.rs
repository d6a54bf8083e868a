use super::*;
use proptest::prelude::{ProptestConfig, prop, prop_assert, prop_assert_eq, proptest};

fn opts(size: u64, unit: Unit) -> Options {
    Options { size, unit, ..Options::default() }
}

fn pieces(text: &str, o: &Options) -> Vec<String> {
    split(text.as_bytes(), o).into_iter().map(|r| text[r].to_string()).collect()
}

#[test]
fn prefers_paragraphs_then_lines() {
    let t = "para one\nstill one\n\npara two is here\n";
    assert_eq!(pieces(t, &opts(30, Unit::Chars)), ["para one\nstill one\n\n", "para two is here\n"]);
    assert_eq!(pieces(t, &opts(12, Unit::Chars)), ["para one\n", "still one\n\n", "para two is ", "here\n"]);
}

#[test]
fn sentences_then_words_then_graphemes() {
    let t = "One two three. Four five six. Seven";
    assert_eq!(pieces(t, &opts(20, Unit::Chars)), ["One two three. ", "Four five six. Seven"]);
    assert_eq!(pieces("abcdefghij", &opts(4, Unit::Chars)), ["abcd", "efgh", "ij"]);
    assert_eq!(pieces("alpha beta gamma", &opts(8, Unit::Chars)), ["alpha ", "beta ", "gamma"]);
}

#[test]
fn cjk_sentences_split_after_full_stops() {
    let t = "总结如下。实验表明有效！还有问题吗？";
    let got = pieces(t, &opts(8, Unit::Chars));
    assert_eq!(got, ["总结如下。", "实验表明有效！", "还有问题吗？"]);
}

#[test]
fn a_grapheme_larger_than_the_size_is_its_own_chunk() {
    let family = "👨\u{200d}👩\u{200d}👧";
    let t = format!("ab{family}cd");
    assert_eq!(pieces(&t, &opts(2, Unit::Chars)), ["ab", family, "cd"]);
}

#[test]
fn boundary_cap_skips_coarser_levels() {
    let t = "aa\n\nbb\ncc\n";
    let mut o = opts(9, Unit::Chars);
    assert_eq!(pieces(t, &o), ["aa\n\n", "bb\ncc\n"]);
    o.boundary = Level::Line;
    assert_eq!(pieces(t, &o), ["aa\n\nbb\n", "cc\n"]);
}

#[test]
fn lines_unit() {
    let t = "1\n2\n3\n4\n5\n";
    assert_eq!(pieces(t, &opts(2, Unit::Lines)), ["1\n2\n", "3\n4\n", "5\n"]);
}

#[test]
fn overlap_repeats_the_end() {
    let t = "one two three four five six seven eight";
    let mut o = opts(16, Unit::Chars);
    o.overlap = 6;
    let got = pieces(t, &o);
    assert_eq!(got, ["one two three ", "three four five ", "five six seven ", "seven eight"]);
}

#[test]
fn token_chunks_fit_when_recounted() {
    let t = "The quick brown fox jumps over the lazy dog. ".repeat(200);
    let o = opts(50, Unit::Tokens);
    for p in pieces(&t, &o) {
        assert!(Encoding::O200k.count(p.as_bytes()) <= 50);
    }
}

#[test]
fn checks_options() {
    assert!(opts(0, Unit::Chars).check().is_err());
    let mut o = opts(10, Unit::Chars);
    o.overlap = 10;
    assert!(o.check().is_err());
    o.overlap = 9;
    assert!(o.check().is_ok());
}

fn text() -> impl proptest::strategy::Strategy<Value = String> {
    crate::testing::multibyte_text()
}

fn unit() -> impl proptest::strategy::Strategy<Value = Unit> {
    prop::sample::select(vec![Unit::Bytes, Unit::Chars, Unit::Lines, Unit::Tokens])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn chunks_rejoin_to_the_input(t in text(), size in 1u64..80, unit in unit(), step in 1usize..50) {
        let o = opts(size, unit);
        let whole = split(t.as_bytes(), &o);
        let joined: String = whole.iter().map(|r| &t[r.clone()]).collect();
        prop_assert_eq!(&joined, &t);
        // Streamed in pieces, the same chunks.
        let mut streamed = Vec::new();
        let mut c = Chunker::new(o);
        let mut add = |ch: Chunk<'_>| -> Result<(), ()> { streamed.push(ch.start_byte as usize..ch.end_byte as usize); Ok(()) };
        for p in t.as_bytes().chunks(step) {
            let _ = c.push(p, &mut add);
        }
        let _ = c.finish(&mut add);
        prop_assert_eq!(&streamed, &whole);
    }

    #[test]
    fn chunks_keep_the_size_unless_one_grapheme(t in text(), size in 1u64..80, unit in unit()) {
        let o = opts(size, unit);
        for r in split(t.as_bytes(), &o) {
            let piece = &t[r];
            prop_assert!(o.measure(piece.as_bytes()) <= size || piece.graphemes(true).count() == 1, "{:?} over {}", piece, size);
        }
    }

    #[test]
    fn overlapping_chunks_advance_and_cover(t in text(), size in 2u64..60) {
        let mut o = opts(size, Unit::Chars);
        o.overlap = size / 2;
        let ranges = split(t.as_bytes(), &o);
        let mut covered = 0;
        let mut last_start = None;
        for r in &ranges {
            prop_assert!(r.start <= covered, "gap before {:?}", r);
            prop_assert!(last_start.is_none_or(|s| r.start > s));
            last_start = Some(r.start);
            covered = covered.max(r.end);
        }
        prop_assert_eq!(covered, t.len());
    }
}
