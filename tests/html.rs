//! HTML to text on a real page (the saved English Wikipedia article "New Zealand", see
//! `../shared/corpus/README.md`), and on any bytes at all.

use ctx::structure::html::{Options, looks_like_html, to_text};
use ctx::tokens::Encoding;
use proptest::prelude::*;

const PAGE: &str = "../shared/corpus/outputs/wikipedia-new-zealand.source.html";

fn page() -> Vec<u8> {
    std::fs::read(PAGE).expect("the shared corpus is beside the repository")
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn wikipedia_page_becomes_a_fraction_of_its_tokens_on_shared_corpus() {
    let html = page();
    assert!(looks_like_html(&html));
    let text = to_text(&html, &Options::default());
    let (before, after) = (Encoding::O200k.count(&html), Encoding::O200k.count(text.as_bytes()));
    assert_eq!((before, after), (219_946, 52_251), "token counts changed: the conversion did");
    assert_eq!(text.chars().count(), 192_034);
    assert!(after * 4 < before, "{after} tokens of text from {before} of HTML");
    let plain = to_text(&html, &Options { links: false, ..Options::default() });
    assert_eq!(Encoding::O200k.count(plain.as_bytes()), 31_401);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn wikipedia_article_text_survives_on_shared_corpus() {
    let text = to_text(&page(), &Options::default());
    assert!(text.starts_with("# New Zealand\n\n"));
    for phrase in [
        // The lead paragraph.
        "It has a total land area of 268,000 square kilometres (103,500\u{a0}sq\u{a0}mi).",
        "Because of its remoteness, it was one of the last lands to be settled by humans.",
        // The Etymology section, with a link's URL after its text.
        "often translated as \"land of the long white cloud\")[17] is the current Māori name for New Zealand.",
        "Dutch (/wiki/Netherlands) explorer Abel Tasman sighted New Zealand in 1642",
        // A section heading and an infobox row.
        "\n## Etymology\n",
        "\nLargest city | Auckland (/wiki/Auckland)\n",
        // A list: the table of contents.
        "\n- 3 Government and politics\n  - 3.1 Foreign relations and military\n",
    ] {
        assert!(text.contains(phrase), "missing: {phrase}");
    }
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn wikipedia_scripts_styles_and_navigation_are_gone_on_shared_corpus() {
    let html = page();
    let text = to_text(&html, &Options::default());
    for (snippet, what) in [
        (".mw-parser-output .toclimit-2", "inline CSS"),
        ("RLQ=window.RLQ", "inline JavaScript"),
        ("\"wgPageName\":\"New_Zealand\"", "script configuration"),
        ("Antigua and Barbuda", "the navboxes (role=navigation)"),
        ("Personal tools", "the <nav> menus"),
    ] {
        assert!(String::from_utf8_lossy(&html).contains(snippet), "not in the page: {snippet}");
        assert!(!text.contains(snippet), "{what} kept: {snippet}");
    }
}

fn soup() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        prop::collection::vec(any::<u8>(), 0..8),
        prop::sample::select(vec![
            "<p>",
            "</p>",
            "<div hidden>",
            "</div>",
            "<ul>",
            "<ol start=x>",
            "<li>",
            "<table>",
            "<tr>",
            "<td>",
            "<th>",
            "</table>",
            "<a href=\"https://e.org\">",
            "<a href=#x>",
            "</a>",
            "<pre>",
            "</pre>",
            "<code>",
            "</code>",
            "<h2>",
            "</h2>",
            "<br>",
            "<hr>",
            "<blockquote>",
            "<dd>",
            "<script>",
            "</script>",
            "<style>",
            "<!--",
            "-->",
            "<!doctype html>",
            "<svg>",
            "<template>",
            "&amp;",
            "&#xD800;",
            "日本😀",
            " \n\t",
            "x y",
            "<b>",
            "</b>",
            "<i>",
            "</i>",
            "<font>",
            "</td>",
            "</tr>",
            "<tbody>",
            "<caption>",
            "<form>",
            "</form>",
            "<select>",
            "<option>",
            "<frameset>",
            "<math>",
            "<mi>",
            "<body>",
            "<html>",
            "</html>",
            "<center>",
        ])
        .prop_map(|s| s.as_bytes().to_vec()),
        Just(vec![0x80, 0xC3, 0xFF]),
    ];
    prop::collection::vec(piece, 0..80).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn any_bytes_give_tidy_text(input in soup(), width in 1usize..40, links in any::<bool>()) {
        let opts = Options { width, links };
        let text = to_text(&input, &opts);
        prop_assert_eq!(&text, &to_text(&input, &opts));
        prop_assert!(text.is_empty() || (text.ends_with('\n') && !text.ends_with("\n\n")));
        prop_assert!(!text.starts_with('\n'));
        let _ = looks_like_html(&input);
    }
}
