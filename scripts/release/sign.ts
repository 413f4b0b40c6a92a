/**
 * The release signing key and minisign-compatible signatures, made with WebCrypto's Ed25519.
 * The secret key file is egc's own JSON (minisign's scrypt-sealed format would add nothing to a CI
 * secret); what it produces — the public key and the .minisig files — is plain minisign.
 */
import { blake2b512 } from "../../src/core/crypto"
import { keyIdHex } from "../../src/release/minisign"

export interface SigningKey {
  keyId: Uint8Array
  privateKey: CryptoKey
  /** minisign's public key line: base64("Ed" ‖ key id ‖ key). */
  publicKey: string
}

const b64 = (b: Uint8Array) => Buffer.from(b).toString("base64")
const cat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts))

export async function generateKey(): Promise<{ key: SigningKey; secretJson: string }> {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, [
    "sign",
    "verify",
  ])) as unknown as CryptoKeyPair
  const keyId = crypto.getRandomValues(new Uint8Array(8))
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey))
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey("pkcs8", pair.privateKey))
  const publicKey = b64(cat(new TextEncoder().encode("Ed"), keyId, raw))
  const secretJson = `${JSON.stringify({ egcReleaseKey: 1, keyId: b64(keyId), pkcs8: b64(pkcs8), publicKey }, null, 2)}\n`
  return { key: { keyId, privateKey: pair.privateKey, publicKey }, secretJson }
}

export async function loadKey(secretJson: string): Promise<SigningKey> {
  const j = JSON.parse(secretJson) as { egcReleaseKey?: number; keyId: string; pkcs8: string; publicKey: string }
  if (j.egcReleaseKey !== 1) throw new Error("not an egc release signing key (make one with npm run release:key)")
  const privateKey = await crypto.subtle.importKey(
    "pkcs8",
    Buffer.from(j.pkcs8, "base64"),
    { name: "Ed25519" },
    false,
    ["sign"],
  )
  return { keyId: new Uint8Array(Buffer.from(j.keyId, "base64")), privateKey, publicKey: j.publicKey }
}

export const publicKeyFile = (key: SigningKey) =>
  `untrusted comment: minisign public key ${keyIdHex(key.keyId)}\n${key.publicKey}\n`

/** A prehashed ("ED") minisign signature of `data`, as `minisign -S` writes it. */
export async function signMinisign(
  key: SigningKey,
  data: Uint8Array,
  fileName: string,
  timestamp: number,
): Promise<string> {
  const sign = async (m: Uint8Array) =>
    new Uint8Array(await crypto.subtle.sign("Ed25519", key.privateKey, new Uint8Array(m)))
  const sig = await sign(blake2b512(data))
  const trusted = `timestamp:${timestamp}\tfile:${fileName}\thashed`
  const global = await sign(cat(sig, new TextEncoder().encode(trusted)))
  return [
    "untrusted comment: signature from egc release key",
    b64(cat(new TextEncoder().encode("ED"), key.keyId, sig)),
    `trusted comment: ${trusted}`,
    b64(global),
    "",
  ].join("\n")
}
