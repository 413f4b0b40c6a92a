import { mkdirSync } from "node:fs"
import { errorMessage } from "../core/errors"
import { VERSION } from "../version"
import { readBackup, writeBackup } from "./backup"
import { atomicWrite, hashOf, readText } from "./fsx"
import { acquireInstallLock } from "./lock"
import { mergeOps } from "./ops"
import type { FileChange, Plan } from "./plan"
import { emptyRecord, loadRecord, saveRecord, settlePending, type FileRecord, type InstallRecord } from "./record"

export interface ApplyResult {
  written: string[]
  unchanged: string[]
  /** Files left alone, with the reason (e.g. changed between plan and apply). */
  failed: Array<{ path: string; reason: string }>
}

/** Test seam: called at each stage of each file, so a test can stop the run midway. */
export type StageHook = (stage: "pending-recorded" | "written", path: string) => void

/**
 * Apply a plan: back up and record every change as pending (one record write), replace each file
 * atomically, then settle the record. A run killed at any point is completed by the next one
 * (pending entries are settled by the file's hash) and can always be uninstalled.
 */
export function applyPlan(
  plan: Plan,
  opts: { onStage?: StageHook; placedBin?: { path: string; sha256: string } } = {},
): ApplyResult {
  const release = acquireInstallLock()
  try {
    const record = loadRecord() ?? emptyRecord(VERSION, plan.ctx.bin)
    settlePending(record, (p) => hashOf(readText(p)))
    record.egcVersion = VERSION
    record.bin = plan.ctx.bin
    if (opts.placedBin) record.placedBin = opts.placedBin
    const result: ApplyResult = { written: [], unchanged: [], failed: [] }
    const writes: Array<{ change: FileChange; settled: FileRecord }> = []
    for (const change of plan.files) {
      if (readText(change.real) !== change.before) {
        result.failed.push({ path: change.path, reason: "changed since the plan was made; run egc install again" })
        continue
      }
      const { pending, settled } = entriesFor(record, change)
      record.files[change.real] = pending
      if (change.after === change.before) result.unchanged.push(change.path)
      else writes.push({ change, settled })
    }
    saveRecord(record)
    for (const { change } of writes) opts.onStage?.("pending-recorded", change.path)
    for (const { change, settled } of writes) {
      try {
        for (const dir of change.createdDirs) mkdirSync(dir, { recursive: true })
        atomicWrite(change.real, change.after, change.mode)
      } catch (e) {
        // left pending: the next run or uninstall settles it by the file's hash
        result.failed.push({ path: change.path, reason: errorMessage(e) })
        continue
      }
      record.files[change.real] = settled
      result.written.push(change.path)
      opts.onStage?.("written", change.path)
    }
    saveRecord(record)
    return result
  } finally {
    release()
  }
}

/** The record entry while the write is pending, and once it is done. */
function entriesFor(record: InstallRecord, change: FileChange): { pending: FileRecord; settled: FileRecord } {
  const old = record.files[change.real]
  const keepOld =
    old !== undefined &&
    old.after !== null &&
    hashOf(change.before) === old.after &&
    readBackup(old.backup) !== undefined
  const base: FileRecord = {
    path: change.path,
    before: keepOld ? old.before : hashOf(change.pristine),
    backup: keepOld ? old.backup : change.pristine === null ? null : writeBackup(change.path, change.pristine),
    after: keepOld ? old.after : null,
    createdDirs: old?.createdDirs ?? [],
    ops: keepOld ? old.ops : [],
    updatedAt: new Date().toISOString(),
  }
  const ops = mergeOps(old?.ops ?? [], change.ops)
  const after = hashOf(change.after) as string
  const settled = { ...base, after, ops, createdDirs: [...new Set([...base.createdDirs, ...change.createdDirs])] }
  if (change.after === change.before) return { pending: settled, settled }
  return { pending: { ...base, pending: { after, ops, createdDirs: change.createdDirs } }, settled }
}
