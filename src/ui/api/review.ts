import type { ItemEdits, WriteResult } from "../../memory"
import { HttpError, str, strList, type UiContext } from "../context"
import { row } from "./items"

/** What waits for the person: pending items, and items an agent asked to forget. */
export function reviewList(ctx: UiContext) {
  const { memory, project } = ctx
  return { pending: memory.pending({ project }).map(row(ctx)), hidden: memory.hidden({ project }).map(row(ctx)) }
}

const ACTIONS = ["approve", "reject", "edit", "restore"] as const
type Action = (typeof ACTIONS)[number]

function editsOf(v: unknown): ItemEdits | undefined {
  if (v === undefined || v === null) return undefined
  if (typeof v !== "object" || Array.isArray(v)) throw new HttpError(400, "edits must be an object")
  const e = v as Record<string, unknown>
  const out: ItemEdits = {}
  for (const k of ["kind", "title", "body"] as const) {
    if (e[k] === undefined) continue
    if (typeof e[k] !== "string") throw new HttpError(400, `edits.${k} must be a string`)
    out[k] = e[k] as string
  }
  if (e.tags !== undefined) out.tags = strList(e.tags, "edits.tags")
  return out
}

/** One decision on one or many items, each through the write layer; every result is reported. */
export function decide(ctx: UiContext, b: Record<string, unknown>) {
  const action = str(b.action, "action") as Action
  if (!ACTIONS.includes(action)) throw new HttpError(400, `action must be one of ${ACTIONS.join(", ")}`)
  const ids = strList(b.ids, "ids")
  const edits = editsOf(b.edits)
  if (edits && ids.length > 1) throw new HttpError(400, "edits apply to one item at a time")
  const w = { project: ctx.project, actor: ctx.actor }
  const results = ids.map((id): WriteResult & { id: string } => {
    if (action === "approve") return { ...ctx.memory.approve(id, w, edits), id }
    if (action === "reject") return { ...ctx.memory.reject(id, w), id }
    if (action === "restore") {
      const r = ctx.memory.restore({ project: ctx.project, id }, ctx.actor)
      return r.ok ? { outcome: "created", id } : { outcome: "refused", id, reason: r.reason }
    }
    if (!edits) throw new HttpError(400, "edit needs edits")
    return { ...ctx.memory.edit(id, w, edits), id }
  })
  return { results, ok: results.every((r) => r.outcome !== "refused") }
}
