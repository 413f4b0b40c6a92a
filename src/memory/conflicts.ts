import { now } from "../core/clock"
import type { Project } from "../core/project"
import { appendAudit } from "./audit"
import { GLOBAL, nextRev, tx, type Store } from "./_store"
import { addEdge } from "./write/item"
import { setStatusRow, supersedeRow } from "./write/mutate"
import type { Actor } from "./types"

/**
 * Conflicts opened by a low-confidence or ambiguous supersede. Resolution keeps the new item,
 * the old one or both; nothing is deleted, and the resolution is audited.
 */
export interface ConflictView {
  id: string
  newItem: string
  oldItem: string
  reason: string
  createdAt: number
}

export function listConflicts(store: Store, q: { project: Project }): ConflictView[] {
  const rows = store.db
    .query("SELECT id, new_item, old_item, reason, created_at FROM memory_conflicts WHERE project IN (?, ?) AND resolved_at IS NULL ORDER BY created_at")
    .all(q.project.id, GLOBAL) as Array<{ id: string; new_item: string; old_item: string; reason: string; created_at: number }>
  return rows.map((r) => ({ id: r.id, newItem: r.new_item, oldItem: r.old_item, reason: r.reason, createdAt: r.created_at }))
}

export function resolveConflict(store: Store, q: { project: Project; id: string; keep: "new" | "old" | "both" }, actor: Actor): { ok: boolean; reason?: string } {
  return tx(store, () => {
    const c = store.db
      .query("SELECT project, new_item, old_item FROM memory_conflicts WHERE id = ? AND project IN (?, ?) AND resolved_at IS NULL")
      .get(q.id, q.project.id, GLOBAL) as { project: string; new_item: string; old_item: string } | null
    if (!c) return { ok: false, reason: `no open conflict ${q.id} in this project` }
    const t = now()
    if (q.keep === "new") supersedeRow(store, c.old_item, c.new_item, c.project, actor)
    if (q.keep === "old") setStatusRow(store, c.new_item, c.project, "archived", "archive", actor, `conflict ${q.id} kept the old item`)
    if (q.keep === "both") addEdge(store, c.project, c.new_item, c.old_item, "relates_to", 0.5)
    store.db.query("UPDATE memory_items SET disputed = 0, updated_at = ?, rev = ? WHERE id = ?").run(t, nextRev(store), c.new_item)
    store.db.query("UPDATE memory_conflicts SET resolved_at = ?, resolution = ? WHERE id = ?").run(t, q.keep, q.id)
    appendAudit(store.db, store.keys, { project: c.project, item: c.new_item, action: "resolve", actor, detail: `conflict=${q.id} keep=${q.keep}` })
    return { ok: true }
  })
}
