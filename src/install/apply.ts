import { mkdirSync } from "node:fs"
import { VERSION } from "../version"
import { writeBackup } from "./backup"
import { atomicWrite, hashOf, readText } from "./fsx"
import { acquireInstallLock } from "./lock"
import { mergeOps } from "./ops"
import type { FileChange, Plan } from "./plan"
import { emptyRecord, loadRecord, saveRecord, settlePending } from "./record"

export interface ApplyResult {
  written: string[]
  unchanged: string[]
  /** Files left alone, with the reason (e.g. changed between plan and apply). */
  failed: Array<{ path: string; reason: string }>
}

/** Test seam: called at each stage of each file, so a test can stop the run midway. */
export type StageHook = (stage: "pending-recorded" | "written", path: string) => void

/**
 * Apply a plan file by file. Each file is backed up, recorded as pending, replaced atomically,
 * then settled in the record, so a run killed at any point is completed by the next one and
 * can always be uninstalled.
 */
export function applyPlan(plan: Plan, opts: { onStage?: StageHook; placedBin?: { path: string; sha256: string } } = {}): ApplyResult {
  const release = acquireInstallLock()
  try {
    const record = loadRecord() ?? emptyRecord(VERSION, plan.ctx.bin)
    if (settlePending(record, (p) => hashOf(readText(p)))) saveRecord(record)
    record.egcVersion = VERSION
    record.bin = plan.ctx.bin
    if (opts.placedBin) record.placedBin = opts.placedBin
    const result: ApplyResult = { written: [], unchanged: [], failed: [] }
    for (const change of plan.files) {
      const now = readText(change.real)
      if (now !== change.before) {
        result.failed.push({ path: change.path, reason: "changed since the plan was made; run egc install again" })
        continue
      }
      applyFile(record, change, opts.onStage)
      ;(change.after === change.before ? result.unchanged : result.written).push(change.path)
    }
    saveRecord(record)
    return result
  } finally {
    release()
  }
}

function applyFile(record: ReturnType<typeof emptyRecord>, change: FileChange, onStage?: StageHook): void {
  const old = record.files[change.real]
  const keepOld = old !== undefined && old.after !== null && hashOf(change.before) === old.after
  const backup = keepOld ? old.backup : change.pristine === null ? null : writeBackup(change.path, change.pristine)
  const entry = {
    path: change.path,
    before: keepOld ? old.before : hashOf(change.pristine),
    backup,
    after: keepOld ? old.after : null,
    createdDirs: old?.createdDirs ?? [],
    ops: keepOld ? old.ops : [],
    updatedAt: new Date().toISOString(),
  }
  const ops = mergeOps(old?.ops ?? [], change.ops)
  const after = hashOf(change.after) as string
  if (change.after === change.before) {
    record.files[change.real] = { ...entry, after, ops }
    return
  }
  record.files[change.real] = { ...entry, pending: { after, ops, createdDirs: change.createdDirs } }
  saveRecord(record)
  onStage?.("pending-recorded", change.path)
  for (const dir of change.createdDirs) mkdirSync(dir, { recursive: true })
  atomicWrite(change.real, change.after, change.mode)
  onStage?.("written", change.path)
  record.files[change.real] = { ...entry, after, ops, createdDirs: [...new Set([...entry.createdDirs, ...change.createdDirs])] }
  saveRecord(record)
}
