//! Per-tool profiles from a TOML config file: `[defaults]` for every tool and one
//! `[tools.NAME]` table per tool, named as the agent names it (with `aliases` for its other
//! names), so that `ctx-truncate --tool grep` and `ctx-summarize --tool Read` each get the
//! settings that suit that tool's output.
//!
//! The files are found by [`find`]: `--config FILE` or `CTX_CONFIG` alone, else the user's
//! `$XDG_CONFIG_HOME/ctx/config.toml` (`~/.config/ctx/config.toml` when that is unset) with the
//! project's `./ctx.toml` over it. Flags override the profile and the profile overrides the
//! defaults; every value remembers the file and line it came from (or the flag or environment
//! variable), so `--print-config` ([`render`]) can say where each setting came from. Every
//! mistake in the file is a usage error that names the file and the line:
//! `ctx.toml:7: unknown key 'max_char' (did you mean 'max_chars'?)`.

use crate::error::{error_line, usage};
use crate::llm::Provider;
use crate::structure::Format;
use crate::summarize::Backend;
use crate::tokens::Encoding;
use crate::truncate::Strategy;
use anyhow::{Context, Result};
use clap::ValueEnum;
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// Declares every settings key once, in the order [`render`] shows them: its doc, its name (a
/// field of [`Settings`] and a key of the file), its type, how a file's value is read and checked
/// (`read(key, value) -> Result<T, Problem>`), how `--print-config` shows it (`show(&T) ->
/// String`, TOML text) and the environment variable its flag also reads, if any. From that one
/// table come [`KEYS`], [`ENV_VARS`], [`Settings`], its overlay, value, unset and retain, and the
/// file's assignment: adding a key is one line here (and the flag it binds to in its tool).
macro_rules! keys {
    ($( $(#[$doc:meta])* $key:ident: $ty:ty = $read:expr, $show:expr $(, env $var:literal)?; )*) => {
        /// The settings keys a section may hold, in the order [`render`] shows them.
        pub const KEYS: &[&str] = &[$(stringify!($key)),*];

        /// The keys whose flag also reads an environment variable, with it (`--print-config`
        /// says `# env NAME` for a value that came from one).
        pub const ENV_VARS: &[(&str, &str)] = &[$($( (stringify!($key), $var), )?)*];

        /// One value per key, each `None` when not set; the keys mean what the flags of the same
        /// name (with `-` for `_`) mean.
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct Settings {
            $( $(#[$doc])* pub $key: Option<$ty>, )*
        }

        impl Settings {
            /// Sets every key that `over` sets to its value there. The budget is one setting:
            /// where `over` sets any of [`BUDGET_KEYS`], it replaces all four (`--max-tokens
            /// 4000` over a profile's `max_chars` is 4,000 tokens, not that and the chars too).
            pub fn overlay(&mut self, over: &Settings) {
                if over.budget().is_some() {
                    BUDGET_KEYS.iter().for_each(|k| self.unset(k));
                }
                $( if over.$key.is_some() { self.$key.clone_from(&over.$key); } )*
            }

            /// The value of `key` as TOML text, `None` when it is not set (or not a key).
            pub fn value(&self, key: &str) -> Option<String> {
                match key {
                    $( stringify!($key) => self.$key.as_ref().map($show), )*
                    _ => None,
                }
            }

            /// Unsets `key` (nothing when it is not a key).
            pub fn unset(&mut self, key: &str) {
                match key {
                    $( stringify!($key) => self.$key = None, )*
                    _ => {}
                }
            }

            /// Unsets every key but `keys`.
            pub fn retain(&mut self, keys: &[&str]) {
                $( if !keys.contains(&stringify!($key)) { self.$key = None; } )*
            }
        }

        /// Checks `v` as the value of `key` and sets it.
        fn assign(s: &mut Settings, key: &str, v: &Spanned<DeValue<'_>>) -> Result<(), Problem> {
            match key {
                $( stringify!($key) => s.$key = Some($read(key, v)?), )*
                _ => {}
            }
            Ok(())
        }
    };
}

/// The keys of a budget, which a layer sets as a whole (see [`Settings::overlay`]).
pub const BUDGET_KEYS: [&str; 4] = ["max_chars", "max_tokens", "max_bytes", "max_lines"];

keys! {
    /// `--max-chars`.
    max_chars: u64 = count, count_text;
    /// `--max-tokens`.
    max_tokens: u64 = count, count_text;
    /// `--max-bytes`.
    max_bytes: u64 = count, count_text;
    /// `--max-lines`.
    max_lines: u64 = count, count_text;
    /// `--encoding`.
    encoding: Encoding = choice, name, env "CTX_ENCODING";
    /// `--strategy`.
    strategy: Strategy = choice, name;
    /// `--head-ratio`, from 0 to 1.
    head_ratio: f64 = ratio, |r: &f64| format!("{r:?}");
    /// `--keep`: regular expressions, each checked.
    keep: Vec<String> = patterns, |k: &Vec<String>| list(k);
    /// `--clean` (`true`); `false` is `--no-clean`, and unset cleans an input only when it is
    /// cut (a command's output always).
    clean: bool = flag, bool::to_string;
    /// `--marker`: a template whose placeholders are checked.
    marker: String = template, |s: &String| quote(s);
    /// `--no-marker`.
    no_marker: bool = flag, bool::to_string;
    /// `--persist`, as written (a relative path is relative to the working directory, as the flag's).
    persist: PathBuf = path, |p: &PathBuf| quote(&p.display().to_string()), env "CTX_PERSIST_DIR";
    /// `--preview`.
    preview: u64 = count, count_text;
    /// What the input is.
    from: Format = choice, name;
    /// `false`: never summarized; `ctx-summarize` only truncates it.
    summarize: bool = flag, bool::to_string;
    /// `--pass-through`.
    pass_through: u64 = count, count_text;
    /// `--summarize-above`.
    summarize_above: u64 = count, count_text;
    /// `--max-output`.
    max_output: u64 = count, count_text;
    /// `--backend`.
    backend: Backend = choice, name;
    /// `--model`.
    model: String = text, |s: &String| quote(s), env "CTX_MODEL";
    /// `--base-url`: never shown with a password.
    base_url: String = text, |u: &String| quote(&crate::llm::redact_url(u)), env "CTX_BASE_URL";
    /// `--provider`.
    provider: Provider = choice, name;
    /// `--focus`.
    focus: String = text, |s: &String| quote(s);
}

impl Settings {
    /// The budget the four limits set, `None` when none is set: what `--max-tokens` and its
    /// kin become, in one step from the resolved settings.
    pub fn budget(&self) -> Option<crate::text::Budget> {
        let b = crate::text::Budget {
            bytes: self.max_bytes,
            chars: self.max_chars,
            lines: self.max_lines,
            tokens: self.max_tokens,
        };
        (!b.is_unlimited()).then_some(b)
    }
}

/// Where a value came from: a line of a section of the config file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The config file, as given or found.
    pub file: PathBuf,
    /// The line (1-based) of the key.
    pub line: usize,
    /// `defaults` or `tools.NAME`.
    pub section: String,
}

/// Which config file a [`ConfigFile`] is, and so how much it may say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FileKind {
    /// Named by `--config` or `CTX_CONFIG` (or parsed from text): it alone applies.
    #[default]
    Named,
    /// The user's own, `$XDG_CONFIG_HOME/ctx/config.toml`.
    User,
    /// `./ctx.toml`, which belongs to the project in the working folder: its keys apply over the
    /// user's, but for the [`DESTINATION_KEYS`], unless the user trusts it.
    Project,
}

impl FileKind {
    /// How `--print-config` names it after the path.
    fn label(self) -> &'static str {
        match self {
            FileKind::Named => "",
            FileKind::User => " (user)",
            FileKind::Project => " (project)",
        }
    }
}

/// The settings for one tool, and where each came from. `Resolved::default()` stands for no
/// config file at all.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Resolved {
    /// The effective settings.
    pub settings: Settings,
    /// Where each set key came from; a set key without an origin came from a flag or, when
    /// [`Resolved::env`] names it, from an environment variable.
    pub origins: BTreeMap<&'static str, Origin>,
    /// The keys set by an environment variable, with its name.
    pub env: BTreeMap<&'static str, &'static str>,
    /// The config files that apply, the last over the others.
    pub files: Vec<(PathBuf, FileKind)>,
    /// The tool name asked for.
    pub tool: Option<String>,
    /// The profile used, `tools.NAME`, after alias lookup.
    pub profile: Option<String>,
    /// Whether a tool was named that no profile knows: the defaults alone apply.
    pub unknown_tool: bool,
}

impl Resolved {
    /// Overrides the settings with those given by flags; their keys then show `# flag`.
    pub fn apply(&mut self, flags: &Settings) {
        self.settings.overlay(flags);
        let kept = |key: &str| flags.value(key).is_none() && self.settings.value(key).is_some();
        self.origins.retain(|key, _| kept(key));
        self.env.retain(|key, _| kept(key));
    }

    /// Says that `key`, set by [`Resolved::apply`], came from the environment variable `var`.
    pub fn from_env(&mut self, key: &'static str, var: &'static str) {
        if self.settings.value(key).is_some() && !self.origins.contains_key(key) {
            self.env.insert(key, var);
        }
    }

    /// Lays `over` (a later file's settings for the same tool) over these, key by key but for
    /// the budget, which goes as a whole (see [`Settings::overlay`]).
    pub fn layer(&mut self, over: Resolved) {
        self.settings.overlay(&over.settings);
        self.origins.retain(|key, _| self.settings.value(key).is_some());
        self.origins.extend(over.origins);
        self.files.extend(over.files);
        self.unknown_tool &= over.unknown_tool;
        self.profile = over.profile.or(self.profile.take());
    }
}

/// One section: `[defaults]` or `[tools.NAME]`.
#[derive(Clone, Debug, Default)]
struct Section {
    name: String,
    settings: Settings,
    lines: BTreeMap<&'static str, usize>,
    /// Each alias with its byte offset.
    aliases: Vec<(String, usize)>,
}

/// A parsed and checked config file.
#[derive(Clone, Debug)]
pub struct ConfigFile {
    /// The file, as given or found.
    pub file: PathBuf,
    /// Which file it is.
    pub kind: FileKind,
    defaults: Section,
    tools: Vec<Section>,
    names: BTreeMap<String, usize>,
    /// Keys the file set but may not, as `section.key` (see [`open`]).
    pub ignored: Vec<String>,
}

impl ConfigFile {
    /// Drops the keys that say where data goes from every section, listing them in `ignored`.
    fn drop_destinations(&mut self) {
        for section in std::iter::once(&mut self.defaults).chain(self.tools.iter_mut()) {
            for &key in DESTINATION_KEYS {
                if section.lines.remove(key).is_some() {
                    self.ignored.push(format!("{}.{key}", section.name));
                }
                section.settings.unset(key);
            }
        }
    }

    /// The settings for `tool`: `[defaults]` overlaid by `[tools.TOOL]`, or by the profile that
    /// lists `tool` among its aliases. An unknown tool gets the defaults alone.
    pub fn resolve(&self, tool: Option<&str>) -> Resolved {
        let profile = tool.and_then(|t| self.names.get(&t.to_lowercase())).and_then(|&i| self.tools.get(i));
        let mut r = Resolved {
            settings: self.defaults.settings.clone(),
            origins: self.origins(&self.defaults),
            env: BTreeMap::new(),
            files: vec![(self.file.clone(), self.kind)],
            tool: tool.map(str::to_string),
            profile: profile.map(|p| p.name.clone()),
            unknown_tool: tool.is_some() && profile.is_none(),
        };
        if let Some(p) = profile {
            r.settings.overlay(&p.settings);
            r.origins.retain(|key, _| r.settings.value(key).is_some());
            r.origins.extend(self.origins(p));
        }
        r
    }

    /// The profile names (`tools.NAME`) in the order of the file.
    pub fn profiles(&self) -> Vec<&str> {
        self.tools.iter().map(|s| s.name.as_str()).collect()
    }

    fn origins(&self, section: &Section) -> BTreeMap<&'static str, Origin> {
        let origin = |&line: &usize| Origin { file: self.file.clone(), line, section: section.name.clone() };
        section.lines.iter().map(|(&key, line)| (key, origin(line))).collect()
    }
}

/// What [`find`] consults besides an explicit path.
#[derive(Clone, Debug, Default)]
pub struct Places {
    /// `CTX_CONFIG`.
    pub ctx_config: Option<OsString>,
    /// The directory `ctx.toml` is looked for in; empty for the working directory, which
    /// keeps the found path short (`ctx.toml`).
    pub cwd: PathBuf,
    /// `XDG_CONFIG_HOME`.
    pub xdg_config_home: Option<OsString>,
    /// `HOME`.
    pub home: Option<OsString>,
}

impl Places {
    /// The places of this process: its environment and working directory.
    pub fn from_env() -> Places {
        Places {
            ctx_config: std::env::var_os("CTX_CONFIG"),
            cwd: PathBuf::new(),
            xdg_config_home: std::env::var_os("XDG_CONFIG_HOME"),
            home: std::env::var_os("HOME"),
        }
    }
}

/// Finds the config files, the last over the others: `explicit`, else `CTX_CONFIG`, alone;
/// else the user's `$XDG_CONFIG_HOME/ctx/config.toml` (or `~/.config/ctx/config.toml`), then
/// the project's `./ctx.toml`, those of them that exist. An explicit path or `CTX_CONFIG` that
/// cannot be opened is an error.
pub fn find(explicit: Option<&Path>) -> Result<Vec<(PathBuf, FileKind)>> {
    find_in(explicit, &Places::from_env())
}

/// [`find`] with the environment given.
pub fn find_in(explicit: Option<&Path>, places: &Places) -> Result<Vec<(PathBuf, FileKind)>> {
    let named = explicit.map(Path::to_path_buf).or_else(|| set(&places.ctx_config).map(PathBuf::from));
    if let Some(path) = named {
        // A file the user named that is not there is a mistake in the call: a usage error.
        let meta = std::fs::metadata(&path)
            .map_err(|e| usage(format!("cannot open config '{}': {}", path.display(), error_line(&e.into()))))?;
        if meta.is_dir() {
            return Err(usage(format!("cannot open config '{}': Is a directory", path.display())));
        }
        return Ok(vec![(path, FileKind::Named)]);
    }
    // An XDG_CONFIG_HOME that is not absolute is to be ignored, says the XDG spec.
    let user = match set(&places.xdg_config_home).map(PathBuf::from).filter(|p| p.is_absolute()) {
        Some(xdg) => Some(xdg.join("ctx").join("config.toml")),
        None => set(&places.home).map(|h| PathBuf::from(h).join(".config").join("ctx").join("config.toml")),
    };
    let found = [user.map(|u| (u, FileKind::User)), Some((places.cwd.join("ctx.toml"), FileKind::Project))];
    Ok(found.into_iter().flatten().filter(|(p, _)| p.is_file()).collect())
}

/// A variable's value, unless it is unset or empty.
fn set(var: &Option<OsString>) -> Option<&OsString> {
    var.as_ref().filter(|v| !v.is_empty())
}

/// Reads and parses the config file at `path`.
pub fn load(path: &Path) -> Result<ConfigFile> {
    let bytes = crate::regular::read(path, crate::regular::CONFIG_CAP, "as a config file")
        .with_context(|| format!("cannot open config '{}'", path.display()))?;
    match String::from_utf8(bytes) {
        Ok(text) => parse(path, &text),
        Err(e) => {
            let line = line_of(e.as_bytes(), e.utf8_error().valid_up_to());
            Err(usage(format!("{}:{line}: not valid UTF-8", path.display())))
        }
    }
}

/// The built-in profiles: `ctx.example.toml`, compiled in.
pub const BUILTIN: &str = include_str!("../ctx.example.toml");

/// The built-in profiles, parsed. They are checked by the tests, so they always parse.
pub fn builtin() -> ConfigFile {
    parse_builtin(BUILTIN)
}

/// The built-in profiles as [`ConfigFile::resolve`] reads them for `tool`: without a tool, only the
/// file up to the end of its first section, `[defaults]`, which is all that applies then. A
/// filter runs once per tool call; the whole file took as many instructions to parse as the
/// rest of the start of `ctx-truncate`. Offsets, and so the lines origins name, are the same.
pub fn builtin_for(tool: Option<&str>) -> ConfigFile {
    match tool {
        Some(_) => builtin(),
        None => parse_builtin(defaults_part(BUILTIN)),
    }
}

/// `text` up to the end of its `[defaults]` section when that is its first section, else whole.
fn defaults_part(text: &str) -> &str {
    let first = text.find("\n[").map(|i| i + 1);
    match first.filter(|i| text[*i..].starts_with("[defaults]\n")) {
        Some(start) => text[start..].find("\n[").map_or(text, |end| &text[..start + end + 1]),
        None => text,
    }
}

fn parse_builtin(text: &str) -> ConfigFile {
    parse(Path::new("built-in"), text).unwrap_or_else(|_| ConfigFile {
        file: PathBuf::from("built-in"),
        kind: FileKind::Named,
        defaults: Section::default(),
        tools: Vec::new(),
        names: BTreeMap::new(),
        ignored: Vec::new(),
    })
}

/// The keys that say where data goes: a project's file may not set them (see [`open`]).
pub const DESTINATION_KEYS: &[&str] = &["base_url", "model", "provider"];

/// The variable that makes a project's `./ctx.toml` trusted to say where data goes.
pub const TRUST_VAR: &str = "CTX_TRUST_PROJECT_CONFIG";

/// Finds ([`find`]) and loads the config files, the last over the others; none when there is
/// none.
///
/// A `./ctx.toml` found in the working folder belongs to whatever project the folder is (an
/// agent works inside cloned repositories): it may set budgets and strategies over the user's
/// own file, but where data goes (`base_url`, `model`, `provider`) comes only from flags, the
/// environment, the user's own file (`--config`, `CTX_CONFIG`,
/// `$XDG_CONFIG_HOME/ctx/config.toml`), or a project file the user trusts with
/// `CTX_TRUST_PROJECT_CONFIG=1`. Such keys of an untrusted project file are dropped and listed
/// in [`ConfigFile::ignored`].
pub fn open(explicit: Option<&Path>) -> Result<Vec<ConfigFile>> {
    let trusted = std::env::var_os(TRUST_VAR).is_some_and(|v| v == "1");
    let mut configs = Vec::new();
    for (path, kind) in find(explicit)? {
        let mut cfg = load(&path)?;
        cfg.kind = kind;
        if kind == FileKind::Project && !trusted {
            cfg.drop_destinations();
        }
        configs.push(cfg);
    }
    Ok(configs)
}

/// A mistake in the file: where (a byte offset) and what.
struct Problem {
    at: usize,
    msg: String,
}

impl Problem {
    fn new<T>(at: &Spanned<T>, msg: impl Into<String>) -> Problem {
        Problem { at: at.span().start, msg: msg.into() }
    }
}

/// Parses and checks a config file's text; `file` names it in messages. A mistake is a usage
/// error: `FILE:LINE: what is wrong`.
pub fn parse(file: &Path, text: &str) -> Result<ConfigFile> {
    let at = |p: Problem| usage(format!("{}:{}: {}", file.display(), line_of(text.as_bytes(), p.at), p.msg));
    let doc = DeTable::parse(text).map_err(|e| {
        let msg = e.message().split_whitespace().collect::<Vec<_>>().join(" ");
        match e.span() {
            Some(span) => at(Problem { at: span.start, msg }),
            None => usage(format!("{}: {msg}", file.display())),
        }
    })?;
    let mut config = ConfigFile {
        file: file.to_path_buf(),
        kind: FileKind::Named,
        defaults: Section::default(),
        tools: Vec::new(),
        names: BTreeMap::new(),
        ignored: Vec::new(),
    };
    config.defaults.name = "defaults".into();
    for (key, value) in in_file_order(doc.get_ref()) {
        match key.get_ref().as_ref() {
            "defaults" => config.defaults = section("defaults", value, text).map_err(at)?,
            "tools" => config.tools = tools(value, text).map_err(at)?,
            other if KEYS.contains(&other) => {
                return Err(at(Problem::new(key, format!("'{other}' is outside any section: put it in [defaults]"))));
            }
            other => {
                let hint = suggest(other, &["defaults", "tools"]);
                return Err(at(Problem::new(key, format!("unknown section '{other}'{hint}"))));
            }
        }
    }
    config.names = names(&config.tools).map_err(at)?;
    Ok(config)
}

/// The entries of a table in the order they appear in the file.
fn in_file_order<'a, 'i>(
    table: &'a DeTable<'i>,
) -> Vec<(&'a Spanned<toml::de::DeString<'i>>, &'a Spanned<DeValue<'i>>)> {
    let mut entries: Vec<_> = table.iter().collect();
    entries.sort_by_key(|(k, _)| k.span().start);
    entries
}

/// The line (1-based) that byte `at` is on.
fn line_of(text: &[u8], at: usize) -> usize {
    1 + memchr::memchr_iter(b'\n', &text[..at.min(text.len())]).count()
}

/// The `[tools.NAME]` sections.
fn tools(value: &Spanned<DeValue<'_>>, text: &str) -> Result<Vec<Section>, Problem> {
    let DeValue::Table(table) = value.get_ref() else {
        return Err(Problem::new(value, format!("tools must hold [tools.NAME] tables, not {}", describe(value))));
    };
    let mut sections = Vec::new();
    for (name, v) in in_file_order(table) {
        if !matches!(v.get_ref(), DeValue::Table(_)) {
            let msg = format!(
                "tools.{} must be a [tools.{}] table of settings, not {}",
                name.get_ref(),
                name.get_ref(),
                describe(v)
            );
            return Err(Problem::new(name, msg));
        }
        sections.push(section(&format!("tools.{}", name.get_ref()), v, text)?);
    }
    Ok(sections)
}

/// One section's settings, each checked, with their lines.
fn section(name: &str, value: &Spanned<DeValue<'_>>, text: &str) -> Result<Section, Problem> {
    let DeValue::Table(table) = value.get_ref() else {
        return Err(Problem::new(
            value,
            format!("{name} must be a [{name}] table of settings, not {}", describe(value)),
        ));
    };
    let is_tool = name != "defaults";
    let mut sec = Section { name: name.to_string(), ..Section::default() };
    for (key, v) in in_file_order(table) {
        let k = key.get_ref().as_ref();
        if k == "aliases" {
            if !is_tool {
                return Err(Problem::new(key, "aliases belong in a [tools.NAME] section, not in [defaults]"));
            }
            sec.aliases = strings("aliases", v)?;
            continue;
        }
        let Some(&known) = KEYS.iter().find(|&&x| x == k) else {
            let hint = if is_tool { suggest(k, &[KEYS, &["aliases"]].concat()) } else { suggest(k, KEYS) };
            return Err(Problem::new(key, format!("unknown key '{k}'{hint}")));
        };
        assign(&mut sec.settings, known, v)?;
        sec.lines.insert(known, line_of(text.as_bytes(), key.span().start));
    }
    Ok(sec)
}

/// Every name and alias, with the index of its profile; a name claimed by two profiles is a
/// mistake.
fn names(tools: &[Section]) -> Result<BTreeMap<String, usize>, Problem> {
    let mut names: BTreeMap<String, usize> = tools
        .iter()
        .enumerate()
        .map(|(i, s)| (s.name.strip_prefix("tools.").unwrap_or(&s.name).to_lowercase(), i))
        .collect();
    for (i, sec) in tools.iter().enumerate() {
        for (alias, at) in &sec.aliases {
            let alias = &alias.to_lowercase();
            match names.get(alias) {
                Some(&j) if j != i => {
                    let msg = format!("'{alias}' names both [{}] and [{}]", tools[j].name, sec.name);
                    return Err(Problem { at: *at, msg });
                }
                _ => {
                    names.insert(alias.clone(), i);
                }
            }
        }
    }
    Ok(names)
}

fn count(key: &str, v: &Spanned<DeValue<'_>>) -> Result<u64, Problem> {
    let n = match v.get_ref() {
        DeValue::Integer(i) => u64::from_str_radix(i.as_str(), i.radix()).ok(),
        _ => None,
    };
    let msg = || format!("{key} must be a whole number of at least 1, not {}", describe(v));
    n.filter(|&n| n >= 1).ok_or_else(|| Problem::new(v, msg()))
}

fn ratio(key: &str, v: &Spanned<DeValue<'_>>) -> Result<f64, Problem> {
    let r = match v.get_ref() {
        DeValue::Float(f) => f.as_str().parse::<f64>().ok(),
        DeValue::Integer(i) => u8::from_str_radix(i.as_str(), i.radix()).ok().map(f64::from),
        _ => None,
    };
    let msg = || format!("{key} must be a number from 0 to 1, not {}", describe(v));
    r.filter(|r| (0.0..=1.0).contains(r)).ok_or_else(|| Problem::new(v, msg()))
}

fn flag(key: &str, v: &Spanned<DeValue<'_>>) -> Result<bool, Problem> {
    v.get_ref().as_bool().ok_or_else(|| Problem::new(v, format!("{key} must be true or false, not {}", describe(v))))
}

fn path(key: &str, v: &Spanned<DeValue<'_>>) -> Result<PathBuf, Problem> {
    text(key, v).map(PathBuf::from)
}

fn text(key: &str, v: &Spanned<DeValue<'_>>) -> Result<String, Problem> {
    let s = v.get_ref().as_str().map(str::to_string);
    s.ok_or_else(|| Problem::new(v, format!("{key} must be a string, not {}", describe(v))))
}

/// A value named as one of an enum's flag values.
fn choice<T: ValueEnum>(key: &str, v: &Spanned<DeValue<'_>>) -> Result<T, Problem> {
    let chosen = v.get_ref().as_str().and_then(|s| <T as ValueEnum>::from_str(s, false).ok());
    chosen.ok_or_else(|| {
        let names: Vec<String> = T::value_variants().iter().map(name).collect();
        let either = match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.concat(),
        };
        Problem::new(v, format!("{key} must be {either}, not {}", describe(v)))
    })
}

/// An array of strings, each with its byte offset.
fn strings(key: &str, v: &Spanned<DeValue<'_>>) -> Result<Vec<(String, usize)>, Problem> {
    let DeValue::Array(items) = v.get_ref() else {
        return Err(Problem::new(v, format!("{key} must be an array of strings, not {}", describe(v))));
    };
    let item = |x: &Spanned<DeValue<'_>>| {
        let msg = || format!("{key} must be an array of strings, not one holding {}", describe(x));
        x.get_ref().as_str().map(|s| (s.to_string(), x.span().start)).ok_or_else(|| Problem::new(x, msg()))
    };
    items.iter().map(item).collect()
}

/// Regular expressions, each checked as `--keep` will compile it.
fn patterns(key: &str, v: &Spanned<DeValue<'_>>) -> Result<Vec<String>, Problem> {
    let mut out = Vec::new();
    for (p, at) in strings(key, v)? {
        if let Err(e) = regex::bytes::Regex::new(&p) {
            let msg = e.to_string().split_whitespace().collect::<Vec<_>>().join(" ");
            return Err(Problem { at, msg: format!("{key}: {msg}") });
        }
        out.push(p);
    }
    Ok(out)
}

/// A marker template whose placeholders are all known.
fn template(key: &str, v: &Spanned<DeValue<'_>>) -> Result<String, Problem> {
    let t = text(key, v)?;
    crate::truncate::check_template(&t).map_err(|e| Problem::new(v, e.replace("--marker", key)))?;
    Ok(t)
}

/// A value as a message shows it: scalars as TOML text, arrays and tables by kind.
fn describe(v: &Spanned<DeValue<'_>>) -> String {
    match v.get_ref() {
        DeValue::String(s) => quote(s),
        DeValue::Integer(i) => {
            let prefix = match i.radix() {
                16 => "0x",
                8 => "0o",
                2 => "0b",
                _ => "",
            };
            format!("{prefix}{}", i.as_str())
        }
        DeValue::Float(f) => f.as_str().to_string(),
        DeValue::Boolean(b) => b.to_string(),
        DeValue::Datetime(d) => d.to_string(),
        DeValue::Array(_) => "an array".to_string(),
        DeValue::Table(_) => "a table".to_string(),
    }
}

/// ` (did you mean 'KEY'?)` for the known key closest to `word` (at most two edits away, or a
/// prefix of it or it of them), else nothing.
fn suggest(word: &str, known: &[&str]) -> String {
    let w = word.to_lowercase();
    let close = known.iter().map(|k| (distance(&w, k), *k)).filter(|&(d, _)| d <= 2).min_by_key(|&(d, _)| d);
    let prefix = || known.iter().copied().find(|k| w.len() >= 3 && (k.starts_with(&w) || w.starts_with(k)));
    match close.map(|(_, k)| k).or_else(prefix) {
        Some(k) => format!(" (did you mean '{k}'?)"),
        None => String::new(),
    }
}

/// The Levenshtein distance between two strings, in chars.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = i;
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb)).min(row[j] + 1).min(above + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

/// A TOML basic string.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A count as TOML text.
fn count_text(n: &u64) -> String {
    n.to_string()
}

/// An enum value as its flag names it, quoted.
fn name<T: ValueEnum>(v: &T) -> String {
    v.to_possible_value().map(|p| quote(p.get_name())).unwrap_or_default()
}

/// A TOML array of strings.
fn list(items: &[String]) -> String {
    format!("[{}]", items.iter().map(|s| quote(s)).collect::<Vec<_>>().join(", "))
}

/// The `--print-config` text: which files (the later over the earlier) and profile, then one
/// `key = value    # FILE:LINE [SECTION]` line per set key in the order of [`KEYS`] (`# flag`
/// for a key set by a flag, `# env NAME` for one set by an environment variable). It is
/// itself valid TOML, and shows no URL's `user:password@`.
pub fn render(r: &Resolved) -> String {
    let files: Vec<String> = r.files.iter().map(|(f, kind)| format!("{}{}", f.display(), kind.label())).collect();
    let file = if files.is_empty() { "none".to_string() } else { files.join(", then over it ") };
    let profile = match (&r.profile, &r.tool) {
        (Some(p), Some(t)) if p.strip_prefix("tools.") != Some(t.as_str()) => format!("[{p}] for tool {}", quote(t)),
        (Some(p), _) => format!("[{p}]"),
        (None, Some(t)) => format!("none for tool {}: the defaults apply", quote(t)),
        (None, None) => "none: no tool named".to_string(),
    };
    let mut out = format!("# config: {file}\n# profile: {profile}\n");
    let rows: Vec<(String, String)> = KEYS
        .iter()
        .filter_map(|&k| {
            let from = match (r.origins.get(k), r.env.get(k)) {
                (Some(o), _) => format!("{}:{} [{}]", o.file.display(), o.line, o.section),
                (None, Some(var)) => format!("env {var}"),
                (None, None) => "flag".to_string(),
            };
            Some((format!("{k} = {}", r.settings.value(k)?), from))
        })
        .collect();
    let width = rows.iter().map(|(s, _)| s.chars().count()).max().unwrap_or(0);
    for (setting, from) in rows {
        let _ = writeln!(out, "{setting:<width$}    # {from}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_alone_resolve_as_the_whole_builtin_file_does() {
        let part = defaults_part(BUILTIN);
        assert!(part.len() < BUILTIN.len() / 2 && part.ends_with("\n") && part.contains("[defaults]\n"));
        assert_eq!(builtin_for(None).resolve(None), builtin().resolve(None));
        assert!(!builtin().resolve(None).origins.is_empty(), "the defaults say where they come from");
        assert_eq!(builtin_for(Some("grep")).resolve(Some("grep")), builtin().resolve(Some("grep")));
        assert_eq!(defaults_part("[tools.x]\nstrategy = \"head\"\n"), "[tools.x]\nstrategy = \"head\"\n");
    }

    /// The budget goes as a whole: a profile, a file or a flag that sets any of its keys
    /// replaces all four, and where it came from goes with it; a layer that sets none keeps it.
    #[test]
    fn a_budget_is_replaced_as_a_whole() {
        let budget = |r: &Resolved| BUDGET_KEYS.map(|k| r.settings.value(k));
        let from = |r: &Resolved| BUDGET_KEYS.map(|k| r.origins.get(k).map(|o| (o.section.clone(), o.line)));
        let mut r = builtin().resolve(Some("read_file"));
        assert_eq!(budget(&r), [Some("5000".into()), None, None, Some("200".into())]);
        let file =
            parse(Path::new("ctx.toml"), "[tools.read_file]\nmax_tokens = 300\nstrategy = \"tail\"\n").expect("ok");
        r.layer(file.resolve(Some("read_file")));
        assert_eq!(budget(&r), [None, Some("300".into()), None, None]);
        assert_eq!(from(&r), [None, Some(("tools.read_file".into(), 2)), None, None]);
        let none = parse(Path::new("ctx.toml"), "[defaults]\nclean = true\n").expect("ok");
        r.layer(none.resolve(Some("read_file")));
        assert_eq!(budget(&r), [None, Some("300".into()), None, None]);
        r.apply(&Settings { max_bytes: Some(9000), ..Settings::default() });
        assert_eq!(budget(&r), [None, None, Some("9000".into()), None]);
        assert_eq!(from(&r), [None, None, None, None], "a flag has no line");
        assert_eq!(r.settings.value("strategy").as_deref(), Some("\"tail\""));
        // The defaults' 12,000 chars give way to a profile that sets tokens.
        let defaults =
            parse(Path::new("ctx.toml"), "[defaults]\nmax_chars = 100\n[tools.t]\nmax_tokens = 7\n").expect("ok");
        assert_eq!(budget(&defaults.resolve(Some("t"))), [None, Some("7".into()), None, None]);
        assert_eq!(budget(&defaults.resolve(Some("u"))), [Some("100".into()), None, None, None]);
    }

    #[test]
    fn suggests_close_keys() {
        assert_eq!(suggest("max_char", KEYS), " (did you mean 'max_chars'?)");
        assert_eq!(suggest("MAX_LINES", KEYS), " (did you mean 'max_lines'?)");
        assert_eq!(suggest("summ", KEYS), " (did you mean 'summarize'?)");
        assert_eq!(suggest("max_chars_total", KEYS), " (did you mean 'max_chars'?)");
        assert_eq!(suggest("colour", KEYS), "");
        assert_eq!(suggest("default", &["defaults", "tools"]), " (did you mean 'defaults'?)");
    }

    #[test]
    fn distances() {
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("日本語", "日本"), 1);
        assert_eq!(distance("same", "same"), 0);
    }

    #[test]
    fn quotes_as_toml() {
        assert_eq!(quote("a \"b\" \\ c\n\u{1b}[0m é"), r#""a \"b\" \\ c\n\u001B[0m é""#);
        assert_eq!(list(&["x".into(), "y".into()]), r#"["x", "y"]"#);
        assert_eq!(name(&Strategy::HeadTail), r#""head-tail""#);
    }

    #[test]
    fn lines_of_offsets() {
        assert_eq!(line_of(b"a\nb\nc", 0), 1);
        assert_eq!(line_of(b"a\nb\nc", 2), 2);
        assert_eq!(line_of(b"a\nb\nc", 99), 3);
    }

    #[test]
    fn env_vars_in_the_order_of_the_keys() {
        let expected = [
            ("encoding", "CTX_ENCODING"),
            ("persist", "CTX_PERSIST_DIR"),
            ("model", "CTX_MODEL"),
            ("base_url", "CTX_BASE_URL"),
        ];
        assert_eq!(ENV_VARS, expected);
    }

    #[test]
    fn budget_retain_and_unset() {
        let mut s =
            Settings { max_tokens: Some(7), max_lines: Some(3), model: Some("m".into()), ..Settings::default() };
        let b = s.budget().expect("limits set");
        assert_eq!((b.tokens, b.lines, b.chars, b.bytes), (Some(7), Some(3), None, None));
        assert_eq!(Settings::default().budget(), None);
        s.retain(&["max_tokens", "model"]);
        assert_eq!(s, Settings { max_tokens: Some(7), model: Some("m".into()), ..Settings::default() });
        s.unset("model");
        s.unset("not_a_key");
        assert_eq!(s, Settings { max_tokens: Some(7), ..Settings::default() });
    }

    #[test]
    fn every_key_has_a_value_and_a_setter() {
        let text = "[defaults]\nmax_chars = 1\nmax_tokens = 2\nmax_bytes = 3\nmax_lines = 4\nencoding = \"cl100k\"\n\
                    strategy = \"tail\"\nhead_ratio = 1\nkeep = [\"x\"]\nclean = true\nmarker = \"{lines}\"\n\
                    no_marker = false\npersist = \"spill\"\npreview = 5\nfrom = \"json\"\nsummarize = true\n\
                    pass_through = 6\nsummarize_above = 7\nmax_output = 8\nbackend = \"llm\"\nmodel = \"m\"\n\
                    base_url = \"http://x\"\nprovider = \"anthropic\"\nfocus = \"f\"\n";
        let r = parse(Path::new("c.toml"), text).map(|c| c.resolve(None));
        let r = r.expect("parses");
        for (i, key) in KEYS.iter().enumerate() {
            assert!(r.settings.value(key).is_some(), "{key}");
            assert_eq!(r.origins.get(key).map(|o| o.line), Some(i + 2), "{key}");
        }
        assert_eq!(r.settings.head_ratio, Some(1.0));
    }
}
