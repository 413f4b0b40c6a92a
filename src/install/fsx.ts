import { type Stats, existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, statSync } from "node:fs"
import { dirname, isAbsolute, resolve } from "node:path"
import { writeFileAtomic } from "../core/atomic-write"
import { sha256Hex } from "../core/crypto"
import { MalformedFile } from "./edit"

export const hashOf = (text: string | null): string | null => (text === null ? null : sha256Hex(text))

/**
 * Where writes really go. A symlinked config is edited at its target (never replaced by a
 * regular file); a dangling or looping link is refused.
 */
export function resolveTarget(path: string): string {
  let current = path
  for (let hops = 0; hops < 16; hops++) {
    let st: Stats
    try {
      st = lstatSync(current)
    } catch {
      return current
    }
    if (!st.isSymbolicLink()) return current
    const link = readlinkSync(current)
    const next = isAbsolute(link) ? link : resolve(dirname(current), link)
    if (!existsSync(next))
      throw new MalformedFile(`${path} is a symlink to a missing file (${next}); egc will not replace the link`)
    current = next
  }
  throw new MalformedFile(`${path} is a symlink loop`)
}

/** Current text of a file, or null when it does not exist. */
export function readText(path: string): string | null {
  try {
    const st = statSync(path)
    if (st.isDirectory()) throw new MalformedFile(`${path} is a directory`)
  } catch (e) {
    if (e instanceof MalformedFile) throw e
    return null
  }
  return readFileSync(path, "utf8")
}

/** Read-only by its mode bits (checked even as root, who could write anyway). */
export function isReadOnly(path: string): boolean {
  try {
    return (statSync(path).mode & 0o222) === 0
  } catch {
    return false
  }
}

/** A path on the way to `file` that exists but is not a folder (e.g. a legacy `.clinerules` file). */
export function blockedBy(file: string): string | undefined {
  for (let dir = dirname(file); dirname(dir) !== dir; dir = dirname(dir)) {
    if (!existsSync(dir)) continue
    return statSync(dir).isDirectory() ? undefined : dir
  }
  return undefined
}

/** The folders `mkdir -p` would create for `file`, outermost first. */
export function missingDirs(file: string): string[] {
  const out: string[] = []
  for (let dir = dirname(file); !existsSync(dir); dir = dirname(dir)) {
    out.unshift(dir)
    if (dirname(dir) === dir) break
  }
  return out
}

/** Write atomically (core/atomic-write), creating the folders; keeps the old file's mode, a new one gets `mode`. */
export function atomicWrite(path: string, text: string, mode = 0o644): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileAtomic(path, text, { mode })
}
