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

export type Purpose = "content" | "hash" | "check" | "team" | "sync-seal" | "sync-name"

/**
 * Loading node:crypto costs a process ~15 ms of CPU (half a bare Bun start-up, measured on the bench box):
 * key derivation and keyed hashing (every hook, for the project id) use Bun's native hasher, and
 * only sealing, opening and the rarer primitives load node:crypto, on first use.
 */
const nodeCrypto = (): typeof import("node:crypto") => require("node:crypto")

const hmacSha256 = (key: Uint8Array, data: string | Uint8Array): Uint8Array =>
  new Uint8Array(new Bun.CryptoHasher("sha256", key).update(data).digest())

/** HKDF-SHA256 (RFC 5869) with an empty salt and one 32-byte block: the bytes of node's hkdfSync. */
export function deriveKey(master: Uint8Array, purpose: Purpose): Uint8Array {
  const prk = hmacSha256(new Uint8Array(32), master)
  const info = new TextEncoder().encode(`egc/v1/${purpose}`)
  const block = new Uint8Array(info.length + 1)
  block.set(info)
  block[info.length] = 1
  return hmacSha256(prk, block)
}

export function aad(table: string, id: string, project: string): Uint8Array {
  return new TextEncoder().encode(`egc:v1|${table}|${id}|${project}`)
}

export function seal(key: Uint8Array, plaintext: Uint8Array, additional: Uint8Array): Uint8Array {
  const iv = randomBytes(IV_BYTES)
  const cipher = nodeCrypto().createCipheriv("aes-256-gcm", key, iv)
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
    const decipher = nodeCrypto().createDecipheriv("aes-256-gcm", key, iv)
    decipher.setAAD(additional)
    decipher.setAuthTag(tag)
    return new Uint8Array(Buffer.concat([decipher.update(body), decipher.final()]))
  } catch (cause) {
    throw new EgcError("E_TAMPERED", "record failed authentication (altered, moved, or sealed with another key)", {
      cause,
    })
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
  return new Bun.CryptoHasher("sha256", key).update(value).digest("hex")
}

export function sha256Hex(value: string | Uint8Array): string {
  return new Bun.CryptoHasher("sha256").update(value).digest("hex")
}

export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && nodeCrypto().timingSafeEqual(a, b)
}

/** Bytes from the system's CSPRNG (WebCrypto's getRandomValues, native: no module to load). */
export function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(n))
}

export function randomKey(): Uint8Array {
  return randomBytes(32)
}

/** PBKDF2-SHA256 rounds for a passphrase-wrapped key (OWASP 2023: at least 600,000). */
const PASSPHRASE_ITERATIONS = 600_000

export interface PassphraseBox {
  kdf: "PBKDF2-SHA256"
  iterations: number
  salt: string
  iv: string
  data: string
}

async function passphraseKey(passphrase: string, salt: Uint8Array, iterations: number): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(passphrase.normalize("NFC")), "PBKDF2", false, [
    "deriveKey",
  ])
  const params = { name: "PBKDF2", hash: "SHA-256", salt, iterations }
  return crypto.subtle.deriveKey(params, base, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"])
}

type Bytes = Uint8Array<ArrayBuffer>

/** Seal bytes under a passphrase (WebCrypto PBKDF2-SHA256 + AES-256-GCM); `additional` binds the box to its use. */
export async function sealWithPassphrase(passphrase: string, plain: Bytes, additional: Bytes): Promise<PassphraseBox> {
  const salt = randomBytes(16)
  const iv = randomBytes(IV_BYTES)
  const key = await passphraseKey(passphrase, salt, PASSPHRASE_ITERATIONS)
  const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: additional }, key, plain)
  const b64 = (b: Uint8Array | ArrayBuffer) => Buffer.from(b as Uint8Array).toString("base64")
  return { kdf: "PBKDF2-SHA256", iterations: PASSPHRASE_ITERATIONS, salt: b64(salt), iv: b64(iv), data: b64(data) }
}

/** Open a passphrase box; a wrong passphrase or altered bytes throw E_TAMPERED. */
export async function openWithPassphrase(
  passphrase: string,
  box: PassphraseBox,
  additional: Bytes,
): Promise<Uint8Array> {
  if (box.kdf !== "PBKDF2-SHA256" || !Number.isInteger(box.iterations) || box.iterations < PASSPHRASE_ITERATIONS) {
    throw new EgcError("E_TAMPERED", "the passphrase box uses an unknown or weakened key derivation")
  }
  const bytes = (s: string) => new Uint8Array(Buffer.from(s, "base64"))
  const key = await passphraseKey(passphrase, bytes(box.salt), box.iterations)
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes(box.iv), additionalData: additional },
      key,
      bytes(box.data),
    )
    return new Uint8Array(plain)
  } catch (cause) {
    throw new EgcError("E_TAMPERED", "wrong passphrase, or the file was altered", { cause })
  }
}

/** BLAKE2b-512, the prehash of minisign's "ED" signatures. */
export function blake2b512(data: Uint8Array): Uint8Array {
  return new Uint8Array(nodeCrypto().createHash("blake2b512").update(data).digest())
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
