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
  HOOK_PROBE_MARK,
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
export type { Told, ToldSession } from "./told"

/** What the agent was told: its store (SQLite, keys, the redactor) loads on first use, not on every hook call. */
const toldStore = (): typeof import("./told") => require("./told")

/** What the agent was told, per session (`egc context`, `egc status`, the page). */
export const listTold = (q: Parameters<typeof import("./told").listTold>[0]) => toldStore().listTold(q)
export const toldSessions = (q: Parameters<typeof import("./told").toldSessions>[0]) => toldStore().toldSessions(q)
export const lastTold = (project: string) => toldStore().lastTold(project)
/** `egc doctor`'s checks of the hook log and the installed hook commands. */
export const doctorChecks = () => import("./doctor").then((m) => m.hookChecks)
/** `egc keys rotate`: the told record's re-sealer. */
export const resealer = () => import("./told").then((m) => m.resealTold)
