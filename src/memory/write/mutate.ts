import { nextRev } from "./rev"
import { now } from "../../core/clock"
import { appendAudit, type AuditAction } from "./audit"
import type { Store } from "../_store"
import type { Actor, Status } from "../types"

/** Row-level mutations used inside write-layer transactions. Callers open the transaction. */
export const LESSON = "lesson"
const LESSON_REINFORCE = 0.15

export function reinforceRow(store: Store, id: string, project: string, actor: Actor): number {
  const row = store.db.query("SELECT confidence FROM memory_items WHERE id = ?").get(id) as { confidence: number }
  const confidence = Math.min(1, Math.round((row.confidence + LESSON_REINFORCE) * 1000) / 1000)
  const t = now()
  store.db
    .query(
      "UPDATE memory_items SET confidence = ?, base_confidence = ?, status = 'active', last_used_at = ?, updated_at = ?, rev = ? WHERE id = ?",
    )
    .run(confidence, confidence, t, t, nextRev(store), id)
  appendAudit(store.db, store.keys, {
    project,
    item: id,
    action: "reinforce",
    actor,
    detail: `confidence=${confidence}`,
  })
  return confidence
}

/** End the old item's validity and link the new one to it; nothing is deleted. */
export function supersedeRow(store: Store, oldId: string, newId: string, project: string, actor: Actor): void {
  const t = now()
  store.db
    .query(
      "UPDATE memory_items SET status = 'superseded', valid_to = ?, updated_at = ?, rev = ? WHERE id = ? AND status IN ('active', 'pending')",
    )
    .run(t, t, nextRev(store), oldId)
  store.db
    .query(
      "INSERT OR REPLACE INTO memory_edges (project, src, dst, type, weight, created_at) VALUES (?, ?, ?, 'supersedes', 1, ?)",
    )
    .run(project, newId, oldId, t)
  appendAudit(store.db, store.keys, { project, item: oldId, action: "supersede", actor, detail: `by=${newId}` })
}

/** Change an item's status; `retracted` statuses also end validity and stamp retraction time. */
export function setStatusRow(
  store: Store,
  id: string,
  project: string,
  status: Status,
  action: AuditAction,
  actor: Actor,
  detail?: string,
): void {
  const t = now()
  const retract = status === "rejected" || status === "forgotten" || status === "archived" || status === "expired"
  store.db
    .query(
      `UPDATE memory_items SET status = ?, updated_at = ?, rev = ?${retract ? ", retracted_at = COALESCE(retracted_at, ?), valid_to = COALESCE(valid_to, ?)" : ""} WHERE id = ?`,
    )
    .run(...(retract ? [status, t, nextRev(store), t, t, id] : [status, t, nextRev(store), id]))
  appendAudit(store.db, store.keys, { project, item: id, action, actor, detail: detail ?? `status=${status}` })
}
