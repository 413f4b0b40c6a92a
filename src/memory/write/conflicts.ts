import { now } from "../../core/clock"
import type { Project } from "../../core/project"
import { GLOBAL, tx, type Store } from "../_store"
import type { Actor } from "../types"
import { appendAudit } from "./audit"
import { isPerson } from "./consent"
import { addEdge } from "./item"
import { setStatusRow, supersedeRow } from "./mutate"
import { nextRev } from "./rev"
import { activate, replacedBy } from "./review"

/**
 * Resolve a conflict: keep the new item, the old one, or both. Nothing is deleted; the choice is
 * audited. A new item still pending review (a teammate's change pulled without trust) is reviewed
 * by the resolution: a person who keeps it approves it; only a person can keep it over the old one.
 */
export function resolveConflict(
  store: Store,
  q: { project: Project; id: string; keep: "new" | "old" | "both" },
  actor: Actor,
): { ok: boolean; reason?: string } {
  return tx(store, () => {
    const c = store.db
      .query(
        "SELECT project, new_item, old_item FROM memory_conflicts WHERE id = ? AND project IN (?, ?) AND resolved_at IS NULL",
      )
      .get(q.id, q.project.id, GLOBAL) as { project: string; new_item: string; old_item: string } | null
    if (!c) return { ok: false, reason: `no open conflict ${q.id} in this project` }
    const t = now()
    const row = store.db.query("SELECT status FROM memory_items WHERE id = ?").get(c.new_item) as {
      status: string
    } | null
    const pending = row?.status === "pending"
    if (pending && q.keep === "new" && !isPerson(actor))
      return { ok: false, reason: `the new item ${c.new_item} awaits review: only a person can keep it` }
    const activating = pending && q.keep !== "old" && isPerson(actor)
    // keeping both must not break a kind's one-live-item rule: activation would replace the old item
    if (activating && q.keep === "both" && replacedBy(store, c.new_item).includes(c.old_item))
      return {
        ok: false,
        reason: `keeping both would replace ${c.old_item} (one live item of its kind per scope): keep new or old`,
      }
    const replaced = activating ? activate(store, c.new_item, actor, `conflict ${q.id} kept it`) : []
    if (q.keep === "new" && !replaced.includes(c.old_item))
      supersedeRow(store, c.old_item, c.new_item, c.project, actor)
    if (q.keep === "old")
      setStatusRow(store, c.new_item, c.project, "archived", "archive", actor, `conflict ${q.id} kept the old item`)
    if (q.keep === "both") addEdge(store, c.project, c.new_item, c.old_item, "relates_to", 0.5)
    store.db
      .query("UPDATE memory_items SET disputed = 0, updated_at = ?, rev = ? WHERE id = ?")
      .run(t, nextRev(store), c.new_item)
    store.db.query("UPDATE memory_conflicts SET resolved_at = ?, resolution = ? WHERE id = ?").run(t, q.keep, q.id)
    appendAudit(store.db, store.keys, {
      project: c.project,
      item: c.new_item,
      action: "resolve",
      actor,
      detail: `conflict=${q.id} keep=${q.keep}`,
    })
    return { ok: true }
  })
}
