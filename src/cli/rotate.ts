import type { Database } from "bun:sqlite"
import { openBoundDb } from "../core/binding"
import { asDbError, closeAllDbs, rebindKey } from "../core/db"
import { env } from "../core/env"
import { EgcError } from "../core/errors"
import {
  finishRotation,
  type Journal,
  keysFor,
  readJournal,
  rollBack,
  rotationAlive,
  rotationOutcome,
  stageRotation,
  swapKeyFile,
} from "../core/key-rotation"
import { type Keys, loadKeys, resetKeyCache } from "../core/keys"
import { type ResealCounts, type ResealRun, resealRun, type TableResealer } from "../core/reseal"

/**
 * `egc keys rotate`: every value sealed under the master key moves to a new sealing key. One
 * transaction re-seals every table of the database and moves its key binding (the point of no
 * return); then the stored crush outputs (files, each replaced whole), then the key file (one
 * rename), then a check that everything opens under the key now on disk; only then the old key goes.
 * Keyed hashes do not change: the hashing key is kept (core/key-file.ts says why).
 */
interface RotateReport {
  from: string
  to: string
  /** Values re-sealed in the database (rows and columns). */
  records: number
  /** Stored crush outputs re-sealed. */
  outputs: number
  /** Values that no key opened before the rotation either: left exactly as they were. */
  unreadable: number
  /** Where the old key is kept (with --keep-old, or when the check failed). */
  oldKey?: string
}

interface Resealers {
  tables: TableResealer[]
  runs: (run: ResealRun) => void
}

async function loadResealers(to: Keys): Promise<Resealers> {
  const [memory, guard, hooks, insight, mesh, sync, crush] = await Promise.all([
    import("../memory").then((m) => m.resealer()),
    import("../guard").then((m) => m.resealer()),
    import("../hooks").then((m) => m.resealer()),
    import("../insight").then((m) => m.resealer()),
    import("../mesh").then((m) => m.resealer()),
    import("../sync").then((m) => m.resealer()),
    import("../crush").then((m) => m.runResealer()),
  ])
  return { tables: [(db, run) => memory(db, run, to), guard, hooks, insight, mesh, sync], runs: crush }
}

/** A crash on purpose at a named step (test builds only: core/env.ts TEST_SEAMS). */
function seam(step: "staged" | "committed" | "swapped"): void {
  if (env.testRotateStop() === step) process.kill(process.pid, "SIGKILL")
}

function resealDb(db: Database, tables: TableResealer[], run: ResealRun, rebind?: { from: string; to: string }): void {
  try {
    db.transaction(() => {
      if (rebind) rebindKey(db, rebind.from, rebind.to)
      for (const t of tables) t(db, run)
    }).immediate()
  } catch (cause) {
    // busy past the timeout (another process held the write lock), or a failed write: nothing committed
    throw asDbError(cause)
  }
}

export async function rotateKeys(opts: { keepOld: boolean }): Promise<RotateReport> {
  const staged = stageRotation(opts.keepOld)
  const { journal: j, from, to } = staged
  try {
    const found = await loadResealers(to)
    seam("staged")
    const db = openBoundDb()
    const rows = resealRun("reseal", from.content, to.content)
    resealDb(db, found.tables, rows, { from: j.from, to: j.to })
    seam("committed")
    const files = resealRun("reseal", from.content, to.content)
    found.runs(files)
    swapKeyFile(j)
    seam("swapped")
    const verified = verify(found, from, rows.counts)
    const oldKey = finishRotation(j, opts.keepOld || !verified)
    if (!verified) {
      throw new EgcError("E_TAMPERED", `the rotation committed, but some records do not open under key id ${j.to}`, {
        hint: `the old key is kept at ${oldKey}; run egc doctor and egc audit verify`,
      })
    }
    return {
      from: j.from,
      to: j.to,
      records: rows.counts.done,
      outputs: files.counts.done,
      unreadable: rows.counts.unreadable + files.counts.unreadable,
      ...(oldKey ? { oldKey } : {}),
    }
  } catch (e) {
    // an error (not a crash): the database's binding decides, exactly as after a crash
    // the original error is the one to tell; a failing recovery leaves the journal for the next command
    if (readJournal()?.pid === process.pid) await recoverRotation({ keepOld: true }).catch(() => undefined)
    throw e
  }
}

/**
 * Open everything again from disk, under the key file now in place. Rows a process sealed under the
 * old key after the commit cannot exist (writers check the binding inside their transaction), but if
 * any is found it is moved once more before the old key may go.
 */
function verify(found: Resealers, from: Keys, before?: ResealCounts): boolean {
  closeAllDbs()
  resetKeyCache()
  const keys = loadKeys({ create: false })
  const db = openBoundDb()
  const check = () => {
    const run = resealRun("check", from.content, keys.content)
    db.transaction(() => {
      for (const t of found.tables) t(db, run)
    })()
    return run.counts
  }
  let counts = check()
  if (counts.stale > 0) {
    resealDb(db, found.tables, resealRun("reseal", from.content, keys.content))
    counts = check()
  }
  const files = resealRun("check", from.content, keys.content)
  found.runs(files)
  const unreadable = before === undefined || counts.unreadable <= before.unreadable
  return counts.stale === 0 && unreadable && files.counts.stale === 0
}

interface Recovery {
  /** `unverified`: finished, but something did not open under the new key, so the old key was kept. */
  outcome: "rolled-back" | "completed" | "unverified" | "busy" | "unknown"
  journal: Journal
}

/**
 * An interrupted rotation, finished or rolled back (a person's next egc command runs this when a journal
 * exists; hook, guard, crush and serve leave it alone).
 * Finishing re-seals the crush outputs, swaps the key file and checks everything opens under the new
 * key; the old key is deleted only after that check passed (and never with `keepOld`).
 */
export async function recoverRotation(opts: { keepOld?: boolean } = {}): Promise<Recovery | undefined> {
  const j = readJournal()
  if (!j) return undefined
  if (rotationAlive(j)) return { outcome: "busy", journal: j }
  const outcome = rotationOutcome(j)
  if (outcome === "unknown") return { outcome, journal: j }
  if (outcome === "roll-back") {
    rollBack(j)
    return { outcome: "rolled-back", journal: j }
  }
  const from = keysFor(j.from)
  const to = keysFor(j.to)
  const found = from && to ? await loadResealers(to) : undefined
  if (found && from && to) found.runs(resealRun("reseal", from.content, to.content))
  swapKeyFile(j)
  const verified = found && from ? verify(found, from) : false
  closeAllDbs()
  finishRotation(j, j.keepOld || opts.keepOld === true || !verified)
  return { outcome: verified ? "completed" : "unverified", journal: j }
}
