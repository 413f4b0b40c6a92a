import { DAY, now } from "../../core/clock"
import { guardContextFor, judgeCommand, listEvents, type GuardContext } from "../../guard"
import type { UiContext } from "../context"

/**
 * Recent denies and asks of this project. The log keeps rule and reason; the safer alternative is
 * the guard's own, got by judging the recorded command again (judging never runs anything).
 */
export async function guardEvents(ctx: UiContext, params: URLSearchParams) {
  const days = Math.min(Math.max(Number(params.get("days") ?? 7) || 7, 1), 365)
  const since = now() - days * DAY
  const events = listEvents({ limit: 500, projectId: ctx.project.id }).filter(
    (e) => e.at >= since && e.decision !== "allow",
  )
  let gctx: GuardContext | undefined
  try {
    gctx = await guardContextFor(ctx.project.root)
  } catch {
    gctx = undefined
  }
  return events.map((e) => {
    let alternative: string | null = null
    try {
      if (gctx) alternative = judgeCommand(e.command, gctx).alternative ?? null
    } catch {
      alternative = null
    }
    return {
      at: e.at,
      decision: e.decision,
      rule: e.rule,
      reason: e.reason,
      command: e.command,
      tool: e.tool,
      alternative,
    }
  })
}
