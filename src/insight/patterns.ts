import { now } from "../core/clock"
import { assertBound } from "../core/binding"
import { aad, sealText } from "../core/crypto"
import { loadKeys } from "../core/keys"
import { foldIntoRollup, insightDb, openBody, type ObservationRow } from "./store"

/**
 * Reading observations back: recurring failures and busy command families (detect_patterns), and
 * folding old raw rows into per-group counts (compress_observations). Always one project.
 */
export interface Pattern {
  kind: "repeated-failure" | "frequent-command"
  family: string
  count: number
  lastSeen: number
  /** A redacted example (the error line for failures, the command otherwise). */
  sample: string | undefined
}

interface Group {
  family: string
  signature: string
  failed: number
  count: number
  last: number
  sampleRow: { id: string; project: string; body: Uint8Array; table: string } | undefined
}

export function detectPatterns(
  project: string,
  opts: { minCount?: number; limit?: number } = {},
): { observed: number; patterns: Pattern[] } {
  const db = insightDb()
  const minCount = opts.minCount ?? 3
  const groups = new Map<string, Group>()
  const rows = db
    .query(
      "SELECT id, project, family, failed, exit_code, signature, body, created_at FROM insight_observations WHERE project = ?",
    )
    .all(project) as ObservationRow[]
  for (const row of rows) {
    const key = `${row.family}|${row.failed ? row.signature : ""}|${row.failed}`
    const g = groups.get(key) ?? {
      family: row.family,
      signature: row.failed ? row.signature : "",
      failed: row.failed,
      count: 0,
      last: 0,
      sampleRow: undefined,
    }
    g.count++
    if (row.created_at >= g.last) {
      g.last = row.created_at
      g.sampleRow = { id: row.id, project: row.project, body: row.body, table: "insight_observations" }
    }
    groups.set(key, g)
  }
  const rollups = db
    .query("SELECT family, signature, failed, count, last_at, sample, sample_id FROM insight_rollups WHERE project = ?")
    .all(project) as Array<{
    family: string
    signature: string
    failed: number
    count: number
    last_at: number
    sample: Uint8Array | null
    sample_id: string | null
  }>
  for (const r of rollups) {
    const key = `${r.family}|${r.signature}|${r.failed}`
    const g = groups.get(key) ?? {
      family: r.family,
      signature: r.signature,
      failed: r.failed,
      count: 0,
      last: 0,
      sampleRow: undefined,
    }
    g.count += r.count
    if (!g.sampleRow && r.sample && r.sample_id)
      g.sampleRow = { id: r.sample_id, project, body: r.sample, table: "insight_rollups" }
    g.last = Math.max(g.last, r.last_at)
    groups.set(key, g)
  }
  const observed = [...groups.values()].reduce((n, g) => n + g.count, 0)
  const patterns = [...groups.values()]
    .filter((g) => g.count >= minCount && (g.failed ? g.signature !== "" : g.family !== "none"))
    .sort((a, b) => b.failed - a.failed || b.count - a.count || b.last - a.last)
    .slice(0, opts.limit ?? 20)
    .map((g): Pattern => {
      const body = g.sampleRow ? safeBody(g.sampleRow) : undefined
      return {
        kind: g.failed ? "repeated-failure" : "frequent-command",
        family: g.family,
        count: g.count,
        lastSeen: g.last,
        sample: g.failed ? body?.error : body?.command,
      }
    })
  return { observed, patterns }
}

function safeBody(row: { id: string; project: string; body: Uint8Array; table: string }) {
  try {
    return openBody(row, row.table)
  } catch {
    return undefined
  }
}

/**
 * Folds raw observations older than `olderThanMs` into roll-ups (count, first and last time, one
 * sealed sample) and deletes the raw rows, in one transaction. Re-running changes nothing more.
 */
export function compressObservations(
  project: string,
  opts: { olderThanMs?: number } = {},
): { compressed: number; groups: number } {
  const db = insightDb()
  const cutoff = now() - (opts.olderThanMs ?? 7 * 24 * 3_600_000)
  const keys = loadKeys()
  let compressed = 0
  const touched = new Set<string>()
  db.transaction(() => {
    assertBound(db, keys)
    const rows = db
      .query(
        "SELECT id, project, family, failed, exit_code, signature, body, created_at FROM insight_observations WHERE project = ? AND created_at < ? ORDER BY created_at",
      )
      .all(project, cutoff) as ObservationRow[]
    for (const row of rows) {
      const signature = row.failed ? row.signature : ""
      const key = `${row.family}|${signature}|${row.failed}`
      const sampleId = `${project}|${key}`
      const sample = safeBody({ ...row, table: "insight_observations" })
      const sealed = sample
        ? sealText(keys.content, JSON.stringify(sample), aad("insight_rollups", sampleId, project))
        : null
      foldIntoRollup(
        db,
        { project, family: row.family, signature, failed: row.failed, at: row.created_at, sample: sealed, sampleId },
        row.id,
      )
      compressed++
      touched.add(key)
    }
  }).immediate()
  return { compressed, groups: touched.size }
}
