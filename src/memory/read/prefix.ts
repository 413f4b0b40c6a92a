import type { Store } from "../_store"
import { GLOBAL } from "../_store"
import type { Project } from "../types"

/** At most this many candidates are named when a prefix is ambiguous. */
const SHOWN = 10

export type IdMatch = { id: string } | { error: "none" | "ambiguous" | "invalid"; candidates: string[] }

/**
 * A git-style short id: any unique prefix of an item (`m_…`) or conflict (`c_…`) id of this
 * project or the global scope. The `m_`/`c_` prefix may be left out and case does not matter
 * (ids are Crockford base32). An exact id always wins.
 */
export function resolveIdPrefix(
  store: Store,
  project: Project,
  given: string,
  table: "items" | "conflicts" = "items",
): IdMatch {
  const tag = table === "items" ? "m_" : "c_"
  const raw = given.trim()
  const body = (raw.toLowerCase().startsWith(tag) ? raw.slice(2) : raw).toUpperCase()
  if (!/^[0-9A-HJKMNP-TV-Z]{1,26}$/.test(body)) return { error: "invalid", candidates: [] }
  const full = `${tag}${body}`
  const sql =
    table === "items"
      ? "SELECT id FROM memory_items WHERE project IN (?, ?) AND id >= ? AND id < ? ORDER BY id LIMIT ?"
      : "SELECT id FROM memory_conflicts WHERE project IN (?, ?) AND id >= ? AND id < ? ORDER BY id LIMIT ?"
  // a range scan on the primary key: every id that starts with `full` sorts in [full, full + "~")
  const rows = store.db.query(sql).all(project.id, GLOBAL, full, `${full}~`, SHOWN + 1) as Array<{ id: string }>
  const exact = rows.find((r) => r.id === full)
  if (exact) return { id: exact.id }
  if (rows.length === 1) return { id: rows[0]!.id }
  return { error: rows.length ? "ambiguous" : "none", candidates: rows.slice(0, SHOWN).map((r) => r.id) }
}
