import type { Project } from "../core/project"
import { GLOBAL, type Store } from "./_store"

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

export { resolveConflict } from "./write/conflicts"
