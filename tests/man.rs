//! The man pages in `man/` are generated from the clap definitions, with the sections clap
//! does not know (ENVIRONMENT, EXIT STATUS, FILES, SEE ALSO) added from the tables below. This
//! test fails when one is stale; `CTX_UPDATE_MAN=1 cargo test --test man` writes them anew.
//! `ctx install-extras` installs them (they are built into `ctx`).

use clap::CommandFactory;
use std::collections::BTreeMap;
use std::path::Path;

/// Variables that no flag names, and what they do, by the tools that read them ("*": all).
const MORE_ENV: &[(&str, &str, &str)] = &[
    (
        "CTX_CONFIG",
        "*",
        "The config file with per-tool profiles (after --config, before ./ctx.toml and $XDG_CONFIG_HOME/ctx/config.toml).",
    ),
    (
        "CTX_TRUST_PROJECT_CONFIG",
        "*",
        "1: let ./ctx.toml set base_url, model and provider (it cannot otherwise: a cloned repository must not choose where your data goes).",
    ),
    ("XDG_CONFIG_HOME", "*", "Where the user's config is: $XDG_CONFIG_HOME/ctx/config.toml (~/.config when unset)."),
    (
        "XDG_CACHE_HOME",
        "*",
        "Where the spill store ($XDG_CACHE_HOME/ctx/spill) and the LLM response cache ($XDG_CACHE_HOME/ctx/llm) are (~/.cache when unset).",
    ),
    (
        "OPENAI_API_KEY",
        "ctx-summarize ctx-compact ctx",
        "The key for an OpenAI-compatible API (or the variable --api-key-env names). Never printed, logged or stored.",
    ),
    (
        "ANTHROPIC_API_KEY",
        "ctx-summarize ctx-compact ctx",
        "The key for the Anthropic API; with no --base-url, its presence chooses that provider.",
    ),
    (
        "OPENAI_BASE_URL",
        "ctx-summarize ctx-compact ctx",
        "The API's base URL when neither --base-url nor CTX_BASE_URL is given.",
    ),
    ("CTX_HOOK", "ctx", "off: ctx hook answers nothing, so the agent keeps every output as it is."),
    ("CTX_STATS", "ctx", "off: the hooks log nothing for ctx stats."),
    ("CTX_PERSIST_DIR", "ctx", "Where the hooks and the MCP server save full texts (default: the spill store)."),
    ("CLAUDE_CONFIG_DIR", "ctx", "Claude Code's user settings directory (default ~/.claude), for ctx init claude."),
    ("CODEX_HOME", "ctx", "Codex's home (default ~/.codex), for ctx init codex."),
    ("COPILOT_HOME", "ctx", "GitHub Copilot CLI's home (default ~/.copilot), for ctx init copilot."),
    ("QWEN_HOME", "ctx", "Qwen Code's home (default ~/.qwen), for ctx init qwen."),
    ("AMP_SETTINGS_FILE", "ctx", "Amp's settings file (default $XDG_CONFIG_HOME/amp/settings.json), for ctx init amp."),
];

const EXIT: &str = "0: success. 1: a runtime error (an unreadable file, a bad transcript, a budget that cannot be met, an LLM failure with --strict). 2: a usage error. 3: --batch-out wrote batch requests (run the same command again with --batch-in and their results); ctx batch status: the batch still runs. A broken pipe ends quietly with 0. With -- COMMAND, ctx-truncate exits with the command's status (124 after --timeout, 128+N after signal N, 126 when it cannot be run, 127 when it is not found). ctx hook always exits 0: when it fails, the agent keeps its original output.";

const FILES: &str = "\\fI./ctx.toml\\fR, \\fI$XDG_CONFIG_HOME/ctx/config.toml\\fR: per-tool profiles (see ctx.example.toml).\n.br\n\\fI$XDG_CACHE_HOME/ctx/spill/\\fR: full texts that a cut saved (files 0600, folders 0700), pruned by ctx gc.\n.br\n\\fI$XDG_CACHE_HOME/ctx/llm/\\fR: the LLM response cache.\n.br\n\\fI.ctx-store/\\fR beside compacted transcripts: their originals and restore indexes.";

fn roff(s: &str) -> String {
    s.replace('\\', "\\\\").replace('-', "\\-")
}

/// The variables `cmd` (and its subcommands) read through flags, with their help.
fn flag_env(cmd: &clap::Command, out: &mut BTreeMap<String, String>) {
    for a in cmd.get_arguments() {
        if let Some(var) = a.get_env().and_then(|v| v.to_str()) {
            let help = a.get_help().map(|h| h.to_string()).unwrap_or_default();
            let flag = a.get_long().map(|l| format!("--{l}: ")).unwrap_or_default();
            out.entry(var.to_string()).or_insert(format!("{flag}{help}"));
        }
    }
    for sub in cmd.get_subcommands() {
        flag_env(sub, out);
    }
}

fn extra(name: &str, cmd: &clap::Command) -> String {
    let mut env = BTreeMap::new();
    flag_env(cmd, &mut env);
    for (var, tools, what) in MORE_ENV {
        if *tools == "*" || tools.split(' ').any(|t| t == name) {
            env.entry((*var).to_string()).or_insert((*what).to_string());
        }
    }
    let mut s = String::from(".SH ENVIRONMENT\n");
    for (var, what) in &env {
        s.push_str(&format!(".TP\n\\fB{}\\fR\n{}\n", roff(var), roff(what)));
    }
    s.push_str(&format!(".SH \"EXIT STATUS\"\n{}\n", roff(EXIT)));
    s.push_str(&format!(".SH FILES\n{FILES}\n"));
    let others: Vec<String> = ["ctx", "ctx-truncate", "ctx-chunk", "ctx-score", "ctx-summarize", "ctx-compact"]
        .iter()
        .filter(|t| **t != name)
        .map(|t| format!("\\fB{}\\fR(1)", roff(t)))
        .collect();
    s.push_str(&format!(".SH \"SEE ALSO\"\n{}\n", others.join(", ")));
    s
}

fn check(name: &str, cmd: clap::Command) {
    let mut page = Vec::new();
    let man = clap_mangen::Man::new(cmd.clone());
    man.render_title(&mut page).expect("renders");
    man.render_name_section(&mut page).expect("renders");
    man.render_synopsis_section(&mut page).expect("renders");
    man.render_description_section(&mut page).expect("renders");
    man.render_options_section(&mut page).expect("renders");
    if cmd.has_subcommands() {
        man.render_subcommands_section(&mut page).expect("renders");
    }
    if cmd.get_after_help().is_some() || cmd.get_after_long_help().is_some() {
        man.render_extra_section(&mut page).expect("renders");
    }
    page.extend_from_slice(extra(name, &cmd).as_bytes());
    man.render_version_section(&mut page).expect("renders");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("man").join(format!("{name}.1"));
    if std::env::var_os("CTX_UPDATE_MAN").is_some() {
        std::fs::write(&path, &page).expect("writes the man page");
        return;
    }
    let current = std::fs::read(&path).unwrap_or_default();
    assert!(current == page, "{} is stale: run CTX_UPDATE_MAN=1 cargo test --test man", path.display());
}

#[test]
fn man_pages_are_current() {
    check("ctx", ctx::cli::agent::Args::command());
    check("ctx-truncate", ctx::cli::truncate::Args::command());
    check("ctx-chunk", ctx::cli::chunk::Args::command());
    check("ctx-score", ctx::cli::score::Args::command());
    check("ctx-summarize", ctx::cli::summarize::Args::command());
    check("ctx-compact", ctx::cli::compact::Args::command());
}

#[test]
fn every_page_has_the_sections_a_man_page_needs() {
    for name in ["ctx", "ctx-truncate", "ctx-chunk", "ctx-score", "ctx-summarize", "ctx-compact"] {
        let page = std::fs::read_to_string(format!("man/{name}.1")).expect("page");
        for section in [
            ".SH NAME",
            ".SH SYNOPSIS",
            ".SH OPTIONS",
            ".SH ENVIRONMENT",
            ".SH \"EXIT STATUS\"",
            ".SH FILES",
            ".SH \"SEE ALSO\"",
        ] {
            assert!(page.contains(section), "{name}.1 has no {section}");
        }
    }
    let summarize = std::fs::read_to_string("man/ctx-summarize.1").expect("page");
    for var in ["CTX_MODEL", "CTX_BASE_URL", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "CTX_LLM_JOBS"] {
        assert!(summarize.contains(&format!("\\fB{}\\fR", var.replace('-', "\\-"))), "ctx-summarize.1 lacks {var}");
    }
}
