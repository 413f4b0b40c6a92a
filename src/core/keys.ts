import {
  type Stats,
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs"
import { join } from "node:path"
import { deriveKey } from "./crypto"
import { EgcError } from "./errors"
import { type KeyMaterial, keyIdOf, keyText, newMaterial, parseKeyText, wipe } from "./key-file"
import { ensurePrivateDir, paths } from "./paths"

export { parseKeyText } from "./key-file"

/**
 * The master key: 32 random bytes in `$EGC_HOME/keys/master.key`, mode 0600, created on first
 * use, but never next to a database bound to another key (that would seal new rows under a key the
 * old ones do not open; the person restores the old key with `egc keys --import`). Purpose keys are
 * derived from it with HKDF; the secrets themselves never leave this module and key-rotation.ts.
 * File format (key-file.ts): one line, v1 or v2, so a recovery copy is plain text.
 */
/** The database (SQLite) is asked only when a key is made or imported, never on an ordinary load. */
const storedKeyId = (): string | undefined => (require("./db") as typeof import("./db")).storedKeyId()

export interface Keys {
  readonly content: Uint8Array
  readonly hash: Uint8Array
  readonly team: Uint8Array
  /** Short public fingerprint of the master key, stored in the database to detect a wrong key. */
  readonly keyId: string
}

let cached: { path: string; keys: Keys } | undefined

export function keyStatus(): {
  path: string
  exists: boolean
  mode?: string
  keyId?: string
  problem?: string
  oldKeys: string[]
} {
  const path = paths.masterKey()
  const oldKeys = oldKeyFiles()
  if (!existsSync(path)) return { path, exists: false, oldKeys }
  const mode = (statSync(path).mode & 0o777).toString(8)
  try {
    return { path, exists: true, mode, keyId: loadKeys({ create: false }).keyId, oldKeys }
  } catch (e) {
    return { path, exists: true, mode, problem: e instanceof Error ? e.message : String(e), oldKeys }
  }
}

/** Old keys kept by `egc keys rotate --keep-old` (or after a rotation whose check failed). */
export function oldKeyFiles(): string[] {
  try {
    return readdirSync(paths.keysDir())
      .filter((n) => /^master\.key\.old-[0-9a-f]{16}$/.test(n))
      .map((n) => join(paths.keysDir(), n))
  } catch {
    return []
  }
}

export function loadKeys(opts: { create?: boolean } = {}): Keys {
  const path = paths.masterKey()
  if (cached?.path === path) return cached.keys
  if (!existsSync(path)) {
    if (opts.create === false) {
      throw new EgcError("E_KEY_MISSING", `no master key at ${path}`, {
        hint: "restore it from your recovery copy, or run any egc command to create a new one",
      })
    }
    refuseIfBound(path)
    createKeyFile(path)
  }
  const material = readMaterial(path)
  const keys = keysOf(material)
  wipe(material)
  cached = { path, keys }
  return keys
}

/** Purpose keys of a key file's secrets (content and team from the sealing root, hash as stored). */
export function keysOf(m: KeyMaterial): Keys {
  return {
    content: deriveKey(m.seal, "content"),
    hash: new Uint8Array(m.hash),
    team: deriveKey(m.seal, "team"),
    keyId: keyIdOf(m),
  }
}

function refuseIfBound(path: string): void {
  let bound: string | undefined
  try {
    bound = storedKeyId()
  } catch (cause) {
    throw new EgcError(
      "E_KEY_MISSING",
      `no master key at ${path}, and the database cannot be read to check that a new one is safe`,
      { cause, hint: "run egc doctor" },
    )
  }
  if (bound === undefined) return
  throw new EgcError(
    "E_KEY_MISSING",
    `no master key at ${path}; the database was sealed with key id ${bound}, so no new key is made`,
    {
      hint: "restore the key file: egc keys --import <recovery copy> (nothing was written)",
    },
  )
}

export function resetKeyCache(): void {
  cached = undefined
}

/**
 * Write the whole key to a private temp file, then hard-link it into place: the link either
 * creates the key file complete or fails because another process won, whose complete key we read.
 * (Opening the final path with O_EXCL would let a racing reader see an empty file.)
 */
function createKeyFile(path: string): void {
  const temp = writeTemp(path, keyText(newMaterial()))
  try {
    linkSync(temp, path)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST")
      throw new EgcError("E_IO", `cannot create key file ${path}`, { cause: e })
  } finally {
    unlinkSync(temp)
  }
  chmodSync(path, 0o600)
}

export function writeTemp(path: string, text: string): string {
  ensurePrivateDir(paths.keysDir())
  const temp = `${path}.tmp-${process.pid}-${Date.now()}`
  const fd = openSync(temp, "wx", 0o600)
  try {
    writeSync(fd, text)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  return temp
}

interface ImportResult {
  keyId: string
  /** `unchanged`: the same key was already in place. */
  outcome: "restored" | "unchanged" | "replaced"
  /** Where a different key that was in place was moved (with force). */
  movedAside?: string
}

/**
 * Restore a recovery copy: validate it, refuse a key the database was not sealed with, never
 * overwrite a different key unless forced (and then move it aside first), write 0600 atomically.
 */
export function importMasterText(text: string, source: string, opts: { force?: boolean } = {}): ImportResult {
  const material = parseKeyText(text, source)
  const keyId = keyIdOf(material)
  const canonical = keyText(material)
  wipe(material)
  const bound = storedKeyId()
  if (bound !== undefined && bound !== keyId) {
    throw new EgcError(
      "E_KEY_WRONG",
      `${source} holds key id ${keyId}, but the database was sealed with key id ${bound}`,
      {
        hint: "import the recovery copy made from that key; nothing was changed",
      },
    )
  }
  const path = paths.masterKey()
  let movedAside: string | undefined
  if (existsSync(path)) {
    let current: string | undefined
    try {
      current = keyIdOf(readMaterial(path))
    } catch {
      current = undefined
    }
    if (current === keyId) {
      chmodSync(path, 0o600)
      return { keyId, outcome: "unchanged" }
    }
    if (!opts.force) {
      throw new EgcError("E_REFUSED", `${path} already holds a different key (id ${current ?? "unreadable"})`, {
        hint: "pass --force to replace it; the old file is moved aside, not deleted",
      })
    }
    movedAside = `${path}.replaced-${Date.now()}`
    renameSync(path, movedAside)
  }
  const temp = writeTemp(path, canonical)
  try {
    linkSync(temp, path)
  } catch (cause) {
    throw new EgcError("E_IO", `cannot write ${path} (another process created a key meanwhile?)`, {
      cause,
      hint: "run egc keys to see which key is in place",
    })
  } finally {
    unlinkSync(temp)
  }
  chmodSync(path, 0o600)
  resetKeyCache()
  return { keyId, outcome: movedAside ? "replaced" : "restored", ...(movedAside ? { movedAside } : {}) }
}

/** The key file's secrets, refused when others can read the file or it is not a key. */
export function readMaterial(path: string): KeyMaterial {
  let st: Stats
  try {
    st = statSync(path)
  } catch (cause) {
    throw new EgcError("E_KEY_MISSING", `cannot read key file ${path}`, { cause })
  }
  if (process.platform !== "win32" && (st.mode & 0o077) !== 0) {
    throw new EgcError(
      "E_KEY_MODE",
      `key file ${path} is readable by other users (mode ${(st.mode & 0o777).toString(8)})`,
      {
        hint: `run: chmod 600 '${path}'`,
      },
    )
  }
  let text: string
  try {
    text = readFileSync(path, "utf8")
  } catch (cause) {
    throw new EgcError("E_KEY_MISSING", `cannot read key file ${path}`, {
      cause,
      hint: "check its owner and permissions",
    })
  }
  return parseKeyText(text, path)
}

/** Text of a recovery copy of the master key (only `egc keys export --i-understand` calls this). */
export function exportMasterText(): string {
  loadKeys()
  const material = readMaterial(paths.masterKey())
  const text = keyText(material)
  wipe(material)
  return text
}
