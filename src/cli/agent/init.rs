//! `ctx init AGENT`: the hook merged into the agent's settings (with a backup), or taken out.

use super::{TOOL, settings, this_ctx};
use crate::agent::Agent;
use crate::agent::install::{self, Scope};
use anyhow::{Context, Result};
use std::path::PathBuf;
use std::process::ExitCode;

pub(super) fn init(agent: Agent, scope: Scope, uninstall: bool, wrap: bool, dry: bool) -> Result<ExitCode> {
    let path = settings(agent, scope)?;
    let shown = path.display();
    let backup = PathBuf::from(format!("{}.ctx-backup", path.display()));
    let current = match std::fs::read(&path) {
        Ok(b) => Some(String::from_utf8(b).with_context(|| format!("'{shown}' is not UTF-8 text"))?),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e).with_context(|| format!("cannot read '{shown}'")),
    };
    let title = agent.title();
    if uninstall {
        let Some(current) = current.filter(|c| install::installed(agent, c)) else {
            if agent == Agent::Opencode && !dry {
                opencode_files(&path, scope, Some(""))?;
            }
            eprintln!("{TOOL}: the {title} hook is not in '{shown}': nothing to take out");
            return Ok(ExitCode::SUCCESS);
        };
        let after = install::remove(agent, &current).with_context(|| format!("cannot take ctx out of '{shown}'"))?;
        let saved = std::fs::read_to_string(&backup).ok();
        let after = match (after, saved.as_deref()) {
            (Some(a), Some(b)) => Some(install::restore(agent, &a, b)),
            (None, Some(b)) => Some(b.to_string()),
            (after, None) => after,
        };
        if !dry {
            match &after {
                Some(text) => crate::store::write_atomic(&path, &mut |w| Ok(w.write_all(text.as_bytes())?))?,
                None => std::fs::remove_file(&path).with_context(|| format!("cannot remove '{shown}'"))?,
            }
            if saved.is_some() {
                std::fs::remove_file(&backup).with_context(|| format!("cannot remove '{}'", backup.display()))?;
            }
            if agent == Agent::Opencode {
                opencode_files(&path, scope, Some(&current))?;
            }
        }
        let what = match (after.is_none(), dry) {
            (true, false) => "removed the file (it held only ctx's hook)",
            (true, true) => "would remove the file (it holds only ctx's hook)",
            (false, false) => "took out ctx's hook",
            (false, true) => "would take out ctx's hook",
        };
        eprintln!("{TOOL}: {title}: {what}: '{shown}'");
        return Ok(ExitCode::SUCCESS);
    }
    let Some(next) = install::add(agent, current.as_deref(), &this_ctx(), &path, wrap)
        .with_context(|| format!("cannot install into '{shown}'"))?
    else {
        if agent == Agent::Opencode && !dry {
            opencode_files(&path, scope, None)?;
        }
        eprintln!("{TOOL}: {title}: {} is already in '{shown}'", agent_entry(agent));
        return Ok(ExitCode::SUCCESS);
    };
    if !dry {
        // The backup is the file as it was before ctx: not overwritten when ctx adds to its own,
        // and as private as it (settings may hold keys).
        if let Some(c) = current.as_ref().filter(|c| !install::installed(agent, c)) {
            let from = crate::store::mode_of(Some(&path));
            crate::store::write_from(&backup, from, &mut |w| Ok(w.write_all(c.as_bytes())?))?;
        }
        crate::store::write_atomic(&path, &mut |w| Ok(w.write_all(next.as_bytes())?))?;
        if agent == Agent::Opencode {
            opencode_files(&path, scope, None)?;
        }
    }
    let kept = if current.is_some() { format!(" (the file before: '{}')", backup.display()) } else { String::new() };
    let done = if dry { "would install" } else { "installed" };
    eprintln!("{TOOL}: {title}: {done} {} in '{shown}'{kept}", agent_entry(agent));
    if agent.mcp_only() {
        eprintln!(
            "{TOOL}: note: {title} has no hook that can fit its own tools' output; the model gets ctx's tools instead (ctx_run, ctx_read, ctx_more, ctx_summarize)"
        );
    }
    if agent == Agent::Copilot && scope == Scope::Project {
        eprintln!(
            "{TOOL}: note: in `copilot -p`, a repository's hooks load only where the folder is trusted (or with COPILOT_ALLOW_ALL=true); `ctx init copilot` without --project installs for the user, whose hooks always load"
        );
    }
    if agent == Agent::Claude && !wrap {
        eprintln!(
            "{TOOL}: note: Claude Code lets no hook replace a failed command's output; `ctx init claude --wrap` sends Bash commands' output through ctx-truncate to fit it too, where Bash is allowed as a whole (allow rules for single commands do not match the rewritten command)"
        );
    }
    eprintln!(
        "{TOOL}: undo with: ctx init {agent}{} --uninstall",
        if scope == Scope::Project { " --project" } else { "" }
    );
    Ok(ExitCode::SUCCESS)
}

/// What `ctx init` puts in an agent's settings, for its messages.
fn agent_entry(agent: Agent) -> &'static str {
    if agent.mcp_only() { "ctx's MCP server (ctx mcp)" } else { "the hook" }
}

/// OpenCode's plugin file beside its settings: written on install, or (`removed`: the settings
/// ctx was taken out of) removed with every plugin file those settings listed. Either way a
/// plugin an older ctx put in a `.opencode/plugins/` directory goes, with what OpenCode
/// installed around it.
fn opencode_files(settings: &std::path::Path, scope: Scope, removed: Option<&str>) -> Result<()> {
    use crate::agent::opencode;
    let user = scope == Scope::User;
    let mut gone = opencode::remove_legacy(&opencode::legacy_plugin(settings, user), user)?;
    match removed {
        None => {
            let plugin = opencode::plugin_path(settings);
            let text = opencode::plugin(&this_ctx());
            crate::store::write_atomic(&plugin, &mut |w| Ok(w.write_all(text.as_bytes())?))?;
            eprintln!("{TOOL}: OpenCode: the plugin is '{}'", plugin.display());
        }
        Some(settings_text) => {
            for plugin in opencode::listed(settings_text) {
                match std::fs::remove_file(&plugin) {
                    Ok(()) => gone.push(plugin),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                    Err(e) => return Err(e).with_context(|| format!("cannot remove '{}'", plugin.display())),
                }
            }
        }
    }
    for path in gone {
        eprintln!("{TOOL}: OpenCode: removed '{}'", path.display());
    }
    Ok(())
}
