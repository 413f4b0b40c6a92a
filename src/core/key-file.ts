import { deriveKey, keyedHash, randomKey } from "./crypto"
import { EgcError } from "./errors"

/**
 * The master key file's text. Two secrets live in it: the hashing key (keyed hashes: project ids,
 * branch scopes, tombstone fingerprints, entity keys, the audit chain) and the sealing root (every
 * sealed row and file). `egc keys rotate` replaces only the sealing root: keyed hashes cannot be
 * recomputed (a tombstone's text is destroyed by design), so the hashing key must outlive rotations.
 *
 * v1 `egc-master-key-v1 <master>`: one secret; both keys are derived from it (files made before v2).
 * v2 `egc-master-key-v2 <hash key> <seal root>`: written by a rotation; the hash key is stored as
 * derived (never the old master), so the new file cannot open what the old key sealed.
 */
export interface KeyMaterial {
  version: 1 | 2
  /** The HMAC key of keyed hashes (v1: derived from the master; v2: stored as is). */
  hash: Uint8Array
  /** The root the sealing keys and the key id are derived from (v1: the master itself). */
  seal: Uint8Array
}

const V1 = "egc-master-key-v1"
const V2 = "egc-master-key-v2"
const B64 = "([A-Za-z0-9+/]{43}=)"
const V1_LINE = new RegExp(`^${V1} ${B64}\\s*$`)
const V2_LINE = new RegExp(`^${V2} ${B64} ${B64}\\s*$`)

const bytes = (b64: string, source: string): Uint8Array => {
  const out = new Uint8Array(Buffer.from(b64, "base64"))
  if (out.length !== 32) throw new EgcError("E_KEY_INVALID", `${source} does not hold a 32-byte key`)
  return out
}

export function parseKeyText(text: string, source: string): KeyMaterial {
  const line = text.trim()
  const v2 = V2_LINE.exec(line)
  if (v2?.[1] && v2[2]) return { version: 2, hash: bytes(v2[1], source), seal: bytes(v2[2], source) }
  const v1 = V1_LINE.exec(line)
  if (v1?.[1]) {
    const master = bytes(v1[1], source)
    return { version: 1, hash: deriveKey(master, "hash"), seal: master }
  }
  throw new EgcError("E_KEY_INVALID", `${source} is not an egc master key`, {
    hint: "restore the file from your recovery copy",
  })
}

/** v1 material is written back as v1 (its master is its seal root), so an import copies it exactly. */
export function keyText(m: KeyMaterial): string {
  const b64 = (b: Uint8Array) => Buffer.from(b).toString("base64")
  return m.version === 1 ? `${V1} ${b64(m.seal)}\n` : `${V2} ${b64(m.hash)} ${b64(m.seal)}\n`
}

/**
 * Short public fingerprint stored in the database (egc_meta key_id). A v1 file keeps the id it always
 * had; a v2 id covers both secrets, so a file with the right sealing root and a wrong hashing key is
 * refused too (its keyed lookups would silently miss).
 */
export function keyIdOf(m: KeyMaterial): string {
  const check = deriveKey(m.seal, "check")
  if (m.version === 1) return keyedHash(check, "egc-key-id").slice(0, 16)
  return keyedHash(check, `egc-key-id|v2|${keyedHash(m.hash, "egc-hash-id").slice(0, 16)}`).slice(0, 16)
}

/** A fresh key file (v1: a new home keeps the format older egc builds read). */
export const newMaterial = (): KeyMaterial => {
  const master = randomKey()
  return { version: 1, hash: deriveKey(master, "hash"), seal: master }
}

/** The next key of a rotation: the same hashing key, a new sealing root. */
export const rotatedMaterial = (m: KeyMaterial): KeyMaterial => ({
  version: 2,
  hash: new Uint8Array(m.hash),
  seal: randomKey(),
})

export function wipe(m: KeyMaterial): void {
  m.hash.fill(0)
  m.seal.fill(0)
}
