import { DAY, now } from "../../core/clock"
import { listEvents } from "../../guard"
import type { UiContext } from "../context"

/** Recent denies and asks of this project, with the rule, the reason and the safer alternative the guard gave then. */
export async function guardEvents(ctx: UiContext, params: URLSearchParams) {
  const days = Math.min(Math.max(Number(params.get("days") ?? 7) || 7, 1), 365)
  const since = now() - days * DAY
  const events = listEvents({ limit: 500, projectId: ctx.project.id }).filter(
    (e) => e.at >= since && e.decision !== "allow",
  )
  return events.map((e) => ({
    at: e.at,
    decision: e.decision,
    rule: e.rule,
    reason: e.reason,
    command: e.command,
    tool: e.tool,
    alternative: e.alternative,
  }))
}
