//! `ctx hook`, `ctx init`, `ctx doctor` and `ctx gc`: each agent's hook event (fixtures in
//! `tests/fixtures/hooks/`, whose README cites where each shape comes from) gets a reply in
//! the shape that agent reads; a failing hook gives the agent its original output; `ctx init`
//! merges and `--uninstall` gives the settings file back byte for byte.

mod common;

use serde_json::Value;
use std::path::{Path, PathBuf};

/// A build log of 2,003 lines: progress, then the one error and its location near the end.
fn log() -> String {
    let mut s: String = (1..=2000).map(|i| format!("   Compiling crate{i} v0.1.{i}\n")).collect();
    s.push_str("error[E0308]: mismatched types\n --> src/main.rs:4:5\nerror: could not compile `app` (bin \"app\") due to 1 previous error\n");
    s
}

/// `ctx` with its own home and cache under `dir`.
fn ctx(dir: &Path) -> assert_cmd::Command {
    let mut c = common::tool("ctx");
    c.env("HOME", dir)
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env("XDG_CONFIG_HOME", dir.join(".config"))
        .env("XDG_DATA_HOME", dir.join(".local/share"))
        .current_dir(dir);
    for var in ["CLAUDE_CONFIG_DIR", "CODEX_HOME", "CTX_HOOK", "CTX_WRAP_MAX_BYTES"] {
        c.env_remove(var);
    }
    c
}

/// The fixture `name` with `{{LOG}}` replaced by `text`.
fn event(name: &str, text: &str) -> String {
    let raw = std::fs::read_to_string(format!("tests/fixtures/hooks/{name}")).expect("fixture");
    let escaped = serde_json::to_string(text).expect("json");
    raw.replace("{{LOG}}", &escaped[1..escaped.len() - 1])
}

/// Runs `ctx hook AGENT` on `input`: the reply (`None` for no output) and stderr.
fn hook(dir: &Path, agent: &str, input: &str) -> (Option<Value>, String) {
    let r = common::run(ctx(dir).args(["hook", agent]).write_stdin(input));
    assert_eq!(r.code, 0, "a hook always exits 0: {}", r.err);
    let reply = (!r.out.is_empty()).then(|| serde_json::from_str(&r.out).expect("the reply is JSON"));
    (reply, r.err)
}

/// The spill path a marker names, checked to hold `full`.
fn spilled(text: &str, full: &str) -> PathBuf {
    let at = text.find("full text: ").expect("a spill path in the marker") + "full text: ".len();
    let path = PathBuf::from(text[at..].split(" ...]").next().expect("marker end"));
    assert_eq!(std::fs::read_to_string(&path).expect("the spill file"), full);
    path
}

#[test]
fn claude_bash_gets_the_salient_lines_in_bash_shape_with_the_full_text_saved() {
    let dir = common::tmp("hook-claude-bash");
    let (reply, err) = hook(&dir, "claude", &event("claude-posttooluse-bash.json", &log()));
    assert_eq!(err, "");
    let reply = reply.expect("a reply");
    let out = &reply["hookSpecificOutput"];
    assert_eq!(out["hookEventName"], "PostToolUse");
    let r = &out["updatedToolOutput"];
    assert_eq!(
        (r["stderr"].as_str(), r["interrupted"].as_bool(), r["isImage"].as_bool()),
        (Some(""), Some(false), Some(false))
    );
    let text = r["stdout"].as_str().expect("stdout");
    assert!(text.starts_with("   Compiling crate1 v0.1.1\n"), "{text}");
    for line in ["error[E0308]: mismatched types\n", " --> src/main.rs:4:5\n", "error: could not compile `app`"] {
        assert!(text.contains(line), "{line} missing from {text}");
    }
    assert!(text.chars().count() <= 30_000 && text.len() < log().len() / 2, "{}", text.len());
    spilled(text, &log());
}

#[test]
fn claude_bash_output_saved_by_claude_code_is_read_whole() {
    let dir = common::tmp("hook-claude-persisted");
    let saved = dir.join("persisted.txt");
    std::fs::write(&saved, log()).expect("write");
    let mut ev: Value =
        serde_json::from_str(&event("claude-posttooluse-bash.json", "   Compiling crate1 v0.1.1\n")).expect("json");
    ev["tool_response"]["persistedOutputPath"] = saved.display().to_string().into();
    ev["tool_response"]["persistedOutputSize"] = log().len().into();
    let (reply, _) = hook(&dir, "claude", &ev.to_string());
    let r = &reply.expect("a reply")["hookSpecificOutput"]["updatedToolOutput"];
    assert!(r.get("persistedOutputPath").is_none() && r.get("persistedOutputSize").is_none(), "{r}");
    assert!(r["stdout"].as_str().expect("stdout").contains("error[E0308]"));
}

#[test]
fn a_saved_output_or_config_that_is_no_regular_file_is_refused_at_once() {
    let dir = common::tmp("hook-claude-not-regular");
    let fifo = dir.join("fifo");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo").success());
    for path in [Path::new("/dev/zero"), fifo.as_path()] {
        let mut ev: Value =
            serde_json::from_str(&event("claude-posttooluse-bash.json", "   Compiling crate1 v0.1.1\n")).expect("json");
        ev["tool_response"]["persistedOutputPath"] = path.display().to_string().into();
        let (reply, err) = hook(&dir, "claude", &ev.to_string());
        assert!(reply.is_none());
        let kind = if path == fifo { "a FIFO" } else { "a character device" };
        let want = format!(
            "ctx hook claude: cannot read '{}': it is {kind}, not a regular file; the agent keeps its original output\n",
            path.display()
        );
        assert_eq!(err, want);
    }
    // A project's ctx.toml that links to a file without end is refused, not read to its end.
    let project = dir.join("project");
    std::fs::create_dir_all(&project).expect("mkdir");
    std::os::unix::fs::symlink("/proc/self/pagemap", project.join("ctx.toml")).expect("link");
    let r = common::run(
        ctx(&dir)
            .current_dir(&project)
            .args(["hook", "claude"])
            .write_stdin(event("claude-posttooluse-bash.json", &log())),
    );
    assert_eq!(r.code, 0);
    assert!(r.err.contains("it holds more than 1 MiB, the most ctx reads as a config file"), "{}", r.err);
    assert_eq!(r.err.lines().count(), 1, "{}", r.err);
}

#[test]
fn claude_read_keeps_its_shape_and_the_head_of_the_file() {
    let dir = common::tmp("hook-claude-read");
    let (reply, _) = hook(&dir, "claude", &event("claude-posttooluse-read.json", &log()));
    let r = &reply.expect("a reply")["hookSpecificOutput"]["updatedToolOutput"];
    assert_eq!((r["type"].as_str(), r["file"]["filePath"].as_str()), (Some("text"), Some("/home/u/p/build.log")));
    let content = r["file"]["content"].as_str().expect("content");
    // The read profile: the head, at most 200 lines, then where the rest is.
    let lines: Vec<&str> = content.lines().collect();
    assert_eq!(lines[0], "   Compiling crate1 v0.1.1");
    assert!(lines.len() <= 201, "{}", lines.len());
    assert!(lines.last().expect("a marker").starts_with("[... "), "{content}");
    spilled(content, &log());
}

#[test]
fn claude_mcp_tools_are_answered_with_updated_mcp_tool_output() {
    let dir = common::tmp("hook-claude-mcp");
    let (reply, _) = hook(&dir, "claude", &event("claude-posttooluse-mcp.json", &log()));
    let blocks = &reply.expect("a reply")["hookSpecificOutput"]["updatedMCPToolOutput"];
    assert_eq!(blocks.as_array().map(Vec::len), Some(1));
    assert_eq!(blocks[0]["type"], "text");
    assert!(blocks[0]["text"].as_str().expect("text").contains("error[E0308]"));
}

#[test]
fn gemini_gets_the_fitted_text_as_the_deny_reason() {
    let dir = common::tmp("hook-gemini");
    let (reply, err) = hook(&dir, "gemini", &event("gemini-aftertool-shell.json", &log()));
    assert_eq!(err, "");
    let out = reply.expect("a reply");
    // The Gemini CLI replaces a tool's result only with a denied result's reason.
    assert_eq!(out["decision"], "deny");
    let text = out["reason"].as_str().expect("a string");
    assert!(text.contains("error[E0308]") && text.contains(" --> src/main.rs:4:5"));
    spilled(text, &log());
}

/// Runs a rewritten command as the agent would, in `dir`'s cache: its stdout, the status
/// checked to be the command's own (3).
fn run_rewritten(dir: &Path, rewritten: &str) -> String {
    let run = std::process::Command::new("sh")
        .args(["-c", rewritten])
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env("XDG_CONFIG_HOME", dir.join("no-config"))
        .output()
        .expect("runs");
    assert_eq!(run.status.code(), Some(3));
    String::from_utf8_lossy(&run.stdout).into_owned()
}

/// Gemini CLI's shell tool: the command runs under ctx-truncate at the bash profile's budget
/// (under the CLI's own 40,000-character cut), the whole input sent back, its status kept.
#[test]
fn gemini_shell_command_runs_under_ctx_truncate_and_keeps_its_exit_status() {
    let dir = common::tmp("hook-gemini-before");
    let script = dir.join("build.sh");
    std::fs::write(&script, format!("cat <<'EOF'\n{}{}EOF\nexit 3\n", log(), log())).expect("write");
    let command = format!("sh {}", script.display());
    let raw = std::fs::read_to_string("tests/fixtures/hooks/gemini-beforetool-shell.json").expect("fixture");
    let (reply, err) = hook(&dir, "gemini", &raw.replace("{{COMMAND}}", &command));
    assert_eq!(err, "");
    let out = reply.expect("a reply")["hookSpecificOutput"].clone();
    assert_eq!(out["hookEventName"], "BeforeTool");
    assert_eq!(out["tool_input"]["description"], "Build the crate");
    let rewritten = out["tool_input"]["command"].as_str().expect("a command").to_string();
    let truncate = common::bin("ctx-truncate").display().to_string();
    let store = dir.join("cache/ctx/spill");
    assert_eq!(rewritten, format!("{truncate} --tool bash --persist {} -- bash -c '{command}'", store.display()));
    let text = run_rewritten(&dir, &rewritten);
    assert!(text.contains("error[E0308]") && text.contains("full text: "), "{text}");
    assert!(text.len() > 9000 && text.chars().count() <= 30_000, "{}", text.len());
}

/// GitHub Copilot CLI: the result's text, a failed command's included (a success whose text
/// ends in its exit code), comes back as `modifiedResult`; the model gets exactly that.
#[test]
fn copilot_gets_the_fitted_text_as_modified_result() {
    let dir = common::tmp("hook-copilot");
    let (reply, err) = hook(&dir, "copilot", &event("copilot-posttooluse-bash.json", &log()));
    assert_eq!(err, "");
    let reply = reply.expect("a reply");
    assert_eq!(reply["modifiedResult"]["resultType"], "success");
    assert_eq!(reply.as_object().map(|o| o.len()), Some(1));
    let text = reply["modifiedResult"]["textResultForLlm"].as_str().expect("text");
    assert!(text.contains("error[E0308]") && text.ends_with("<shellId: 0 completed with exit code 101>"), "{text}");
    spilled(text, &format!("{}<shellId: 0 completed with exit code 101>", log()));
    // An edit's result, and a preToolUse event (no toolResult), pass untouched.
    let mut edit: Value = serde_json::from_str(&event("copilot-posttooluse-bash.json", &log())).expect("json");
    edit["toolName"] = "edit".into();
    assert_eq!(hook(&dir, "copilot", &edit.to_string()), (None, String::new()));
    let pre = r#"{"sessionId":"s","timestamp":1,"cwd":"/p","toolName":"bash","toolArgs":{"command":"make"}}"#;
    assert_eq!(hook(&dir, "copilot", pre), (None, String::new()));
}

/// Cursor's Shell tool: `updated_input` runs the command in Cursor's shell with its output sent
/// through ctx-truncate; a `cd` in it still holds after it, and its exit status is its own.
#[test]
fn cursor_shell_command_keeps_its_shell_and_exit_status() {
    let dir = common::tmp("hook-cursor");
    let script = dir.join("build.sh");
    std::fs::write(&script, format!("cat <<'EOF'\n{}EOF\nexit 3\n", log())).expect("write");
    std::fs::create_dir_all(dir.join("sub")).expect("mkdir");
    let command = format!("cd sub && sh {}", script.display());
    let raw = std::fs::read_to_string("tests/fixtures/hooks/cursor-pretooluse-shell.json").expect("fixture");
    let (reply, err) = hook(&dir, "cursor", &raw.replace("{{COMMAND}}", &command));
    assert_eq!(err, "");
    let reply = reply.expect("a reply");
    assert_eq!(reply.as_object().map(|o| o.len()), Some(1), "only updated_input, no permission: {reply}");
    assert_eq!(reply["updated_input"]["cwd"], "/home/u/app");
    let rewritten = reply["updated_input"]["command"].as_str().expect("a command").to_string();
    // The shell Cursor runs it in: the output is fitted, the status is 3, and the `cd` holds.
    let run = std::process::Command::new("bash")
        .args(["-c", &format!("{rewritten}\necho \"status $? in $(basename \"$PWD\")\"")])
        .current_dir(&dir)
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env("XDG_CONFIG_HOME", dir.join("no-config"))
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(text.contains("error[E0308]") && text.contains("full text: "), "{text}");
    assert!(text.ends_with("status 3 in sub\n"), "{text}");
    assert!(text.len() < log().len() / 2, "{}", text.len());
    // A command already rewritten, and another tool, pass.
    let again =
        raw.replace("{{COMMAND}}", "").replace("\"command\":\"\"", &format!("\"command\":{}", Value::from(rewritten)));
    assert_eq!(hook(&dir, "cursor", &again), (None, String::new()));
    let read = raw.replace("\"Shell\"", "\"Read\"").replace("{{COMMAND}}", "x");
    assert_eq!(hook(&dir, "cursor", &read), (None, String::new()));
}

/// GitHub Copilot CLI also runs the Claude Code hooks of a repository's `.claude/settings.json`,
/// with its own payload, and ignores Claude Code's reply: `ctx hook claude` leaves it alone,
/// without a word (no error line on every call).
#[test]
fn copilot_running_a_claude_hook_is_left_alone() {
    let dir = common::tmp("hook-copilot-claude");
    let raw = std::fs::read_to_string("tests/fixtures/hooks/copilot-claude-format-posttooluse.json").expect("fixture");
    assert_eq!(hook(&dir, "claude", &raw), (None, String::new()));
}

/// Qwen Code has no hook ctx answers: `ctx hook qwen` says so in one line and fails open.
#[test]
fn qwen_has_no_hook_and_says_so() {
    let dir = common::tmp("hook-qwen");
    let (reply, err) = hook(&dir, "qwen", r#"{"hook_event_name":"PostToolUse","tool_name":"run_shell_command"}"#);
    assert_eq!(reply, None);
    assert_eq!(
        err,
        "ctx hook qwen: Qwen Code has no hook ctx can answer; `ctx init qwen` registers `ctx mcp` instead; the agent keeps its original output\n"
    );
}

#[test]
fn opencode_gets_output_back() {
    let dir = common::tmp("hook-opencode");
    let (reply, _) = hook(&dir, "opencode", &event("opencode-tool.json", &log()));
    let text = reply.expect("a reply")["output"].as_str().expect("output").to_string();
    assert!(text.contains("error[E0308]"));
    spilled(&text, &log());
}

#[test]
fn codex_command_runs_under_ctx_truncate_and_keeps_its_exit_status() {
    let dir = common::tmp("hook-codex");
    let script = dir.join("build.sh");
    std::fs::write(&script, format!("cat <<'EOF'\n{}EOF\nexit 3\n", log())).expect("write");
    let command = format!("sh {}", script.display());
    let raw = std::fs::read_to_string("tests/fixtures/hooks/codex-pretooluse-bash.json").expect("fixture");
    let (reply, err) = hook(&dir, "codex", &raw.replace("{{COMMAND}}", &command));
    assert_eq!(err, "");
    let out = reply.expect("a reply")["hookSpecificOutput"].clone();
    assert_eq!(
        (out["hookEventName"].as_str(), out["permissionDecision"].as_str()),
        (Some("PreToolUse"), Some("allow"))
    );
    let rewritten = out["updatedInput"]["command"].as_str().expect("a command").to_string();
    let truncate = common::bin("ctx-truncate").display().to_string();
    let store = dir.join("cache/ctx/spill");
    assert_eq!(
        rewritten,
        format!("{truncate} --tool bash --max-bytes 9000 --persist {} -- bash -c '{command}'", store.display())
    );
    // What Codex then runs: the fitted output, and the command's own exit status.
    let text = run_rewritten(&dir, &rewritten);
    assert!(text.contains("error[E0308]") && text.contains("full text: ") && text.len() <= 9000, "{text}");
    // A command already under ctx-truncate is left alone.
    let mut again: Value = serde_json::from_str(&raw.replace("{{COMMAND}}", "")).expect("json");
    again["tool_input"]["command"] = rewritten.into();
    assert_eq!(hook(&dir, "codex", &again.to_string()), (None, String::new()));
}

#[test]
fn output_that_fits_and_other_events_pass_untouched() {
    let dir = common::tmp("hook-pass");
    assert_eq!(hook(&dir, "claude", &event("claude-posttooluse-bash.json", "ok\n")), (None, String::new()));
    let failure = r#"{"hook_event_name":"PostToolUseFailure","tool_name":"Bash","error":"Exit code 3"}"#;
    assert_eq!(hook(&dir, "claude", failure), (None, String::new()));
    let cd = r#"{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"cd web && npm test || exit 1"}}"#;
    assert_eq!(hook(&dir, "claude", cd), (None, String::new()));
    // Short output with terminal noise: only the noise goes (the bash profile cleans).
    let (reply, _) = hook(&dir, "claude", &event("claude-posttooluse-bash.json", "\u{1b}[31mred\u{1b}[0m\n"));
    assert_eq!(reply.expect("a reply")["hookSpecificOutput"]["updatedToolOutput"]["stdout"], "red\n");
    let edit = r#"{"hook_event_name":"PostToolUse","tool_name":"Edit","tool_response":{"filePath":"a.rs"}}"#;
    assert_eq!(hook(&dir, "claude", edit), (None, String::new()));
}

#[test]
fn a_failing_hook_fails_open_with_one_line() {
    let dir = common::tmp("hook-fail-open");
    for input in ["{not json", r#"{"hook_event_name":"PostToolUse","tool_name":"Bash"}"#] {
        let (reply, err) = hook(&dir, "claude", input);
        assert_eq!(reply, None);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("ctx hook claude: ") && err.ends_with("; the agent keeps its original output\n"),
            "{err}"
        );
    }
    let off = common::run(
        ctx(&dir)
            .args(["hook", "claude"])
            .env("CTX_HOOK", "off")
            .write_stdin(event("claude-posttooluse-bash.json", &log())),
    );
    assert_eq!((off.code, off.out.as_str(), off.err.as_str()), (0, "", ""));
}

/// `ctx init AGENT` then `--uninstall`, over `before` (or no file): the file in between holds
/// the hook, and at the end it is `before` byte for byte (or gone).
fn round_trip(agent: &str, rel: &str, before: Option<&str>, project: bool) {
    let dir = common::tmp(&format!("init-{agent}-{}", before.is_some()));
    let path = dir.join(rel);
    if let Some(b) = before {
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, b).expect("write");
    }
    let scope: &[&str] = if project { &["--project"] } else { &[] };
    let r = common::run(ctx(&dir).args(["init", agent]).args(scope));
    assert_eq!(r.code, 0, "{}", r.err);
    let installed = std::fs::read_to_string(&path).expect("installed");
    let ctx_bin = common::bin("ctx").display().to_string();
    let plugin = opencode_plugin(&path);
    match &plugin {
        // The plugin runs `CTX hook opencode` with CTX set once.
        Some(p) => {
            assert!(std::fs::read_to_string(p).expect("plugin").contains(&format!("const CTX = \"{ctx_bin}\";")))
        }
        // Qwen Code and Amp start `CTX mcp`.
        None if agent == "qwen" || agent == "amp" => {
            assert!(installed.contains(&format!("\"command\": \"{ctx_bin}\"")), "{installed}")
        }
        None => assert!(installed.contains(&format!("{ctx_bin} hook {agent}")), "{installed}"),
    }
    if let Some(b) = before {
        assert_eq!(std::fs::read_to_string(format!("{}.ctx-backup", path.display())).expect("backup"), b);
    }
    let again = common::run(ctx(&dir).args(["init", agent]).args(scope));
    assert_eq!(std::fs::read_to_string(&path).expect("same"), installed, "{}", again.err);
    let r = common::run(ctx(&dir).args(["init", agent, "--uninstall"]).args(scope));
    assert_eq!(r.code, 0, "{}", r.err);
    match before {
        Some(b) => assert_eq!(std::fs::read_to_string(&path).expect("restored"), b),
        None => assert!(!path.exists(), "{} is left", path.display()),
    }
    assert!(!Path::new(&format!("{}.ctx-backup", path.display())).exists());
    if let Some(p) = plugin {
        assert!(!p.exists(), "{} is left", p.display());
    }
}

/// The plugin file OpenCode's settings at `path` list as ctx's (`file://` URL), if any.
fn opencode_plugin(path: &Path) -> Option<PathBuf> {
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    v["plugin"]
        .as_array()?
        .iter()
        .filter_map(Value::as_str)
        .find_map(|s| s.strip_prefix("file://").filter(|p| p.contains("ctx-opencode-plugin-")).map(PathBuf::from))
}

#[test]
fn init_then_uninstall_leaves_each_agents_settings_as_they_were() {
    let claude = "{\n    \"model\": \"opus\",\n    \"hooks\": {\"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"guard.sh\"}]}]}\n}\n";
    round_trip("claude", ".claude/settings.json", Some(claude), false);
    round_trip("claude", ".claude/settings.json", None, true);
    round_trip("gemini", ".gemini/settings.json", Some("{\"theme\": \"GitHub\", \"hooks\": {}}"), false);
    round_trip(
        "codex",
        ".codex/config.toml",
        Some("model = \"gpt-5\"\n\n[sandbox_workspace_write]\nnetwork_access = false"),
        false,
    );
    round_trip("codex", ".codex/config.toml", None, true);
    round_trip("opencode", ".config/opencode/opencode.json", None, false);
    round_trip(
        "opencode",
        "opencode.json",
        Some("{\n  \"$schema\": \"https://opencode.ai/config.json\",\n  \"plugin\": [\"opencode-wakatime\"]\n}\n"),
        true,
    );
    round_trip("copilot", ".copilot/hooks/ctx.json", None, false);
    round_trip("copilot", ".github/hooks/ctx.json", None, true);
    round_trip("cursor", ".cursor/hooks.json", None, false);
    let cursor = "{\n  \"version\": 1,\n  \"hooks\": {\"afterFileEdit\": [{\"command\": \"./hooks/format.sh\"}]}\n}\n";
    round_trip("cursor", ".cursor/hooks.json", Some(cursor), true);
    round_trip("qwen", ".qwen/settings.json", None, false);
    let qwen = "{\"mcpServers\": {\"git\": {\"command\": \"uvx\", \"args\": [\"mcp-server-git\"]}}, \"model\": {\"name\": \"qwen3-coder-plus\"}}";
    round_trip("qwen", ".qwen/settings.json", Some(qwen), true);
    round_trip("amp", ".config/amp/settings.json", Some("{\n  \"amp.notifications.enabled\": false\n}\n"), false);
    round_trip("amp", ".amp/settings.json", None, true);
}

/// `ctx init claude --wrap` adds the PreToolUse hook beside the PostToolUse one (also over an
/// install without it), and `--uninstall` takes both out, byte for byte.
#[test]
fn claude_wrap_adds_a_pre_tool_use_hook_and_uninstall_takes_both() {
    let dir = common::tmp("init-claude-wrap");
    let path = dir.join(".claude/settings.json");
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    let before = "{\"permissions\": {\"allow\": [\"Bash(cargo test:*)\"]}}\n";
    std::fs::write(&path, before).expect("write");
    let r = common::run(ctx(&dir).args(["init", "claude"]));
    assert!(r.err.contains("ctx init claude --wrap"), "{}", r.err);
    assert_eq!(common::run(ctx(&dir).args(["init", "claude", "--wrap"])).code, 0);
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("json");
    let command = format!("{} hook claude", common::bin("ctx").display());
    assert_eq!(v["hooks"]["PreToolUse"][0]["matcher"], "Bash");
    assert_eq!(v["hooks"]["PreToolUse"][0]["hooks"][0]["command"], command.as_str());
    assert_eq!(v["hooks"]["PostToolUse"].as_array().map(Vec::len), Some(1));
    assert_eq!(common::run(ctx(&dir).args(["init", "claude", "--uninstall"])).code, 0);
    assert_eq!(std::fs::read_to_string(&path).expect("restored"), before);
    let r = common::run(ctx(&dir).args(["init", "codex", "--wrap"]));
    assert_eq!(r.code, 2, "{}", r.err);
}

#[test]
fn init_refuses_settings_it_cannot_read_and_leaves_them_alone() {
    let dir = common::tmp("init-bad");
    let path = dir.join(".claude/settings.json");
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(&path, "{\"hooks\": ").expect("write");
    let r = common::run(ctx(&dir).args(["init", "claude"]));
    assert_eq!(r.code, 1);
    assert_eq!(
        r.err,
        format!(
            "ctx: cannot install into '{}': the settings file is not valid JSON; fix it first: EOF while parsing a value at line 1 column 9\n",
            path.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&path).expect("kept"), "{\"hooks\": ");
}

#[test]
fn doctor_reports_each_agent_and_round_trips_a_test_event() {
    let dir = common::tmp("doctor");
    let project = dir.join("project");
    std::fs::create_dir_all(&project).expect("mkdir");
    assert_eq!(common::run(ctx(&dir).current_dir(&project).args(["init", "gemini", "--project"])).code, 0);
    let r = common::run(ctx(&dir).current_dir(&project).arg("doctor"));
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    assert_eq!(r.out.matches("  test event: ok, ").count(), 8, "{}", r.out);
    assert!(r.out.contains("\n  can: rewrites shell commands (the output stays a success); replaces web_fetch and MCP results only as an error\n"), "{}", r.out);
    assert_eq!(r.out.matches("\n  can: ").count(), 8, "{}", r.out);
    assert!(r.out.contains("\n  can: MCP only: ctx mcp's tools (ctx_run, ctx_read, ctx_more, ctx_summarize); Qwen Code's own tools' output is not fitted\n"), "{}", r.out);
    let gemini = format!("  project  installed         {}", project.join(".gemini/settings.json").display());
    assert!(r.out.contains(&gemini), "{}", r.out);
    assert_eq!(r.out.matches("not installed").count(), 15, "{}", r.out);
}

#[test]
fn gc_prunes_by_age_and_keeps_what_a_restore_index_or_a_state_file_names() {
    let dir = common::tmp("gc");
    let store = dir.join("store");
    std::fs::create_dir_all(store.join("restore")).expect("mkdir");
    let day = std::time::Duration::from_secs(86_400);
    for name in ["old.txt", "original.jsonl", "named.txt"] {
        let f = store.join(name);
        std::fs::write(&f, "x".repeat(100)).expect("write");
        std::fs::File::options()
            .write(true)
            .open(&f)
            .expect("open")
            .set_modified(std::time::SystemTime::now() - day * 40)
            .expect("age");
    }
    std::fs::write(store.join("new.txt"), "y").expect("write");
    std::fs::write(store.join("restore/k.idx"), "key original.jsonl 0 100\n").expect("write");
    let state = dir.join("state.json");
    std::fs::write(
        &state,
        format!("{{\"results\": {{\"a\": \"[... full text: {}/named.txt ...]\"}}}}", store.display()),
    )
    .expect("write");
    let r = common::run(ctx(&dir).args(["gc", "--store"]).arg(&store).arg("--keep-named").arg(&state));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.out,
        format!("{}: removed 1 files (0.0 MiB), kept 3 (0.0 MiB), 2 of them pointed to\n", store.display())
    );
    assert!(!store.join("old.txt").exists());
    for kept in ["original.jsonl", "named.txt", "new.txt", "restore/k.idx"] {
        assert!(store.join(kept).exists(), "{kept}");
    }
}

/// `ctx gc` with no --store prunes the store the hooks write to: `$CTX_PERSIST_DIR` when set (it
/// pruned the default store, and `$CTX_PERSIST_DIR` and its `ctx stats` log were never pruned).
#[test]
fn gc_prunes_the_store_ctx_persist_dir_names() {
    let dir = common::tmp("gc-persist");
    let store = dir.join("persist");
    std::fs::create_dir_all(&store).expect("mkdir");
    let old = store.join("old.txt");
    std::fs::write(&old, "x".repeat(100)).expect("write");
    let day = std::time::Duration::from_secs(86_400);
    let aged = std::fs::File::options().write(true).open(&old).expect("open");
    aged.set_modified(std::time::SystemTime::now() - day * 40).expect("age");
    let r = common::run(ctx(&dir).env("CTX_PERSIST_DIR", &store).args(["gc"]));
    assert_eq!(r.code, 0, "{}", r.err);
    let first = r.out.lines().next().unwrap_or_default().to_string();
    assert_eq!(
        first,
        format!("{}: removed 1 files (0.0 MiB), kept 0 (0.0 MiB), 0 of them pointed to", store.display())
    );
    assert!(!old.exists());
}

/// OpenCode's plugin as `ctx init opencode` writes it, run by Node.js as OpenCode runs it:
/// `tool.execute.after` replaces `output.output` with ctx's; when ctx cannot run, the output
/// stays as it was.
#[test]
fn opencode_plugin_runs_under_node_and_fails_open() {
    let dir = common::tmp("opencode-node");
    assert_eq!(common::run(ctx(&dir).args(["init", "opencode", "--project"])).code, 0);
    let plugin = opencode_plugin(&dir.join("opencode.json")).expect("the plugin is listed");
    let module = dir.join("ctx.mjs");
    std::fs::copy(&plugin, &module).expect("copy");
    let broken = dir.join("broken.mjs");
    let text = std::fs::read_to_string(&plugin).expect("plugin");
    std::fs::write(&broken, text.replace(&common::bin("ctx").display().to_string(), "/nonexistent/ctx"))
        .expect("write");
    let driver = dir.join("drive.mjs");
    std::fs::write(
        &driver,
        r#"import fs from "node:fs";
const [mod, log] = process.argv.slice(2);
const { CtxPlugin } = await import(mod);
const hooks = await CtxPlugin({});
const output = { title: "make", output: fs.readFileSync(log, "utf8"), metadata: {} };
await hooks["tool.execute.after"]({ tool: "bash", sessionID: "s", callID: "c", args: { command: "make" } }, output);
process.stdout.write(output.output);
"#,
    )
    .expect("write");
    let input = dir.join("build.log");
    std::fs::write(&input, log()).expect("write");
    let run = |m: &Path| {
        let o = std::process::Command::new("node")
            .arg(&driver)
            .arg(m)
            .arg(&input)
            .env("HOME", &dir)
            .env("XDG_CACHE_HOME", dir.join("cache"))
            .env("XDG_CONFIG_HOME", dir.join(".config"))
            .output()
            .expect("node runs (Node.js is needed for this test)");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let fitted = run(&module);
    assert!(fitted.contains("error[E0308]") && fitted.len() < log().len() / 2, "{fitted}");
    spilled(&fitted, &log());
    // Without ctx, the output is bounded as OpenCode would have bounded it (its limits are
    // raised for ctx): the head, at most 2,000 lines and 51,200 bytes, and the whole text saved.
    let cut = run(&broken);
    let lines: Vec<&str> = cut.lines().collect();
    let whole = log();
    let kept = whole
        .lines()
        .scan(0, |bytes, l| {
            *bytes += l.len() + 1;
            (*bytes <= 51_200).then_some(())
        })
        .count();
    assert_eq!((kept, lines.len()), (1618, kept + 1));
    assert_eq!(lines[..kept], whole.lines().take(kept).collect::<Vec<_>>()[..]);
    let marker = lines[kept];
    assert!(
        marker.starts_with("[... 385 more lines cut (ctx failed: spawnSync /nonexistent/ctx ENOENT); full text: "),
        "{marker}"
    );
    let at = marker.find("full text: ").expect("a path") + "full text: ".len();
    let saved = marker[at..].trim_end_matches(" ...]");
    assert_eq!(std::fs::read_to_string(saved).expect("the saved text"), log());
    // What fits is left alone.
    std::fs::write(&input, "ok\n").expect("write");
    assert_eq!(run(&broken), "ok\n");
}

/// The five filters are names of `ctx`: `ctx truncate` is `ctx-truncate`, and a filter
/// installed without its `ctx` says so in one line.
#[test]
fn the_filters_are_one_program_under_six_names() {
    let dir = common::tmp("multicall");
    let by_name = common::run(common::tool("ctx-truncate").args(["-n", "2"]).write_stdin(common::numbers(10)));
    let by_sub = common::run(ctx(&dir).args(["truncate", "-n", "2"]).write_stdin(common::numbers(10)));
    assert_eq!((by_sub.code, &by_sub.out, &by_sub.err), (by_name.code, &by_name.out, &by_name.err));
    assert_eq!(by_name.out, "[... 9 lines (18 chars) omitted: lines 1-9 ...]\n10\n");
    let bad = common::run(ctx(&dir).args(["chunk", "--bogus"]));
    assert_eq!(bad.code, 2);
    assert!(bad.err.starts_with("ctx-chunk: "), "{}", bad.err);
    let alone = dir.join("ctx-score");
    std::fs::copy(common::bin("ctx-score"), &alone).expect("copy");
    let r = common::run(assert_cmd::Command::new(&alone).arg("--version"));
    assert_eq!(r.code, 1);
    assert_eq!(r.err.lines().count(), 1, "{}", r.err);
    assert!(
        r.err.starts_with(&format!(
            "ctx-score: cannot run '{}', the program it is a name of: ",
            dir.join("ctx").display()
        )),
        "{}",
        r.err
    );
}

#[test]
fn a_closed_stdout_ends_every_report_quietly_with_0() {
    let dir = common::tmp("closed-stdout");
    for args in [
        &["doctor"][..],
        &["gc", "--dry-run", "--store", "."],
        &["install-extras", "--dry-run"],
        &["truncate", "--print-config"],
        &["truncate", "--tool-schema", "openai"],
        &["summarize", "--tool-schema", "openai"],
        &["summarize", "--print-config"],
    ] {
        let (reader, writer) = std::io::pipe().expect("pipe");
        drop(reader);
        let mut c = std::process::Command::new(common::bin("ctx"));
        c.args(args).env("HOME", &dir).env("XDG_CONFIG_HOME", dir.join(".config")).current_dir(&dir);
        let o = c.stdout(writer).output().expect("runs");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// The last output of the same command in the same project is the baseline of the next (Claude
/// Code's PostToolUse Bash event: its `cwd` and `tool_input.command`): the warning the previous
/// run printed too ranks lower and gives its room to the new one, and the output ends with one
/// line that says so, within the profile's budget. Another command, or the same one in another
/// project, has no previous run: the old warning, first come, takes the room, and there is no
/// such line.
#[test]
fn the_last_output_of_the_same_command_in_the_project_is_the_baseline() {
    let dir = common::tmp("hook-baseline");
    std::fs::create_dir_all(dir.join(".config/ctx")).expect("config dir");
    std::fs::write(dir.join(".config/ctx/config.toml"), "[tools.bash]\nmax_chars = 600\n").expect("config");
    let compiling = |a: u32, b: u32| (a..b).map(|i| format!("   Compiling crate{i} v0.1.{i}\n")).collect::<String>();
    let (old, new, failed) = (
        "warning: unused variable: `x`\n",
        "warning: field `b` is never read\n",
        "error: could not compile `app` (lib) due to 1 previous error\n",
    );
    let first = compiling(1, 20) + old + &compiling(20, 40) + failed;
    let second = compiling(1, 20) + old + &compiling(20, 30) + new + &compiling(30, 40) + failed;
    // The first marker names the full text by path, which takes room from the budget: the
    // store's path has the same length wherever the temporary directory is.
    let at = dir.canonicalize().expect("the temp dir");
    let store = at.join("s".repeat(160usize.saturating_sub(at.display().to_string().len()).max(1)));
    let hook = |dir: &Path, agent: &str, input: &str| {
        let r = common::run(ctx(dir).env("CTX_PERSIST_DIR", &store).args(["hook", agent]).write_stdin(input));
        assert_eq!(r.code, 0, "{}", r.err);
        (serde_json::from_str::<Value>(&r.out).ok(), r.err)
    };
    let stdout = |reply: Option<Value>| {
        let reply = reply.expect("a reply");
        let text = reply["hookSpecificOutput"]["updatedToolOutput"]["stdout"].as_str().expect("stdout").to_string();
        assert!(text.chars().count() <= 600, "{}", text.chars().count());
        text.replace(&store.display().to_string(), "STORE")
    };

    let (reply, err) = hook(&dir, "claude", &event("claude-posttooluse-bash.json", &first));
    assert_eq!(err, "");
    assert!(!stdout(reply).contains("[ctx: "));
    let (reply, err) = hook(&dir, "claude", &event("claude-posttooluse-bash.json", &second));
    assert_eq!(err, "");
    let name = format!("STORE/{}", store_name(&second));
    assert_eq!(
        stdout(reply),
        format!(
            "[... 30 lines (853 chars) omitted: lines 1-30; full text: {name} ...]\n\
             {new}\
             [... 7 lines (203 chars) omitted: lines 32-38 ...]\n\
             \x20  Compiling crate37 v0.1.37\n   Compiling crate38 v0.1.38\n   Compiling crate39 v0.1.39\n\
             {failed}\
             [ctx: lines the previous run printed too ranked lower]\n"
        )
    );

    // The lines next to the old warning come with it (salient's neighbours).
    let plain = format!(
        "[... 18 lines (504 chars) omitted: lines 1-18; full text: {name} ...]\n\
         {}\
         {old}\
         {}\
         [... 17 lines (497 chars) omitted: lines 22-38 ...]\n\
         {}\
         {failed}",
        compiling(19, 20),
        compiling(20, 21),
        compiling(37, 40)
    );
    let other_command = event("claude-posttooluse-bash.json", &second).replace("cargo build", "cargo test");
    let other_project = event("claude-posttooluse-bash.json", &second).replace("/home/u/p", "/home/u/q");
    for input in [other_command, other_project] {
        let (reply, err) = hook(&dir, "claude", &input);
        assert_eq!((stdout(reply), err), (plain.clone(), String::new()));
    }

    // A command run under ctx-truncate (`--wrap`) was fitted in the command: no baseline there.
    let wrapped = "/x/ctx-truncate --tool bash --persist /s -- bash -c 'cargo build'";
    let (reply, err) =
        hook(&dir, "claude", &event("claude-posttooluse-bash.json", &second).replace("cargo build", wrapped));
    assert_eq!((stdout(reply), err), (plain.clone(), String::new()));

    // Each run's output is saved private under one name per project and command; the log says
    // which call was ranked against its previous run.
    let runs: Vec<_> = std::fs::read_dir(&store)
        .expect("the store")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("run-")))
        .collect();
    assert_eq!(runs.len(), 3, "{runs:?}");
    for run in &runs {
        use std::os::unix::fs::PermissionsExt;
        let meta = std::fs::metadata(run).expect("run file");
        assert_eq!(
            (meta.permissions().mode() & 0o777, std::fs::read_to_string(run).expect("run")),
            (0o600, second.clone())
        );
    }
    let log = std::fs::read_to_string(store.join(".stats.jsonl")).expect("the stats log");
    let ranked: Vec<bool> = log.lines().map(|l| l.contains(r#""against_previous":true"#)).collect();
    assert_eq!(ranked, [false, true, false, false, false]);
}

/// A command that prints the same output again is ranked against templates saved once, not
/// computed from its last output on every call: the first call that finds its output unchanged
/// saves them as `run-KEY.templates` (private, beside `run-KEY.txt`), and the next calls read
/// them, but only for the text they were saved for (their BLAKE3 hash is in the file); an output
/// that differs removes them.
#[test]
fn templates_of_an_output_printed_again_are_saved_once_and_read_for_that_text_only() {
    let dir = common::tmp("hook-templates");
    std::fs::create_dir_all(dir.join(".config/ctx")).expect("config dir");
    std::fs::write(dir.join(".config/ctx/config.toml"), "[tools.bash]\nmax_chars = 600\n").expect("config");
    let compiling = |a: u32, b: u32| (a..b).map(|i| format!("   Compiling crate{i} v0.1.{i}\n")).collect::<String>();
    let failed = "error: could not compile `app` (lib) due to 1 previous error\n";
    let first = compiling(1, 20) + "warning: unused variable: `x`\n" + &compiling(20, 40) + failed;
    let second = compiling(1, 20) + "warning: unused variable: `x`\n" + &compiling(20, 41) + failed;
    let store = dir.join("store");
    let hook = |text: &str| {
        let input = event("claude-posttooluse-bash.json", text);
        let r = common::run(ctx(&dir).env("CTX_PERSIST_DIR", &store).args(["hook", "claude"]).write_stdin(input));
        assert_eq!((r.code, r.err.as_str()), (0, ""));
        let reply: Value = serde_json::from_str(&r.out).expect("a reply");
        reply["hookSpecificOutput"]["updatedToolOutput"]["stdout"].as_str().expect("stdout").to_string()
    };
    let note = "[ctx: lines the previous run printed too ranked lower]\n";
    let saved = || {
        let names = std::fs::read_dir(&store).expect("the store").map(|e| e.expect("entry").file_name());
        let mut names: Vec<String> =
            names.map(|n| n.to_string_lossy().into_owned()).filter(|n| n.starts_with("run-")).collect();
        names.sort();
        names
    };

    hook(&first);
    let [run] = &saved()[..] else { panic!("{:?}", saved()) };
    let templates = store.join(run.replace(".txt", ".templates"));
    // Changed: ranked against the templates of the last output, computed; none saved.
    let changed = hook(&second);
    assert!(changed.ends_with(note), "{changed}");
    assert_eq!(saved(), [run.as_str()]);
    // The same again: ranked alike, and its templates saved.
    assert_eq!(hook(&second), changed);
    assert_eq!(saved(), [run.replace(".txt", ".templates"), run.to_string()]);
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(std::fs::metadata(&templates).expect("templates").permissions().mode() & 0o777, 0o600);
    let written = std::fs::read(&templates).expect("templates");
    let from = ctx::signals::Baseline::of(second.as_bytes());
    assert_eq!(written, from.saved(second.as_bytes()));
    // Read from then on: templates saved for this text say what it is ranked against (none
    // here: nothing ranks lower, and no line says so) ...
    std::fs::write(&templates, ctx::signals::Baseline::of(b"").saved(second.as_bytes())).expect("write");
    let unranked = hook(&second);
    assert!(!unranked.contains("[ctx: lines"), "{unranked}");
    // ... and templates saved for another text are not read.
    std::fs::write(&templates, ctx::signals::Baseline::of(b"").saved(first.as_bytes())).expect("write");
    assert_eq!(hook(&second), changed);
    // Another output is saved, and the templates of the last one go.
    hook(&first);
    assert_eq!(saved(), [run.as_str()]);
}

/// The name the store gives `text`: the first 128 bits of its BLAKE3 hash, in hex, then `.txt`.
fn store_name(text: &str) -> String {
    format!(
        "{}.txt",
        blake3::hash(text.as_bytes()).as_bytes().iter().take(16).map(|b| format!("{b:02x}")).collect::<String>()
    )
}
