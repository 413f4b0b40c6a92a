import { BOOSTS, STRIDE } from "./_postings"
import type { TermSource } from "./score"

/**
 * BM25 per posting (MiniSearch's formula and order of operations), the scores kept per posting list, and
 * the typed scratch buffers read/score.ts ranks in.
 */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 }

/** One field's BM25. */
const fieldScore = (idf: number, freq: number, length: number, avg: number) =>
  idf * (BM25.d + (freq * (BM25.k + 1)) / (freq + BM25.k * (1 - BM25.b + (BM25.b * length) / avg)))

const avgs = new Float64Array(3)

/** The field length averages, in an array shared by every call (read within one pass over a term's lists). */
export function avgsOf(src: TermSource): Float64Array {
  for (let field = 0; field < 3; field++) avgs[field] = src.avg(field)
  return avgs
}

/** BM25's idf of a term's postings in each field (title, text, context); undefined when no live document has them. */
export function fieldIdfs(src: TermSource, lists: Uint32Array[]): Float64Array | undefined {
  const bits = src.bits
  let inTitle = 0
  let inText = 0
  let inContext = 0
  for (const list of lists)
    for (let p = 0; p < list.length; p += STRIDE) {
      const doc = list[p] as number
      if (!(((bits[doc >>> 3] as number) >> (doc & 7)) & 1)) continue
      const f = list[p + 1] as number
      if (f >>> 24) inTitle++
      if (f & 0xffff) inText++
      if (f & 0xff0000) inContext++
    }
  if (!inTitle && !inText && !inContext) return undefined
  const idf = (n: number) => Math.log(1 + (src.count - n + 0.5) / (n + 0.5))
  return Float64Array.of(idf(inTitle), idf(inText), idf(inContext))
}

/** The field that first made the last posting's sum positive (-1: none), beside postingScore's return. */
export let reachedBy = -1

/** One posting's score added to `acc`, field by field; the field that first made `acc` positive in `reachedBy`. */
export function postingScore(
  idfs: Float64Array,
  avgs: Float64Array,
  weight: number,
  acc: number,
  f: number,
  l: number,
) {
  // fields packed as in _postings.ts (SHIFT, MASK): title bits 24-31, context 16-23, text 0-15
  let first = -1
  let freq = f >>> 24
  if (freq) {
    const s = weight * (BOOSTS[0] as number) * 1 * fieldScore(idfs[0] as number, freq, l >>> 24, avgs[0] as number)
    if (acc === 0 && s > 0) first = 0
    acc += s
  }
  freq = f & 0xffff
  if (freq) {
    const s = weight * (BOOSTS[1] as number) * 1 * fieldScore(idfs[1] as number, freq, l & 0xffff, avgs[1] as number)
    if (first < 0 && acc === 0 && s > 0) first = 1
    acc += s
  }
  freq = (f >>> 16) & 0xff
  if (freq) {
    const s =
      weight * (BOOSTS[2] as number) * 1 * fieldScore(idfs[2] as number, freq, (l >>> 16) & 0xff, avgs[2] as number)
    if (first < 0 && acc === 0 && s > 0) first = 2
    acc += s
  }
  reachedBy = first
  return acc
}

/** A term's score per posting from zero, the field that reached each (-1: a retired document, or none), the best. */
export interface Scored {
  version: number
  weight: number
  lists: Uint32Array[]
  idfs: Float64Array
  score: Float64Array
  first: Int8Array
  max: number
}

/**
 * Scored postings of terms with many, per process, kept while their posting lists are (the stored
 * index's chunks are kept within a byte budget) and only for the state of the index they were scored
 * in: any document added or retired changes `version`, other lists are other keys. A list scored at a
 * few weights (a word asked, and a longer word of a prefix) keeps each. A warm query then adds a common
 * word's scores without recomputing BM25.
 */
const scoredCache = new WeakMap<Uint32Array, Scored[]>()
/** Terms with fewer postings are scored every time: cheap, and their lists may be short-lived views. */
export const SCORED_MIN = 1024
const WEIGHTS_KEPT = 4

export function scoredLists(src: TermSource, lists: Uint32Array[], weight: number): Scored | undefined {
  const key = lists[0]
  if (!key) return undefined
  const kept = scoredCache.get(key) ?? []
  const hit = kept.find(
    (h) =>
      h.version === src.version &&
      h.weight === weight &&
      h.lists.length === lists.length &&
      h.lists.every((l, i) => l === lists[i]),
  )
  if (hit) return hit
  const idfs = fieldIdfs(src, lists)
  if (!idfs) return undefined
  let n = 0
  for (const list of lists) n += list.length / STRIDE
  const score = new Float64Array(n)
  const first = new Int8Array(n).fill(-1)
  const bits = src.bits
  const avgs = avgsOf(src)
  let max = 0
  let k = 0
  for (const list of lists)
    for (let p = 0; p < list.length; p += STRIDE, k++) {
      const doc = list[p] as number
      if (!(((bits[doc >>> 3] as number) >> (doc & 7)) & 1)) continue
      const s = postingScore(idfs, avgs, weight, 0, list[p + 1] as number, list[p + 2] as number)
      score[k] = s
      first[k] = reachedBy
      if (s > max) max = s
    }
  const out = { version: src.version, weight, lists: [...lists], idfs, score, first, max }
  const fresh = kept.filter((h) => h.version === src.version && h.weight !== weight).slice(-(WEIGHTS_KEPT - 1))
  scoredCache.set(key, [...fresh, out])
  return out
}

/**
 * A growable array of int32 that lives as long as the process: one per use, shared by every query (filled
 * and emptied within one ranking), so a common word does not allocate arrays of its size per query.
 */
export class Ints {
  a = new Int32Array(1024)
  n = 0

  push(v: number): void {
    if (this.n === this.a.length) {
      const grown = new Int32Array(this.a.length * 2)
      grown.set(this.a)
      this.a = grown
    }
    this.a[this.n++] = v
  }
}

/** A Float64Array of at least `n`, kept in `box` and grown by half when too small. */
export function floats(box: { a: Float64Array }, n: number): Float64Array {
  if (box.a.length < n) box.a = new Float64Array(Math.max(n, Math.ceil(box.a.length * 1.5)))
  return box.a
}
