import { DAY, now } from "../../core/clock"
import { savings } from "../../crush"
import type { UiContext } from "../context"

/** Bytes and tokens the crusher kept away from the model, per day and per command family. */
export function savingsView(ctx: UiContext, params: URLSearchParams) {
  const days = Math.min(Math.max(Number(params.get("days") ?? 30) || 30, 1), 365)
  const all = params.get("all") === "1"
  const s = savings({ since: now() - days * DAY, ...(all ? {} : { project: ctx.project.id }) })
  const shape = (r: (typeof s.byDay)[number]) => ({
    key: r.key,
    runs: r.runs,
    bytes: r.bytesIn - r.bytesOut,
    tokens: r.tokensSaved,
    saving: r.saving,
  })
  return { days, total: shape(s.total), byDay: s.byDay.map(shape), byFamily: s.byFamily.map(shape) }
}
