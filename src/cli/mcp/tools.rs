//! The tools `ctx mcp` serves.

use anyhow::Result;
use serde_json::{Map, Value};

/// What the server tells the model about its tools as a whole.
pub const INSTRUCTIONS: &str = "ctx fits long text into a budget.";

/// The server's state: where full texts are spilled.
pub struct Server;

impl Server {
    /// A server over the default store directory.
    pub fn new() -> Server {
        Server
    }

    /// Runs tool `name`; `None` when there is no such tool.
    pub fn call(&self, _name: &str, _args: &Map<String, Value>) -> Option<Result<String>> {
        None
    }
}

/// The tool definitions for `tools/list`.
pub fn list() -> Vec<Value> {
    Vec::new()
}
