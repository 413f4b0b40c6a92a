import { gunzipSync, gzipSync } from "node:zlib"
import { EgcError } from "../core/errors"

/** A file in a release archive: a relative path, its bytes, its Unix mode. */
export interface Entry {
  name: string
  data: Uint8Array
  mode: number
}

const enc = new TextEncoder()
const dec = new TextDecoder()

function header(name: string, size: number, mode: number): Uint8Array {
  if (enc.encode(name).length > 99) throw new Error(`tar: name too long: ${name}`)
  const h = new Uint8Array(512)
  const put = (off: number, text: string) => h.set(enc.encode(text), off)
  const octal = (off: number, len: number, n: number) => put(off, `${n.toString(8).padStart(len - 1, "0")}\0`)
  put(0, name)
  octal(100, 8, mode)
  octal(108, 8, 0)
  octal(116, 8, 0)
  octal(124, 12, size)
  octal(136, 12, 0)
  h.fill(0x20, 148, 156)
  put(156, "0")
  put(257, "ustar\u000000")
  const sum = h.reduce((a, b) => a + b, 0)
  put(148, `${sum.toString(8).padStart(6, "0")}\0 `)
  return h
}

/** A reproducible .tar.gz (mtime 0, uid/gid 0): the same inputs always give the same bytes. */
export function writeTarGz(entries: Entry[]): Uint8Array {
  const parts: Uint8Array[] = []
  for (const e of entries) {
    parts.push(header(e.name, e.data.length, e.mode), e.data, new Uint8Array((512 - (e.data.length % 512)) % 512))
  }
  parts.push(new Uint8Array(1024))
  return new Uint8Array(gzipSync(Buffer.concat(parts), { level: 9 }))
}

/** Regular files of a .tar.gz (ustar/pax/GNU headers); anything else in it is skipped. */
export function readTarGz(bytes: Uint8Array): Entry[] {
  let tar: Uint8Array
  try {
    tar = new Uint8Array(gunzipSync(bytes))
  } catch (cause) {
    throw new EgcError("E_INPUT", "the archive is not a valid .tar.gz", { cause })
  }
  const out: Entry[] = []
  const field = (h: Uint8Array, off: number, len: number) =>
    dec.decode(h.subarray(off, off + len)).replace(/\0.*$/s, "")
  let longName: string | undefined
  for (let off = 0; off + 512 <= tar.length; ) {
    const h = tar.subarray(off, off + 512)
    if (h.every((b) => b === 0)) break
    const size = Number.parseInt(field(h, 124, 12).trim() || "0", 8)
    const type = String.fromCharCode(h[156] ?? 0)
    const prefix = field(h, 345, 155)
    const name = longName ?? (prefix ? `${prefix}/${field(h, 0, 100)}` : field(h, 0, 100))
    const data = tar.subarray(off + 512, off + 512 + size)
    longName = type === "L" ? dec.decode(data).replace(/\0.*$/s, "") : undefined
    if (type === "0" || type === "\0")
      out.push({ name, data, mode: Number.parseInt(field(h, 100, 8).trim() || "644", 8) })
    off += 512 + Math.ceil(size / 512) * 512
  }
  return out
}
