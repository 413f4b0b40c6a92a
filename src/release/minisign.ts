import { blake2b512, ed25519Verify } from "../core/crypto"
import { EgcError } from "../core/errors"

/**
 * minisign's formats, so a release signed once verifies with `minisign -V` and with egc itself.
 * Public key: base64("Ed" ‖ key id(8) ‖ Ed25519 key(32)). Signature file: an untrusted comment,
 * base64(alg(2) ‖ key id(8) ‖ sig(64)), a trusted comment, and a global signature over sig ‖ comment.
 * "ED" signs the BLAKE2b-512 of the file (what minisign makes by default), "Ed" the file itself.
 */
interface PublicKey {
  keyId: Uint8Array
  key: Uint8Array
}

const b64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, "base64"))
const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i])

/** A public key as minisign writes it: the bare base64 line, or the whole .pub file. */
export function parsePublicKey(text: string): PublicKey {
  const line =
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("untrusted comment:"))
      .at(-1) ?? ""
  const raw = /^[A-Za-z0-9+/=]+$/.test(line) ? b64(line) : new Uint8Array(0)
  if (raw.length !== 42 || raw[0] !== 0x45 || raw[1] !== 0x64) {
    throw new EgcError("E_CONFIG", "the release public key is not a minisign Ed25519 public key")
  }
  return { keyId: raw.subarray(2, 10), key: raw.subarray(10) }
}

export const keyIdHex = (keyId: Uint8Array): string =>
  [...keyId]
    .reverse()
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase()

/** Throws E_TAMPERED unless `signature` (a .minisig file's text) is `pub`'s signature of `data`. */
export async function verifyMinisign(
  pub: PublicKey,
  data: Uint8Array,
  signature: string,
): Promise<{ trustedComment: string }> {
  const lines = signature.split(/\r?\n/)
  const sigLine = b64(lines[1]?.trim() ?? "")
  const trusted = lines[2] ?? ""
  const globalSig = b64(lines[3]?.trim() ?? "")
  const fail = (why: string) =>
    new EgcError("E_TAMPERED", `signature check failed: ${why}`, {
      hint: "do not install this download; fetch it again from the official release",
    })
  if (sigLine.length !== 74 || !trusted.startsWith("trusted comment: ") || globalSig.length !== 64)
    throw fail("not a minisign signature")
  const alg = String.fromCharCode(sigLine[0]!, sigLine[1]!)
  if (alg !== "Ed" && alg !== "ED") throw fail(`unknown algorithm ${JSON.stringify(alg)}`)
  if (!same(sigLine.subarray(2, 10), pub.keyId))
    throw fail(`signed by key ${keyIdHex(sigLine.subarray(2, 10))}, expected ${keyIdHex(pub.keyId)}`)
  const sig = sigLine.subarray(10)
  const message = alg === "ED" ? blake2b512(data) : data
  if (!(await ed25519Verify(pub.key, sig, message))) throw fail("the signature does not match the file")
  const comment = trusted.slice("trusted comment: ".length)
  const global = new Uint8Array([...sig, ...new TextEncoder().encode(comment)])
  if (!(await ed25519Verify(pub.key, globalSig, global))) throw fail("the trusted comment was altered")
  return { trustedComment: comment }
}
