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
    /// The config file with per-tool profiles [default: $CTX_CONFIG, ./ctx.toml,
    /// $XDG_CONFIG_HOME/ctx/config.toml]
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

/// The profile for `tool` with the `flags` over it; a note on stderr with `verbose` when the
/// tool has no profile.
pub fn resolve(
    args: &ProfileArgs,
    tool: Option<&str>,
    flags: &Settings,
    verbose: bool,
    name: &str,
) -> Result<Resolved> {
    // The built-in profiles, then the user's file over them: its [defaults], and its profile
    // for the tool where it has one.
    let mut resolved = config::builtin_for(tool).resolve(tool);
    resolved.file = None;
    if let Some(cfg) = config::open(args.config.as_deref())? {
        if !cfg.ignored.is_empty() {
            eprintln!(
                "{name}: warning: '{}' may not say where data goes: ignored {} (trust it with {}=1, or move them to $XDG_CONFIG_HOME/ctx/config.toml)",
                cfg.file.display(),
                cfg.ignored.join(", "),
                config::TRUST_VAR
            );
        }
        let user = cfg.resolve(tool);
        resolved.settings.overlay(&user.settings);
        resolved.origins.extend(user.origins);
        resolved.file = user.file;
        resolved.unknown_tool &= user.unknown_tool;
        resolved.profile = user.profile.or(resolved.profile);
    }
    if verbose && let Some(t) = tool {
        match (&resolved.profile, resolved.unknown_tool) {
            (Some(p), _) => eprintln!("{name}: tool '{t}': profile [{p}]"),
            (None, true) => {
                let file = resolved.file.as_ref().map_or_else(String::new, |f| format!(" in '{}'", f.display()));
                eprintln!("{name}: no profile for tool '{t}'{file} or built in: the defaults apply");
            }
            (None, false) => {}
        }
    }
    resolved.apply(flags);
    Ok(resolved)
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
    let mut r = resolve(args, None, &flags, verbose, name)?;
    r.settings = Settings { encoding: r.settings.encoding, ..Settings::default() };
    if args.print_config {
        return Ok(Some(render(&r)));
    }
    encoding.encoding = r.settings.encoding.unwrap_or(encoding.encoding);
    Ok(None)
}
