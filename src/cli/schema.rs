//! `--tool-schema openai|anthropic`: a tool definition, in a provider's function-calling shape,
//! for a tool an agent can call that runs one of these filters.

use serde_json::{Value, json};

/// The provider whose function-calling shape to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Shape {
    /// `{"type": "function", "function": {name, description, parameters}}` (Chat Completions).
    Openai,
    /// `{name, description, input_schema}` (Messages API).
    Anthropic,
}

/// The definition of a tool named `name` with JSON-schema `properties`, of which `required` are
/// required, in `provider`'s shape.
pub fn definition(provider: Shape, name: &str, description: &str, properties: Value, required: &[&str]) -> Value {
    let schema = json!({"type": "object", "properties": properties, "required": required});
    match provider {
        Shape::Openai => json!({
            "type": "function",
            "function": {"name": name, "description": description, "parameters": schema},
        }),
        Shape::Anthropic => json!({"name": name, "description": description, "input_schema": schema}),
    }
}

/// The tool that re-reads saved output by path and line range (`ctx-truncate --lines`).
pub fn read_output(provider: Shape) -> Value {
    definition(
        provider,
        "read_output",
        "Read part of a long output that was saved to a file. Use it when a tool result was cut and \
         names the path of its full text: give that path and the lines to read (for example \
         \"120:240\"); the answer is cut to max_chars, with a marker that says what was left out.",
        json!({
            "path": {"type": "string", "description": "The path named in the cut tool result."},
            "lines": {"type": "string", "description": "Lines to read, A:B (1-based, inclusive), A: or :B; all if omitted."},
            "max_chars": {"type": "integer", "minimum": 1, "description": "At most this many chars back (default 12000)."},
        }),
        &["path"],
    )
}

/// The tool that summarizes a saved file with a focus (`ctx-summarize --focus`).
pub fn summarize_file(provider: Shape) -> Value {
    definition(
        provider,
        "summarize_file",
        "Summarize a long file or saved tool output. Use it for a first look at something too \
         large to read whole; say in focus what the summary must keep (an error, a function, a \
         number). Then read the parts you need with read_output.",
        json!({
            "path": {"type": "string", "description": "The file to summarize."},
            "focus": {"type": "string", "description": "What the summary must keep."},
            "max_chars": {"type": "integer", "minimum": 1, "description": "At most this many chars back (default 8000)."},
        }),
        &["path"],
    )
}
