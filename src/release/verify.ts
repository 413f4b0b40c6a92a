import { sha256Hex } from "../core/crypto"
import { EgcError } from "../core/errors"
import { parsePublicKey, verifyMinisign } from "./minisign"

declare const EGC_RELEASE_PUBKEY: string | undefined

/** The release public key baked in by the release build; undefined in a build from source. */
export const releasePublicKey = (): string | undefined =>
  typeof EGC_RELEASE_PUBKEY === "string" && EGC_RELEASE_PUBKEY ? EGC_RELEASE_PUBKEY : undefined

/** `SHA256SUMS` lines (`<hex>  <name>`, `*` marks binary mode) → name → hex. */
export function parseSums(text: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const line of text.split(/\r?\n/)) {
    const m = /^([0-9a-fA-F]{64}) [ *](.+)$/.exec(line.trim())
    if (m) out.set(m[2]!, m[1]!.toLowerCase())
  }
  return out
}

/**
 * A download is accepted only when SHA256SUMS carries the release key's signature and the archive
 * has the hash SHA256SUMS names for it. Any other outcome throws; nothing has been written yet.
 */
export async function verifyDownload(opts: {
  sums: Uint8Array
  signature: string
  archive: Uint8Array
  name: string
  publicKey: string
}) {
  await verifyMinisign(parsePublicKey(opts.publicKey), opts.sums, opts.signature)
  const expected = parseSums(new TextDecoder().decode(opts.sums)).get(opts.name)
  if (!expected)
    throw new EgcError("E_TAMPERED", `SHA256SUMS lists no ${opts.name}`, {
      hint: "this release has no build for this platform",
    })
  const actual = sha256Hex(opts.archive)
  if (actual !== expected) {
    throw new EgcError("E_TAMPERED", `checksum mismatch for ${opts.name}: expected ${expected}, got ${actual}`, {
      hint: "do not install this download; fetch it again from the official release",
    })
  }
}
