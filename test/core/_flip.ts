import { Database } from "bun:sqlite"
import { closeSync, openSync, readSync, writeSync } from "node:fs"

/** A seeded PRNG (mulberry32): the same seed flips the same bytes on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Flip `count` bytes in the b-tree header and cell pointers of one leaf page of `table` (found with
 * `PRAGMA page_size` and the dbstat table), chosen by the seed: damage SQLite's own check can see.
 * Returns the page number and file offsets flipped.
 */
export function flipDataPage(
  path: string,
  table: string,
  seed: number,
  count = 4,
): { page: number; offsets: number[] } {
  const meta = new Database(path, { readonly: true })
  const pageSize = (meta.query("PRAGMA page_size").get() as { page_size: number }).page_size
  const pages = (
    meta.query("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno").all(table) as Array<{
      pageno: number
    }>
  ).map((r) => r.pageno)
  meta.close()
  if (!pages.length) throw new Error(`no leaf page of ${table}`)
  const rand = prng(seed)
  const page = pages[Math.floor(rand() * pages.length)] as number
  const start = (page - 1) * pageSize
  const fd = openSync(path, "r+")
  try {
    const header = Buffer.alloc(8)
    readSync(fd, header, 0, 8, start)
    const span = 8 + 2 * header.readUInt16BE(3)
    const offsets: number[] = []
    for (let i = 0; i < count; i++) {
      const at = start + Math.floor(rand() * span)
      const b = Buffer.alloc(1)
      readSync(fd, b, 0, 1, at)
      b[0] = (b[0] as number) ^ (1 + Math.floor(rand() * 255))
      writeSync(fd, b, 0, 1, at)
      offsets.push(at)
    }
    return { page, offsets }
  } finally {
    closeSync(fd)
  }
}
