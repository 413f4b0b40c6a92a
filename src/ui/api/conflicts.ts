import { HttpError, str, type UiContext } from "../context"
import { row } from "./items"

/** Open conflicts with both sides opened by the reader, for a side-by-side view. */
export function conflictList(ctx: UiContext) {
  const { memory, project } = ctx
  const side = (id: string) => {
    const v = memory.get({ project, id })
    if (!v) return { id, missing: true }
    return "kind" in v ? row(ctx)(v) : { id, unreadable: v.reason }
  }
  return memory.conflicts({ project }).map((c) => ({
    id: c.id,
    reason: c.reason,
    createdAt: c.createdAt,
    newItem: side(c.newItem),
    oldItem: side(c.oldItem),
  }))
}

export function resolve(ctx: UiContext, b: Record<string, unknown>) {
  const id = str(b.id, "id")
  const keep = str(b.keep, "keep")
  if (keep !== "new" && keep !== "old" && keep !== "both") throw new HttpError(400, "keep must be new, old or both")
  const r = ctx.memory.resolve({ project: ctx.project, id, keep }, ctx.actor)
  if (!r.ok) throw new HttpError(409, r.reason ?? "not resolved")
  return r
}
