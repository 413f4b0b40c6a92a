/**
 * @module hooks — the public surface of the hooks faculty. `egc hook` (src/cli/commands/hook.ts)
 * calls runHook; the installer writes the OpenCode plugin text from openCodePluginSource.
 */
export { runHook, type RunOptions } from "./run"
export { ADAPTERS, openCodePluginSource, OPENCODE_PLUGIN_FILE } from "./adapters"
export { HOOK_EVENTS, HOOK_TOOLS, isHookEvent, isHookTool, type HookEvent, type HookTool, type HookInput, type HookAnswer, type Rendered } from "./types"
export { readBounded, STDIN_LIMIT } from "./stdin"
export { detectIntent, type Intent } from "./intent"
export { mineTranscript } from "./miner"
export { hookChecks } from "./doctor"
export { listTold, toldSessions, lastTold, TOLD_LIMITS, type Told, type ToldSession } from "./told"
