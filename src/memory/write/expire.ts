import { now } from "../../core/clock"
import { tx, type Store } from "../_store"
import { appendAudit } from "./audit"
import { nextRev } from "./rev"

/** Mark expired working entries as such (visibility never waits for this). */
export function expireSweep(store: Store): string[] {
  const t = now()
  return tx(store, () => {
    const rows = store.db
      .query(
        "SELECT id, project FROM memory_items WHERE status = 'active' AND expires_at IS NOT NULL AND expires_at <= ?",
      )
      .all(t) as Array<{ id: string; project: string }>
    for (const r of rows) {
      store.db
        .query(
          "UPDATE memory_items SET status = 'expired', retracted_at = ?, valid_to = COALESCE(valid_to, expires_at), updated_at = ?, rev = ? WHERE id = ?",
        )
        .run(t, t, nextRev(store), r.id)
      appendAudit(store.db, store.keys, {
        project: r.project,
        item: r.id,
        action: "expire",
        actor: { source: "cli", tool: "expire-sweep" },
      })
    }
    return rows.map((r) => r.id)
  })
}
