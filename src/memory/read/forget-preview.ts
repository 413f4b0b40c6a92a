import type { Project } from "../../core/project"
import { asList } from "."
import { presentAll } from "./present"
import { selectRows } from "./rows"
import { textPrint } from "../_seal"
import { GLOBAL, type Store } from "../_store"
import type { ItemList } from "../types"

/**
 * Exactly what `forget` with the same arguments would destroy, without destroying it: the same
 * match (the id, and every item sharing its text or title fingerprint), presented by the reader.
 * Only fingerprints are selected here; content is opened by the reader.
 */
export function forgetPreview(store: Store, q: { project: Project; id?: string; text?: string }): ItemList {
  const projects = [q.project.id, GLOBAL]
  const prints: string[] = []
  if (q.id) {
    const row = store.db
      .query("SELECT text_fp FROM memory_items WHERE id = ? AND project IN (?, ?)")
      .get(q.id, ...projects) as { text_fp: string | null } | null
    if (!row) return asList([], [])
    if (row.text_fp) prints.push(row.text_fp)
  }
  if (q.text?.trim()) prints.push(textPrint(store.keys, q.text))
  if (!prints.length && !q.id) return asList([], [])
  const marks = prints.map(() => "?").join(",") || "NULL"
  const ids = store.db
    .query(
      `SELECT id FROM memory_items WHERE project IN (?, ?)
       AND (text_fp IN (${marks}) OR title_fp IN (${marks}) OR id = ?) AND status != 'forgotten'`,
    )
    .all(...projects, ...prints, ...prints, q.id ?? "") as Array<{ id: string }>
  if (!ids.length) return asList([], [])
  const rows = selectRows(store, { projects, ids: ids.map((r) => r.id), statuses: ["hidden"] })
  const { items, unreadable } = presentAll(store, rows)
  return asList(items, unreadable)
}
