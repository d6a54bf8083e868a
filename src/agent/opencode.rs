//! OpenCode: ctx's plugin, and the settings that let it see a tool's whole output.
//!
//! OpenCode bounds every tool's output before plugins see it: past `tool_output.max_lines`
//! (2,000) or `max_bytes` (51,200) it keeps the head, saves the rest to its own file and says
//! so (`ToolOutputStore.bound`, anomalyco/opencode `packages/opencode/src/tool/`; checked in
//! the opencode-ai 1.18.33 binary, whose config schema describes `tool_output: {max_lines,
//! max_bytes}` as "Thresholds for truncating tool output"). The `tool.execute.after` hook runs
//! after that, so an error past line 2,000 never reached ctx. `ctx init opencode` therefore
//! raises both limits in `opencode.json` and adds ctx's plugin to its `plugin` list as a
//! `file://` URL (OpenCode's config loader takes `file://` specs as paths). The plugin file
//! lives in ctx's data directory, not in a `.opencode/` directory: OpenCode installs
//! `@opencode-ai/plugin` with npm into every `.opencode/` directory it loads (a slow first run
//! and a `node_modules` left behind), and the plugin is plain JavaScript that imports nothing
//! but Node's `child_process`, `fs` and `os`.
//!
//! If ctx cannot run, the plugin does what OpenCode would have done with its own limits: it
//! keeps the first 2,000 lines / 51,200 bytes and saves the whole text to a private file named
//! in the output, so a failing ctx never hands the model an unbounded output.

use anyhow::{Context, Result, bail};
use serde_json::{Map, Value, json};
use std::path::{Path, PathBuf};

/// The limits ctx sets: past any real tool output, under the 1 GiB the plugin reads back.
pub const MAX_LINES: u64 = 100_000_000;
/// See [`MAX_LINES`].
pub const MAX_BYTES: u64 = 1 << 30;

/// What names ctx's plugin in a `plugin` list.
const PLUGIN_NAME: &str = "ctx-opencode-plugin-";

/// OpenCode's config file for the user (`dir`: `$XDG_CONFIG_HOME/opencode`) or the project
/// (`dir`: the current directory): the first that exists of the names OpenCode reads there, as
/// OpenCode itself picks the one to write, else `opencode.json`.
pub fn settings_path(dir: &Path, user: bool) -> PathBuf {
    let names: &[&str] =
        if user { &["opencode.jsonc", "opencode.json", "config.json"] } else { &["opencode.json", "opencode.jsonc"] };
    names.iter().map(|n| dir.join(n)).find(|p| p.is_file()).unwrap_or_else(|| dir.join("opencode.json"))
}

/// Where ctx's plugin for the settings file `settings` is: `$XDG_DATA_HOME/ctx/` (else
/// `~/.local/share/ctx/`), one file per settings file, so that taking ctx out of one project
/// leaves the others working.
pub fn plugin_path(settings: &Path) -> PathBuf {
    use sha2::{Digest, Sha256};
    let data = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").filter(|v| !v.is_empty()).map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(std::env::temp_dir);
    let digest = Sha256::digest(settings.as_os_str().as_encoded_bytes());
    let id: String = digest.iter().take(8).map(|b| format!("{b:02x}")).collect();
    data.join("ctx").join(format!("{PLUGIN_NAME}{id}.js"))
}

/// The settings with the limits raised and the plugin at `plugin` listed.
pub fn add(current: Option<&str>, plugin: &Path) -> Result<String> {
    let mut root = match current.map(str::trim) {
        None | Some("") => Value::Object(Map::new()),
        Some(text) => serde_json::from_str(text)
            .context("the settings file is not plain JSON (OpenCode's JSONC comments and trailing commas are not merged); fix it first")?,
    };
    let Some(obj) = root.as_object_mut() else { bail!("the settings file is not a JSON object") };
    let limits = obj.entry("tool_output").or_insert_with(|| json!({}));
    let Some(limits) = limits.as_object_mut() else { bail!("\"tool_output\" in the settings file is not an object") };
    limits.insert("max_lines".into(), MAX_LINES.into());
    limits.insert("max_bytes".into(), MAX_BYTES.into());
    let list = obj.entry("plugin").or_insert_with(|| json!([]));
    let Some(list) = list.as_array_mut() else { bail!("\"plugin\" in the settings file is not a list") };
    list.push(format!("file://{}", plugin.display()).into());
    Ok(serde_json::to_string_pretty(&root)? + "\n")
}

/// The plugin files the settings list as ctx's.
pub fn listed(current: &str) -> Vec<PathBuf> {
    let Ok(root) = serde_json::from_str::<Value>(current) else { return Vec::new() };
    let Some(list) = root.get("plugin").and_then(Value::as_array) else { return Vec::new() };
    list.iter().filter_map(Value::as_str).filter_map(ours).collect()
}

/// The path of a plugin spec that is ctx's.
fn ours(spec: &str) -> Option<PathBuf> {
    let path = spec.strip_prefix("file://")?;
    let name = Path::new(path).file_name()?.to_str()?;
    (name.starts_with(PLUGIN_NAME) && name.ends_with(".js")).then(|| PathBuf::from(path))
}

/// The settings without ctx's plugin and limits (the limits only where they are still ctx's);
/// `None` when nothing is left.
pub fn remove(current: &str) -> Result<Option<String>> {
    let mut root: Value = serde_json::from_str(current).context("the settings file is not valid JSON")?;
    let obj = root.as_object_mut().context("the settings file is not a JSON object")?;
    if let Some(list) = obj.get_mut("plugin").and_then(Value::as_array_mut) {
        list.retain(|s| s.as_str().and_then(ours).is_none());
        if list.is_empty() {
            obj.remove("plugin");
        }
    }
    if let Some(limits) = obj.get_mut("tool_output").and_then(Value::as_object_mut) {
        for (key, ctx) in [("max_lines", MAX_LINES), ("max_bytes", MAX_BYTES)] {
            if limits.get(key).and_then(Value::as_u64) == Some(ctx) {
                limits.remove(key);
            }
        }
        if limits.is_empty() {
            obj.remove("tool_output");
        }
    }
    if obj.is_empty() {
        return Ok(None);
    }
    Ok(Some(serde_json::to_string_pretty(&root)? + "\n"))
}

/// Where ctx before 0.x put its plugin (`.opencode/plugins/ctx.js`, or under
/// `$XDG_CONFIG_HOME/opencode`), for `dir` the directory of the settings file.
pub fn legacy_plugin(settings: &Path, user: bool) -> PathBuf {
    let dir = settings.parent().unwrap_or(Path::new("."));
    if user { dir.join("plugins/ctx.js") } else { dir.join(".opencode/plugins/ctx.js") }
}

/// The line that marks a plugin file as ctx's.
pub const PLUGIN_MARK: &str = "// ctx: added by `ctx init opencode`";

/// Takes out a plugin file of an older ctx at `path`, and in a project the `.opencode`
/// directory around it when all that is left there is what OpenCode's own npm install of
/// `@opencode-ai/plugin` put in (`node_modules`, `package.json` naming that one dependency,
/// its lock file, `.gitignore`). What it removed, for the message.
pub fn remove_legacy(path: &Path, user: bool) -> Result<Vec<PathBuf>> {
    let is_ours = std::fs::read_to_string(path).is_ok_and(|t| t.starts_with(PLUGIN_MARK));
    if !is_ours {
        return Ok(Vec::new());
    }
    std::fs::remove_file(path).with_context(|| format!("cannot remove '{}'", path.display()))?;
    let mut removed = vec![path.to_path_buf()];
    let Some(plugins) = path.parent() else { return Ok(removed) };
    if std::fs::remove_dir(plugins).is_ok() {
        removed.push(plugins.to_path_buf());
    }
    let Some(dot) = plugins.parent().filter(|_| !user) else { return Ok(removed) };
    if only_opencodes_install(dot) {
        std::fs::remove_dir_all(dot).with_context(|| format!("cannot remove '{}'", dot.display()))?;
        removed.push(dot.to_path_buf());
    }
    Ok(removed)
}

/// Whether `dir` holds nothing but OpenCode's install of `@opencode-ai/plugin`.
fn only_opencodes_install(dir: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else { return false };
    entries.flatten().all(|e| {
        let name = e.file_name();
        match name.to_str() {
            Some("node_modules" | "package-lock.json" | "bun.lock" | "bun.lockb" | ".gitignore") => true,
            Some("package.json") => std::fs::read_to_string(e.path())
                .ok()
                .and_then(|t| serde_json::from_str::<Value>(&t).ok())
                .and_then(|v| {
                    v.get("dependencies").and_then(Value::as_object).map(|d| d.keys().cloned().collect::<Vec<_>>())
                })
                .is_some_and(|deps| deps == ["@opencode-ai/plugin"]),
            _ => false,
        }
    })
}

/// OpenCode's plugin: after each tool, its output goes through `ctx hook opencode`; when that
/// fails, one line goes to stderr and the output is bounded as OpenCode would have bounded it.
pub fn plugin(ctx: &str) -> String {
    let ctx = serde_json::to_string(ctx).unwrap_or_default();
    format!(
        r#"{PLUGIN_MARK}; `ctx init opencode --uninstall` removes this file.
// After each tool, its output goes through `ctx hook opencode`: long output is fitted into a
// budget and the full text saved, with its path in the output. OpenCode's own limits are
// raised (tool_output in opencode.json) so that this sees the whole output; if ctx fails, the
// output is cut as OpenCode would have cut it, its whole text saved to a private file.
import {{ spawnSync }} from "node:child_process";
import {{ mkdtempSync, writeFileSync }} from "node:fs";
import {{ tmpdir }} from "node:os";
import {{ join }} from "node:path";

const CTX = {ctx};
const MAX_LINES = 2000;
const MAX_BYTES = 51200;

function bounded(text, why) {{
  const lines = text.split("\n");
  if (lines.length <= MAX_LINES && Buffer.byteLength(text, "utf8") <= MAX_BYTES) return text;
  let out = [], bytes = 0;
  for (const line of lines.slice(0, MAX_LINES)) {{
    const size = Buffer.byteLength(line, "utf8") + 1;
    if (bytes + size > MAX_BYTES) break;
    out.push(line);
    bytes += size;
  }}
  let where = "not saved";
  try {{
    const dir = mkdtempSync(join(tmpdir(), "ctx-opencode-"));
    where = join(dir, "output.txt");
    writeFileSync(where, text, {{ mode: 0o600 }});
  }} catch (e) {{}}
  const total = text.endsWith("\n") ? lines.length - 1 : lines.length;
  return out.join("\n") + `\n[... ${{total - out.length}} more lines cut (ctx failed: ${{why}}); full text: ${{where}} ...]`;
}}

export const CtxPlugin = async () => ({{
  "tool.execute.after": async (input, output) => {{
    if (typeof output?.output !== "string") return;
    const r = spawnSync(CTX, ["hook", "opencode"], {{
      input: JSON.stringify({{ tool: input.tool, args: input.args, output: output.output }}),
      encoding: "utf8",
      timeout: 30000,
      maxBuffer: 1 << 30,
    }});
    if (r.stderr) process.stderr.write(r.stderr);
    if (r.error || r.status !== 0) {{
      const why = r.error ? String(r.error.message || r.error) : `exit status ${{r.status}}`;
      output.output = bounded(output.output, why);
      return;
    }}
    if (!r.stdout || !r.stdout.trim()) {{
      // ctx passed the output as it was, or it failed and said why on stderr.
      if (r.stderr) output.output = bounded(output.output, r.stderr.trim().split("\n")[0]);
      return;
    }}
    try {{
      output.output = JSON.parse(r.stdout).output;
    }} catch (e) {{
      process.stderr.write(`ctx: ${{e}}\n`);
      output.output = bounded(output.output, String(e));
    }}
  }},
}});
"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_and_plugin_go_in_and_come_out_leaving_what_was_there() {
        let before =
            "{\n  \"$schema\": \"https://opencode.ai/config.json\",\n  \"plugin\": [\"opencode-wakatime\"]\n}\n";
        let plugin = Path::new("/h/.local/share/ctx/ctx-opencode-plugin-0011223344556677.js");
        let after = add(Some(before), plugin).expect("ok");
        let v: Value = serde_json::from_str(&after).expect("json");
        assert_eq!(v["tool_output"], json!({"max_lines": 100_000_000, "max_bytes": 1_073_741_824}));
        assert_eq!(v["plugin"], json!(["opencode-wakatime", format!("file://{}", plugin.display())]));
        assert_eq!(listed(&after), [plugin.to_path_buf()]);
        let removed = remove(&after).expect("ok").expect("something left");
        let back: Value = serde_json::from_str(&removed).expect("json");
        assert_eq!(back, serde_json::from_str::<Value>(before).expect("json"));
        assert_eq!(remove(&add(None, plugin).expect("ok")).expect("ok"), None);
    }

    #[test]
    fn a_users_own_limit_is_kept_on_removal() {
        let plugin = Path::new("/d/ctx/ctx-opencode-plugin-00.js");
        let mut v: Value = serde_json::from_str(&add(None, plugin).expect("ok")).expect("json");
        v["tool_output"]["max_lines"] = 5000.into();
        let removed = remove(&v.to_string()).expect("ok").expect("left");
        assert_eq!(serde_json::from_str::<Value>(&removed).expect("json"), json!({"tool_output": {"max_lines": 5000}}));
    }
}
