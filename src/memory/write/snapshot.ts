import { aad, seal } from "../../core/crypto"
import { now } from "../../core/clock"
import type { Store } from "../_store"

/**
 * The sealed search-index snapshot of a project: derived data, but it holds the words of the
 * project's memory, so it is sealed like a record and destroyed whenever content is forgotten.
 */
export function saveSnapshot(store: Store, project: string, rev: number, docs: number, packed: Uint8Array): void {
  const sealed = seal(store.keys.content, packed, aad("memory_snapshots", project, project))
  store.db
    .query("INSERT INTO memory_snapshots (project, rev, docs, snapshot_enc, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (project) DO UPDATE SET rev = excluded.rev, docs = excluded.docs, snapshot_enc = excluded.snapshot_enc, created_at = excluded.created_at WHERE excluded.rev >= memory_snapshots.rev")
    .run(project, rev, docs, sealed, now())
}

/** Called inside the forget transaction: no index may keep the words of forgotten content. */
export function dropSnapshots(store: Store, projects: string[]): void {
  for (const p of projects) store.db.query("DELETE FROM memory_snapshots WHERE project = ?").run(p)
}
