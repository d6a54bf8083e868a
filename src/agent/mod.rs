//! Agents: one module per agent's hook contract (Claude Code, Gemini CLI, Codex, OpenCode),
//! the installers of those hooks into each agent's settings, and the MCP server.
