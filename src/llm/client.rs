//! Sending requests: the cache, retries with backoff, concurrency, accounting, dry runs.

use super::provider::{self, Provider};
use super::secret::{Scrubber, redact_url};
use super::{Config, Reply, Request, Usage};
use crate::store::Store;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Why a call gave no reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CallError {
    /// The prompt is longer than the model's context: split the input and try again.
    ContextLength(String),
    /// Anything else, after the retries it deserved; the message is one line.
    Failed(String),
    /// What no retry and no other request can fix (401, 403: the key; 404: the model or the
    /// URL). The client sends nothing more after one.
    Fatal(String),
    /// A dry run: the request was recorded, not sent.
    DryRun,
    /// A batch run: the request was recorded for a batch file, not sent ([`Client::deferred`]).
    Deferred,
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CallError::ContextLength(m) | CallError::Failed(m) | CallError::Fatal(m) => f.write_str(m),
            CallError::DryRun => f.write_str("dry run: not sent"),
            CallError::Deferred => f.write_str("deferred to a batch: not sent"),
        }
    }
}

impl std::error::Error for CallError {}

/// What a client did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Stats {
    /// HTTP requests sent, retries included.
    pub calls: u64,
    /// Replies served from the cache.
    pub cache_hits: u64,
    /// Requests sent again after a failure.
    pub retries: u64,
    /// Tokens reported by the server.
    pub usage: Usage,
}

/// A chat client; share it between threads by reference.
pub struct Client {
    cfg: Config,
    http: reqwest::blocking::Client,
    url: String,
    cache: Option<Store>,
    stats: Mutex<Stats>,
    dry: Mutex<Vec<Value>>,
    /// A batch run's requests, by custom id (the cache key).
    deferred: Mutex<std::collections::BTreeMap<String, Value>>,
    /// The first fatal error, after which nothing more is sent.
    fatal: Mutex<Option<String>>,
    /// When the whole run's LLM work must be over (`Config::deadline`).
    until: Option<std::time::Instant>,
    /// Takes the key and the URL's credentials out of what the server sends back.
    scrubber: Scrubber,
}

impl fmt::Debug for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Client").field("url", &self.shown_url()).field("model", &self.cfg.model).finish()
    }
}

/// One attempt's result.
/// Whether a request failed because the connection was refused (a closed port).
fn refused(e: &reqwest::Error) -> bool {
    let mut source: Option<&dyn std::error::Error> = Some(e);
    while let Some(err) = source {
        if let Some(io) = err.downcast_ref::<std::io::Error>()
            && io.kind() == std::io::ErrorKind::ConnectionRefused
        {
            return true;
        }
        source = err.source();
    }
    false
}

enum Attempt {
    Done(Reply),
    Retry(String, Option<Duration>),
    Fail(CallError),
}

impl Client {
    /// A client for `cfg`. Fails only when the HTTP stack cannot start or the cache directory
    /// cannot be made.
    pub fn new(cfg: Config) -> anyhow::Result<Client> {
        let http = reqwest::blocking::Client::builder()
            .timeout(cfg.timeout)
            .connect_timeout(cfg.connect_timeout)
            // A redirect must not carry the key to another host.
            .redirect(reqwest::redirect::Policy::none())
            .pool_max_idle_per_host(cfg.jobs.max(1))
            .build()?;
        let cache = cfg.cache_dir.as_deref().map(Store::open).transpose()?;
        let url = cfg.provider.url(&cfg.base_url);
        let cfg_deadline = cfg.deadline;
        let scrubber = Scrubber::new(cfg.api_key.as_ref(), &cfg.base_url);
        Ok(Client {
            cfg,
            http,
            url,
            cache,
            stats: Mutex::new(Stats::default()),
            dry: Mutex::new(Vec::new()),
            deferred: Mutex::new(std::collections::BTreeMap::new()),
            fatal: Mutex::new(None),
            until: cfg_deadline.map(|d| std::time::Instant::now() + d),
            scrubber,
        })
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.cfg
    }

    /// What the client has done so far.
    pub fn stats(&self) -> Stats {
        *self.stats.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The requests a dry run recorded, in the order made: URL, headers without the key, body.
    pub fn dry_requests(&self) -> Vec<Value> {
        self.dry.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The requests a batch run recorded instead of sending, by custom id (the cache key
    /// without `.json`), each once however often it was asked for.
    pub fn deferred(&self) -> std::collections::BTreeMap<String, Value> {
        self.deferred.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn count(&self, f: impl FnOnce(&mut Stats)) {
        f(&mut self.stats.lock().unwrap_or_else(|e| e.into_inner()));
    }

    /// The fatal error that stopped the client, if one did.
    pub fn fatal(&self) -> Option<String> {
        self.fatal.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Sends a request (or serves it from the cache), retrying what deserves a retry; after a
    /// fatal error, sends nothing and gives that error again.
    pub fn chat(&self, req: &Request) -> Result<Reply, CallError> {
        if let Some(e) = self.fatal() {
            return Err(CallError::Fatal(e));
        }
        let result = self.send(req);
        if let Err(CallError::Fatal(e)) = &result {
            self.fatal.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert_with(|| e.clone());
        }
        result
    }

    fn send(&self, req: &Request) -> Result<Reply, CallError> {
        let body = self.cfg.provider.body(req);
        let key = cache_key(self.cfg.provider, &self.cfg.base_url, &body);
        if let Some(reply) = self.cached(&key) {
            self.count(|s| s.cache_hits += 1);
            return Ok(reply);
        }
        if self.cfg.batch {
            if let Some(e) = self.failed(&key) {
                return Err(e);
            }
            let id = key.trim_end_matches(".json").to_string();
            self.deferred.lock().unwrap_or_else(|e| e.into_inner()).insert(id, body);
            return Err(CallError::Deferred);
        }
        if self.cfg.dry_run {
            let headers: serde_json::Map<String, Value> =
                self.cfg.provider.headers(None).into_iter().map(|(k, v)| (k.to_string(), v.into())).collect();
            self.dry
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(json!({"url": self.shown_url(), "headers": headers, "body": body}));
            return Err(CallError::DryRun);
        }
        let payload = body.to_string();
        let mut last = String::new();
        for attempt in 0..=self.cfg.retries {
            if self.left() == Some(Duration::ZERO) {
                return Err(CallError::Failed(if last.is_empty() { self.past_deadline() } else { last }));
            }
            if attempt > 0 {
                self.count(|s| s.retries += 1);
            }
            self.count(|s| s.calls += 1);
            match self.attempt(&payload, reply_limit(req.max_tokens)) {
                Attempt::Done(reply) => {
                    self.count(|s| {
                        s.usage.prompt_tokens += reply.usage.prompt_tokens;
                        s.usage.completion_tokens += reply.usage.completion_tokens;
                    });
                    self.store(&key, &reply);
                    return Ok(reply);
                }
                Attempt::Fail(e) => return Err(e),
                Attempt::Retry(why, wait) => {
                    last = why;
                    if attempt < self.cfg.retries {
                        let wait = wait.unwrap_or_else(|| self.backoff(attempt));
                        std::thread::sleep(self.left().map_or(wait, |left| wait.min(left)));
                    }
                }
            }
        }
        Err(CallError::Failed(last))
    }

    fn attempt(&self, payload: &str, limit: u64) -> Attempt {
        let key = self.cfg.api_key.as_ref().map(|k| k.expose());
        let mut rb = self.http.post(&self.url).header("content-type", "application/json");
        if let Some(left) = self.left() {
            rb = rb.timeout(left.min(self.cfg.timeout));
        }
        for (name, value) in self.cfg.provider.headers(key) {
            rb = rb.header(name, value);
        }
        let resp = match rb.body(payload.to_string()).send() {
            Ok(r) => r,
            // Nothing listens there: no retry will find a server that is not running.
            Err(e) if refused(&e) => {
                let why = format!("{}: is the server running?", self.transport_error(&e));
                return Attempt::Fail(CallError::Fatal(why));
            }
            Err(e) => return Attempt::Retry(self.transport_error(&e), None),
        };
        let status = resp.status().as_u16();
        let retry_after = resp
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map(|s| Duration::from_secs(s.min(60)));
        let body = match read_limited(resp, limit) {
            Ok(Some(b)) => b,
            Ok(None) => {
                let e = format!("the reply from {} is over {} bytes", self.shown_url(), limit);
                return Attempt::Fail(CallError::Failed(e));
            }
            Err(e) => {
                let why = match e.get_ref().and_then(|inner| inner.downcast_ref::<reqwest::Error>()) {
                    Some(re) => self.transport_error(re),
                    None => self.scrub(&format!("cannot read the reply from {}: {e}", self.shown_url())),
                };
                return Attempt::Retry(why, None);
            }
        };
        let fail =
            || self.scrub(&format!("HTTP {status} from {}: {}", self.shown_url(), provider::error_message(&body)));
        match status {
            // A server may echo the key: the reply is printed, cached and written into
            // transcripts, so it is scrubbed before anything else sees it.
            200..=299 => match self.cfg.provider.reply(&body) {
                Ok(r) => Attempt::Done(Reply { text: self.scrub(&r.text), ..r }),
                Err(provider::BadReply::Retry(e)) => {
                    Attempt::Retry(self.scrub(&format!("bad response from {}: {e}", self.shown_url())), None)
                }
                Err(provider::BadReply::Final(e)) => Attempt::Fail(CallError::Failed(
                    self.scrub(&format!("bad response from {}: {e}", self.shown_url())),
                )),
            },
            400 if provider::is_context_length(&body) => Attempt::Fail(CallError::ContextLength(fail())),
            401 | 403 | 404 => Attempt::Fail(CallError::Fatal(fail())),
            408 | 409 | 429 | 500..=599 => Attempt::Retry(fail(), retry_after),
            _ => Attempt::Fail(CallError::Failed(fail())),
        }
    }

    /// The time left before the deadline, if there is one (zero once it has passed).
    fn left(&self) -> Option<Duration> {
        self.until.map(|u| u.saturating_duration_since(std::time::Instant::now()))
    }

    fn past_deadline(&self) -> String {
        let secs = self.cfg.deadline.map_or(0.0, |d| d.as_secs_f64());
        format!("the --deadline of {secs} s for the LLM passed: not sent")
    }

    fn transport_error(&self, e: &reqwest::Error) -> String {
        if e.is_timeout() && self.left() == Some(Duration::ZERO) {
            return self.past_deadline().replace(": not sent", " during a request to ") + &self.shown_url();
        }
        if e.is_timeout() {
            return format!("no response from {} within {} s", self.shown_url(), self.cfg.timeout.as_secs_f64());
        }
        let mut root: &dyn std::error::Error = e;
        while let Some(next) = root.source() {
            root = next;
        }
        self.scrub(&format!("cannot reach {}: {root}", self.shown_url()))
    }

    /// The URL as messages show it: without `user:password@`.
    fn shown_url(&self) -> String {
        redact_url(&self.url)
    }

    /// `msg` without the key or the URL's credentials, in any form a server may echo them:
    /// `[key]`, `[credentials]` in their places.
    fn scrub(&self, msg: &str) -> String {
        self.scrubber.scrub(msg).into_owned()
    }

    /// Exponential backoff with jitter: base × 2^attempt, plus up to half a base.
    fn backoff(&self, attempt: u32) -> Duration {
        let base = self.cfg.backoff.saturating_mul(1 << attempt.min(6));
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
        let jitter = self.cfg.backoff.mul_f64(f64::from(nanos % 1000) / 2000.0);
        base + jitter
    }

    fn cached(&self, key: &str) -> Option<Reply> {
        let bytes = self.cache.as_ref()?.get_named(key)?;
        let v: Value = serde_json::from_slice(&bytes).ok()?;
        // A cache written before replies were scrubbed may hold the key.
        Some(Reply { text: self.scrub(v["text"].as_str()?), usage: Usage::default(), cached: true })
    }

    /// The failure a batch output file recorded for good for the request `key`, if any.
    fn failed(&self, key: &str) -> Option<CallError> {
        let name = format!("{}{}", key.trim_end_matches(".json"), super::batch::FAILED);
        let v: Value = serde_json::from_slice(&self.cache.as_ref()?.get_named(&name)?).ok()?;
        let why = format!("the batch answered: {}", self.scrub(v["error"].as_str().unwrap_or("failed")));
        Some(if v["context_length"] == true { CallError::ContextLength(why) } else { CallError::Failed(why) })
    }

    fn store(&self, key: &str, reply: &Reply) {
        if let Some(cache) = &self.cache {
            let v = json!({"text": reply.text, "usage": reply.usage});
            // A cache that cannot be written only costs a later call.
            let _ = cache.put_named(key, v.to_string().as_bytes());
        }
    }

    /// Runs `f` over `items` with at most `jobs` at a time; results in the order of `items`.
    pub fn map<T: Sync, R: Send>(&self, items: &[T], f: impl Fn(usize, &T) -> R + Sync) -> Vec<R> {
        let next = AtomicUsize::new(0);
        let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
        let workers = self.cfg.jobs.clamp(1, items.len().max(1));
        // The first item goes alone: a wrong key or model is found with one request, not one
        // per worker.
        if let Some(first) = items.first() {
            let r = f(0, first);
            results.lock().unwrap_or_else(|e| e.into_inner())[0] = Some(r);
            next.store(1, Ordering::Relaxed);
        }
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        let r = f(i, item);
                        results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
                    }
                });
            }
        });
        results.into_inner().unwrap_or_else(|e| e.into_inner()).into_iter().flatten().collect()
    }
}

/// The body of `resp`, or `None` when it is over `limit` bytes (not read further).
fn read_limited(resp: reqwest::blocking::Response, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    use std::io::Read;
    let mut body = Vec::new();
    resp.take(limit + 1).read_to_end(&mut body)?;
    Ok((body.len() as u64 <= limit).then_some(body))
}

/// The largest reply taken for a request of `max_tokens` output tokens: room for each token
/// escaped several times over in JSON, plus the envelope.
pub fn reply_limit(max_tokens: u32) -> u64 {
    (1 << 20) + u64::from(max_tokens) * 64
}

/// The cache key: a hash of the provider, base URL and request body; never the key.
fn cache_key(provider: Provider, base_url: &str, body: &Value) -> String {
    let mut h = Sha256::new();
    h.update(json!({"provider": provider, "base_url": base_url, "body": body}).to_string().as_bytes());
    h.finalize().iter().take(20).map(|b| format!("{b:02x}")).collect::<String>() + ".json"
}
