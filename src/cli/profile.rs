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

/// Whether `-q` was given (a tool without it is never quiet).
fn quiet(m: &ArgMatches) -> bool {
    m.try_get_one::<bool>("quiet").ok().flatten().copied().unwrap_or(false)
}

/// Whether the argument `id` was given on the command line or by its environment variable.
pub fn given(m: &ArgMatches, id: &str) -> bool {
    matches!(m.value_source(id), Some(ValueSource::CommandLine | ValueSource::EnvVariable))
}

/// Binds each config key a tool takes to the field its flag fills, each once: `opt KEY =>
/// FIELD` for an `Option` field, `val KEY => FIELD` for a field with a default. The flags given
/// (on the command line or by their environment variable) become `$flags`; `$resolve` lays the
/// profile under them (and may return early, for `--print-config`); each field then gets the
/// resolved value of its key, where one is set. The whole is the [`config::Resolved`].
macro_rules! bind_keys {
    ($m:expr, |$flags:ident| $resolve:expr, { $( $kind:ident $key:ident => $place:expr ),* $(,)? }) => {{
        let given = |id: &str| $crate::cli::profile::given($m, id);
        let mut $flags = $crate::config::Settings::default();
        $( $flags.$key = $crate::cli::profile::bind_keys!(@get $kind, given(stringify!($key)), $place); )*
        let resolved: $crate::config::Resolved = $resolve;
        $( $crate::cli::profile::bind_keys!(@set $kind, resolved.settings.$key.clone(), $place); )*
        resolved
    }};
    (@get opt, $given:expr, $place:expr) => { $place.clone().filter(|_| $given) };
    (@get val, $given:expr, $place:expr) => { $given.then(|| $place.clone()) };
    (@set opt, $value:expr, $place:expr) => { if let Some(v) = $value { $place = Some(v) } };
    (@set val, $value:expr, $place:expr) => { if let Some(v) = $value { $place = v } };
}
pub(crate) use bind_keys;

/// The profile for `tool` with the `flags` over it (`m` says which of them came from the
/// environment); a note on stderr with `verbose` when the tool has no profile, and a warning
/// for the keys a project's file may not set, unless `-q` was given.
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
    resolve_with(args, tool, flags, verbose, quiet(m), name, from_env)
}

/// [`resolve`] without a command line: `from_env` says which keys' flags took their value
/// from their environment variable (for `--print-config` to say so).
pub fn resolve_with(
    args: &ProfileArgs,
    tool: Option<&str>,
    flags: &Settings,
    verbose: bool,
    quiet: bool,
    name: &str,
    from_env: impl Fn(&str) -> bool,
) -> Result<Resolved> {
    // The built-in profiles, then each file over them (the user's, then the project's): its
    // [defaults], and its profile for the tool where it has one.
    let mut resolved = config::builtin_for(tool).resolve(tool);
    resolved.files.clear();
    for cfg in config::open(args.config.as_deref())? {
        if !cfg.ignored.is_empty() && !quiet {
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
    for &(key, var) in config::ENV_VARS {
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
    bind_keys!(m, |flags| {
        let mut r = resolve(args, None, &flags, m, verbose, name)?;
        r.settings.retain(&["encoding"]);
        if args.print_config {
            return Ok(Some(render(&r)));
        }
        r
    }, { val encoding => encoding.encoding });
    Ok(None)
}
