//! The config file: lookup order, precedence, aliases, every message for a bad file, the
//! `--print-config` text, and the example config that ships with the project.

use ctx::config::{self, FileKind, Origin, Places, Resolved, Settings};
use ctx::structure::Format;
use ctx::truncate::Strategy;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

const EXAMPLE: &str = include_str!("../ctx.example.toml");

fn parse(text: &str) -> config::ConfigFile {
    config::parse(Path::new("ctx.toml"), text).expect("parses")
}

/// The message of a bad file, checked to be a usage error (exit 2).
fn error(text: &str) -> String {
    let e = config::parse(Path::new("ctx.toml"), text).expect_err("is refused");
    assert!(e.downcast_ref::<ctx::error::UsageError>().is_some(), "not a usage error: {e}");
    ctx::cli::error_line(&e)
}

/// The line of `key = ` in `[section]` of `text`.
fn line(text: &str, section: &str, key: &str) -> usize {
    let header = format!("[{section}]");
    let start = text.lines().position(|l| l == header).expect("section");
    let offset = text.lines().skip(start).position(|l| l.starts_with(&format!("{key} = "))).expect("key");
    start + offset + 1
}

/// A fresh temporary directory for one test, named as the other tests' are so that a later run
/// removes it ([`common::tmp`]).
fn tmp(name: &str) -> PathBuf {
    common::tmp(&format!("config-{name}"))
}

const SMALL: &str = "\
[defaults]
max_chars = 12000
strategy = \"head-tail\"
clean = true

[tools.read_file]
aliases = [\"read\", \"Read\"]
strategy = \"head\"
max_chars = 5000
";

#[test]
fn a_profile_overrides_the_defaults() {
    let r = parse(SMALL).resolve(Some("read_file"));
    assert_eq!(r.settings.strategy, Some(Strategy::Head));
    assert_eq!(r.settings.max_chars, Some(5000));
    assert_eq!(r.settings.clean, Some(true));
    assert_eq!(r.profile.as_deref(), Some("tools.read_file"));
    assert!(!r.unknown_tool);
    let origin = |line, section: &str| Some(Origin { file: "ctx.toml".into(), line, section: section.into() });
    assert_eq!(r.origins.get("max_chars").cloned(), origin(9, "tools.read_file"));
    assert_eq!(r.origins.get("strategy").cloned(), origin(8, "tools.read_file"));
    assert_eq!(r.origins.get("clean").cloned(), origin(4, "defaults"));
    assert_eq!(r.origins.len(), 3);
}

#[test]
fn aliases_find_their_profile() {
    let c = parse(SMALL);
    for name in ["read", "Read", "read_file"] {
        let r = c.resolve(Some(name));
        assert_eq!((r.profile.as_deref(), r.settings.max_chars), (Some("tools.read_file"), Some(5000)), "{name}");
    }
    assert_eq!(c.resolve(Some("READ")).profile.as_deref(), Some("tools.read_file"), "names match in any case");
    assert_eq!(c.profiles(), ["tools.read_file"]);
    let quoted = parse("[tools.\"tools.x\"]\nmax_lines = 2\n");
    assert_eq!(quoted.resolve(Some("tools.x")).settings.max_lines, Some(2));
}

#[test]
fn an_unknown_tool_gets_the_defaults() {
    let c = parse(SMALL);
    let r = c.resolve(Some("frobnicate"));
    assert!(r.unknown_tool);
    assert_eq!(r.profile, None);
    assert_eq!((r.settings.max_chars, r.settings.strategy), (Some(12000), Some(Strategy::HeadTail)));
    let none = c.resolve(None);
    assert!(!none.unknown_tool);
    assert_eq!(none.settings, r.settings);
}

#[test]
fn an_empty_file_sets_nothing() {
    let r = parse("# nothing here\n").resolve(Some("bash"));
    assert_eq!(r.settings, Settings::default());
    assert!(r.origins.is_empty() && r.unknown_tool);
}

#[test]
fn flags_override_and_say_so() {
    let mut r = parse(SMALL).resolve(Some("Read"));
    r.apply(&Settings { max_chars: Some(100), from: Some(Format::Text), ..Settings::default() });
    assert_eq!(r.settings.max_chars, Some(100));
    assert_eq!(r.settings.strategy, Some(Strategy::Head));
    assert_eq!(
        config::render(&r),
        "\
# config: ctx.toml
# profile: [tools.read_file] for tool \"Read\"
max_chars = 100      # flag
strategy = \"head\"    # ctx.toml:8 [tools.read_file]
clean = true         # ctx.toml:4 [defaults]
from = \"text\"        # flag
"
    );
}

#[test]
fn renders_every_kind_of_value() {
    let text =
        "[tools.t]\nkeep = ['a\"b', \"c\"]\nhead_ratio = 0.25\nmarker = \"[{lines} cut]\"\npersist = \"/tmp/s p\"\n";
    let r = parse(text).resolve(Some("t"));
    assert_eq!(
        config::render(&r),
        "\
# config: ctx.toml
# profile: [tools.t]
head_ratio = 0.25           # ctx.toml:3 [tools.t]
keep = [\"a\\\"b\", \"c\"]        # ctx.toml:2 [tools.t]
marker = \"[{lines} cut]\"    # ctx.toml:4 [tools.t]
persist = \"/tmp/s p\"        # ctx.toml:5 [tools.t]
"
    );
    let rendered = config::render(&r).replace("head_ratio", "[defaults]\nhead_ratio");
    assert_eq!(parse(&rendered).resolve(None).settings, r.settings, "the output is TOML that reads back");
}

#[test]
fn renders_without_a_file_or_a_profile() {
    assert_eq!(config::render(&Resolved::default()), "# config: none\n# profile: none: no tool named\n");
    let r = parse(SMALL).resolve(Some("x"));
    assert!(config::render(&r).starts_with("# config: ctx.toml\n# profile: none for tool \"x\": the defaults apply\n"));
}

#[test]
fn unknown_keys_are_named_with_a_suggestion() {
    let text = "[defaults]\nmax_chars = 1\n\n[tools.a]\nmax_lines = 3\n\n[tools.b]\nmax_char = 5\n";
    assert_eq!(error(text), "ctx.toml:8: unknown key 'max_char' (did you mean 'max_chars'?)");
    assert_eq!(error("[tools.a]\nalias = ['x']\n"), "ctx.toml:2: unknown key 'alias' (did you mean 'aliases'?)");
    assert_eq!(error("[defaults]\n\ncolour = true\n"), "ctx.toml:3: unknown key 'colour'");
    assert_eq!(error("[defaults]\nstrat = 'head'\n"), "ctx.toml:2: unknown key 'strat' (did you mean 'strategy'?)");
    assert_eq!(error("[tools.a.b]\nmax_chars = 1\n"), "ctx.toml:1: unknown key 'b'");
}

#[test]
fn unknown_sections_are_named_with_a_suggestion() {
    assert_eq!(error("[default]\nmax_chars = 1\n"), "ctx.toml:1: unknown section 'default' (did you mean 'defaults'?)");
    assert_eq!(error("\n[tool.read]\nmax_chars = 1\n"), "ctx.toml:2: unknown section 'tool' (did you mean 'tools'?)");
    assert_eq!(error("[profiles]\n"), "ctx.toml:1: unknown section 'profiles'");
    assert_eq!(error("max_chars = 1\n"), "ctx.toml:1: 'max_chars' is outside any section: put it in [defaults]");
    assert_eq!(error("defaults = 3\n"), "ctx.toml:1: defaults must be a [defaults] table of settings, not 3");
    assert_eq!(
        error("[tools]\nmax_chars = 5\n"),
        "ctx.toml:2: tools.max_chars must be a [tools.max_chars] table of settings, not 5"
    );
    assert_eq!(error("tools = []\n"), "ctx.toml:1: tools must hold [tools.NAME] tables, not an array");
    assert_eq!(error("[[tools.a]]\n"), "ctx.toml:1: tools.a must be a [tools.a] table of settings, not an array");
}

#[test]
fn wrong_types_are_named() {
    let cases = [
        ("max_chars = \"lots\"", "max_chars must be a whole number of at least 1, not \"lots\""),
        ("max_lines = 0", "max_lines must be a whole number of at least 1, not 0"),
        ("max_tokens = -5", "max_tokens must be a whole number of at least 1, not -5"),
        ("max_bytes = 1.5", "max_bytes must be a whole number of at least 1, not 1.5"),
        ("preview = 0x0", "preview must be a whole number of at least 1, not 0x0"),
        ("head_ratio = 1.5", "head_ratio must be a number from 0 to 1, not 1.5"),
        ("head_ratio = nan", "head_ratio must be a number from 0 to 1, not nan"),
        ("head_ratio = 2", "head_ratio must be a number from 0 to 1, not 2"),
        ("clean = \"yes\"", "clean must be true or false, not \"yes\""),
        ("summarize = 1", "summarize must be true or false, not 1"),
        ("model = 3", "model must be a string, not 3"),
        ("persist = 1979-05-27", "persist must be a string, not 1979-05-27"),
        (
            "strategy = \"top\"",
            "strategy must be \"auto\", \"head-tail\", \"head\", \"tail\", \"layered\" or \"salient\", not \"top\"",
        ),
        ("encoding = \"o200K\"", "encoding must be \"o200k\", \"cl100k\" or \"estimate\", not \"o200K\""),
        ("from = \"xml\"", "from must be \"auto\", \"text\", \"html\" or \"json\", not \"xml\""),
        ("provider = \"gemini\"", "provider must be \"openai\" or \"anthropic\", not \"gemini\""),
        ("backend = true", "backend must be \"auto\", \"llm\" or \"extractive\", not true"),
        ("keep = \"FAILED\"", "keep must be an array of strings, not \"FAILED\""),
        ("keep = [1]", "keep must be an array of strings, not one holding 1"),
        ("keep = { a = 1 }", "keep must be an array of strings, not a table"),
        (
            "marker = \"{kept} of {total_lines}\"",
            "unknown placeholder '{kept}' in marker; known: lines, chars, bytes, tokens, start_line, end_line, path, total_lines, total_chars, total_bytes",
        ),
    ];
    for (line, msg) in cases {
        assert_eq!(error(&format!("# c\n\n[tools.x]\n{line}\n")), format!("ctx.toml:4: {msg}"), "{line}");
    }
}

#[test]
fn bad_patterns_and_aliases_point_at_their_line() {
    let e = error("[tools.test]\nkeep = [\n  \"ok\",\n  \"(unclosed\",\n]\n");
    assert!(e.starts_with("ctx.toml:4: keep: regex parse error:"), "{e}");
    assert!(!e.contains('\n'));
    assert_eq!(
        error("[defaults]\naliases = [\"x\"]\n"),
        "ctx.toml:2: aliases belong in a [tools.NAME] section, not in [defaults]"
    );
    assert_eq!(error("[tools.a]\naliases = \"b\"\n"), "ctx.toml:2: aliases must be an array of strings, not \"b\"");
    let twice = "[tools.read_file]\naliases = [\"cat\"]\n\n[tools.shell]\naliases = [\"sh\",\n  \"cat\"]\n";
    assert_eq!(error(twice), "ctx.toml:6: 'cat' names both [tools.read_file] and [tools.shell]");
    let a_name = "[tools.grep]\n[tools.search]\naliases = [\"grep\"]\n";
    assert_eq!(error(a_name), "ctx.toml:3: 'grep' names both [tools.grep] and [tools.search]");
    let own = parse("[tools.grep]\naliases = [\"grep\", \"rg\", \"rg\"]\n");
    assert_eq!(own.resolve(Some("rg")).profile.as_deref(), Some("tools.grep"));
}

#[test]
fn malformed_toml_is_one_line_with_its_line() {
    assert_eq!(
        error("[defaults]\nmax_chars = 1\nstrategy = \n"),
        "ctx.toml:3: string values must be quoted, expected literal string"
    );
    assert_eq!(error("[defaults\n"), "ctx.toml:1: unclosed table, expected `]`");
    assert_eq!(error("[defaults]\nmax_chars = 1\nmax_chars = 2\n"), "ctx.toml:3: duplicate key");
    let e = error("[defaults]\n\n\nclean = tru\n");
    assert!(e.starts_with("ctx.toml:4: "), "{e}");
}

#[test]
fn messages_name_the_file_as_given() {
    let e = config::parse(Path::new("conf/my ctx.toml"), "[x]\n").expect_err("is refused");
    assert_eq!(e.to_string(), "conf/my ctx.toml:1: unknown section 'x'");
}

#[test]
fn loads_files_and_refuses_bad_bytes() {
    let dir = tmp("load");
    let good = dir.join("good.toml");
    std::fs::write(&good, SMALL).expect("write");
    let c = config::load(&good).expect("loads");
    assert_eq!(c.resolve(Some("read")).origins.get("max_chars").map(|o| o.file.clone()), Some(good));
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, b"[defaults]\n# caf\xe9\n").expect("write");
    let e = config::load(&bad).expect_err("is refused");
    assert!(e.downcast_ref::<ctx::error::UsageError>().is_some());
    assert_eq!(e.to_string(), format!("{}:2: not valid UTF-8", bad.display()));
    let e = config::load(&dir.join("nope.toml")).expect_err("is missing");
    assert_eq!(
        ctx::cli::error_line(&e),
        format!("cannot open config '{}': No such file or directory", dir.join("nope.toml").display())
    );
}

/// A directory with `name` holding a config file.
fn with_file(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().expect("parent")).expect("dir");
    std::fs::write(&path, "").expect("write");
    path
}

#[test]
fn finds_the_file_in_order() {
    let dir = tmp("find");
    let explicit = with_file(&dir, "explicit.toml");
    let env = with_file(&dir, "env.toml");
    let cwd = dir.join("cwd");
    let local = with_file(&cwd, "ctx.toml");
    let xdg = dir.join("xdg");
    let user_xdg = with_file(&xdg, "ctx/config.toml");
    let home = dir.join("home");
    let user_home = with_file(&home, ".config/ctx/config.toml");
    let mut places = Places {
        ctx_config: Some(env.clone().into()),
        cwd: cwd.clone(),
        xdg_config_home: Some(xdg.clone().into()),
        home: Some(home.clone().into()),
    };
    let found = |p: &Places, e: Option<&Path>| config::find_in(e, p).expect("finds");
    let (named, user, project) = (FileKind::Named, FileKind::User, FileKind::Project);
    assert_eq!(found(&places, Some(&explicit)), vec![(explicit.clone(), named)], "--config alone applies");
    assert_eq!(found(&places, None), vec![(env, named)], "CTX_CONFIG alone applies");
    places.ctx_config = Some(OsString::new());
    assert_eq!(
        found(&places, None),
        vec![(user_xdg.clone(), user), (local.clone(), project)],
        "an empty CTX_CONFIG is unset; the project's file applies over the user's"
    );
    std::fs::remove_file(&user_xdg).expect("rm");
    assert_eq!(found(&places, None), vec![(local.clone(), project)]);
    std::fs::remove_file(&local).expect("rm");
    assert_eq!(found(&places, None), vec![], "with XDG_CONFIG_HOME set, ~/.config is not looked at");
    places.xdg_config_home = None;
    assert_eq!(found(&places, None), vec![(user_home.clone(), user)]);
    places.xdg_config_home = Some("relative/xdg".into());
    assert_eq!(found(&places, None), vec![(user_home, user)], "a relative XDG_CONFIG_HOME is ignored");
    places.home = None;
    assert_eq!(found(&places, None), vec![]);
}

#[test]
fn a_named_file_must_exist() {
    let dir = tmp("named");
    let places = Places { ctx_config: Some(dir.join("env.toml").into()), cwd: dir.clone(), ..Places::default() };
    with_file(&dir, "ctx.toml");
    let missing = config::find_in(Some(Path::new("x.toml")), &places).expect_err("is missing");
    assert!(missing.downcast_ref::<ctx::error::UsageError>().is_some(), "a usage error, exit 2, as README says");
    assert_eq!(ctx::cli::error_line(&missing), "cannot open config 'x.toml': No such file or directory");
    let e = config::find_in(None, &places).expect_err("CTX_CONFIG is missing");
    assert_eq!(
        ctx::cli::error_line(&e),
        format!("cannot open config '{}': No such file or directory", dir.join("env.toml").display())
    );
    let e = config::find_in(Some(&dir), &places).expect_err("a directory");
    assert_eq!(ctx::cli::error_line(&e), format!("cannot open config '{}': Is a directory", dir.display()));
}

#[test]
fn the_working_directory_is_named_relatively() {
    let places = Places { cwd: PathBuf::new(), ..Places::default() };
    assert_eq!(places.cwd.join("ctx.toml"), Path::new("ctx.toml"));
}

#[test]
fn the_example_parses_and_every_profile_resolves_as_documented() {
    let c = config::parse(Path::new("ctx.example.toml"), EXAMPLE).expect("the example parses");
    let names = ["tools.read_file", "tools.grep", "tools.bash", "tools.http_request", "tools.list", "tools.test"];
    assert_eq!(c.profiles(), names);
    let r = c.resolve(Some("Read"));
    assert_eq!(r.profile.as_deref(), Some("tools.read_file"));
    let s = &r.settings;
    assert_eq!(
        (s.strategy, s.max_chars, s.max_lines, s.summarize),
        (Some(Strategy::Head), Some(5000), Some(200), Some(false))
    );
    for key in ["strategy", "max_chars", "max_lines", "summarize"] {
        let origin = r.origins.get(key).expect("origin");
        assert_eq!(
            (origin.line, origin.section.as_str()),
            (line(EXAMPLE, "tools.read_file", key), "tools.read_file"),
            "{key}"
        );
        assert_eq!(origin.file, Path::new("ctx.example.toml"));
    }
    for alias in ["read_file", "read", "view", "cat"] {
        assert_eq!(c.resolve(Some(alias)).settings, r.settings, "{alias}");
    }
}

#[test]
fn the_example_profiles_for_search_shell_web_listing_and_tests() {
    let c = config::parse(Path::new("ctx.example.toml"), EXAMPLE).expect("the example parses");
    let get = |tool: &str| {
        let r = c.resolve(Some(tool));
        assert!(!r.unknown_tool, "{tool}");
        r.settings
    };
    for tool in ["grep", "search", "rg", "Grep", "search_file_content", "grep_search"] {
        let s = get(tool);
        assert_eq!((s.strategy, s.max_lines), (Some(Strategy::Head), Some(100)), "{tool}");
        assert!(s.marker.as_deref().is_some_and(|m| m.contains("{total_lines} in all")), "{tool}");
    }
    // The shell tools of Claude Code, Codex, Gemini CLI, OpenCode and Goose.
    for tool in
        ["bash", "shell", "Bash", "exec", "exec_command", "local_shell", "run_shell_command", "developer__shell"]
    {
        let s = get(tool);
        assert_eq!((s.strategy, s.max_chars, s.clean), (Some(Strategy::Salient), Some(30000), Some(true)), "{tool}");
    }
    for tool in ["http_request", "fetch", "web_fetch", "WebFetch", "webfetch"] {
        let s = get(tool);
        assert_eq!((s.from, s.summarize_above, s.max_chars), (Some(Format::Html), Some(30000), Some(12000)), "{tool}");
    }
    for tool in ["list", "glob", "ls", "Glob", "LS", "list_directory"] {
        let s = get(tool);
        assert_eq!((s.strategy, s.max_lines), (Some(Strategy::HeadTail), Some(200)), "{tool}");
    }
    for tool in ["test", "pytest", "cargo_test", "npm_test"] {
        let s = get(tool);
        assert_eq!((s.strategy, s.max_chars, s.keep), (Some(Strategy::Salient), Some(20000), None), "{tool}");
    }
    let other = c.resolve(Some("TodoWrite"));
    assert!(other.unknown_tool);
    assert_eq!((other.settings.max_chars, other.settings.strategy), (Some(12000), None), "the default, auto, applies");
    // The same profiles are built in.
    assert_eq!(config::builtin().resolve(Some("run_shell_command")).settings, get("bash"));
}

/// Pieces of config files, for text that is nearly right.
const PIECES: &str = concat!(
    "(\\[|\\]|\\[tools\\.|\\[defaults\\]|max_chars|aliases|keep|strategy|=|\"|'|\\{|\\}|,| |\n",
    "|[a-z0-9_.-]{1,6}|é|\u{0}|0x|-|1\\.5|true)*"
);

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config { cases: 500, ..Default::default() })]

    /// Any text, however broken, gives a config or a one-line usage error, never a panic.
    #[test]
    fn never_panics(text in PIECES) {
        match config::parse(Path::new("p.toml"), &text) {
            Ok(c) => {
                let r = c.resolve(Some("a"));
                let _ = config::render(&r);
            }
            Err(e) => {
                let msg = ctx::cli::error_line(&e);
                proptest::prop_assert!(msg.starts_with("p.toml"), "{}", msg);
                proptest::prop_assert!(!msg.contains('\n'));
            }
        }
    }
}

mod common;
use common::server::{Reply, Server};
use common::{run, tool};

/// A folder with a project's `ctx.toml` and a user's config home holding `user`.
fn project_and_user(name: &str, project: &str, user: &str) -> (PathBuf, PathBuf) {
    let dir = tmp(name);
    let (work, home) = (dir.join("work"), dir.join("xdg"));
    std::fs::create_dir_all(home.join("ctx")).expect("dir");
    std::fs::create_dir_all(&work).expect("dir");
    std::fs::write(work.join("ctx.toml"), project).expect("write");
    std::fs::write(home.join("ctx/config.toml"), user).expect("write");
    (work, home)
}

/// A repository's `ctx.toml` that sets only a budget does not hide the user's own config: the
/// user's LLM still gets the text (before, the project's file replaced the user's, and the
/// text went to no LLM at all, or to the default host).
#[test]
fn a_project_file_applies_over_the_users_and_keeps_its_llm() {
    let server = Server::start(|_, _| Reply::Text("the user's model read it".into()));
    let user = format!("[defaults]\nbase_url = \"{}\"\nmodel = \"mine\"\nsummarize_above = 300\n", server.url());
    let (work, home) = project_and_user("layers-llm", "[defaults]\npass_through = 200\n", &user);
    std::fs::write(work.join("big.log"), common::numbers(400)).expect("write");
    let cache = work.join("cache");
    let r = run(tool("ctx-summarize")
        .current_dir(&work)
        .env("XDG_CONFIG_HOME", &home)
        .env("XDG_CACHE_HOME", &cache)
        .arg("big.log"));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(r.err, "", "nothing was ignored");
    let seen = server.seen();
    assert!(!seen.is_empty(), "the user's server got the text: {}", r.out);
    assert_eq!(seen[0].model(), "mine");
    assert!(r.out.contains("the user's model read it"), "{}", r.out);
}

/// `--print-config` names every file that applies and where each value came from: the user's
/// file, the project's over it, an environment variable, a flag; the project's LLM keys are
/// dropped with a warning; `--config` replaces both files; no URL shows its password.
#[test]
fn print_config_says_where_each_value_came_from() {
    let user = "[defaults]\nbase_url = \"http://me:hunter22@127.0.0.1:9/v1\"\nmax_chars = 100\nstrategy = \"tail\"\n";
    let project = "[defaults]\nmax_chars = 50\nbase_url = \"http://evil.example/v1\"\nfocus = \"errors\"\n";
    let (work, home) = project_and_user("layers-print", project, user);
    let user_file = home.join("ctx/config.toml");
    let r = run(tool("ctx-summarize")
        .current_dir(&work)
        .env("XDG_CONFIG_HOME", &home)
        .env("CTX_MODEL", "from-env")
        .args(["--backend", "llm", "--print-config"]));
    assert_eq!(r.code, 0, "{}", r.err);
    let u = user_file.display();
    let rows = [
        ("max_chars = 50", "ctx.toml:2 [defaults]".to_string()),
        ("strategy = \"tail\"", format!("{u}:4 [defaults]")),
        ("backend = \"llm\"", "flag".to_string()),
        ("model = \"from-env\"", "env CTX_MODEL".to_string()),
        ("base_url = \"http://127.0.0.1:9/v1\"", format!("{u}:2 [defaults]")),
        ("focus = \"errors\"", "ctx.toml:4 [defaults]".to_string()),
    ];
    let mut expected =
        format!("# config: {u} (user), then over it ctx.toml (project)\n# profile: none: no tool named\n");
    for (setting, from) in rows {
        expected += &format!("{setting:<34}    # {from}\n");
    }
    expected += "# anything not listed: the built-in default (see --help)\n";
    assert_eq!(r.out, expected);
    assert!(!r.out.contains("hunter22") && !r.err.contains("hunter22"), "no password: {}{}", r.out, r.err);
    assert_eq!(
        r.err,
        "ctx-summarize: warning: 'ctx.toml' may not say where data goes: ignored defaults.base_url (trust it with CTX_TRUST_PROJECT_CONFIG=1, or move them to $XDG_CONFIG_HOME/ctx/config.toml)\n"
    );
    // -q: no notes on stderr, this warning among them; the key is dropped all the same.
    for t in ["ctx-summarize", "ctx-truncate", "ctx-compact"] {
        let r = run(tool(t).current_dir(&work).env("XDG_CONFIG_HOME", &home).args(["-q", "--print-config"]));
        assert_eq!((r.code, r.err.as_str()), (0, ""), "{t}");
        assert!(r.out.contains("base_url = \"http://127.0.0.1:9/v1\""), "{t}: {}", r.out);
    }
    // --config replaces both files; its budget replaces the built-in one (12,000 chars).
    std::fs::write(work.join("other.toml"), "[defaults]\nmax_lines = 7\n").expect("write");
    let r = run(tool("ctx-truncate").current_dir(&work).env("XDG_CONFIG_HOME", &home).args([
        "--config",
        "other.toml",
        "--print-config",
    ]));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.out,
        "\
# config: other.toml
# profile: none: no tool named
max_lines = 7    # other.toml:2 [defaults]
# anything not listed: the built-in default (see --help)
"
    );
    assert_eq!(r.err, "");
}

/// `OPENAI_BASE_URL` is the base URL when nothing else names one: `--print-config` says so, and
/// shows it without its password.
#[test]
fn print_config_names_openai_base_url() {
    let dir = tmp("openai-base-url");
    let r = run(tool("ctx-compact")
        .current_dir(&dir)
        .env("XDG_CONFIG_HOME", dir.join("none"))
        .env("OPENAI_BASE_URL", "http://me:hunter22@127.0.0.1:9/v1")
        .arg("--print-config"));
    assert_eq!(r.code, 0, "{}", r.err);
    let line = r.out.lines().find(|l| l.starts_with("base_url")).unwrap_or_default();
    assert_eq!(
        line.split_whitespace().collect::<Vec<_>>().join(" "),
        "base_url = \"http://127.0.0.1:9/v1\" # env OPENAI_BASE_URL"
    );
    assert!(!r.out.contains("hunter22"));
}

/// `config::ENV_VARS` is what `--print-config` names as `# env NAME`: it must be, for every
/// tool, exactly the environment variables of the flags whose id is a settings key.
#[test]
fn env_vars_are_those_of_the_flags() {
    use clap::CommandFactory;
    let tools = [
        ctx::cli::truncate::Args::command(),
        ctx::cli::chunk::Args::command(),
        ctx::cli::score::Args::command(),
        ctx::cli::summarize::Args::command(),
        ctx::cli::compact::Args::command(),
    ];
    let mut seen = std::collections::BTreeSet::new();
    for cmd in tools {
        for arg in cmd.get_arguments() {
            let id = arg.get_id().as_str();
            let Some(var) = arg.get_env().and_then(|v| v.to_str()) else { continue };
            if config::KEYS.contains(&id) {
                assert!(config::ENV_VARS.contains(&(id, var)), "{}: --{id} reads {var}", cmd.get_name());
                seen.insert((id.to_string(), var.to_string()));
            }
        }
    }
    assert_eq!(seen.len(), config::ENV_VARS.len(), "a variable no flag reads: {:?}", config::ENV_VARS);
}
