//! A hooks file of `{"version": 1, "hooks": {EVENT: [ENTRY, ...]}}` whose entries are flat
//! objects, each naming its command under one key (GitHub Copilot CLI: `bash`; Cursor:
//! `command`), as both agents read it: ctx adds its one entry, and takes exactly that out again.

use super::Agent;
use anyhow::{Context, Result, bail};
use serde_json::{Map, Value, json};

/// The index of ctx's entry in `event`'s list: its command (under `key`) is `... ctx ... hook AGENT`.
fn ours_in(root: &Value, event: &str, key: &str, agent: Agent) -> Option<usize> {
    let tail = format!(" hook {agent}");
    root.get("hooks")?.get(event)?.as_array()?.iter().position(|entry| {
        entry.get(key).and_then(Value::as_str).is_some_and(|c| c.ends_with(&tail) && c.contains("ctx"))
    })
}

/// Whether ctx's entry is in `event`'s list of the file `current`.
pub fn installed(current: &str, event: &str, key: &str, agent: Agent) -> bool {
    serde_json::from_str::<Value>(current).is_ok_and(|v| ours_in(&v, event, key, agent).is_some())
}

/// The file with `entry` appended to `event`'s list; `None` when ctx's entry is already there.
/// A new file gets `"version": 1`; an existing one keeps what it has.
pub fn add(current: Option<&str>, event: &str, entry: Value, key: &str, agent: Agent) -> Result<Option<String>> {
    let mut root = match current.map(str::trim) {
        None | Some("") => json!({"version": 1}),
        Some(text) => serde_json::from_str(text).context("the hooks file is not valid JSON; fix it first")?,
    };
    if ours_in(&root, event, key, agent).is_some() {
        return Ok(None);
    }
    let Some(obj) = root.as_object_mut() else { bail!("the hooks file is not a JSON object") };
    let hooks = obj.entry("hooks").or_insert_with(|| json!({}));
    let Some(hooks) = hooks.as_object_mut() else { bail!("\"hooks\" in the hooks file is not an object") };
    let list = hooks.entry(event).or_insert_with(|| json!([]));
    let Some(list) = list.as_array_mut() else { bail!("\"hooks.{event}\" in the hooks file is not a list") };
    list.push(entry);
    Ok(Some(serde_json::to_string_pretty(&root)? + "\n"))
}

/// The file with ctx's entries taken out of `event`'s list; `None` when nothing is left but
/// `"version"` (the file was ctx's alone).
pub fn remove(current: &str, event: &str, key: &str, agent: Agent) -> Result<Option<String>> {
    let mut root: Value = serde_json::from_str(current).context("the hooks file is not valid JSON")?;
    while let Some(i) = ours_in(&root, event, key, agent) {
        let list = root["hooks"][event].as_array_mut().context("no list")?;
        list.remove(i);
        if list.is_empty() {
            root["hooks"].as_object_mut().context("no hooks")?.remove(event);
        }
    }
    let obj = root.as_object_mut().context("not an object")?;
    if obj.get("hooks").and_then(Value::as_object).is_some_and(Map::is_empty) {
        obj.remove("hooks");
    }
    if obj.keys().all(|k| k == "version") {
        return Ok(None);
    }
    Ok(Some(serde_json::to_string_pretty(&root)? + "\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_goes_in_once_and_out_again_leaving_the_rest() {
        let entry = json!({"bash": "/bin/ctx hook copilot", "timeoutSec": 30});
        let new = add(None, "postToolUse", entry.clone(), "bash", Agent::Copilot).expect("ok").expect("added");
        assert_eq!(
            serde_json::from_str::<Value>(&new).expect("json"),
            json!({"version": 1, "hooks": {"postToolUse": [entry.clone()]}})
        );
        assert_eq!(add(Some(&new), "postToolUse", entry.clone(), "bash", Agent::Copilot).expect("ok"), None);
        assert_eq!(remove(&new, "postToolUse", "bash", Agent::Copilot).expect("ok"), None);
        let theirs = "{\"hooks\": {\"postToolUse\": [{\"bash\": \"log.sh\"}]}}";
        let both = add(Some(theirs), "postToolUse", entry, "bash", Agent::Copilot).expect("ok").expect("added");
        assert!(installed(&both, "postToolUse", "bash", Agent::Copilot));
        assert!(!installed(&both, "postToolUse", "command", Agent::Copilot));
        let left = remove(&both, "postToolUse", "bash", Agent::Copilot).expect("ok").expect("kept");
        assert_eq!(
            serde_json::from_str::<Value>(&left).expect("json"),
            serde_json::from_str::<Value>(theirs).expect("json")
        );
    }
}
