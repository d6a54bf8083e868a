//! `ctx mcp`: a stdio MCP server.

use anyhow::Result;
use std::io::{BufRead, Write};

/// Serves MCP requests read from `input` until it ends, answering on `output`.
pub fn serve(_input: impl BufRead, _output: impl Write) -> Result<()> {
    anyhow::bail!("ctx mcp is not built yet")
}
