//! What must never be written: the API key and a base URL's `user:password@`. A [`Secret`]
//! cannot be printed; [`redact_url`] takes the credentials out of a URL; a [`Scrubber`] takes
//! the key and the credentials out of any text a server sent back (a server may echo the key,
//! or the `Authorization` header with them in HTTP Basic form), before it is printed, cached or
//! written into a transcript.

use std::borrow::Cow;
use std::fmt;

/// An API key. It cannot be printed: `Debug` shows a placeholder and there is no `Display`.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a key.
    pub fn new(key: String) -> Secret {
        Secret(key)
    }

    pub(super) fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(<redacted>)")
    }
}

/// `url` without the `user:password@` of its authority.
pub fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_string() };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    match rest[..end].rfind('@') {
        Some(at) => format!("{scheme}://{}", &rest[at + 1..]),
        None => url.to_string(),
    }
}

/// What stands in for the key in text.
const KEY: &str = "[key]";
/// What stands in for a base URL's credentials in text.
const CREDENTIALS: &str = "[credentials]";
/// Shorter strings are not taken out of text: they would take common words with them.
const SHORTEST: usize = 4;

/// Takes the key and the base URL's credentials out of text, in every form they are sent in:
/// the key as is (and base64, as a Basic credential carries it), the URL's user and password
/// as written and percent-decoded, and `user:password` base64 as HTTP Basic sends it.
#[derive(Clone, Debug, Default)]
pub struct Scrubber {
    /// Each secret with its stand-in, longest first, so that no part of one is left.
    secrets: Vec<(String, &'static str)>,
}

impl Scrubber {
    /// The scrubber for `key` and the credentials of `base_url`.
    pub fn new(key: Option<&Secret>, base_url: &str) -> Scrubber {
        let mut secrets: Vec<(String, &'static str)> = Vec::new();
        if let Some(k) = key.map(Secret::expose) {
            secrets.extend(basic_forms(k.as_bytes()).into_iter().map(|s| (s, KEY)));
            secrets.push((k.to_string(), KEY));
        }
        for form in credentials(base_url) {
            secrets.extend(basic_forms(form.as_bytes()).into_iter().map(|s| (s, CREDENTIALS)));
            secrets.push((form, CREDENTIALS));
        }
        secrets.retain(|(s, _)| s.len() >= SHORTEST);
        secrets.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));
        secrets.dedup_by(|a, b| a.0 == b.0);
        Scrubber { secrets }
    }

    /// `text` with every secret replaced by `[key]` or `[credentials]`.
    pub fn scrub<'a>(&self, text: &'a str) -> Cow<'a, str> {
        let mut out = Cow::Borrowed(text);
        for (secret, stand_in) in &self.secrets {
            if out.contains(secret.as_str()) {
                out = Cow::Owned(out.replace(secret.as_str(), stand_in));
            }
        }
        out
    }
}

/// The credentials of a URL's authority in the forms they may come back in, each as written and
/// percent-decoded: `user:password` (as HTTP Basic sends them), and the password alone; with no
/// password, the user (a token as user name) and `user:`, which is what Basic sends then.
fn credentials(url: &str) -> Vec<String> {
    let Some((_, rest)) = url.split_once("://") else { return Vec::new() };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let Some(at) = rest[..end].rfind('@') else { return Vec::new() };
    let userinfo = &rest[..at];
    match userinfo.split_once(':') {
        Some((user, password)) => vec![
            userinfo.to_string(),
            format!("{}:{}", percent_decode(user), percent_decode(password)),
            password.to_string(),
            percent_decode(password),
        ],
        None => vec![userinfo.to_string(), percent_decode(userinfo), format!("{}:", percent_decode(userinfo))],
    }
}

/// `bytes` base64-encoded, padded and not, as an `Authorization: Basic` header carries them.
fn basic_forms(bytes: &[u8]) -> Vec<String> {
    let padded = base64(bytes);
    let bare = padded.trim_end_matches('=').to_string();
    vec![padded, bare]
}

/// Standard base64 with padding (RFC 4648, section 4).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// `%XX` sequences decoded; what does not decode to UTF-8 is kept as written.
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| char::from(c).to_digit(16);
        match (b[i], b.get(i + 1).copied().and_then(hex), b.get(i + 2).copied().and_then(hex)) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (c, _, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| s.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_as_rfc_4648_says() {
        // RFC 4648, section 10.
        let cases = [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foobar", "Zm9vYmFy")];
        for (plain, encoded) in cases {
            assert_eq!(base64(plain.as_bytes()), encoded);
        }
        // RFC 7617, section 2: the example of HTTP Basic.
        assert_eq!(base64(b"Aladdin:open sesame"), "QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
    }

    #[test]
    fn urls_lose_their_credentials() {
        assert_eq!(redact_url("http://u:p@h:1/v1?x=@"), "http://h:1/v1?x=@");
        assert_eq!(redact_url("https://h/v1"), "https://h/v1");
        assert_eq!(redact_url("not a url"), "not a url");
    }

    #[test]
    fn scrubs_the_key_and_the_credentials_in_every_form() {
        let s = Scrubber::new(Some(&Secret::new("sk-live-1234".into())), "http://al%40ice:pa%3Ass@h/v1");
        assert_eq!(s.scrub("key sk-live-1234, again sk-live-1234"), "key [key], again [key]");
        assert_eq!(s.scrub(&format!("Basic {}", base64(b"sk-live-1234"))), "Basic [key]");
        assert_eq!(
            s.scrub(&format!("Authorization: Basic {}", base64(b"al@ice:pa:ss"))),
            "Authorization: Basic [credentials]"
        );
        assert_eq!(s.scrub("al%40ice:pa%3Ass and pa:ss"), "[credentials] and [credentials]");
        assert_eq!(s.scrub("nothing secret"), "nothing secret");
        let token = Scrubber::new(None, "https://tok-12345@h/v1");
        assert_eq!(token.scrub(&format!("tok-12345 {}", base64(b"tok-12345:"))), "[credentials] [credentials]");
        let short = Scrubber::new(Some(&Secret::new("abc".into())), "http://h/v1");
        assert_eq!(short.scrub("abc"), "abc", "too short to take out of text");
    }
}
