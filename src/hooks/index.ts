/**
 * @module hooks — the public surface of the hooks faculty. `egc hook` (src/cli/commands/hook.ts)
 * calls runHook; the installer writes the OpenCode plugin text from openCodePluginSource. Kept
 * cheap to import (it is on the path of every hook call): what only a person's command needs is
 * loaded on demand.
 */
export { runHook, type RunOptions } from "./run"
export { ADAPTERS, openCodePluginSource, OPENCODE_PLUGIN_FILE } from "./adapters"
export {
  HOOK_EVENTS,
  HOOK_TOOLS,
  isHookEvent,
  isHookTool,
  type HookEvent,
  type HookTool,
  type HookInput,
  type HookAnswer,
  type Rendered,
} from "./types"
export { readBounded, STDIN_LIMIT } from "./stdin"
/** What the agent was told, per session (`egc context`, `egc status`, the page). */
export { lastTold, listTold, toldSessions, TOLD_LIMITS, type Told, type ToldSession } from "./told"
/** `egc doctor`'s checks of the hook log and the installed hook commands. */
export const doctorChecks = () => import("./doctor").then((m) => m.hookChecks)
/** `egc keys rotate`: the told record's re-sealer. */
export const resealer = () => import("./told").then((m) => m.resealTold)
