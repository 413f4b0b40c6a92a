import { closeSync, fchmodSync, fsyncSync, openSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs"
import { basename, dirname, join } from "node:path"
import { newId } from "./ids"

interface AtomicWriteOptions {
  /** The mode of a new file (default 0o600), set exactly (the umask does not narrow or widen it). */
  mode?: number
  /** An existing file keeps its own mode (default); false: it gets `mode`. */
  keepMode?: boolean
  /** The temp file's name up to `<pid>-<random>.tmp` (default `.<name>.egc-`): callers that exclude it by pattern. */
  tempPrefix?: string
}

/**
 * THE atomic file write. The bytes go to a temp file in the target's folder (so the rename is one step),
 * created exclusively under an unpredictable name: a link someone planted at a name they guessed is never
 * followed, and two writers never share a temp file. It is fsynced, then renamed over the target; the folder
 * is fsynced where the platform allows. Any failure removes the temp file and leaves the old file as it was.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, opts: AtomicWriteOptions = {}): void {
  let mode = opts.mode ?? 0o600
  if (opts.keepMode !== false) {
    try {
      mode = statSync(path).mode & 0o7777
    } catch {
      // a new file: the mode asked for
    }
  }
  const temp = join(dirname(path), `${opts.tempPrefix ?? `.${basename(path)}.egc-`}${process.pid}-${newId()}.tmp`)
  const fd = openSync(temp, "wx", mode)
  try {
    try {
      if (process.platform !== "win32") fchmodSync(fd, mode)
      writeFileSync(fd, data)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(temp, path)
  } catch (e) {
    rmSync(temp, { force: true })
    throw e
  }
  syncFolder(dirname(path))
}

function syncFolder(dir: string): void {
  try {
    const fd = openSync(dir, "r")
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  } catch {
    // folders cannot be fsynced on every platform (Windows)
  }
}
