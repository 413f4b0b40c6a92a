import { existsSync, readFileSync } from "node:fs"
import { ensureEgcHome, paths } from "../core/paths"
import { EgcError } from "../core/errors"
import { atomicWrite } from "./fsx"
import type { Op, Purpose, Scope } from "./types"

/** `$EGC_HOME/install.json`: every file egc changed, its hashes before and after, and the ops. */
export interface RecordedOp {
  target: string
  purpose: Purpose
  scope: Scope
  op: Op
}

export interface FileRecord {
  /** The path as the tool names it (may be a symlink); the record is keyed by where writes go. */
  path: string
  before: string | null
  /** Copy of the file before egc first changed it (null: egc created it). */
  backup: string | null
  after: string | null
  createdDirs: string[]
  ops: RecordedOp[]
  /** Written before a file is replaced, settled on the next run if the process died in between. */
  pending?: { after: string; ops: RecordedOp[]; createdDirs: string[] }
  updatedAt: string
}

export interface InstallRecord {
  version: 1
  egcVersion: string
  bin: string
  files: Record<string, FileRecord>
  /** A binary `--bin-dir` copied into a user bin folder: removed by a full uninstall if unchanged. */
  placedBin?: { path: string; sha256: string }
}

export const emptyRecord = (egcVersion: string, bin: string): InstallRecord => ({
  version: 1,
  egcVersion,
  bin,
  files: {},
})

export function loadRecord(): InstallRecord | undefined {
  const path = paths.installRecord()
  if (!existsSync(path)) return undefined
  let data: unknown
  try {
    data = JSON.parse(readFileSync(path, "utf8"))
  } catch (cause) {
    throw new EgcError("E_INPUT", `${path} is not valid JSON`, {
      cause,
      hint: "restore it from a backup, or move it aside to start over (uninstall will then know nothing)",
    })
  }
  const r = data as Partial<InstallRecord>
  if (r?.version !== 1 || typeof r.files !== "object" || r.files === null)
    throw new EgcError("E_INPUT", `${path} is not an egc install record`, {
      hint: "move it aside and run egc install again",
    })
  return r as InstallRecord
}

export function saveRecord(record: InstallRecord): void {
  ensureEgcHome()
  atomicWrite(paths.installRecord(), `${JSON.stringify(record, null, 2)}\n`, 0o600)
}

/** Settle entries left pending by an interrupted run: did the file reach its new content? */
export function settlePending(record: InstallRecord, currentHash: (path: string) => string | null): boolean {
  let changed = false
  for (const [key, entry] of Object.entries(record.files)) {
    if (!entry.pending) continue
    changed = true
    if (currentHash(key) === entry.pending.after) {
      entry.after = entry.pending.after
      entry.ops = entry.pending.ops
      entry.createdDirs = [...new Set([...entry.createdDirs, ...entry.pending.createdDirs])]
    }
    delete entry.pending
    if (entry.after === null) delete record.files[key]
  }
  return changed
}
