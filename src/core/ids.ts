import { now } from "./clock"
import { randomBytes } from "./crypto"

/** Crockford base32, as ULID uses: ids sort by creation time as plain strings. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
let lastTime = -1
let lastRandom = new Uint8Array(10)

export function newId(prefix = ""): string {
  const t = now()
  if (t === lastTime) {
    increment(lastRandom)
  } else {
    lastTime = t
    lastRandom = randomBytes(10)
  }
  return prefix + encodeTime(t) + encodeRandom(lastRandom)
}

function encodeTime(t: number): string {
  let out = ""
  let value = Math.max(0, Math.floor(t))
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[value % 32] + out
    value = Math.floor(value / 32)
  }
  return out
}

function encodeRandom(bytes: Uint8Array): string {
  let out = ""
  let bits = 0
  let acc = 0
  for (const b of bytes) {
    acc = (acc << 8) | b
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(acc >> (bits - 5)) & 31]
      bits -= 5
    }
  }
  return out
}

function increment(bytes: Uint8Array): void {
  for (let i = bytes.length - 1; i >= 0; i--) {
    const b = bytes[i] ?? 0
    if (b < 255) {
      bytes[i] = b + 1
      return
    }
    bytes[i] = 0
  }
}
