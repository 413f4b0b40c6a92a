import type { WeightedTerm } from "./expand"
import { BOOSTS, STRIDE } from "./_postings"
import { processTerm, tokenize } from "./terms"

/**
 * BM25 over the owned index, as MiniSearch scored it before (per field with the title and context boosted,
 * prefix matches weighted by length, the sum times the number of query terms matched), computed
 * into typed arrays and handed out best first in growing batches, so a caller that needs the top
 * few hundred live hits never sorts the tens of thousands a common word matches at 100k. Ties keep
 * the order in which documents were first reached.
 */
export interface TermSource {
  /** Live documents. */
  readonly count: number
  /** Every short id is below this. */
  readonly nextShort: number
  avg(field: number): number
  /** Live short ids, one bit each. */
  readonly bits: Uint8Array
  /** A term's postings (triples: short id, frequencies, lengths), possibly in several pieces. */
  postings(term: string): Uint32Array[]
  hasTerm(term: string): boolean
  /** Sorted. */
  termsWithPrefix(prefix: string, limit?: number): string[]
  /** Changes whenever a document is added or retired (liveness, counts, field lengths): scores kept are keyed by it. */
  readonly version: number
}

const BM25 = { k: 1.2, b: 0.7, d: 0.5 }
const PREFIX_WEIGHT = 0.375
/** First batch handed out; each further batch is this many times larger. */
const FIRST_BATCH = 512
const BATCH_GROWTH = 8
const prefixed = (t: string) => t.length > 3

function queryTerms(query: string): string[] {
  const out: string[] = []
  for (const token of tokenize(query)) {
    const term = processTerm(token)
    if (term) out.push(term)
  }
  return out
}

const popcount = (x: number) => {
  let n = 0
  for (let v = x; v; v &= v - 1) n++
  return n
}

/**
 * Per-document accumulators, shared by every query and left all zero after each: fresh arrays per
 * query (a few MB at 100k) pile up faster than the collector returns them.
 */
let scratch = { total: new Float64Array(0), mask: new Uint32Array(0), termScore: new Float64Array(0) }

function scratchFor(size: number) {
  if (scratch.total.length < size) {
    const n = Math.max(size, Math.ceil(scratch.total.length * 1.5))
    scratch = { total: new Float64Array(n), mask: new Uint32Array(n), termScore: new Float64Array(n) }
  }
  return scratch
}

/** BM25's idf of a term's postings in each field (title, text, context); undefined when no live document has them. */
function fieldIdfs(src: TermSource, lists: Uint32Array[]): Float64Array | undefined {
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

/**
 * Adds a term's postings into its term score. Each document's field scores are added in the order title,
 * text, context, as MiniSearch's field-by-field passes did, so every sum is the same to the bit; documents
 * are reached in that order too (first those the title reaches, then the text, then the context, each in
 * posting order), which is the order ties keep.
 */
function addPostings(
  src: TermSource,
  lists: Uint32Array[],
  weight: number,
  termScore: Float64Array,
  reached: number[],
): void {
  const idfs = fieldIdfs(src, lists)
  if (!idfs) return
  const bits = src.bits
  const avgs = avgsOf(src)
  const first: number[][] = [[], [], []]
  for (const list of lists)
    for (let p = 0; p < list.length; p += STRIDE) {
      const doc = list[p] as number
      if (!(((bits[doc >>> 3] as number) >> (doc & 7)) & 1)) continue
      const acc = termScore[doc] as number
      termScore[doc] = postingScore(idfs, avgs, weight, acc, list[p + 1] as number, list[p + 2] as number)
      if (reachedBy >= 0) first[reachedBy]?.push(doc)
    }
  for (const docs of first) for (const d of docs) reached.push(d)
}

/** The field that first made the last posting's sum positive (-1: none), beside postingScore's return. */
let reachedBy = -1

/** One posting's score added to `acc`, field by field; the field that first made `acc` positive in `reachedBy`. */
function postingScore(idfs: Float64Array, avgs: Float64Array, weight: number, acc: number, f: number, l: number) {
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

const avgsOf = (src: TermSource) => Float64Array.of(src.avg(0), src.avg(1), src.avg(2))

/** A term's score per posting, and the field that reached each (-1: a retired document, or none). */
interface Scored {
  version: number
  weight: number
  lists: Uint32Array[]
  score: Float64Array
  first: Int8Array
}

/**
 * Scored postings of terms with many, per process, kept while their posting lists are (the stored
 * index's chunks are kept within a byte budget) and only for the state of the index they were scored
 * in: any document added or retired changes `version`, other lists are other keys, another weight is
 * scored again. A warm query then adds a common word's scores without recomputing BM25.
 */
const scoredCache = new WeakMap<Uint32Array, Scored>()
/** Terms with fewer postings are scored every time: cheap, and their lists may be short-lived views. */
const SCORED_MIN = 1024
/**
 * The version each index was last ranked at: scores are kept only when it has not changed since (a
 * process that writes between recalls would re-score every time, and keeping would cost it a pass).
 */
const rankedAt = new WeakMap<TermSource, number>()

function scoredLists(src: TermSource, lists: Uint32Array[], weight: number): Scored | undefined {
  const key = lists[0]
  if (!key) return undefined
  const hit = scoredCache.get(key)
  if (
    hit &&
    hit.version === src.version &&
    hit.weight === weight &&
    hit.lists.length === lists.length &&
    hit.lists.every((l, i) => l === lists[i])
  )
    return hit
  const idfs = fieldIdfs(src, lists)
  if (!idfs) return undefined
  let n = 0
  for (const list of lists) n += list.length / STRIDE
  const score = new Float64Array(n)
  const first = new Int8Array(n).fill(-1)
  const bits = src.bits
  const avgs = avgsOf(src)
  let k = 0
  for (const list of lists)
    for (let p = 0; p < list.length; p += STRIDE, k++) {
      const doc = list[p] as number
      if (!(((bits[doc >>> 3] as number) >> (doc & 7)) & 1)) continue
      score[k] = postingScore(idfs, avgs, weight, 0, list[p + 1] as number, list[p + 2] as number)
      first[k] = reachedBy
    }
  const out = { version: src.version, weight, lists: [...lists], score, first }
  scoredCache.set(key, out)
  return out
}

/**
 * A term of its own lists only (no prefix matches): its per-document sums go straight into the totals and
 * its bit into the mask; the documents no earlier term reached join `touched` in the order reached.
 */
function addTerm(
  src: TermSource,
  lists: Uint32Array[],
  weight: number,
  s: { total: Float64Array; mask: Uint32Array },
  bit: number,
  touched: number[],
  steady: boolean,
): void {
  let n = 0
  for (const list of lists) n += list.length / STRIDE
  const { total, mask } = s
  const fresh = freshFor(n)
  const count = [0, 0, 0]
  const reach = (field: number, doc: number) => {
    const i = count[field] as number
    ;(fresh[field] as Int32Array)[i] = doc
    count[field] = i + 1
  }
  const scored = steady && n >= SCORED_MIN ? scoredLists(src, lists, weight) : undefined
  if (scored) {
    const { score, first } = scored
    let k = 0
    for (const list of lists)
      for (let p = 0; p < list.length; p += STRIDE, k++) {
        const field = first[k] as number
        if (field < 0) continue
        const doc = list[p] as number
        if (total[doc] === 0 && mask[doc] === 0) reach(field, doc)
        total[doc] = (total[doc] as number) + (score[k] as number)
        mask[doc] = (mask[doc] as number) | bit
      }
  } else {
    const idfs = n ? fieldIdfs(src, lists) : undefined
    if (!idfs) return
    const bits = src.bits
    const avgs = avgsOf(src)
    for (const list of lists)
      for (let p = 0; p < list.length; p += STRIDE) {
        const doc = list[p] as number
        if (!(((bits[doc >>> 3] as number) >> (doc & 7)) & 1)) continue
        const sum = postingScore(idfs, avgs, weight, 0, list[p + 1] as number, list[p + 2] as number)
        if (reachedBy < 0) continue
        if (total[doc] === 0 && mask[doc] === 0) reach(reachedBy, doc)
        total[doc] = (total[doc] as number) + sum
        mask[doc] = (mask[doc] as number) | bit
      }
  }
  for (let field = 0; field < 3; field++) {
    const docs = fresh[field] as Int32Array
    for (let i = 0, end = count[field] as number; i < end; i++) touched.push(docs[i] as number)
  }
}

/**
 * The documents a term reaches first, per field, before they join `touched` in field order: scratch shared by
 * every query (filled and emptied within one addTerm), so a common word does not allocate arrays of its size.
 */
let freshScratch = [new Int32Array(0), new Int32Array(0), new Int32Array(0)]

function freshFor(n: number): Int32Array[] {
  if ((freshScratch[0] as Int32Array).length < n) {
    const size = Math.max(n, Math.ceil((freshScratch[0] as Int32Array).length * 1.5))
    freshScratch = [new Int32Array(size), new Int32Array(size), new Int32Array(size)]
  }
  return freshScratch
}

/** One field's BM25 (MiniSearch's formula, its order of operations). */
const fieldScore = (idf: number, freq: number, length: number, avg: number) =>
  idf * (BM25.d + (freq * (BM25.k + 1)) / (freq + BM25.k * (1 - BM25.b + (BM25.b * length) / avg)))

/** The longer terms an asked term prefixes, with their weights; none for stand-ins and short terms. */
function longerTerms(src: TermSource, t: WeightedTerm): Array<{ term: string; weight: number }> {
  // stand-in terms (expansion, spellings, feedback) match exactly: their prefixes would only add noise and time
  if (t.weight !== 1 || !prefixed(t.term)) return []
  const out: Array<{ term: string; weight: number }> = []
  for (const longer of src.termsWithPrefix(t.term)) {
    const distance = longer.length - t.term.length
    if (distance)
      out.push({
        term: longer,
        weight: t.weight * ((PREFIX_WEIGHT * longer.length) / (longer.length + 0.3 * distance)),
      })
  }
  return out
}

export interface Ranked {
  /** Short ids in the order first reached. */
  touched: number[]
  final: Float64Array
}

/** Every matching live document and its final score: summed over terms, times the distinct terms matched. */
export function rank(src: TermSource, query: string, extra: WeightedTerm[] = []): Ranked {
  const asked = queryTerms(query)
  if (!asked.length || !src.count) return { touched: [], final: new Float64Array(0) }
  const terms = [...asked.map((term) => ({ term, weight: 1, key: term })), ...extra]
  const { total, mask, termScore } = scratchFor(src.nextShort + 1)
  const touched: number[] = []
  const bits = new Map<string, number>()
  const steady = rankedAt.get(src) === src.version
  rankedAt.set(src, src.version)
  let reached: number[] = []
  try {
    for (const t of terms) {
      if (!bits.has(t.key)) bits.set(t.key, 1 << Math.min(bits.size, 31))
      const bit = bits.get(t.key) as number
      const longer = longerTerms(src, t)
      reached = []
      if (!longer.length) {
        addTerm(src, src.postings(t.term), t.weight, { total, mask }, bit, touched, steady)
        continue
      }
      // the exact term and the longer ones into one term score first, then into the totals (MiniSearch's sums)
      addPostings(src, src.postings(t.term), t.weight, termScore, reached)
      for (const l of longer) addPostings(src, src.postings(l.term), l.weight, termScore, reached)
      for (const doc of reached) {
        if (total[doc] === 0 && mask[doc] === 0) touched.push(doc)
        total[doc] = (total[doc] as number) + (termScore[doc] as number)
        mask[doc] = (mask[doc] as number) | bit
        termScore[doc] = 0
      }
    }
    const final = new Float64Array(touched.length)
    touched.forEach((doc, i) => {
      final[i] = (total[doc] as number) * (popcount(mask[doc] as number) || 1)
    })
    return { touched, final }
  } finally {
    // the shared accumulators must be all zero for the next query, even if this one failed
    for (const doc of touched) total[doc] = mask[doc] = 0
    for (const doc of reached) total[doc] = mask[doc] = termScore[doc] = 0
  }
}

/** A copy of `final` to select in, in a buffer shared by every query (used and done within one batch). */
let selection = new Float64Array(0)

function selectionCopy(final: Float64Array): Float64Array {
  if (selection.length < final.length) selection = new Float64Array(Math.max(final.length, selection.length * 1.5))
  const copy = selection.subarray(0, final.length)
  copy.set(final)
  return copy
}

/** The value at index k of `a` sorted ascending (Hoare's selection: linear time, reorders `a`). */
function nthSmallest(a: Float64Array, k: number): number {
  let lo = 0
  let hi = a.length - 1
  while (lo < hi) {
    const pivot = a[(lo + hi) >>> 1] as number
    let i = lo
    let j = hi
    while (i <= j) {
      while ((a[i] as number) < pivot) i++
      while ((a[j] as number) > pivot) j--
      if (i <= j) {
        const t = a[i] as number
        a[i++] = a[j] as number
        a[j--] = t
      }
    }
    if (k <= j) hi = j
    else if (k >= i) lo = i
    else return a[k] as number
  }
  return a[k] as number
}

/** Batches of (short id, score), best first: each batch is a prefix of the full order, ties included. */
export function* batches(r: Ranked): Generator<Array<{ short: number; score: number }>> {
  const { touched, final } = r
  const n = touched.length
  let given = 0
  for (let want = FIRST_BATCH; given < n; want *= BATCH_GROWTH) {
    let picked: number[]
    if (want >= n) picked = Array.from({ length: n }, (_, i) => i)
    else {
      const threshold = nthSmallest(selectionCopy(final), n - want)
      picked = []
      for (let i = 0; i < n; i++) if ((final[i] as number) >= threshold) picked.push(i)
    }
    picked.sort((a, b) => (final[b] as number) - (final[a] as number) || a - b)
    yield picked.slice(given).map((i) => ({ short: touched[i] as number, score: final[i] as number }))
    given = picked.length
  }
}
