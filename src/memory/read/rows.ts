import { now } from "../../core/clock"
import type { Store } from "../_store"

/** Raw item rows. Only the reader (this folder) selects sealed content. */
export interface ItemRow {
  id: string
  project: string
  scope: string
  kind: string
  status: string
  confidence: number
  source: string
  session: string | null
  content_enc: Uint8Array | null
  entity_keys: string
  disputed: number
  valid_from: number
  valid_to: number | null
  recorded_at: number
  retracted_at: number | null
  expires_at: number | null
  last_used_at: number | null
  updated_at: number
  rev: number
}

interface RowFilter {
  /** undefined means every project: only for explicit cross-project reads. */
  projects: string[] | undefined
  scopes?: string[]
  kinds?: string[]
  statuses?: string[]
  asOf?: number
  ids?: string[]
  sinceRev?: number
  limit?: number
}

/** The columns of an ItemRow: every read of item rows selects these (state-rows.ts adds its prints). */
export const ITEM_COLUMNS =
  "id, project, scope, kind, status, confidence, source, session, content_enc, entity_keys, disputed, valid_from, valid_to, recorded_at, retracted_at, expires_at, last_used_at, updated_at, rev"

const list = (values: readonly unknown[]) => values.map(() => "?").join(", ")

/** Builds the one item query: project, scope and time filters are always applied when given. */
export function selectRows(store: Store, f: RowFilter): ItemRow[] {
  const where: string[] = []
  const args: Array<string | number> = []
  const add = (clause: string, ...values: Array<string | number>) => {
    where.push(clause)
    args.push(...values)
  }
  // by id, the primary key finds the rows: `+` keeps the planner off the project indexes, which it otherwise
  // walks for a list of ids (7 ms instead of 0.01 ms for five ids among 10,000 items)
  if (f.projects) add(`${f.ids ? "+" : ""}project IN (${list(f.projects)})`, ...f.projects)
  if (f.scopes) add(`scope IN (${list(f.scopes)})`, ...f.scopes)
  if (f.kinds?.length) add(`kind IN (${list(f.kinds)})`, ...f.kinds)
  if (f.ids) add(`id IN (${list(f.ids)})`, ...f.ids)
  if (f.sinceRev !== undefined) add("rev > ?", f.sinceRev)
  if (f.asOf !== undefined) {
    const t = f.asOf
    add("recorded_at <= ? AND valid_from <= ? AND (valid_to IS NULL OR valid_to > ?)", t, t, t)
    add("(retracted_at IS NULL OR retracted_at > ?) AND (expires_at IS NULL OR expires_at > ?)", t, t)
    add("status NOT IN ('pending', 'rejected', 'forgotten', 'hidden') AND content_enc IS NOT NULL")
  } else if (f.ids && f.sinceRev === undefined) {
    // an item an agent asked to forget is invisible even by id, until the person restores it
    if (!f.statuses?.includes("hidden")) add("status != 'hidden'")
  } else if (f.sinceRev === undefined) {
    const statuses = f.statuses?.length ? f.statuses : ["active"]
    add(`status IN (${list(statuses)})`, ...statuses)
    // working memory is invisible the instant it expires, before any sweep
    add("(expires_at IS NULL OR expires_at > ?)", now())
  }
  const sql = `SELECT ${ITEM_COLUMNS} FROM memory_items${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY recorded_at DESC, id DESC${f.limit ? ` LIMIT ${Math.max(1, Math.floor(f.limit))}` : ""}`
  return store.db.query(sql).all(...args) as ItemRow[]
}

/** Where a page of changes ended: the next page starts after this (rev, id); several rows can share a rev. */
export interface ChangeCursor {
  rev: number
  id: string
}

/** A project's rows changed since `sinceRev`, whatever their status, in (rev, id) order, `limit` after `after`. */
export function changedRows(
  store: Store,
  project: string,
  sinceRev: number,
  after: ChangeCursor | undefined,
  limit: number,
): ItemRow[] {
  const from = after ?? { rev: sinceRev, id: "\uffff" }
  return store.db
    .query(
      `SELECT ${ITEM_COLUMNS} FROM memory_items WHERE project = ? AND rev > ? AND (rev > ? OR (rev = ? AND id > ?)) ORDER BY rev, id LIMIT ?`,
    )
    .all(project, sinceRev, from.rev, from.rev, from.id, Math.max(1, Math.floor(limit))) as ItemRow[]
}

/** Ids per query (well under SQLite's limit on bound parameters). */
const ID_BATCH = 500

/**
 * Of these ids, the items changed since `rev` that are no longer in `project` (an edit moved them between
 * a project and global): a project's index holds them, but its own rows since `rev` do not name them.
 */
export function movedAway(store: Store, project: string, sinceRev: number, ids: string[]): string[] {
  const out: string[] = []
  for (let i = 0; i < ids.length; i += ID_BATCH) {
    const part = ids.slice(i, i + ID_BATCH)
    const rows = store.db
      .query(`SELECT id FROM memory_items WHERE id IN (${list(part)}) AND rev > ? AND project != ?`)
      .all(...part, sinceRev, project) as Array<{ id: string }>
    for (const r of rows) out.push(r.id)
  }
  return out
}
