import type { Project } from "../../core/project"
import { textPrint } from "../_seal"
import { GLOBAL, tx, type Store } from "../_store"
import type { Actor } from "../types"
import { isPerson } from "./consent"
import { setStatusRow } from "./mutate"
import { dropIndex } from "./index-store"

/**
 * An agent's forget (DESIGN principle 9): the items leave every read at once, but their content is
 * destroyed only when the person confirms (forget.ts). Same selection as forget: the id, or every
 * live copy of the text. Audited; the previous status is kept in the audit detail.
 */
export function hide(
  store: Store,
  q: { project: Project; id?: string; text?: string },
  actor: Actor,
): { hidden: string[]; reason?: string } {
  const projects = [q.project.id, GLOBAL]
  return tx(store, () => {
    const prints: string[] = []
    if (q.id) {
      const row = store.db
        .query("SELECT text_fp FROM memory_items WHERE id = ? AND project IN (?, ?)")
        .get(q.id, ...projects) as { text_fp: string | null } | null
      if (!row) return { hidden: [], reason: `no item ${q.id} in this project` }
      if (row.text_fp) prints.push(row.text_fp)
    }
    if (q.text?.trim()) prints.push(textPrint(store.keys, q.text))
    if (!prints.length && !q.id) return { hidden: [], reason: "give an id or a text to forget" }
    const marks = prints.map(() => "?").join(",") || "NULL"
    const rows = store.db
      .query(
        `SELECT id, project, status FROM memory_items WHERE project IN (?, ?) AND (text_fp IN (${marks}) OR title_fp IN (${marks}) OR id = ?) AND status NOT IN ('forgotten', 'hidden')`,
      )
      .all(...projects, ...prints, ...prints, q.id ?? "") as Array<{ id: string; project: string; status: string }>
    for (const r of rows) setStatusRow(store, r.id, r.project, "hidden", "hide", actor, `was=${r.status}`)
    if (rows.length) dropIndex(store, projects)
    return rows.length ? { hidden: rows.map((r) => r.id) } : { hidden: [], reason: "nothing live matches" }
  })
}

/** The person brings a hidden item back (as active: a person's word stores it). */
export function restore(
  store: Store,
  q: { project: Project; id: string },
  actor: Actor,
): { ok: boolean; reason?: string } {
  if (!isPerson(actor)) return { ok: false, reason: "only a person can restore an item an agent asked to forget" }
  return tx(store, () => {
    const row = store.db
      .query("SELECT project FROM memory_items WHERE id = ? AND project IN (?, ?) AND status = 'hidden'")
      .get(q.id, q.project.id, GLOBAL) as { project: string } | null
    if (!row) return { ok: false, reason: `no hidden item ${q.id} in this project` }
    setStatusRow(store, q.id, row.project, "active", "restore", actor)
    return { ok: true }
  })
}
