//! Structure-aware inputs: HTML becomes readable text, and JSON is cut so that it stays valid
//! JSON, before either is held to a budget.

pub mod html;
pub mod json;

/// What an input is: `--from` and the config key `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Sniffed from the text.
    Auto,
    /// Plain text.
    Text,
    /// HTML, made readable text first.
    Html,
    /// JSON, cut so that it stays JSON.
    Json,
}

/// What `bytes` are, for `--from auto`: JSON when the whole parses as one document (checked
/// first, since JSON may quote HTML), HTML when it starts as a page does, text otherwise.
pub fn detect(bytes: &[u8]) -> Format {
    if json::looks_like_json(bytes) {
        Format::Json
    } else if html::looks_like_html(bytes) {
        Format::Html
    } else {
        Format::Text
    }
}

/// The format to read `bytes` as, given `--from` (text when not given).
pub fn resolve(from: Option<Format>, bytes: &[u8]) -> Format {
    match from.unwrap_or(Format::Text) {
        Format::Auto => detect(bytes),
        f => f,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_tells_json_html_and_text_apart() {
        assert_eq!(detect(b"  {\"a\": \"<html>\"}\n"), Format::Json);
        assert_eq!(detect(b"<!DOCTYPE html><html><body>x</body></html>"), Format::Html);
        assert_eq!(detect(b"{ not json"), Format::Text);
        assert_eq!(detect(b"plain words"), Format::Text);
        assert_eq!(resolve(None, b"{}"), Format::Text);
        assert_eq!(resolve(Some(Format::Html), b"{}"), Format::Html);
    }
}
