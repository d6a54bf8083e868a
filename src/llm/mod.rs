//! The HTTP client for chat APIs: OpenAI-compatible Chat Completions and Anthropic Messages,
//! with bounded concurrency, retries with backoff, context-length detection, a response cache
//! on disk, token accounting and dry runs. The API key is sent only to the configured base URL
//! and never appears in an error, a log, a dry run, the cache or a reply (a server that echoes
//! it, or a base URL's credentials, gets them taken out: [`Scrubber`]).

pub mod batch;
pub mod batches;
mod client;
mod provider;
mod secret;

pub use client::{CallError, Client, Stats};
pub use provider::Provider;
pub use secret::{Scrubber, Secret, redact_url};

use serde::Serialize;
use std::path::PathBuf;
use std::time::Duration;

/// Who speaks a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// The instructions.
    System,
    /// The user.
    User,
    /// The model.
    Assistant,
}

/// One chat message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Message {
    /// Who speaks.
    pub role: Role,
    /// What is said.
    pub content: String,
}

impl Message {
    /// A message from `role`.
    pub fn new(role: Role, content: impl Into<String>) -> Message {
        Message { role, content: content.into() }
    }
}

/// One request: a model and a conversation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Request {
    /// The model to ask.
    pub model: String,
    /// The conversation, system message first if any.
    pub messages: Vec<Message>,
    /// The most tokens to generate.
    pub max_tokens: u32,
    /// Sampling temperature; 0 makes reruns repeatable (and cacheable).
    pub temperature: f64,
}

/// Tokens used, as the server reported them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Usage {
    /// Tokens read.
    pub prompt_tokens: u64,
    /// Tokens written.
    pub completion_tokens: u64,
}

/// A reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The text the model wrote.
    pub text: String,
    /// Tokens used (zero when it came from the cache).
    pub usage: Usage,
    /// Whether it came from the cache.
    pub cached: bool,
}

/// How to reach a model.
#[derive(Clone, Debug)]
pub struct Config {
    /// The API's wire format.
    pub provider: Provider,
    /// The base URL, without a trailing slash (`…/v1` for OpenAI-compatible servers).
    pub base_url: String,
    /// The main model (reduce).
    pub model: String,
    /// A cheaper model for the map phase, if any.
    pub map_model: Option<String>,
    /// The key, if any.
    pub api_key: Option<Secret>,
    /// The limit of each request.
    pub timeout: Duration,
    /// The limit of each connection attempt.
    pub connect_timeout: Duration,
    /// Retries after the first attempt.
    pub retries: u32,
    /// The first backoff; it doubles each retry, with jitter.
    pub backoff: Duration,
    /// Requests in flight at most.
    pub jobs: usize,
    /// Sampling temperature.
    pub temperature: f64,
    /// Where responses are cached; `None` turns the cache off.
    pub cache_dir: Option<PathBuf>,
    /// Print requests instead of sending them.
    pub dry_run: bool,
    /// Record the requests the cache cannot answer for a batch file instead of sending them
    /// ([`batch`]).
    pub batch: bool,
    /// The limit of the whole run's LLM work, from the client's start: after it nothing more is
    /// sent (what is left falls back as a failed call would), and no request outlives it.
    pub deadline: Option<Duration>,
}

impl Config {
    /// A configuration with the defaults for everything but the endpoint and model.
    pub fn new(provider: Provider, base_url: &str, model: &str) -> Config {
        Config {
            provider,
            base_url: base_url.trim_end_matches('/').to_string(),
            model: model.to_string(),
            map_model: None,
            api_key: None,
            timeout: Duration::from_secs(120),
            connect_timeout: Duration::from_secs(10),
            retries: 4,
            backoff: Duration::from_millis(500),
            jobs: 4,
            temperature: 0.0,
            cache_dir: Some(crate::store::cache_dir("llm")),
            dry_run: false,
            batch: false,
            deadline: None,
        }
    }
}
