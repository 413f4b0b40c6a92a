/**
 * The guard's public surface. Importing it is cheap: no zod, no consola, no MCP SDK.
 * `judgeCommand` and `judgeWrite` are pure decisions; `recordVerdict` writes the audit row.
 */
import { judge } from "./judge"
import type { GuardEvent, RecordInfo } from "./record"
import type { GuardContext, Verdict } from "./types"

export type { Decision, GuardContext, GuardPolicy, Verdict } from "./types"
export { judgeWrite } from "./write-gate"
export { filesInPatch, judgePatch } from "./patch"
export type { GuardEvent, RecordInfo } from "./record"
export { contextFor as guardContextFor } from "./context"

export function judgeCommand(command: string, ctx: GuardContext): Verdict {
  try {
    return judge(command, ctx).verdict
  } catch (e) {
    return { decision: "ask", rule: "guard.internal", reason: `the guard failed while judging this command (${e instanceof Error ? e.message : String(e)})` }
  }
}

/** The verdict log (SQLite, keys, crypto) loads on the first deny or ask, never on an allow. */
const store = (): typeof import("./record") => require("./record")

/** Records a deny or an ask (rule, keyed hash, sealed redacted command, project, session). Never throws. */
export function recordVerdict(v: Verdict, info: RecordInfo): void {
  if (v.decision === "allow") return
  try {
    store().recordVerdict(v, info)
  } catch {
    // Recording is best effort; the verdict stands without it.
  }
}

/** Recorded denies and asks, newest first, decrypted (for the CLI and the dashboard). */
export function listEvents(opts: { limit?: number; projectId?: string } = {}): GuardEvent[] {
  return store().listEvents(opts)
}
