import { aad, seal } from "../../core/crypto"
import { assertKeyId } from "../../core/db"
import { checkWritable } from "../../core/db-check"
import { now } from "../../core/clock"
import type { Store } from "../_store"

/**
 * The sealed search-index snapshot of a project: derived data, but it holds the words of the
 * project's memory, so it is sealed like a record and destroyed whenever content is forgotten.
 */
/** A snapshot is only a cache: a reader never waits longer than this for the write lock to store one. */
const SNAPSHOT_LOCK_WAIT_MS = 50

export function saveSnapshot(store: Store, project: string, rev: number, docs: number, packed: Uint8Array): void {
  const sealed = seal(store.keys.content, packed, aad("memory_snapshots", project, project))
  const previous = (store.db.query("PRAGMA busy_timeout").get() as Record<string, number> | null) ?? {}
  const wait = Object.values(previous)[0] ?? 5000
  store.db.exec(`PRAGMA busy_timeout = ${SNAPSHOT_LOCK_WAIT_MS}`)
  try {
    upsert(store, project, rev, docs, sealed)
  } finally {
    store.db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(wait))}`)
  }
}

function upsert(store: Store, project: string, rev: number, docs: number, sealed: Uint8Array): void {
  checkWritable(store.db)
  store.db
    .transaction(() => {
      assertKeyId(store.db, store.keys.keyId)
      // something forgotten after this index was read: the index may hold its words, so it is not kept
      if (
        store.db
          .query("SELECT 1 FROM memory_items WHERE project = ? AND rev > ? AND status = 'forgotten' LIMIT 1")
          .get(project, rev)
      )
        return
      store.db
        .query(
          "INSERT INTO memory_snapshots (project, rev, docs, snapshot_enc, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (project) DO UPDATE SET rev = excluded.rev, docs = excluded.docs, snapshot_enc = excluded.snapshot_enc, created_at = excluded.created_at WHERE excluded.rev >= memory_snapshots.rev",
        )
        .run(project, rev, docs, sealed, now())
    })
    .immediate()
}

/** Called inside the forget transaction: no index may keep the words of forgotten content. */
export function dropSnapshots(store: Store, projects: string[]): void {
  for (const p of projects) store.db.query("DELETE FROM memory_snapshots WHERE project = ?").run(p)
}
