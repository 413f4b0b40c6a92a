import type { Database } from "bun:sqlite"
import { readFileSync, statSync, writeFileSync } from "node:fs"
import { EgcError } from "./errors"

/**
 * Never write into a damaged database. Before a process's first write, SQLite's quick_check must pass;
 * it reads every page (tens of ms on a 10 MB store), so a passing check leaves a stamp beside the file
 * (`<db>-checked`: device, inode, size and modification time of the main file) and later processes
 * skip the check while the file is unchanged. In WAL mode the main file changes only at checkpoints,
 * so one process after each checkpoint pays for the check; a byte flipped by anything else changes the
 * modification time and is caught by the next writer. The outcome is cached per connection.
 * The last connection's close is such a checkpoint, and every hook is a process that closes: a process
 * that vouched for the file (checked it, or found it as last stamped) and finds it still as last stamped
 * when it closes stamps what its own close leaves (closeVouched), so the next hook does not re-read a
 * store it only appended to; anything else that touched the file in between leaves the stamp stale.
 */
const verdicts = new WeakMap<Database, true | EgcError>()

export function checkWritable(db: Database): void {
  const known = verdicts.get(db)
  if (known === true) return
  if (known) throw known
  const path = db.filename
  if (!path || path === ":memory:") return void verdicts.set(db, true)
  const stamp = fileStamp(path)
  if (stamp !== undefined && readStamp(path) === stamp) return void verdicts.set(db, true)
  const problems = quickCheck(db)
  if (problems.length) {
    const error = damaged(path, problems)
    verdicts.set(db, error)
    throw error
  }
  if (stamp !== undefined) writeStamp(path, stamp)
  verdicts.set(db, true)
}

/**
 * Close a connection; when this process vouched for the file and the file is still exactly as last
 * stamped (by this process or another), stamp the file the close's checkpoint leaves behind.
 */
export function closeVouched(db: Database): void {
  const path = db.filename
  const vouched = verdicts.get(db) === true && !!path && path !== ":memory:"
  const unchanged = vouched && fileStamp(path) !== undefined && fileStamp(path) === readStamp(path)
  try {
    // a kept WAL (core/db.ts) is emptied once its frames are in the main file: else the next process
    // finds them again, none counted as copied, and every close copies the whole WAL once more
    db.exec("PRAGMA journal_size_limit = 0")
  } catch {
    // closed already, or busy: the close below still checkpoints
  }
  db.close()
  if (!unchanged) return
  const after = fileStamp(path)
  if (after !== undefined) writeStamp(path, after)
}

/** quick_check's findings ("ok" dropped); a check that cannot even run is a finding too. */
export function quickCheck(db: Database): string[] {
  try {
    const rows = db.query("PRAGMA quick_check").all() as Array<Record<string, string>>
    return rows.map((r) => Object.values(r)[0] ?? "").filter((v) => v !== "ok")
  } catch (cause) {
    return [cause instanceof Error ? cause.message : String(cause)]
  }
}

/** quick_check puts several findings in one row, one a line, after a "*** in database main ***" banner. */
const findings = (problems: string[]) =>
  problems.flatMap((p) => p.split("\n")).filter((l) => l.trim() && !l.startsWith("***"))

export function damaged(path: string, problems: string[]): EgcError {
  return new EgcError(
    "E_DB_CORRUPT",
    `${path} is damaged (${findings(problems).slice(0, 2).join("; ")}); nothing was written to it`,
    {
      hint: `run egc doctor; then move it aside (mv '${path}' '${path}.bad') and restore egc.db from a backup. egc will not write to it until then`,
    },
  )
}

const stampPath = (path: string) => `${path}-checked`

function fileStamp(path: string): string | undefined {
  try {
    const s = statSync(path, { bigint: true })
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}`
  } catch {
    return undefined
  }
}

function readStamp(path: string): string | undefined {
  try {
    return readFileSync(stampPath(path), "utf8")
  } catch {
    return undefined
  }
}

function writeStamp(path: string, stamp: string): void {
  try {
    // a torn or lost stamp only costs the next process another check
    writeFileSync(stampPath(path), stamp, { mode: 0o600 })
  } catch {
    // read-only home: check again next time
  }
}
