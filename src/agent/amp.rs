//! Amp: MCP only, as far as ctx can tell. `ctx init amp` registers `ctx mcp` as the MCP server
//! `ctx` in Amp's settings, as `amp mcp add ctx -- CTX mcp` would.
//!
//! Amp (`@sourcegraph/amp` on npm, 0.0.1790142911-g7618fb) ships as one packed native binary,
//! and neither it nor Amp's published docs showed a hook that replaces a tool's output or
//! rewrites a command, so ctx does not build on one. Its MCP settings are what its own
//! `amp mcp add` writes and `amp mcp list` reads (seen with that binary): the table
//! `amp.mcpServers`, `NAME: {command, args}`, in `$AMP_SETTINGS_FILE`, else
//! `$XDG_CONFIG_HOME/amp/settings.json` (`~/.config/amp/settings.json`), or the workspace's
//! `.amp/settings.json` (`amp mcp add --workspace`; Amp asks before it starts a workspace's
//! server: `amp mcp approve`).

use super::Scope;
use std::path::{Path, PathBuf};

/// The key of the servers' table in the settings.
pub const KEY: &str = "amp.mcpServers";

/// Amp's settings file for `scope`.
pub fn settings_path(scope: Scope, home: &Path, cwd: &Path, var: &dyn Fn(&str) -> Option<String>) -> PathBuf {
    let set = |name: &str| super::var_dir(var, name);
    match scope {
        Scope::Project => cwd.join(".amp/settings.json"),
        Scope::User => set("AMP_SETTINGS_FILE").unwrap_or_else(|| {
            set("XDG_CONFIG_HOME").unwrap_or_else(|| home.join(".config")).join("amp/settings.json")
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_settings_file_follows_amps_own_variables() {
        let none = |_: &str| None;
        let (h, p) = (Path::new("/h"), Path::new("/p"));
        assert_eq!(settings_path(Scope::User, h, p, &none), Path::new("/h/.config/amp/settings.json"));
        assert_eq!(settings_path(Scope::Project, h, p, &none), Path::new("/p/.amp/settings.json"));
        let xdg = |v: &str| (v == "XDG_CONFIG_HOME").then(|| "/x".to_string());
        assert_eq!(settings_path(Scope::User, h, p, &xdg), Path::new("/x/amp/settings.json"));
        let file = |v: &str| (v != "HOME").then(|| "/f.json".to_string());
        assert_eq!(settings_path(Scope::User, h, p, &file), Path::new("/f.json"));
    }
}
