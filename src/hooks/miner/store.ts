import type { Database } from "bun:sqlite"
import { keyedHash } from "../../core/crypto"
import { openBoundDb } from "../../core/binding"
import { migrate } from "../../core/db"
import { loadKeys } from "../../core/keys"
import { SCHEMA } from "./schema"

/**
 * The hooks faculty's own tables: how far each transcript has been mined, and keyed fingerprints
 * of what was already proposed (so a re-run adds nothing, even if the memory store dedupes
 * differently). Neither holds text: transcript paths and fingerprints are keyed hashes.
 */

export function minerDb(): Database {
  const db = openBoundDb()
  migrate(db, SCHEMA)
  return db
}

const hash = (value: string) => keyedHash(loadKeys().hash, value).slice(0, 32)

export function transcriptOffset(db: Database, path: string): number {
  const row = db.query("SELECT offset FROM hooks_transcripts WHERE key = ?").get(hash(`transcript|${path}`)) as {
    offset: number
  } | null
  return row?.offset ?? 0
}

export function saveOffset(db: Database, path: string, offset: number, at: number): void {
  db.query(
    "INSERT INTO hooks_transcripts (key, offset, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET offset = excluded.offset, updated_at = excluded.updated_at",
  ).run(hash(`transcript|${path}`), offset, at)
}

export function fingerprint(kind: string, text: string): string {
  return hash(`mined|${kind}|${text.toLowerCase().replace(/\s+/g, " ").trim()}`)
}

export function alreadyMined(db: Database, project: string, fp: string): boolean {
  return db.query("SELECT 1 FROM hooks_mined WHERE project = ? AND fingerprint = ?").get(project, fp) !== null
}

export function noteMined(db: Database, project: string, fp: string, itemId: string | undefined, at: number): void {
  db.query("INSERT OR IGNORE INTO hooks_mined (project, fingerprint, item_id, created_at) VALUES (?, ?, ?, ?)").run(
    project,
    fp,
    itemId ?? null,
    at,
  )
}
