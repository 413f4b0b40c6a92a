import type { Database } from "bun:sqlite"
import { open, seal } from "./crypto"
import { EgcError } from "./errors"

/**
 * One pass of `egc keys rotate` over sealed values. Each table's owner walks its own rows and calls
 * `resealValue` per sealed column inside the rotation's transaction (core/db.ts rebinds the key in
 * the same one), so a table is never half old and half new. `check` is the verification pass: it
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
  const first = run.mode === "reseal" ? run.from : run.to
  const plain = tryOpen(first, envelope, additional)
  if (plain && run.mode === "reseal") {
    const next = seal(run.to, plain, additional)
    plain.fill(0)
    run.counts.done++
    return next
  }
  if (plain) {
    plain.fill(0)
    run.counts.done++
    return undefined
  }
  const other = tryOpen(run.mode === "reseal" ? run.to : run.from, envelope, additional)
  if (!other) run.counts.unreadable++
  else if (run.mode === "reseal") run.counts.done++
  else run.counts.stale++
  other?.fill(0)
  return undefined
}

/** A faculty that never ran has no tables: nothing of it to re-seal. */
export function hasTable(db: Database, table: string): boolean {
  return db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== null
}

/** A table owner's re-sealer, run inside the rotation's transaction. */
export type TableResealer = (db: Database, run: ResealRun) => void

/** A re-sealed value that did not land on exactly one row aborts the rotation's transaction. */
export function wroteOne(result: { changes: number }, table: string): void {
  if (result.changes !== 1) throw new EgcError("E_DB", `re-sealing ${table}: ${result.changes} rows updated, not 1`)
}
