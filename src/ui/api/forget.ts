import { HttpError, type UiContext } from "../context"
import { row } from "./items"

function target(b: Record<string, unknown>): { id?: string; text?: string } {
  const id = typeof b.id === "string" && b.id ? b.id : undefined
  const text = typeof b.text === "string" && b.text.trim() ? b.text : undefined
  if (!id && !text) throw new HttpError(400, "give an id or a text to forget")
  return { ...(id ? { id } : {}), ...(text ? { text } : {}) }
}

/** Exactly what would go, computed by the memory faculty with the same match as forget itself. */
export function preview(ctx: UiContext, b: Record<string, unknown>) {
  const list = ctx.memory.forgetPreview({ project: ctx.project, ...target(b) })
  return { items: list.map(row(ctx)), unreadable: list.unreadable.map((u) => u.id) }
}

/**
 * Forget after the person confirmed a preview: the confirmed ids must be exactly what would go now,
 * so nothing the person did not see is destroyed (something changed in between: preview again).
 */
export function forgetNow(ctx: UiContext, b: Record<string, unknown>) {
  const t = target(b)
  if (!Array.isArray(b.confirm)) throw new HttpError(400, "confirm must list the previewed ids")
  const now = ctx.memory.forgetPreview({ project: ctx.project, ...t })
  const ids = [...now.map((v) => v.id), ...now.unreadable.map((u) => u.id)].sort()
  const seen = [...(b.confirm as unknown[]).map(String)].sort()
  if (ids.join(",") !== seen.join(","))
    throw new HttpError(409, "what would be forgotten changed since the preview: preview again")
  const r = ctx.memory.forget({ project: ctx.project, ...t }, ctx.actor)
  if (r.reason) throw new HttpError(409, r.reason)
  return r
}
