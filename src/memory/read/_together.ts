import { fieldOf, pack, STRIDE } from "./_postings"
import { U32Builder } from "./_u32"
import type { TermSource } from "./score"

/**
 * Postings of a vocabulary member of several words ("app store", "dead letter"): the documents holding every
 * one of its words, each field's frequency the least of its words' there. The index keeps no positions, so
 * the words may stand apart in the document. Kept per index and member while the index does not change: a
 * warm recall pays for a member once.
 */
const kept = new WeakMap<TermSource, Map<string, { version: number; list: Uint32Array }>>()
/** Members kept per index; cleared when more are asked. */
const KEPT = 128

const least = (a: number, b: number) =>
  pack(
    Math.min(fieldOf(a, 0), fieldOf(b, 0)),
    Math.min(fieldOf(a, 1), fieldOf(b, 1)),
    Math.min(fieldOf(a, 2), fieldOf(b, 2)),
  )

export function togetherPostings(src: TermSource, words: readonly string[]): Uint32Array {
  const key = words.join(" ")
  let mine = kept.get(src)
  if (!mine) kept.set(src, (mine = new Map()))
  const hit = mine.get(key)
  if (hit && hit.version === src.version) return hit.list
  // one array per word (its pieces hold ascending short ids, one after the other), the rarest first
  const lists = words.map((w) => joined(src.postings(w))).sort((a, b) => a.length - b.length)
  let list = lists[0] as Uint32Array
  for (const other of lists.slice(1)) list = intersect(list, other)
  if (mine.size >= KEPT) mine.clear()
  mine.set(key, { version: src.version, list })
  return list
}

function joined(pieces: Uint32Array[]): Uint32Array {
  if (pieces.length === 1) return pieces[0] as Uint32Array
  const all = new U32Builder(pieces.reduce((n, p) => n + p.length, 0))
  for (const p of pieces) all.appendArray(p)
  return all.view()
}

/** The postings of `a` whose document `b` holds too, with the least frequency of each field; both ascending. */
function intersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(Math.min(a.length, b.length))
  let n = 0
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const x = a[i] as number
    const y = b[j] as number
    if (x < y) i += STRIDE
    else if (y < x) j += STRIDE
    else {
      out[n] = x
      out[n + 1] = least(a[i + 1] as number, b[j + 1] as number)
      out[n + 2] = a[i + 2] as number
      n += STRIDE
      i += STRIDE
      j += STRIDE
    }
  }
  return out.slice(0, n)
}
