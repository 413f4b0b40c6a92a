import { now } from "../../core/clock"
import type { Store } from "../_store"
import type { ItemView, Project } from "../types"
import { presentAll } from "./present"
import { ITEM_COLUMNS, type ItemRow } from "./rows"
import { scopeFilter } from "./scope"

/**
 * The state view's reads: a section's rows best first, a page at a time, and how many there are,
 * so session start opens only the records it shows (the indexes of schema version 5 keep both
 * cheap at any size). Live rows only: active, not expired.
 */
interface RankedRow extends ItemRow {
  /** Keyed prints of title and body: copies of one text on two levels are shown once. */
  title_fp: string | null
  text_fp: string | null
}

/**
 * recent: newest first, a reinforced item counting from its last use (decisions, avoid, preferences);
 * confident: by confidence, then as recent (lessons); written: the order written (next steps);
 * latest: last written first (context).
 */
export type StateOrder = "recent" | "confident" | "written" | "latest"

const TOUCHED = "max(recorded_at, coalesce(last_used_at, 0))"
const ORDER: Record<StateOrder, string> = {
  recent: `${TOUCHED} DESC, confidence DESC, recorded_at DESC, id DESC`,
  confident: `confidence DESC, ${TOUCHED} DESC, recorded_at DESC, id DESC`,
  written: "recorded_at ASC, id ASC",
  latest: "recorded_at DESC, id DESC",
}
/**
 * The index each order walks, named so the planner cannot pick a walk over the whole project instead
 * (a context, one row among thousands, found by scanning every live item newest first).
 */
const INDEX: Record<StateOrder, string> = {
  recent: "memory_items_recent",
  confident: "memory_items_confident",
  written: "memory_items_scope",
  latest: "memory_items_scope",
}
const COLUMNS = `${ITEM_COLUMNS}, title_fp, text_fp`

const marks = (xs: readonly unknown[]) => xs.map(() => "?").join(", ")

interface Section {
  project: string
  scopes: string[]
  kind: string
}

/** One page of a section's live rows in `order`. */
export function sectionRows(store: Store, s: Section, order: StateOrder, offset: number, limit: number): RankedRow[] {
  return store.db
    .query(
      `SELECT ${COLUMNS} FROM memory_items INDEXED BY ${INDEX[order]} WHERE project = ? AND kind = ? AND status = 'active'
       AND scope IN (${marks(s.scopes)}) AND (expires_at IS NULL OR expires_at > ?)
       ORDER BY ${ORDER[order]} LIMIT ? OFFSET ?`,
    )
    .all(s.project, s.kind, ...s.scopes, now(), limit, offset) as RankedRow[]
}

/** Live rows counted from the tally; expired rows are invisible before any sweep, and only the few with an expiry are read. */
function tallied(store: Store, q: { project: string; scopes: string[]; status: string; kind?: string }): number {
  const kind = q.kind === undefined ? "" : " AND kind = ?"
  const args = [q.project, ...q.scopes, q.status, ...(q.kind === undefined ? [] : [q.kind])]
  const where = `project = ? AND scope IN (${marks(q.scopes)}) AND status = ?${kind}`
  const all = store.db.query(`SELECT coalesce(sum(n), 0) AS n FROM memory_tally WHERE ${where}`).get(...args)
  const gone = store.db
    .query(
      `SELECT COUNT(*) AS n FROM memory_items INDEXED BY memory_items_expiring WHERE ${where}
       AND expires_at IS NOT NULL AND expires_at <= ?`,
    )
    .get(...args, now())
  return (all as { n: number }).n - (gone as { n: number }).n
}

/** How many live rows a section has (copies on two levels count twice). */
export function sectionCount(store: Store, s: Section): number {
  return tallied(store, { project: s.project, scopes: s.scopes, status: "active", kind: s.kind })
}

/**
 * How many items await review that this project may see: the one count (session start, status, the page,
 * get_state), from the tally; unreadable ones count too (they wait as well).
 */
export function pendingTotal(store: Store, project: Project): number {
  const { projects = [], scopes = [] } = scopeFilter(store, project, "all")
  return projects.reduce((n, p) => n + tallied(store, { project: p, scopes, status: "pending" }), 0)
}

/** The newest items awaiting review that this project may see, opened, and how many are waiting in all. */
export function pendingHead(store: Store, project: Project, limit: number): { items: ItemView[]; total: number } {
  const { projects = [], scopes = [] } = scopeFilter(store, project, "all")
  const t = now()
  // per project, the index walked newest first; scope and expiry are read from the index, rows only for the shown
  const newest = projects
    .flatMap(
      (p) =>
        store.db
          .query(
            `SELECT rowid AS r, recorded_at AS at FROM memory_items INDEXED BY memory_items_status
             WHERE project = ? AND status = 'pending' AND scope IN (${marks(scopes)})
             AND (expires_at IS NULL OR expires_at > ?) ORDER BY recorded_at DESC, rowid DESC LIMIT ?`,
          )
          .all(p, ...scopes, t, limit) as Array<{ r: number; at: number }>,
    )
    .sort((a, b) => b.at - a.at || b.r - a.r)
    .slice(0, limit)
  const total = pendingTotal(store, project)
  if (!newest.length) return { items: [], total }
  const at = new Map(newest.map((x, i) => [x.r, i]))
  const rows = (
    store.db
      .query(`SELECT rowid AS r, ${COLUMNS} FROM memory_items WHERE rowid IN (${marks(newest)})`)
      .all(...at.keys()) as Array<ItemRow & { r: number }>
  ).sort((a, b) => (at.get(a.r) ?? 0) - (at.get(b.r) ?? 0))
  return { items: presentAll(store, rows).items, total }
}
