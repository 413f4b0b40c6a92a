import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto"
import { EgcError } from "./errors"

/**
 * AES-256-GCM sealing and HMAC-SHA256 keyed hashing. The same algorithms as WebCrypto, through
 * Bun's built-in synchronous API: SQLite transactions in bun:sqlite are synchronous, and recall
 * opens thousands of small records, where a promise per record would dominate the cost.
 *
 * Envelope v1: [0x01][12-byte IV][ciphertext][16-byte tag]. The additional data binds a record
 * to its identity (table, id, project), so a record copied elsewhere fails to open.
 */
const VERSION = 1
const IV_BYTES = 12
const TAG_BYTES = 16

export type Purpose = "content" | "hash" | "check" | "team"

export function deriveKey(master: Uint8Array, purpose: Purpose): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", master, new Uint8Array(0), `egc/v1/${purpose}`, 32))
}

export function aad(table: string, id: string, project: string): Uint8Array {
  return new TextEncoder().encode(`egc:v1|${table}|${id}|${project}`)
}

export function seal(key: Uint8Array, plaintext: Uint8Array, additional: Uint8Array): Uint8Array {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv("aes-256-gcm", key, iv)
  cipher.setAAD(additional)
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()])
  const out = new Uint8Array(1 + IV_BYTES + body.length + TAG_BYTES)
  out[0] = VERSION
  out.set(iv, 1)
  out.set(body, 1 + IV_BYTES)
  out.set(cipher.getAuthTag(), 1 + IV_BYTES + body.length)
  return out
}

/** Opens an envelope; throws E_TAMPERED when the bytes, the key or the identity do not match. */
export function open(key: Uint8Array, envelope: Uint8Array, additional: Uint8Array): Uint8Array {
  if (envelope.length < 1 + IV_BYTES + TAG_BYTES || envelope[0] !== VERSION) {
    throw new EgcError("E_TAMPERED", "record is not an egc v1 envelope")
  }
  const iv = envelope.subarray(1, 1 + IV_BYTES)
  const tag = envelope.subarray(envelope.length - TAG_BYTES)
  const body = envelope.subarray(1 + IV_BYTES, envelope.length - TAG_BYTES)
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv)
    decipher.setAAD(additional)
    decipher.setAuthTag(tag)
    return new Uint8Array(Buffer.concat([decipher.update(body), decipher.final()]))
  } catch (cause) {
    throw new EgcError("E_TAMPERED", "record failed authentication (altered, moved, or sealed with another key)", { cause })
  }
}

const encoder = new TextEncoder()
const decoder = new TextDecoder("utf-8", { fatal: true })

export function sealText(key: Uint8Array, text: string, additional: Uint8Array): Uint8Array {
  return seal(key, encoder.encode(text), additional)
}

export function openText(key: Uint8Array, envelope: Uint8Array, additional: Uint8Array): string {
  return decoder.decode(open(key, envelope, additional))
}

/** Keyed hash for names that must not be stored in clear (paths, branches, fingerprints). */
export function keyedHash(key: Uint8Array, value: string): string {
  return createHmac("sha256", key).update(value).digest("hex")
}

export function sha256Hex(value: string | Uint8Array): string {
  return createHash("sha256").update(value).digest("hex")
}

export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b)
}

export function randomKey(): Uint8Array {
  return new Uint8Array(randomBytes(32))
}

/** BLAKE2b-512, the prehash of minisign's "ED" signatures. */
export function blake2b512(data: Uint8Array): Uint8Array {
  return new Uint8Array(createHash("blake2b512").update(data).digest())
}

/** Ed25519 signature check (WebCrypto); a malformed key or signature is simply "not valid". */
export async function ed25519Verify(
  publicKey: Uint8Array,
  signature: Uint8Array,
  message: Uint8Array,
): Promise<boolean> {
  try {
    const own = (b: Uint8Array) => new Uint8Array(b)
    const key = await crypto.subtle.importKey("raw", own(publicKey), { name: "Ed25519" }, false, ["verify"])
    return await crypto.subtle.verify("Ed25519", key, own(signature), own(message))
  } catch {
    return false
  }
}
