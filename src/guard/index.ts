/**
 * The guard's public surface. Importing it is cheap: no zod, no consola, no MCP SDK.
 * `judgeCommand` and `judgeWrite` are pure decisions; `recordVerdict` writes the audit row.
 */
import { createLogger } from "../core/log"
import { judge } from "./judge"
import type { GuardEvent, RecordInfo } from "./record"
import { type GuardContext, sound, type Verdict } from "./types"

export type { Decision, GuardContext, GuardPolicy, Verdict } from "./types"
export { judgeWrite } from "./write-gate"
export { filesInPatch, judgePatch } from "./patch"
export type { GuardEvent, RecordInfo } from "./record"
export { contextFor as guardContextFor } from "./context"
export { RULE_CATALOG } from "./rule-catalog"
export { levelFor } from "./policy"

export function judgeCommand(command: string, ctx: GuardContext): Verdict {
  try {
    return sound(judge(command, ctx).verdict)
  } catch (e) {
    return {
      decision: "ask",
      rule: "guard.internal",
      reason: `the guard failed while judging this command (${e instanceof Error ? e.message : String(e)})`,
    }
  }
}

/** The verdict log (SQLite, keys, crypto) loads on the first deny or ask, never on an allow. */
const store = (): typeof import("./record") => require("./record")

/** Records a deny or an ask (rule, keyed hash, sealed redacted command, project, session). Never throws. */
export function recordVerdict(v: Verdict, info: RecordInfo): void {
  if (v.decision === "allow") return
  let recorder: typeof import("./record") | undefined
  try {
    recorder = store()
    recorder.recordVerdict(v, info)
  } catch (e) {
    // Recording is best effort; the verdict stands without it, and the log says why.
    if (recorder) recorder.recordFailed(v, e)
    else logFailure(v, e)
  }
}

function logFailure(v: Verdict, e: unknown): void {
  try {
    const error = e instanceof Error ? e.message : String(e)
    const what = { decision: v.decision, rule: v.rule ?? "", error }
    createLogger("guard", { file: true }).error("cannot load the verdict log; the verdict stands", what)
  } catch {
    // never crash the host
  }
}

/** Recorded denies and asks, newest first, decrypted (for the CLI and the dashboard). */
export function listEvents(opts: { limit?: number; projectId?: string } = {}): GuardEvent[] {
  return store().listEvents(opts)
}

/**
 * The command-line surface (`egc guard …`), one action at a time: a check must not pay for the
 * log reader's SQLite, keys and decryption (one loader for all four put them on every `guard check`).
 */
export const surface = {
  check: () => import("./surface/check"),
  explain: () => import("./surface/explain"),
  log: () => import("./surface/log"),
  run: () => import("./surface/run"),
}
/** `egc keys rotate`: the verdict log's re-sealer, loaded only by the rotation. */
export const resealer = () => import("./record").then((m) => m.resealEvents)
/** Doctor's checks, loaded on demand. */
export const doctorChecks = () => import("./doctor").then((m) => m.guardChecks)
