import type { Database } from "bun:sqlite"
import { aad, keyedHash, openText, sealText } from "../core/crypto"
import { assertBound, openBoundDb } from "../core/binding"
import { migrate } from "../core/db"
import { newId } from "../core/ids"
import { loadKeys } from "../core/keys"
import { type ResealRun, resealColumn } from "../core/reseal"
import { SCHEMA } from "./schema"

/**
 * The insight tables (owned here, nowhere else): raw observations, their roll-ups after
 * compression, and which repeated failures already became a lesson candidate. Command text and
 * error text are redacted by the caller and sealed here; only grouping keys are in clear
 * (a program name such as `git`, and keyed hashes).
 */

/** Raw observations kept per project; the oldest beyond this are dropped on insert. */
const MAX_OBSERVATIONS = 5000

interface ObservationBody {
  command?: string
  error?: string
}

interface NewObservation {
  project: string
  sessionId: string
  tool: string
  family: string
  failed: boolean
  exitCode?: number
  /** Normalised, redacted error text; hashed for grouping, sealed in the body. */
  signatureText?: string
  body: ObservationBody
  at: number
}

export interface ObservationRow {
  id: string
  project: string
  family: string
  failed: number
  exit_code: number | null
  signature: string
  body: Uint8Array
  created_at: number
}

export function insightDb(): Database {
  const db = openBoundDb()
  migrate(db, SCHEMA)
  return db
}

function signatureOf(text: string | undefined): string {
  return text ? keyedHash(loadKeys().hash, `insight|${text}`).slice(0, 32) : ""
}

export function insertObservation(
  db: Database,
  obs: NewObservation,
  max = MAX_OBSERVATIONS,
): { id: string; signature: string } {
  const id = newId("ob_")
  const signature = signatureOf(obs.signatureText)
  const keys = loadKeys()
  const body = sealText(keys.content, JSON.stringify(obs.body), aad("insight_observations", id, obs.project))
  const session = keyedHash(keys.hash, `session|${obs.sessionId}`).slice(0, 24)
  db.transaction(() => {
    assertBound(db, keys)
    db.query(
      "INSERT INTO insight_observations (id, project, session, tool, family, failed, exit_code, signature, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ).run(
      id,
      obs.project,
      session,
      obs.tool,
      obs.family,
      obs.failed ? 1 : 0,
      obs.exitCode ?? null,
      signature,
      body,
      obs.at,
    )
    db.query(
      "DELETE FROM insight_observations WHERE project = ? AND id IN (SELECT id FROM insight_observations WHERE project = ? ORDER BY created_at DESC, id DESC LIMIT -1 OFFSET ?)",
    ).run(obs.project, obs.project, max)
  }).immediate()
  return { id, signature }
}

export function openBody(
  row: { id: string; project: string; body: Uint8Array },
  table = "insight_observations",
): ObservationBody {
  return JSON.parse(openText(loadKeys().content, row.body, aad(table, row.id, row.project))) as ObservationBody
}

/** Failures with this signature in the project, counting rolled-up ones too. */
export function failureCount(db: Database, project: string, signature: string): number {
  const raw = db
    .query("SELECT COUNT(*) AS n FROM insight_observations WHERE project = ? AND signature = ? AND failed = 1")
    .get(project, signature) as { n: number }
  const rolled = db
    .query(
      "SELECT COALESCE(SUM(count), 0) AS n FROM insight_rollups WHERE project = ? AND signature = ? AND failed = 1",
    )
    .get(project, signature) as { n: number }
  return raw.n + rolled.n
}

export function lessonExists(db: Database, project: string, signature: string): boolean {
  return db.query("SELECT 1 FROM insight_lessons WHERE project = ? AND signature = ?").get(project, signature) !== null
}

export function markLesson(
  db: Database,
  project: string,
  signature: string,
  itemId: string | undefined,
  at: number,
): void {
  db.query("INSERT OR IGNORE INTO insight_lessons (project, signature, item_id, created_at) VALUES (?, ?, ?, ?)").run(
    project,
    signature,
    itemId ?? null,
    at,
  )
}

interface RollupEntry {
  project: string
  family: string
  signature: string
  failed: number
  at: number
  sample: Uint8Array | null
  sampleId: string
}

/** Counts one raw observation into its roll-up and deletes the raw row (the caller holds the transaction). */
export function foldIntoRollup(db: Database, entry: RollupEntry, observationId: string): void {
  db.query(
    `INSERT INTO insight_rollups (project, family, signature, failed, count, first_at, last_at, sample, sample_id)
     VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?)
     ON CONFLICT (project, family, signature, failed) DO UPDATE SET count = count + 1,
       first_at = MIN(first_at, excluded.first_at), last_at = MAX(last_at, excluded.last_at),
       sample = COALESCE(excluded.sample, sample), sample_id = COALESCE(excluded.sample_id, sample_id)`,
  ).run(entry.project, entry.family, entry.signature, entry.failed, entry.at, entry.at, entry.sample, entry.sampleId)
  db.query("DELETE FROM insight_observations WHERE id = ?").run(observationId)
}

/** `egc keys rotate`: observation bodies and roll-up samples, inside the rotation's transaction. */
export function resealInsight(db: Database, run: ResealRun): void {
  resealColumn(
    db,
    run,
    "insight_observations",
    "SELECT rowid AS rowid, id, project, body AS enc FROM insight_observations",
    "UPDATE insight_observations SET body = ? WHERE rowid = ?",
  )
  // a roll-up's sample is bound to the observation it was taken from
  resealColumn(
    db,
    run,
    "insight_rollups",
    "SELECT rowid AS rowid, sample_id AS id, project, sample AS enc FROM insight_rollups WHERE sample_id IS NOT NULL",
    "UPDATE insight_rollups SET sample = ? WHERE rowid = ?",
  )
}
