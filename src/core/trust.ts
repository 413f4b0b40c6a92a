import { existsSync, readFileSync, realpathSync, statSync } from "node:fs"
import { join } from "node:path"
import { writeFileAtomic } from "./atomic-write"
import { now } from "./clock"
import { sha256Hex } from "./crypto"
import { EgcError } from "./errors"
import { egcHome, ensureEgcHome } from "./paths"

/**
 * Project config files the person trusts, by exact content (`egc trust`), as direnv does: the
 * store maps a file's real path to the SHA-256 of the bytes the person saw, so any change to the
 * file drops the trust. The store lives in $EGC_HOME (0600), out of the agent's reach.
 */
interface TrustEntry {
  sha256: string
  trustedAt: string
}
type Store = Record<string, TrustEntry>

export const trustFile = (): string => join(egcHome(), "trust.json")

const keyOf = (file: string): string => {
  try {
    return realpathSync(file)
  } catch {
    return file
  }
}

export const contentHash = (text: string | Uint8Array): string => sha256Hex(text)

/** A store anyone else can write is no store: it is read as empty. */
function readStore(): Store {
  const file = trustFile()
  if (!existsSync(file)) return {}
  try {
    if (process.platform !== "win32" && (statSync(file).mode & 0o022) !== 0) return {}
    const data: unknown = JSON.parse(readFileSync(file, "utf8"))
    if (data === null || typeof data !== "object" || Array.isArray(data)) return {}
    const files = (data as { files?: unknown }).files
    return files !== null && typeof files === "object" && !Array.isArray(files) ? (files as Store) : {}
  } catch {
    return {}
  }
}

function writeStore(store: Store): void {
  ensureEgcHome()
  const file = trustFile()
  try {
    writeFileAtomic(file, `${JSON.stringify({ version: 1, files: store }, null, 2)}\n`, {
      mode: 0o600,
      keepMode: false,
    })
  } catch (cause) {
    throw new EgcError("E_IO", `cannot write ${file}`, { cause })
  }
}

export function trustedEntry(file: string): TrustEntry | undefined {
  return readStore()[keyOf(file)]
}

/** Whether the person trusts exactly this content of `file`. */
export function isTrusted(file: string, text: string): boolean {
  const entry = trustedEntry(file)
  return entry !== undefined && entry.sha256 === contentHash(text)
}

export function trust(file: string, text: string): TrustEntry {
  const store = readStore()
  const entry = { sha256: contentHash(text), trustedAt: new Date(now()).toISOString() }
  store[keyOf(file)] = entry
  writeStore(store)
  return entry
}

/** Returns whether there was anything to revoke. */
export function revoke(file: string): boolean {
  const store = readStore()
  const key = keyOf(file)
  if (!(key in store)) return false
  delete store[key]
  writeStore(store)
  return true
}
