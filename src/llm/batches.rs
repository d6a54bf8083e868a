//! The providers' batch endpoints, for `ctx batch submit | status | fetch`: OpenAI's files and
//! batches (`POST /files` with `purpose=batch`, `POST /batches`, `GET /batches/ID`,
//! `GET /files/ID/content`) and Anthropic's Message Batches (`POST /v1/messages/batches`,
//! `GET /v1/messages/batches/ID`, `GET` its `results_url`). The key goes only to the base URL:
//! redirects are not followed, a results URL on another origin is refused, and what a server
//! sends back is scrubbed of the key before anyone sees it.

use super::secret::{Scrubber, redact_url};
use super::{Provider, Secret};
use anyhow::{Context, Result, bail};
use serde_json::{Value, json};
use std::time::Duration;

/// Where the batch endpoints are.
pub struct Endpoint {
    /// The wire format.
    pub provider: Provider,
    /// The base URL, as for chat (`…/v1` for OpenAI; Anthropic's root, or with `/v1`).
    pub base_url: String,
    /// The key, if any.
    pub key: Option<Secret>,
    /// The limit of each request.
    pub timeout: Duration,
}

/// A batch's state, the same for both providers.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Status {
    /// Its id.
    pub id: String,
    /// The provider's own word for its state (`in_progress`, `completed`, `ended`, ...).
    pub status: String,
    /// Whether it is over: results can be fetched (or it failed as a whole).
    pub ended: bool,
    /// Whether it failed as a whole (no results: OpenAI's `failed`, or an input refused).
    pub failed: bool,
    /// Requests in it.
    pub total: u64,
    /// Requests done, well or not.
    pub done: u64,
    /// Requests that failed, expired or were canceled.
    pub errors: u64,
}

/// The HTTP side.
pub struct Api {
    ep: Endpoint,
    http: reqwest::blocking::Client,
    scrubber: Scrubber,
}

impl Api {
    /// A client for `ep`.
    pub fn new(ep: Endpoint) -> Result<Api> {
        let http = reqwest::blocking::Client::builder()
            .timeout(ep.timeout)
            .connect_timeout(ep.timeout.min(Duration::from_secs(10)))
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        let scrubber = Scrubber::new(ep.key.as_ref(), &ep.base_url);
        Ok(Api { ep: Endpoint { base_url: ep.base_url.trim_end_matches('/').to_string(), ..ep }, http, scrubber })
    }

    fn url(&self, path: &str) -> String {
        let base = &self.ep.base_url;
        match self.ep.provider {
            Provider::Openai => format!("{base}{path}"),
            Provider::Anthropic if base.ends_with("/v1") => format!("{base}{path}"),
            Provider::Anthropic => format!("{base}/v1{path}"),
        }
    }

    fn send(&self, rb: reqwest::blocking::RequestBuilder, what: &str, url: &str) -> Result<Vec<u8>> {
        let mut rb = rb;
        for (k, v) in self.ep.provider.headers(self.ep.key.as_ref().map(Secret::expose)) {
            rb = rb.header(k, v);
        }
        let shown = redact_url(url);
        let resp = rb.send().map_err(|e| {
            let mut root: &dyn std::error::Error = &e;
            while let Some(next) = root.source() {
                root = next;
            }
            anyhow::anyhow!("{}", self.scrubber.scrub(&format!("cannot {what}: {shown}: {root}")))
        })?;
        let status = resp.status().as_u16();
        let body = resp.bytes().map_err(|e| anyhow::anyhow!("cannot read the answer of {shown}: {e}"))?.to_vec();
        if !(200..300).contains(&status) {
            let msg = super::provider::error_message(&body);
            bail!("{}", self.scrubber.scrub(&format!("cannot {what}: HTTP {status} from {shown}: {msg}")));
        }
        Ok(body)
    }

    fn json(&self, rb: reqwest::blocking::RequestBuilder, what: &str, url: &str) -> Result<Value> {
        let body = self.send(rb, what, url)?;
        serde_json::from_slice(&body)
            .with_context(|| format!("cannot {what}: the answer of {} is not JSON", redact_url(url)))
    }

    /// Uploads the batch input file `bytes` (named `name`) and starts a batch of it; gives its id.
    pub fn submit(&self, name: &str, bytes: &[u8]) -> Result<String> {
        let v = match self.ep.provider {
            Provider::Openai => {
                let url = self.url("/files");
                // A hash of the content cannot be in it (as a line of JSON it could only be by chance).
                let boundary = format!("ctx-batch-{}", crate::store::key_of(bytes));
                let body = multipart(&boundary, name, bytes);
                let rb = self
                    .http
                    .post(&url)
                    .header("content-type", format!("multipart/form-data; boundary={boundary}"))
                    .body(body);
                let file = self.json(rb, "upload the batch file", &url)?;
                let Some(file_id) = file["id"].as_str() else { bail!("the upload gave no file id: {file}") };
                let url = self.url("/batches");
                let req =
                    json!({"input_file_id": file_id, "endpoint": "/v1/chat/completions", "completion_window": "24h"});
                self.json(post_json(&self.http, &url, &req), "create the batch", &url)?
            }
            Provider::Anthropic => {
                let text = std::str::from_utf8(bytes).context("the batch file is not UTF-8")?;
                let requests = text
                    .lines()
                    .filter(|l| !l.trim().is_empty())
                    .enumerate()
                    .map(|(i, l)| {
                        serde_json::from_str::<Value>(l).with_context(|| format!("{name}:{}: not a JSON line", i + 1))
                    })
                    .collect::<Result<Vec<_>>>()?;
                let url = self.url("/messages/batches");
                self.json(post_json(&self.http, &url, &json!({"requests": requests})), "create the batch", &url)?
            }
        };
        v["id"].as_str().map(str::to_string).ok_or_else(|| anyhow::anyhow!("the provider gave no batch id"))
    }

    fn get(&self, id: &str) -> Result<Value> {
        let url = match self.ep.provider {
            Provider::Openai => self.url(&format!("/batches/{id}")),
            Provider::Anthropic => self.url(&format!("/messages/batches/{id}")),
        };
        self.json(self.http.get(&url), "read the batch", &url)
    }

    /// The state of batch `id`.
    pub fn status(&self, id: &str) -> Result<Status> {
        check_id(id)?;
        Ok(self.state(id, &self.get(id)?))
    }

    fn state(&self, id: &str, v: &Value) -> Status {
        let n = |p: &str| v.pointer(p).and_then(Value::as_u64).unwrap_or(0);
        let status = match self.ep.provider {
            Provider::Openai => v["status"].as_str(),
            Provider::Anthropic => v["processing_status"].as_str(),
        }
        .unwrap_or("unknown")
        .to_string();
        match self.ep.provider {
            Provider::Openai => Status {
                id: id.to_string(),
                ended: matches!(status.as_str(), "completed" | "expired" | "cancelled" | "failed"),
                failed: status == "failed",
                total: n("/request_counts/total"),
                done: n("/request_counts/completed") + n("/request_counts/failed"),
                errors: n("/request_counts/failed"),
                status,
            },
            Provider::Anthropic => {
                let errors =
                    n("/request_counts/errored") + n("/request_counts/canceled") + n("/request_counts/expired");
                let done = n("/request_counts/succeeded") + errors;
                Status {
                    id: id.to_string(),
                    ended: status == "ended",
                    failed: false,
                    total: done + n("/request_counts/processing"),
                    done,
                    errors,
                    status,
                }
            }
        }
    }

    /// The results of batch `id`, as the provider's output lines (OpenAI: the output file and the
    /// error file one after the other). An error while it has not ended.
    pub fn fetch(&self, id: &str) -> Result<Vec<u8>> {
        check_id(id)?;
        let v = self.get(id)?;
        let st = self.state(id, &v);
        if !st.ended {
            bail!(
                "batch {id} is {} ({} of {} done): fetch it once it has ended (ctx batch status {id})",
                st.status,
                st.done,
                st.total
            );
        }
        let mut out = Vec::new();
        match self.ep.provider {
            Provider::Openai => {
                for key in ["output_file_id", "error_file_id"] {
                    if let Some(file) = v[key].as_str().filter(|f| !f.is_empty()) {
                        check_id(file)?;
                        let url = self.url(&format!("/files/{file}/content"));
                        let body = self.send(self.http.get(&url), "download the results", &url)?;
                        out.extend_from_slice(&body);
                        if !out.is_empty() && !out.ends_with(b"\n") {
                            out.push(b'\n');
                        }
                    }
                }
                if out.is_empty() && st.failed {
                    let why = v.pointer("/errors/data/0/message").and_then(Value::as_str).unwrap_or("no reason given");
                    bail!("batch {id} failed as a whole: {}", self.scrubber.scrub(why));
                }
            }
            Provider::Anthropic => {
                let Some(url) = v["results_url"].as_str() else { bail!("batch {id} has no results_url") };
                // The key goes to the base URL's origin only.
                if origin(url) != origin(&self.ep.base_url) {
                    bail!(
                        "the results of batch {id} are at {}, not on the base URL's host: refused (the key goes to the base URL only)",
                        redact_url(url)
                    );
                }
                out = self.send(self.http.get(url), "download the results", url)?;
            }
        }
        Ok(out)
    }
}

fn post_json(http: &reqwest::blocking::Client, url: &str, body: &Value) -> reqwest::blocking::RequestBuilder {
    http.post(url).header("content-type", "application/json").body(body.to_string())
}

/// A batch or file id goes into a URL path: only letters, digits, `_` and `-`.
fn check_id(id: &str) -> Result<()> {
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-') {
        bail!("'{id}' is not a batch id (letters, digits, _ and -)");
    }
    Ok(())
}

/// `scheme://host:port` of `url`.
fn origin(url: &str) -> Option<String> {
    let u = reqwest::Url::parse(url).ok()?;
    Some(format!("{}://{}:{}", u.scheme(), u.host_str()?, u.port_or_known_default()?))
}

/// The body of a `multipart/form-data` upload: `purpose=batch` and the file.
fn multipart(boundary: &str, name: &str, bytes: &[u8]) -> Vec<u8> {
    let file = name.rsplit('/').next().unwrap_or("batch.jsonl").replace(['"', '\r', '\n'], "_");
    let mut b = Vec::with_capacity(bytes.len() + 512);
    b.extend_from_slice(
        format!("--{boundary}\r\ncontent-disposition: form-data; name=\"purpose\"\r\n\r\nbatch\r\n").as_bytes(),
    );
    b.extend_from_slice(
        format!(
            "--{boundary}\r\ncontent-disposition: form-data; name=\"file\"; filename=\"{file}\"\r\ncontent-type: application/jsonl\r\n\r\n"
        )
        .as_bytes(),
    );
    b.extend_from_slice(bytes);
    b.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    b
}

/// The provider a batch id or a batch file's first line suggests: Anthropic's ids start with
/// `msgbatch_`, its lines have `params`.
pub fn infer(id_or_line: &str) -> Provider {
    if id_or_line.starts_with("msgbatch_") || id_or_line.contains("\"params\"") {
        Provider::Anthropic
    } else {
        Provider::Openai
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_origins_and_multipart() {
        assert!(check_id("batch_abc-1").is_ok() && check_id("../x").is_err() && check_id("").is_err());
        assert_eq!(origin("https://api.anthropic.com/v1/x"), origin("https://api.anthropic.com"));
        assert_ne!(origin("https://evil.example/v1"), origin("https://api.anthropic.com"));
        let body = String::from_utf8(multipart("B", "dir/req.jsonl", b"{}\n")).expect("utf-8");
        assert!(body.starts_with("--B\r\ncontent-disposition: form-data; name=\"purpose\"\r\n\r\nbatch\r\n--B\r\n"));
        assert!(body.contains("filename=\"req.jsonl\"") && body.ends_with("{}\n\r\n--B--\r\n"));
        assert_eq!(infer("msgbatch_01"), Provider::Anthropic);
        assert_eq!(infer("batch_01"), Provider::Openai);
    }
}
