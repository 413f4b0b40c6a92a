import type { Database } from "bun:sqlite"
import { aad, open, seal } from "./crypto"
import { EgcError } from "./errors"

/**
 * One pass of `egc keys rotate` over sealed values. Each table's owner calls `resealColumn` per sealed
 * column (with its own SQL) inside the rotation's transaction (core/db.ts rebinds the key in the same
 * one), so a table is never half old and half new. `check` is the verification pass: it
 * writes nothing and counts what opens under the new key.
 */
export interface ResealRun {
  mode: "reseal" | "check"
  /** Content (sealing) keys: the one that sealed the rows, the one they are sealed with after. */
  from: Uint8Array
  to: Uint8Array
  counts: ResealCounts
}

export interface ResealCounts {
  /** reseal: moved from the old key to the new one; check: opens under the new key. */
  done: number
  /** Opens under the old key only (check: a row still to move). */
  stale: number
  /** Opens under neither key: already unreadable before the rotation; left exactly as it is. */
  unreadable: number
}

export const resealRun = (mode: ResealRun["mode"], from: Uint8Array, to: Uint8Array): ResealRun => ({
  mode,
  from,
  to,
  counts: { done: 0, stale: 0, unreadable: 0 },
})

const tryOpen = (key: Uint8Array, envelope: Uint8Array, additional: Uint8Array): Uint8Array | undefined => {
  try {
    return open(key, envelope, additional)
  } catch {
    return undefined
  }
}

/** The envelope to store instead (reseal mode, opened under the old key), else undefined: leave the row. */
export function resealValue(run: ResealRun, envelope: Uint8Array, additional: Uint8Array): Uint8Array | undefined {
  return resealFrames(run, [envelope], [additional])?.[0]
}

/**
 * A value sealed in several envelopes (a stored crush output's frames), moved as one: every frame opens
 * under the same key or the value counts as unreadable. Plaintexts are zeroed once sealed again.
 */
export function resealFrames(
  run: ResealRun,
  envelopes: Uint8Array[],
  additional: Uint8Array[],
): Uint8Array[] | undefined {
  const [first, second] = run.mode === "reseal" ? [run.from, run.to] : [run.to, run.from]
  const plain = openEvery(first, envelopes, additional)
  if (plain) {
    run.counts.done++
    try {
      return run.mode === "reseal" ? plain.map((p, i) => seal(run.to, p, additional[i] ?? new Uint8Array())) : undefined
    } finally {
      for (const p of plain) p.fill(0)
    }
  }
  const other = openEvery(second, envelopes, additional)
  if (!other) run.counts.unreadable++
  else if (run.mode === "reseal") run.counts.done++
  else run.counts.stale++
  for (const p of other ?? []) p.fill(0)
  return undefined
}

function openEvery(key: Uint8Array, envelopes: Uint8Array[], additional: Uint8Array[]): Uint8Array[] | undefined {
  const out: Uint8Array[] = []
  for (const [i, e] of envelopes.entries()) {
    const p = tryOpen(key, e, additional[i] ?? new Uint8Array())
    if (!p) {
      for (const o of out) o.fill(0)
      return undefined
    }
    out.push(p)
  }
  return out
}

/**
 * The one re-seal loop over a sealed column. The table's owner passes its own SQL: `select` yields
 * `rowid, id, project, enc` (id and project aliased to what the writer bound as additional data:
 * aad(table, id, project)); `update` takes (enc, rowid). Rows whose value is null are skipped.
 */
export function resealColumn(db: Database, run: ResealRun, table: string, select: string, update: string): void {
  if (!hasTable(db, table)) return
  const write = db.query(update)
  type Row = { rowid: number; id: string; project: string; enc: Uint8Array | null }
  for (const r of db.query(select).all() as Row[]) {
    if (!r.enc) continue
    const next = resealValue(run, r.enc, aad(table, r.id, r.project))
    if (next) wroteOne(write.run(next, r.rowid), table)
  }
}

/** A faculty that never ran has no tables: nothing of it to re-seal. */
export function hasTable(db: Database, table: string): boolean {
  return db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== null
}

/** A table owner's re-sealer, run inside the rotation's transaction. */
export type TableResealer = (db: Database, run: ResealRun) => void

/** A re-sealed value that did not land on exactly one row aborts the rotation's transaction. */
function wroteOne(result: { changes: number }, table: string): void {
  if (result.changes !== 1) throw new EgcError("E_DB", `re-sealing ${table}: ${result.changes} rows updated, not 1`)
}
