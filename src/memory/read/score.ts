import type { WeightedTerm } from "./expand"
import { BOOSTS, FIELDS, MASK, SHIFT, STRIDE } from "./_postings"
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

type Scratch = typeof scratch

function addPostings(
  src: TermSource,
  lists: Uint32Array[],
  weight: number,
  termScore: Scratch["termScore"],
  reached: number[],
): void {
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
  for (let field = 0; field < FIELDS; field++) {
    const n = field === 0 ? inTitle : field === 1 ? inText : inContext
    if (!n) continue
    const avg = src.avg(field)
    const idf = Math.log(1 + (src.count - n + 0.5) / (n + 0.5))
    const boost = BOOSTS[field] as number
    const shift = SHIFT[field] as number
    const mask = MASK[field] as number
    for (const list of lists)
      for (let p = 0; p < list.length; p += STRIDE) {
        const freq = ((list[p + 1] as number) >>> shift) & mask
        const doc = list[p] as number
        if (!freq || !(((bits[doc >>> 3] as number) >> (doc & 7)) & 1)) continue
        const length = ((list[p + 2] as number) >>> shift) & mask
        const raw = idf * (BM25.d + (freq * (BM25.k + 1)) / (freq + BM25.k * (1 - BM25.b + (BM25.b * length) / avg)))
        // multiplied in MiniSearch's order (term weight, term boost, field boost, document boost), so scores match to the bit
        const s = weight * boost * 1 * raw
        if (termScore[doc] === 0 && s > 0) reached.push(doc)
        termScore[doc] = (termScore[doc] as number) + s
      }
  }
}

/** One query term's score (the exact term, and for the asked terms the longer terms it prefixes) into `termScore`. */
function scoreTerm(src: TermSource, t: WeightedTerm, termScore: Scratch["termScore"], reached: number[]): void {
  addPostings(src, src.postings(t.term), t.weight, termScore, reached)
  // stand-in terms (expansion, spellings, feedback) match exactly: their prefixes would only add noise and time
  if (t.weight !== 1 || !prefixed(t.term)) return
  for (const longer of src.termsWithPrefix(t.term)) {
    const distance = longer.length - t.term.length
    if (distance)
      addPostings(
        src,
        src.postings(longer),
        t.weight * ((PREFIX_WEIGHT * longer.length) / (longer.length + 0.3 * distance)),
        termScore,
        reached,
      )
  }
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
  let reached: number[] = []
  try {
    for (const t of terms) {
      if (!bits.has(t.key)) bits.set(t.key, 1 << Math.min(bits.size, 31))
      const bit = bits.get(t.key) as number
      reached = []
      scoreTerm(src, t, termScore, reached)
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

/** Batches of (short id, score), best first: each batch is a prefix of the full order, ties included. */
export function* batches(r: Ranked): Generator<Array<{ short: number; score: number }>> {
  const { touched, final } = r
  const n = touched.length
  let given = 0
  for (let want = FIRST_BATCH; given < n; want *= BATCH_GROWTH) {
    let picked: number[]
    if (want >= n) picked = Array.from({ length: n }, (_, i) => i)
    else {
      const threshold = Float64Array.from(final).sort()[n - want] as number
      picked = []
      for (let i = 0; i < n; i++) if ((final[i] as number) >= threshold) picked.push(i)
    }
    picked.sort((a, b) => (final[b] as number) - (final[a] as number) || a - b)
    yield picked.slice(given).map((i) => ({ short: touched[i] as number, score: final[i] as number }))
    given = picked.length
  }
}
