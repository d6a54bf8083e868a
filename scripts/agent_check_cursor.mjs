// agent_check_cursor.mjs: runs Cursor's own hook engine, from its npm package @cursor/sdk, on one
// Shell call, and prints what the engine makes of the hooks it finds (JSON on stdout):
//   {"errors": [...the config loader's complaints...], "result": {...the merged preToolUse reply...}}
//
// usage: node scripts/agent_check_cursor.mjs SDK_ESM_DIR WORKDIR COMMAND
//   SDK_ESM_DIR  node_modules/@cursor/sdk/dist/esm of an installed @cursor/sdk (1.0.32 tested)
//   WORKDIR      the workspace (its .cursor/hooks.json is read, and ~/.cursor/hooks.json)
//   COMMAND      the Shell command the "model" asks for
//
// The SDK bundles Cursor's agent runtime with webpack and exports no hook API, so this loads a
// copy of its index.js that also exports webpack's module loader, loads its chunks (one that
// imports Bun's own modules fails under Node and is not needed), and calls
// `createHooksRuntime` of `cursor-sdk-local-runtime/dist/core/hooks-runtime.js`: the loader of
// ~/.cursor/hooks.json and <workspace>/.cursor/hooks.json, its validation, and the executor
// that runs each hook through Cursor's own terminal executor and checks and merges the replies.
// Used by tests/agent_e2e_cursor.rs.
import fs from "node:fs";
import path from "node:path";

const [dir, work, command] = process.argv.slice(2);
const index = fs.readFileSync(path.join(dir, "index.js"), "utf8");
const loader = /function ([A-Za-z$_][\w$]*)\(\w\)\{var \w=\w\[\w\];if\(void 0!==\w\)return \w\.exports;/.exec(index);
if (!loader) throw new Error("no webpack module loader found in the SDK's index.js");
const copy = path.join(dir, `ctx-check-${process.pid}.mjs`);
fs.writeFileSync(copy, `${index}\nexport { ${loader[1]} as __require };\n`);
process.on("unhandledRejection", () => {});
let require;
try {
  ({ __require: require } = await import(copy));
} finally {
  fs.rmSync(copy, { force: true });
}
for (const f of fs.readdirSync(dir).filter((f) => /^\d+\.js$/.test(f))) {
  try {
    await require.e(Number(f.slice(0, -3)));
  } catch {}
}
const hooks = require("../cursor-sdk-local-runtime/dist/core/hooks-runtime.js");
const create = Object.values(hooks).map((f) => (typeof f === "function" ? f() : undefined)).find((v) => v?.createHooksRuntime);
if (!create) throw new Error("no createHooksRuntime in the SDK's hooks runtime");
const runtime = await create.createHooksRuntime({
  workspaceState: { workingDirectory: work, workspaceRoots: [work], projectRoot: work },
});
const { hookExecutor } = runtime.createSessionRuntime();
const result = await hookExecutor.executeHookForStep("preToolUse", {
  conversation_id: "ctx-check",
  generation_id: "ctx-check",
  model: "default",
  tool_name: "Shell",
  tool_input: { command, cwd: work },
  tool_use_id: "ctx-check",
  cwd: work,
});
process.stdout.write(`${JSON.stringify({ errors: runtime.hooksConfig.errors ?? [], result: result ?? null })}\n`);
process.exit(0);
