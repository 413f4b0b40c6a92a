/**
 * The guard's public surface. Importing it is cheap: no zod, no consola, no MCP SDK.
 * `judgeCommand` and `judgeWrite` are pure decisions; `recordVerdict` writes the audit row.
 */
import { judge } from "./judge"
import type { GuardContext, Verdict } from "./types"

export type { Decision, GuardContext, GuardPolicy, Verdict } from "./types"
export { judgeWrite } from "./write-gate"
export { recordVerdict } from "./record"

export function judgeCommand(command: string, ctx: GuardContext): Verdict {
  try {
    return judge(command, ctx).verdict
  } catch (e) {
    return { decision: "ask", rule: "guard.internal", reason: `the guard failed while judging this command (${e instanceof Error ? e.message : String(e)})` }
  }
}
