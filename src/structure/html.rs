//! HTML to readable text, before the text is held to a budget.
//!
//! The page is parsed by `scraper` (html5ever underneath: the parsing algorithm of the browsers),
//! so malformed markup is repaired as a browser would repair it, and invalid UTF-8 is decoded
//! lossily first. The tree is then walked once, without recursion (pages nest deeply), into
//! markdown-ish text: `#` headings, paragraphs between blank lines, `-` and `1.` list items, table
//! rows with ` | ` between cells, `text (URL)` links and fenced code blocks. Scripts, styles,
//! navigation and hidden elements are dropped: they cost tokens and tell a reader nothing.

use scraper::node::Element;
use scraper::{Html, Node};

/// Options for HTML to text.
#[derive(Clone, Debug)]
pub struct Options {
    /// Wrap lines at spaces to at most this many chars where a line can be broken; the default
    /// is so large that nothing is wrapped.
    pub width: usize,
    /// Follow the text of each link by its URL in parentheses (in-page `#` and `javascript:`
    /// links keep their text only).
    pub links: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self { width: 100_000, links: true }
    }
}

/// Elements whose content is never text for a reader: metadata, scripts, styles, navigation,
/// embedded objects and form controls.
const DROPPED: &[&str] = &[
    "head", "script", "style", "noscript", "template", "nav", "iframe", "object", "embed", "svg", "canvas", "audio",
    "video", "button", "select",
];

/// Converts HTML to readable text: headings, paragraphs, lists, tables as rows, link text with its URL, code blocks;
/// drops scripts, styles, navigation and hidden elements.
///
/// Never fails: any bytes give some text, and the same bytes and options give the same text.
pub fn to_text(html: &[u8], opts: &Options) -> String {
    let source = String::from_utf8_lossy(html);
    let doc = Html::parse_document(&source);
    let mut renderer = Renderer::new(opts);
    walk(&doc, &mut renderer);
    renderer.w.finish()
}

/// Whether bytes look like HTML (for `--from auto`): after an optional BOM and whitespace they
/// start with `<!doctype html` or `<html`, or an `<html`, `<head` or `<body` tag comes within the
/// first KiB. Cheap: looks at the first KiB only. Formats that may quote HTML inside strings (JSON)
/// should be recognised before this is asked.
pub fn looks_like_html(bytes: &[u8]) -> bool {
    let head = bytes.get(..1024).unwrap_or(bytes);
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let start = head.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(head.len());
    let head = head.get(start..).unwrap_or_default().to_ascii_lowercase();
    head.starts_with(b"<!doctype html") || [&b"<html"[..], b"<head", b"<body"].iter().any(|tag| has_tag(&head, tag))
}

/// Whether `hay` holds the start tag `tag` (`<name`) followed by the end of the tag name.
fn has_tag(hay: &[u8], tag: &[u8]) -> bool {
    memchr::memmem::find_iter(hay, tag)
        .any(|i| hay.get(i + tag.len()).is_none_or(|&b| b == b'>' || b == b'/' || b.is_ascii_whitespace()))
}

/// Visits the tree depth first with a cursor instead of recursion, so that no page, however deeply
/// nested, can overflow the stack. Dropped elements are not entered, so they get no `close`.
fn walk(doc: &Html, renderer: &mut Renderer) {
    let mut node = doc.tree.root();
    loop {
        if renderer.open(node.value()) {
            if let Some(child) = node.first_child() {
                node = child;
                continue;
            }
            renderer.close(node.value());
        }
        loop {
            if let Some(next) = node.next_sibling() {
                node = next;
                break;
            }
            let Some(parent) = node.parent() else { return };
            renderer.close(parent.value());
            node = parent;
        }
    }
}

/// Whether an element and everything in it is left out of the text.
fn is_dropped(el: &Element) -> bool {
    DROPPED.contains(&el.name())
        // `until-found` content is only collapsed (Wikipedia's mobile sections): a reader finds it.
        || el.attr("hidden").is_some_and(|v| !v.trim().eq_ignore_ascii_case("until-found"))
        || el.attr("aria-hidden").is_some_and(|v| v.trim().eq_ignore_ascii_case("true"))
        || el.attr("role").is_some_and(|v| v.split_ascii_whitespace().any(|r| r.eq_ignore_ascii_case("navigation")))
        || el.attr("style").is_some_and(hides)
}

/// Whether an inline style hides its element (`display: none` or `visibility: hidden`).
fn hides(style: &str) -> bool {
    style.split(';').any(|declaration| {
        let compact: String = declaration.chars().filter(|c| !c.is_whitespace()).collect();
        let compact = compact.to_ascii_lowercase();
        let value = compact.trim_end_matches("!important");
        value == "display:none" || value == "visibility:hidden"
    })
}

/// Line breaks an element asks for around itself: 2 a blank line, 1 a new line, 0 none (inline).
fn gap(name: &str) -> u8 {
    match name {
        "p" | "table" | "figure" | "dl" | "address" | "details" | "fieldset" | "form" => 2,
        "div" | "section" | "article" | "main" | "header" | "footer" | "aside" | "body" | "caption" | "figcaption"
        | "dt" | "summary" | "legend" | "center" | "hgroup" => 1,
        _ => 0,
    }
}

/// The level of a heading element, 1 to 6.
fn heading_level(name: &str) -> Option<usize> {
    match name.as_bytes() {
        [b'h', digit @ b'1'..=b'6'] => Some(usize::from(digit - b'0')),
        _ => None,
    }
}

/// Whether a link target is worth showing: not empty, not within the page, not a script.
fn is_followable(url: &str) -> bool {
    let script = url.as_bytes().get(..11).is_some_and(|p| p.eq_ignore_ascii_case(b"javascript:"));
    !url.is_empty() && !url.starts_with('#') && !script
}

/// Element semantics on top of the writer: lists, links and table rows.
struct Renderer<'o> {
    w: Writer,
    opts: &'o Options,
    /// The open lists, innermost last: the next number of an ordered list, `None` for bullets.
    lists: Vec<Option<u64>>,
    /// The open links: the URL to show and where the link text starts in the output.
    links: Vec<Option<(String, usize)>>,
    /// The number of cells so far in each open table row.
    cells: Vec<usize>,
}

impl<'o> Renderer<'o> {
    fn new(opts: &'o Options) -> Self {
        let w = Writer { width: opts.width, ..Writer::default() };
        Self { w, opts, lists: Vec::new(), links: Vec::new(), cells: Vec::new() }
    }

    /// Renders what comes before a node's children; tells whether to enter them.
    fn open(&mut self, node: &Node) -> bool {
        match node {
            Node::Text(text) => self.w.text(text),
            Node::Element(el) if is_dropped(el) => return false,
            Node::Element(el) => self.open_element(el),
            _ => {}
        }
        true
    }

    fn open_element(&mut self, el: &Element) {
        match el.name() {
            "br" => self.w.line_break(),
            "hr" => {
                self.w.block(2);
                self.w.word("---");
                self.w.block(2);
            }
            "pre" => self.w.open_pre(),
            "code" if self.w.pre == 0 => self.w.opener.push('`'),
            "a" => self.open_link(el),
            "ul" | "ol" | "menu" => self.open_list(el),
            "li" => self.open_item(),
            "tr" => {
                self.w.block(1);
                self.cells.push(0);
            }
            "td" | "th" => self.open_cell(),
            "blockquote" => self.w.open_indent(2, "> "),
            "dd" => self.w.open_indent(1, "  "),
            name => match heading_level(name) {
                Some(level) => self.w.open_heading(level),
                None => self.w.block(gap(name)),
            },
        }
    }

    /// Renders what comes after an entered node's children.
    fn close(&mut self, node: &Node) {
        let Node::Element(el) = node else { return };
        match el.name() {
            "pre" => self.w.close_pre(),
            "code" if self.w.pre == 0 => self.w.close_code(),
            "a" => self.close_link(),
            "ul" | "ol" | "menu" => {
                self.lists.pop();
                self.w.block(if self.lists.is_empty() { 2 } else { 1 });
            }
            "li" => {
                self.w.marker = None;
                self.w.close_indent(1);
            }
            "tr" => {
                self.cells.pop();
                self.w.block(1);
            }
            "td" | "th" => self.w.inline = self.w.inline.saturating_sub(1),
            "blockquote" => self.w.close_indent(2),
            "dd" => self.w.close_indent(1),
            name => match heading_level(name) {
                Some(_) => self.w.close_heading(),
                None => self.w.block(gap(name)),
            },
        }
    }

    fn open_list(&mut self, el: &Element) {
        self.w.block(if self.lists.is_empty() { 2 } else { 1 });
        let start = el.attr("start").and_then(|s| s.trim().parse().ok()).unwrap_or(1);
        self.lists.push((el.name() == "ol").then_some(start));
    }

    fn open_item(&mut self) {
        let marker = match self.lists.last_mut() {
            Some(Some(next)) => {
                let marker = format!("{next}. ");
                *next = next.saturating_add(1);
                marker
            }
            _ => "- ".to_owned(),
        };
        self.w.open_indent(1, &" ".repeat(marker.len()));
        self.w.marker = Some(marker);
    }

    fn open_cell(&mut self) {
        if let Some(count) = self.cells.last_mut() {
            if *count > 0 {
                self.w.space = true;
                self.w.word("|");
                self.w.space = true;
            }
            *count += 1;
        }
        self.w.inline += 1;
    }

    fn open_link(&mut self, el: &Element) {
        let shown = self.opts.links && self.w.pre == 0;
        let url = el.attr("href").map(str::trim).filter(|url| shown && is_followable(url));
        self.links.push(url.map(|url| (url.to_owned(), self.w.out.len())));
    }

    /// Follows the link text by its URL, unless the text is empty (an image) or is the URL.
    fn close_link(&mut self) {
        let Some(Some((url, start))) = self.links.pop() else { return };
        let text = self.w.out.get(start..).unwrap_or_default().trim();
        if !text.is_empty() && text != url {
            self.w.space = true;
            self.w.word(&format!("({url})"));
        }
    }
}

/// The text being written, and the separators that wait for the next word to be decided.
#[derive(Default)]
struct Writer {
    out: String,
    width: usize,
    /// Chars on the current line.
    col: usize,
    /// New lines wanted before the next word: 1 a line break, 2 a blank line.
    gap: u8,
    /// A collapsed space is wanted before the next word.
    space: bool,
    /// Written just before the next word: heading marks, a code backtick; dropped if none comes.
    opener: String,
    /// Line prefixes of the open list items, quotes and definitions, innermost last.
    indents: Vec<String>,
    /// Replaces the innermost indent on the first line of a list item.
    marker: Option<String>,
    /// Depth of `<pre>`: text is kept verbatim.
    pre: usize,
    /// Depth of headings and table cells: they stay on one line, so breaks become spaces.
    inline: usize,
}

impl Writer {
    /// Asks for `gap` line breaks before the next word.
    fn block(&mut self, gap: u8) {
        if self.pre > 0 {
            return;
        }
        if self.inline > 0 {
            self.space = true;
        } else {
            self.gap = self.gap.max(gap);
        }
    }

    fn line_break(&mut self) {
        if self.pre > 0 {
            self.raw("\n");
        } else if self.inline > 0 {
            self.space = true;
        } else if self.gap == 0 && !self.out.is_empty() {
            self.raw("\n");
            self.space = false;
        }
    }

    /// Writes a text node: verbatim in `<pre>`, else with HTML whitespace collapsed.
    fn text(&mut self, text: &str) {
        if self.pre > 0 {
            self.raw(text);
            return;
        }
        let html_space = |c: char| matches!(c, ' ' | '\t' | '\n' | '\x0C' | '\r');
        for (i, word) in text.split(html_space).enumerate() {
            self.space |= i > 0;
            if !word.is_empty() {
                self.word(word);
            }
        }
    }

    /// Writes a word after the pending breaks, indentation or space; wraps before it if too long.
    fn word(&mut self, word: &str) {
        if !self.begin() && self.space {
            let len = self.opener.chars().count() + word.chars().count();
            if self.col + 1 + len > self.width {
                self.raw("\n");
                self.indent(false);
            } else {
                self.raw(" ");
            }
        }
        self.space = false;
        let opener = std::mem::take(&mut self.opener);
        self.raw(&opener);
        self.raw(word);
    }

    /// Writes the pending line breaks and, at the start of a line, its indentation; tells whether
    /// a line starts here.
    fn begin(&mut self) -> bool {
        if self.gap > 0 && !self.out.is_empty() {
            let have = self.out.bytes().rev().take_while(|&b| b == b'\n').count();
            for _ in have..usize::from(self.gap) {
                self.raw("\n");
            }
        }
        self.gap = 0;
        let starts = self.out.is_empty() || self.out.ends_with('\n');
        if starts {
            self.indent(true);
        }
        starts
    }

    fn indent(&mut self, first_line: bool) {
        let mut prefix = self.indents.concat();
        if let Some(marker) = self.marker.take().filter(|_| first_line) {
            let inner = self.indents.last().map_or(0, String::len);
            prefix.truncate(prefix.len().saturating_sub(inner));
            prefix.push_str(&marker);
        }
        self.raw(&prefix);
    }

    fn raw(&mut self, s: &str) {
        match s.rfind('\n') {
            Some(i) => self.col = s.get(i + 1..).unwrap_or_default().chars().count(),
            None => self.col += s.chars().count(),
        }
        self.out.push_str(s);
    }

    fn open_indent(&mut self, gap: u8, prefix: &str) {
        self.block(gap);
        self.indents.push(prefix.to_owned());
    }

    fn close_indent(&mut self, gap: u8) {
        self.indents.pop();
        self.block(gap);
    }

    fn open_heading(&mut self, level: usize) {
        self.block(2);
        if self.inline == 0 {
            self.opener = format!("{} ", "#".repeat(level));
        }
        self.inline += 1;
    }

    fn close_heading(&mut self) {
        self.inline = self.inline.saturating_sub(1);
        if self.inline == 0 {
            self.opener.clear();
        }
        self.block(2);
    }

    fn open_pre(&mut self) {
        if self.pre == 0 {
            self.block(2);
            self.word("```");
            self.raw("\n");
        }
        self.pre += 1;
    }

    fn close_pre(&mut self) {
        self.pre = self.pre.saturating_sub(1);
        if self.pre == 0 {
            if !self.out.ends_with('\n') {
                self.raw("\n");
            }
            self.word("```");
            self.block(2);
        }
    }

    /// Closes inline code with a backtick, or forgets the opening one if the code was empty.
    fn close_code(&mut self) {
        if self.opener.ends_with('`') {
            self.opener.pop();
        } else {
            self.raw("`");
        }
    }

    fn finish(mut self) -> String {
        let end = self.out.trim_end().len();
        self.out.truncate(end);
        if !self.out.is_empty() {
            self.out.push('\n');
        }
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(html: &str) -> String {
        to_text(html.as_bytes(), &Options::default())
    }

    #[test]
    fn headings_and_paragraphs() {
        let html = "<h1>Title</h1><p>One\n   two.</p><h3>Sub <em>part</em></h3><p>Three</p>";
        assert_eq!(text(html), "# Title\n\nOne two.\n\n### Sub part\n\nThree\n");
    }

    #[test]
    fn inline_elements_keep_spacing() {
        assert_eq!(text("<p>a<b>b</b> <i>c</i>d</p>"), "ab cd\n");
        assert_eq!(text("<div>x</div><div>y</div>"), "x\ny\n");
    }

    #[test]
    fn lists_bullets_numbers_and_nesting() {
        let html = "<ul><li>a</li><li>b<ul><li>c</li></ul></li></ul><ol start=\"9\"><li>x</li><li>y</li></ol>";
        assert_eq!(text(html), "- a\n- b\n  - c\n\n9. x\n10. y\n");
    }

    #[test]
    fn list_item_paragraphs_are_indented() {
        assert_eq!(text("<ol><li><p>one</p><p>more</p></li></ol>"), "1. one\n\n   more\n");
    }

    #[test]
    fn tables_become_rows() {
        let html = "<table><caption>People</caption><tr><th>Name</th><th>Age</th></tr>\
                    <tr><td>Ann <p>Lee</p></td><td>30</td></tr><tr><td></td><td>7</td></tr></table><p>after</p>";
        assert_eq!(text(html), "People\nName | Age\nAnn Lee | 30\n| 7\n\nafter\n");
    }

    #[test]
    fn links_show_their_url() {
        let html = "<p>See <a href=\" https://e.org/x \">the docs</a>, <a href=\"#top\">top</a>, \
                    <a href=\"JavaScript:void(0)\">menu</a>, <a href=\"/y\"><img src=i.png></a>\
                    <a href=\"https://e.org\">https://e.org</a>.</p>";
        assert_eq!(text(html), "See the docs (https://e.org/x), top, menu, https://e.org.\n");
        let plain = Options { links: false, ..Options::default() };
        assert_eq!(to_text(html.as_bytes(), &plain), "See the docs, top, menu, https://e.org.\n");
    }

    #[test]
    fn code_blocks_are_verbatim_and_fenced() {
        let html =
            "<p>Run:</p><pre><code>fn main() {\n    let  x = 1;\n}\n</code></pre><p>Call <code>to_text</code>.</p>";
        assert_eq!(text(html), "Run:\n\n```\nfn main() {\n    let  x = 1;\n}\n```\n\nCall `to_text`.\n");
    }

    #[test]
    fn line_breaks_and_rules() {
        assert_eq!(text("<p>a<br>b<br><br>c</p><hr><p>d</p>"), "a\nb\n\nc\n\n---\n\nd\n");
    }

    #[test]
    fn quotes_and_definitions() {
        assert_eq!(
            text("<blockquote><p>q</p></blockquote><dl><dt>term</dt><dd>meaning</dd></dl>"),
            "> q\n\nterm\n  meaning\n"
        );
    }

    #[test]
    fn drops_scripts_styles_navigation_and_hidden() {
        let html = "<html><head><title>T</title><style>p{color:red}</style></head><body>\
                    <nav>Menu</nav><script>var x = 1;</script><p>Kept</p><div hidden>H</div>\
                    <span aria-hidden=\"true\">A</span><div style=\"color: red; DISPLAY : none !important\">D</div>\
                    <div role=\"navigation\">N</div><noscript>NS</noscript><template>TT</template>\
                    <svg><text>S</text></svg><p hidden=\"until-found\">Found</p></body></html>";
        assert_eq!(text(html), "Kept\n\nFound\n");
    }

    #[test]
    fn wraps_at_width() {
        let opts = Options { width: 10, ..Options::default() };
        let html = "<p>one two three four</p><ul><li>alpha beta gamma</li></ul>";
        assert_eq!(to_text(html.as_bytes(), &opts), "one two\nthree four\n\n- alpha\n  beta\n  gamma\n");
    }

    #[test]
    fn malformed_html_and_invalid_utf8_do_not_panic() {
        let soup = "<p>unclosed <b>bold <i>both</b> tail<table><td>x</div><a href=x><a href=y>z</p></tr>";
        assert!(text(soup).contains("unclosed bold both tail"));
        assert_eq!(to_text(b"<p>caf\xff\xfe</p>", &Options::default()), "caf\u{FFFD}\u{FFFD}\n");
        assert_eq!(text(""), "");
        assert_eq!(text("<<<>>></"), "<<<>>></\n");
        assert_eq!(text("<h7>x</h7><h+1>y</h+1>"), "xy\n");
    }

    #[test]
    fn deep_nesting_does_not_overflow_the_stack() {
        let html = format!("{}x", "<div><span>".repeat(8_000));
        assert_eq!(text(&html), "x\n");
    }

    #[test]
    fn recognises_html() {
        assert!(looks_like_html(b"\xEF\xBB\xBF  <!DOCTYPE html><p>x"));
        assert!(looks_like_html(b"<HTML lang=en>"));
        assert!(looks_like_html(b"<!-- c -->\n<head><title>t</title>"));
        assert!(looks_like_html(b"<?xml version=\"1.0\"?>\n<body>"));
        assert!(!looks_like_html(b"<header>not a page</header>"));
        assert!(!looks_like_html(b"# Markdown\n\ntext"));
        assert!(!looks_like_html(b""));
        let late = [&[b' '; 2000][..], b"<body>"].concat();
        assert!(!looks_like_html(&late));
    }
}
