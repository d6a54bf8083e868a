//! `--config FILE` and `--print-config`: a tool's profile from the config file (see
//! [`crate::config`]) fills in every setting the command line leaves unset.

use crate::config::{self, Resolved, Settings};
use anyhow::Result;
use clap::ArgMatches;
use clap::parser::ValueSource;
use std::path::PathBuf;
use std::process::ExitCode;

/// The whole `main` of a tool with profiles: parse, lay the profile under the flags given
/// (`apply` returns the `--print-config` text, if asked), then run.
pub fn main<T: clap::Parser>(
    tool: &str,
    argv: Vec<std::ffi::OsString>,
    apply: fn(&mut T, &ArgMatches) -> Result<Option<String>>,
    run: fn(T) -> Result<ExitCode>,
) -> ExitCode {
    super::main_with_matches(tool, argv, |mut args: T, m| match apply(&mut args, &m)? {
        Some(text) => {
            std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        None => run(args),
    })
}

/// `--config`, `--print-config`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct ProfileArgs {
    /// The config file with per-tool profiles, instead of $CTX_CONFIG or the usual two
    /// [default: $XDG_CONFIG_HOME/ctx/config.toml, then ./ctx.toml over it]
    #[arg(long, value_name = "FILE", help_heading = "Profiles")]
    pub config: Option<PathBuf>,
    /// Print the settings in effect and where each came from, and exit
    #[arg(long, help_heading = "Profiles")]
    pub print_config: bool,
}

/// Whether the argument `id` was given on the command line or by its environment variable.
pub fn given(m: &ArgMatches, id: &str) -> bool {
    matches!(m.value_source(id), Some(ValueSource::CommandLine | ValueSource::EnvVariable))
}

/// The settings keys that an environment variable can set, with it; the flag of each has the
/// key's name as its id.
const ENV_VARS: &[(&str, &str)] = &[
    ("encoding", "CTX_ENCODING"),
    ("base_url", "CTX_BASE_URL"),
    ("model", "CTX_MODEL"),
    ("persist", "CTX_PERSIST_DIR"),
];

/// The profile for `tool` with the `flags` over it (`m` says which of them came from the
/// environment); a note on stderr with `verbose` when the tool has no profile.
pub fn resolve(
    args: &ProfileArgs,
    tool: Option<&str>,
    flags: &Settings,
    m: &ArgMatches,
    verbose: bool,
    name: &str,
) -> Result<Resolved> {
    let from_env =
        |key: &str| m.ids().any(|id| id.as_str() == key) && m.value_source(key) == Some(ValueSource::EnvVariable);
    resolve_with(args, tool, flags, verbose, name, from_env)
}

/// [`resolve`] without a command line: `from_env` says which keys' flags took their value
/// from their environment variable (for `--print-config` to say so).
pub fn resolve_with(
    args: &ProfileArgs,
    tool: Option<&str>,
    flags: &Settings,
    verbose: bool,
    name: &str,
    from_env: impl Fn(&str) -> bool,
) -> Result<Resolved> {
    // The built-in profiles, then each file over them (the user's, then the project's): its
    // [defaults], and its profile for the tool where it has one.
    let mut resolved = config::builtin_for(tool).resolve(tool);
    resolved.files.clear();
    for cfg in config::open(args.config.as_deref())? {
        if !cfg.ignored.is_empty() {
            eprintln!(
                "{name}: warning: '{}' may not say where data goes: ignored {} (trust it with {}=1, or move them to $XDG_CONFIG_HOME/ctx/config.toml)",
                cfg.file.display(),
                cfg.ignored.join(", "),
                config::TRUST_VAR
            );
        }
        resolved.layer(cfg.resolve(tool));
    }
    if verbose && let Some(t) = tool {
        match (&resolved.profile, resolved.unknown_tool) {
            (Some(p), _) => eprintln!("{name}: tool '{t}': profile [{p}]"),
            (None, true) => {
                let files: Vec<String> = resolved.files.iter().map(|(f, _)| format!("'{}'", f.display())).collect();
                let file = if files.is_empty() { String::new() } else { format!(" in {}", files.join(" or ")) };
                eprintln!("{name}: no profile for tool '{t}'{file} or built in: the defaults apply");
            }
            (None, false) => {}
        }
    }
    resolved.apply(flags);
    for &(key, var) in ENV_VARS {
        if from_env(key) {
            resolved.from_env(key, var);
        }
    }
    Ok(resolved)
}

/// For the tools that call an LLM: `OPENAI_BASE_URL` is the base URL when nothing else sets one
/// (what [`super::args::LlmConnArgs::config`] does), so that `--print-config` shows it.
pub fn openai_base_url(resolved: &mut Resolved) {
    if resolved.settings.base_url.is_none()
        && let Some(url) = std::env::var("OPENAI_BASE_URL").ok().filter(|v| !v.is_empty())
    {
        resolved.settings.base_url = Some(url);
        resolved.env.insert("base_url", "OPENAI_BASE_URL");
    }
}

/// The `--print-config` text: the file, the profile and each setting with its origin; what is
/// not listed has the command's built-in default (see --help).
pub fn render(resolved: &Resolved) -> String {
    format!("{}# anything not listed: the built-in default (see --help)\n", config::render(resolved))
}

/// For a tool whose only setting a config file holds is `encoding` (ctx-chunk, ctx-score): lays
/// the file's `[defaults]` encoding under `--encoding`; with `--print-config`, the text to print.
pub fn encoding_only(
    args: &ProfileArgs,
    encoding: &mut super::args::EncodingArg,
    m: &ArgMatches,
    verbose: bool,
    name: &str,
) -> Result<Option<String>> {
    let flags = Settings { encoding: given(m, "encoding").then_some(encoding.encoding), ..Settings::default() };
    let mut r = resolve(args, None, &flags, m, verbose, name)?;
    r.settings = Settings { encoding: r.settings.encoding, ..Settings::default() };
    if args.print_config {
        return Ok(Some(render(&r)));
    }
    encoding.encoding = r.settings.encoding.unwrap_or(encoding.encoding);
    Ok(None)
}
