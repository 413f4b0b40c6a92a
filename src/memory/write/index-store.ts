import type { Database } from "bun:sqlite"
import { hasTable } from "../../core/reseal"
import { type Store, tx } from "../_store"

/**
 * Storing the search index the reader built (read/cache.ts prepares every sealed row; this file
 * only writes them). The index is derived data, but it holds the words of the project's memory, so
 * every piece is sealed and the whole of it is destroyed whenever content is forgotten or hidden.
 */
/** The index is only a cache: a reader never waits longer than this for the write lock to store it. */
const INDEX_LOCK_WAIT_MS = 50

export interface IndexUpdate {
  project: string
  /** The stored header's revision this update was made against; undefined when it replaces everything. */
  expectRev: number | undefined
  /** The memory revision the index covers after this update. */
  rev: number
  meta: Uint8Array
  shards: Array<{ key: string; sealed: Uint8Array }>
  chunks: Array<{ term: string; chunk: number; sealed: Uint8Array }>
  docs: StoredDoc[]
  entities: Array<{ key: string; short: number }>
  retired: number[]
}

/** A stored document: its item's id and field lengths, and the item's columns ranking reads, as of `rev`. */
export interface StoredDoc {
  short: number
  item: string
  lengths: number
  scope: string
  kind: string
  status: string
  confidence: number
  disputed: 0 | 1
  validFrom: number
  recordedAt: number
  expiresAt: number | null
  entityKeys: string
}

const TABLES = [
  "memory_index_meta",
  "memory_index_terms",
  "memory_index_postings",
  "memory_index_docs",
  "memory_index_entities",
]

/** A key rotation: the search index is derived from the records, so it is dropped and rebuilt once. */
export function dropEveryIndex(db: Database): void {
  for (const t of TABLES) if (hasTable(db, t)) db.run(`DELETE FROM ${t}`)
}

/** Stores an update; false (nothing written) when another process changed the index first, or content was forgotten since. */
export function storeIndex(store: Store, u: IndexUpdate): boolean {
  const previous = (store.db.query("PRAGMA busy_timeout").get() as Record<string, number> | null) ?? {}
  const wait = Object.values(previous)[0] ?? 5000
  store.db.exec(`PRAGMA busy_timeout = ${INDEX_LOCK_WAIT_MS}`)
  try {
    // the one write transaction: integrity checked, and the key binding too (a rotation since these keys
    // were loaded seals nothing under the old key)
    return tx(store, () => write(store, u))
  } finally {
    store.db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(wait))}`)
  }
}

function write(store: Store, u: IndexUpdate): boolean {
  const db = store.db
  const stored = db.query("SELECT rev FROM memory_index_meta WHERE project = ?").get(u.project) as {
    rev: number
  } | null
  if (u.expectRev === undefined ? (stored?.rev ?? -1) > u.rev : stored?.rev !== u.expectRev) return false
  // something forgotten or hidden after the records were read: the index may hold its words
  if (
    db
      .query("SELECT 1 FROM memory_items WHERE project = ? AND rev > ? AND status IN ('forgotten', 'hidden') LIMIT 1")
      .get(u.project, u.rev)
  )
    return false
  if (u.expectRev === undefined) dropIndex(store, [u.project])
  const delDoc = db.query("DELETE FROM memory_index_docs WHERE project = ? AND short = ?")
  const delEntities = db.query("DELETE FROM memory_index_entities WHERE project = ? AND short = ?")
  for (const short of u.retired) {
    delDoc.run(u.project, short)
    delEntities.run(u.project, short)
  }
  const shard = db.query(
    "INSERT INTO memory_index_terms (project, shard, terms_enc) VALUES (?, ?, ?) ON CONFLICT (project, shard) DO UPDATE SET terms_enc = excluded.terms_enc",
  )
  for (const s of u.shards) shard.run(u.project, s.key, s.sealed)
  const chunk = db.query(
    "INSERT INTO memory_index_postings (project, term, chunk, postings_enc) VALUES (?, ?, ?, ?) ON CONFLICT (project, term, chunk) DO UPDATE SET postings_enc = excluded.postings_enc",
  )
  for (const c of u.chunks) chunk.run(u.project, c.term, c.chunk, c.sealed)
  const doc = db.query(
    "INSERT INTO memory_index_docs (project, short, item, lengths, scope, kind, status, confidence, disputed, valid_from, recorded_at, expires_at, entity_keys) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
  for (const d of u.docs)
    doc.run(
      u.project,
      d.short,
      d.item,
      d.lengths,
      d.scope,
      d.kind,
      d.status,
      d.confidence,
      d.disputed,
      d.validFrom,
      d.recordedAt,
      d.expiresAt,
      d.entityKeys,
    )
  const entity = db.query("INSERT OR IGNORE INTO memory_index_entities (project, key, short) VALUES (?, ?, ?)")
  for (const e of u.entities) entity.run(u.project, e.key, e.short)
  db.query(
    "INSERT INTO memory_index_meta (project, rev, meta_enc) VALUES (?, ?, ?) ON CONFLICT (project) DO UPDATE SET rev = excluded.rev, meta_enc = excluded.meta_enc",
  ).run(u.project, u.rev, u.meta)
  return true
}

/** Called inside the forget and hide transactions (and when items move project): no index may keep their words. */
export function dropIndex(store: Store, projects: string[]): void {
  for (const p of projects) for (const t of TABLES) store.db.query(`DELETE FROM ${t} WHERE project = ?`).run(p)
}
