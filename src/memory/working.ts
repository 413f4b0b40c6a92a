import { now } from "../core/clock"
import type { Project } from "../core/project"
import { appendAudit } from "./audit"
import { listItems } from "./read"
import { nextRev, tx, type Store } from "./_store"
import { writeItem } from "./write/item"
import type { ItemView, WriteContext, WriteResult } from "./types"

/**
 * Working memory: keyed, branch-scoped notes with a TTL (default from config, 7 days at most).
 * An entry is invisible from the instant it expires; the sweep only records the fact.
 */
export function setWorking(store: Store, q: { key: string; value: string; ttlMs?: number }, ctx: WriteContext): WriteResult {
  return writeItem(store, { kind: "working", key: q.key, title: q.key, body: q.value, ttlMs: q.ttlMs }, ctx)
}

export function listWorking(store: Store, q: { project: Project }): ItemView[] {
  return listItems(store, { project: q.project, kinds: ["working"], scope: "branch" }).sort((a, b) => (a.key ?? "").localeCompare(b.key ?? ""))
}

export function getWorking(store: Store, q: { project: Project; key: string }): ItemView | undefined {
  return listWorking(store, q).find((v) => v.key === q.key)
}

/** Mark expired working entries as such (visibility never waits for this). */
export function expireSweep(store: Store): string[] {
  const t = now()
  return tx(store, () => {
    const rows = store.db.query("SELECT id, project FROM memory_items WHERE status = 'active' AND expires_at IS NOT NULL AND expires_at <= ?").all(t) as Array<{ id: string; project: string }>
    for (const r of rows) {
      store.db.query("UPDATE memory_items SET status = 'expired', retracted_at = ?, valid_to = COALESCE(valid_to, expires_at), updated_at = ?, rev = ? WHERE id = ?").run(t, t, nextRev(store), r.id)
      appendAudit(store.db, store.keys, { project: r.project, item: r.id, action: "expire", actor: { source: "cli", tool: "expire-sweep" } })
    }
    return rows.map((r) => r.id)
  })
}
