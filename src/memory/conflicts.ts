import type { Project } from "../core/project"
import { GLOBAL, type Store } from "./_store"
import { openConflictRows } from "./read/meta"

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
  const rows = openConflictRows(store, [q.project.id, GLOBAL])
  return rows.map((r) => ({
    id: r.id,
    newItem: r.new_item,
    oldItem: r.old_item,
    reason: r.reason,
    createdAt: r.created_at,
  }))
}

export { resolveConflict } from "./write/conflicts"
