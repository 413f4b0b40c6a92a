import { existsSync, readFileSync, rmSync } from "node:fs"
import { basename, join } from "node:path"
import { ensurePrivateDir, paths } from "../core/paths"
import { atomicWrite, hashOf } from "./fsx"
import type { InstallRecord } from "./record"

/** Keep a copy of a file's pre-image under $EGC_HOME/backups, named by its hash (written once). */
export function writeBackup(path: string, text: string): string {
  const dir = ensurePrivateDir(paths.backups())
  const file = join(dir, `${(hashOf(text) as string).slice(0, 16)}-${basename(path).replace(/[^\w.-]/g, "_")}`)
  if (!existsSync(file)) atomicWrite(file, text, 0o600)
  return file
}

/** Delete backups no record entry points at any more. */
export function pruneBackups(record: InstallRecord, candidates: Array<string | null>): void {
  const used = new Set(Object.values(record.files).map((f) => f.backup))
  for (const c of candidates) if (c && !used.has(c)) rmSync(c, { force: true })
}

/** The pre-image a record entry points at: null when egc created the file, undefined when the copy is lost. */
export function readBackup(path: string | null): string | null | undefined {
  if (path === null) return null
  try {
    return readFileSync(path, "utf8")
  } catch {
    return undefined
  }
}
