//! OpenCode's own config loader reads what `ctx init opencode --project` writes: the real
//! `opencode debug config` (opencode-ai from npm) resolves `tool_output` to ctx's limits and
//! lists ctx's plugin by its `file://` URL, nothing goes into a `.opencode/` directory (into
//! which OpenCode would run an npm install), and `--uninstall` gives `opencode.json` back byte
//! for byte and removes the plugin file. Opt-in: `cargo test --test agent_e2e_opencode --
//! --ignored`; `OPENCODE_BIN` names the binary, else opencode-ai@1.18.33 is installed with npm
//! into `$XDG_CACHE_HOME/ctx-agent-e2e-opencode`; when neither works the test fails.

mod common;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The opencode binary: `OPENCODE_BIN`, else one installed from npm.
fn opencode() -> PathBuf {
    if let Some(bin) = std::env::var_os("OPENCODE_BIN") {
        return PathBuf::from(bin);
    }
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").expect("HOME")).join(".cache"))
        .join("ctx-agent-e2e-opencode");
    let bin = cache.join("node_modules/.bin/opencode");
    if !bin.exists() {
        let ok = Command::new("npm")
            .args(["install", "--silent", "--no-audit", "--no-fund", "--prefix"])
            .arg(&cache)
            .arg("opencode-ai@1.18.33")
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok && bin.exists(), "npm could not install opencode-ai@1.18.33 into {}", cache.display());
    }
    bin
}

fn ctx(dir: &Path, project: &Path) -> assert_cmd::Command {
    let mut c = common::tool("ctx");
    c.env("HOME", dir.join("home"))
        .env("XDG_CONFIG_HOME", dir.join("home/.config"))
        .env("XDG_DATA_HOME", dir.join("home/.local/share"))
        .env("XDG_CACHE_HOME", dir.join("home/.cache"))
        .current_dir(project);
    c
}

#[test]
#[ignore = "needs OpenCode (opencode-ai from npm): OPENCODE_BIN, or npm to install it"]
fn opencode_reads_ctx_limits_and_plugin_and_uninstall_leaves_nothing() {
    let bin = opencode();
    let dir = common::tmp("e2e-opencode");
    let project = dir.join("project");
    std::fs::create_dir_all(&project).expect("mkdir");
    let before = "{\n  \"$schema\": \"https://opencode.ai/config.json\",\n  \"autoupdate\": false\n}\n";
    std::fs::write(project.join("opencode.json"), before).expect("write");
    let r = common::run(ctx(&dir, &project).args(["init", "opencode", "--project"]));
    assert_eq!(r.code, 0, "{}", r.err);
    let out = Command::new(&bin)
        .args(["debug", "config"])
        .current_dir(&project)
        .env("HOME", dir.join("home"))
        .env("XDG_CONFIG_HOME", dir.join("home/.config"))
        .env("XDG_DATA_HOME", dir.join("home/.local/share"))
        .env("XDG_CACHE_HOME", dir.join("home/.cache"))
        .env("OPENCODE_DISABLE_AUTOUPDATE", "1")
        .env("OPENCODE_DISABLE_MODELS_FETCH", "1")
        .output()
        .expect("opencode runs");
    assert!(out.status.success(), "opencode debug config: {}", String::from_utf8_lossy(&out.stderr));
    let config: Value = serde_json::from_slice(&out.stdout).expect("opencode debug config prints JSON");
    assert_eq!(config["tool_output"], serde_json::json!({"max_lines": 100_000_000, "max_bytes": 1_073_741_824}));
    let plugins: Vec<&str> = config["plugin"].as_array().expect("plugins").iter().filter_map(Value::as_str).collect();
    let plugin = plugins
        .iter()
        .find_map(|p| p.strip_prefix("file://").filter(|p| p.contains("ctx-opencode-plugin-")))
        .map(PathBuf::from)
        .expect("ctx's plugin in OpenCode's resolved config");
    assert!(plugin.starts_with(dir.join("home/.local/share/ctx")) && plugin.is_file(), "{}", plugin.display());
    assert!(!project.join(".opencode").exists(), "a .opencode directory in the project");
    let r = common::run(ctx(&dir, &project).args(["init", "opencode", "--project", "--uninstall"]));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(std::fs::read_to_string(project.join("opencode.json")).expect("kept"), before);
    assert!(!plugin.exists(), "{} is left", plugin.display());
    let left: Vec<_> = std::fs::read_dir(&project).expect("dir").flatten().map(|e| e.file_name()).collect();
    assert_eq!(left, ["opencode.json"]);
}
