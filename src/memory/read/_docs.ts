import type { Store } from "../_store"
import type { ItemRow } from "./rows"

/**
 * What ranking needs of an item besides its words: the row's metadata and keyed entity hashes.
 * For a stored index these are read for the hits a query reaches (by short id, from the stored documents'
 * copy of the item's columns), never for the whole project, so a cold process pays for what the query touches.
 */
export interface ItemMeta {
  id: string
  project: string
  scope: string
  kind: string
  status: string
  confidence: number
  disputed: boolean
  validFrom: number
  recordedAt: number
  expiresAt: number | undefined
  /** Per entity: the keyed hashes of its full name and last path segment. */
  entityGroups: string[][]
}

type MetaRow = Pick<
  ItemRow,
  | "id"
  | "project"
  | "scope"
  | "kind"
  | "status"
  | "confidence"
  | "disputed"
  | "valid_from"
  | "recorded_at"
  | "expires_at"
  | "entity_keys"
>

export function metaOf(row: MetaRow): ItemMeta {
  return {
    id: row.id,
    project: row.project,
    scope: row.scope,
    kind: row.kind,
    status: row.status,
    confidence: row.confidence,
    disputed: row.disputed === 1,
    validFrom: row.valid_from,
    recordedAt: row.recorded_at,
    expiresAt: row.expires_at ?? undefined,
    entityGroups: row.entity_keys ? row.entity_keys.split(" ").map((g) => g.split(",")) : [],
  }
}

/** The item's columns a stored document keeps (write/index-store.ts), the inverse of metaOf. */
export function columnsOf(m: ItemMeta) {
  return {
    scope: m.scope,
    kind: m.kind,
    status: m.status,
    confidence: m.confidence,
    disputed: m.disputed ? (1 as const) : (0 as const),
    validFrom: m.validFrom,
    recordedAt: m.recordedAt,
    expiresAt: m.expiresAt ?? null,
    entityKeys: m.entityGroups.map((g) => g.join(",")).join(" "),
  }
}

/** A stored document's copy of its item's columns (write/index-store.ts), read without touching the items. */
const META =
  "short, item AS id, project, scope, kind, status, confidence, disputed, valid_from, recorded_at, expires_at, entity_keys"
/**
 * Lookups by item name their index: without statistics SQLite prefers walking the whole project along the
 * primary key (project, short), which at 100k documents took 250 ms per lookup.
 */
const BY_ITEM = "INDEXED BY memory_index_docs_item"
/** Bound parameters per query, well under SQLite's limit. */
const BATCH = 500

type Found = MetaRow & { short: number }

export function metasByShort(store: Store, project: string, shorts: number[]): Map<number, ItemMeta> {
  const out = new Map<number, ItemMeta>()
  for (let i = 0; i < shorts.length; i += BATCH) {
    const part = shorts.slice(i, i + BATCH)
    const rows = store.db
      .query(`SELECT ${META} FROM memory_index_docs WHERE project = ? AND short IN (${part.map(() => "?").join(",")})`)
      .all(project, ...part) as Found[]
    for (const r of rows) out.set(r.short, metaOf(r))
  }
  return out
}

export function metaByItem(store: Store, project: string, id: string): { short: number; meta: ItemMeta } | undefined {
  const row = store.db
    .query(`SELECT ${META} FROM memory_index_docs ${BY_ITEM} WHERE project = ? AND item = ?`)
    .get(project, id) as Found | null
  return row ? { short: row.short, meta: metaOf(row) } : undefined
}

/** Stored short ids and lengths of these items. */
export function storedDocs(store: Store, project: string, ids: string[]): Array<{ short: number; lengths: number }> {
  const out: Array<{ short: number; lengths: number }> = []
  for (let i = 0; i < ids.length; i += BATCH) {
    const part = ids.slice(i, i + BATCH)
    const rows = store.db
      .query(
        `SELECT short, lengths FROM memory_index_docs ${BY_ITEM} WHERE project = ? AND item IN (${part.map(() => "?").join(",")})`,
      )
      .all(project, ...part) as Array<{ short: number; lengths: number }>
    out.push(...rows)
  }
  return out
}

/** Stored short ids of the items naming an entity key, in the order they were indexed: the next `limit` after `after`. */
export function entityShorts(store: Store, project: string, key: string, after: number, limit: number): number[] {
  return (
    store.db
      .query(
        "SELECT short FROM memory_index_entities WHERE project = ? AND key = ? AND short > ? ORDER BY short LIMIT ?",
      )
      .all(project, key, after, limit) as Array<{ short: number }>
  ).map((r) => r.short)
}
