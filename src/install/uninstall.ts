import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from "node:fs"
import { sep } from "node:path"
import { sha256Hex } from "../core/crypto"
import { pruneBackups, readBackup } from "./backup"
import { atomicWrite, hashOf, readText } from "./fsx"
import { acquireInstallLock } from "./lock"
import { applyAll, opKey, removeAll } from "./ops"
import { loadRecord, saveRecord, settlePending, type FileRecord, type InstallRecord } from "./record"
import type { Scope } from "./types"

export interface UninstallResult {
  /** Unchanged since install: put back byte for byte. */
  restored: string[]
  /** Created by egc and unchanged since: deleted (with the folders egc made for them, if empty). */
  removed: string[]
  /** Changed by the user since: only egc's entries were taken out. */
  cleaned: string[]
  /** Nothing to do (already gone). */
  gone: string[]
  /** Left alone, with the reason. */
  kept: Array<{ path: string; reason: string }>
}

export interface UninstallOptions {
  /** Only these targets; all when absent. */
  targets?: string[]
  /** Only this scope; with "project", only files inside `project`. */
  scope?: Scope
  project?: string
  dryRun?: boolean
}

/** Reverse the recorded operations. Nothing of the user's is deleted. */
export function uninstall(opts: UninstallOptions = {}): UninstallResult {
  const release = opts.dryRun ? () => {} : acquireInstallLock()
  try {
    const result: UninstallResult = { restored: [], removed: [], cleaned: [], gone: [], kept: [] }
    const record = loadRecord()
    if (!record) return result
    settlePending(record, (p) => hashOf(readText(p)))
    const backups = Object.values(record.files).map((f) => f.backup)
    for (const [real, entry] of Object.entries(record.files)) {
      const inProject = !opts.project || real.startsWith(`${opts.project}${sep}`)
      const leaving = entry.ops.filter(
        (o) =>
          (!opts.targets || opts.targets.includes(o.target)) &&
          (!opts.scope || (o.scope === opts.scope && (opts.scope === "user" || inProject))),
      )
      if (leaving.length === 0) continue
      const staying = entry.ops.filter((o) => !leaving.includes(o))
      undoFile(record, real, entry, staying, result, opts.dryRun ?? false)
    }
    if (!opts.targets && !opts.scope && record.placedBin) removePlacedBin(record, result, opts.dryRun ?? false)
    if (!opts.dryRun) {
      saveRecord(record)
      pruneBackups(record, backups)
    }
    return result
  } finally {
    release()
  }
}

function undoFile(
  record: InstallRecord,
  real: string,
  entry: FileRecord,
  staying: FileRecord["ops"],
  result: UninstallResult,
  dryRun: boolean,
): void {
  const current = readText(real)
  if (current === null) {
    result.gone.push(entry.path)
    if (!dryRun) delete record.files[real]
    return
  }
  const shared = new Set(staying.map((o) => `${opKey(o.op)}\u0000${JSON.stringify(o.op)}`))
  const removing = entry.ops.filter(
    (o) => !staying.includes(o) && !shared.has(`${opKey(o.op)}\u0000${JSON.stringify(o.op)}`),
  )
  let next: string | null
  const base = hashOf(current) === entry.after ? readBackup(entry.backup) : undefined
  if (base !== undefined) {
    next = staying.length ? applyAll(base, staying, entry.path, true) : base
    ;(next === null ? result.removed : result.restored).push(entry.path)
  } else {
    next = removeAll(current, removing)
    if (next === null) {
      result.kept.push({ path: entry.path, reason: "egc created this file but it has changed since; left in place" })
      next = current
    } else result.cleaned.push(entry.path)
  }
  if (dryRun) return
  if (next === null) {
    rmSync(real, { force: true })
    for (const dir of [...entry.createdDirs].reverse()) removeIfEmpty(dir)
  } else if (next !== current) atomicWrite(real, next)
  if (staying.length) record.files[real] = { ...entry, ops: staying, after: hashOf(next) }
  else delete record.files[real]
}

function removePlacedBin(record: InstallRecord, result: UninstallResult, dryRun: boolean): void {
  const placed = record.placedBin
  if (!placed || !existsSync(placed.path)) return
  if (sha256Hex(readFileSync(placed.path)) !== placed.sha256) {
    result.kept.push({ path: placed.path, reason: "the egc binary there is not the one install placed; left in place" })
    return
  }
  result.removed.push(placed.path)
  if (dryRun) return
  rmSync(placed.path, { force: true })
  delete record.placedBin
}

function removeIfEmpty(dir: string): void {
  try {
    if (readdirSync(dir).length === 0) rmdirSync(dir)
  } catch {
    // already gone or not empty
  }
}
