import type { WeightedTerm } from "./expand"
import { STRIDE } from "./_postings"
import { commonBound, markDocs, unmark } from "./_prune"
import { togetherPostings } from "./_together"
import { avgsOf, fieldIdfs, floats, Ints, postingScore, reachedBy, SCORED_MIN, scoredLists } from "./_scored"
import { processTerm, tokenize } from "./terms"

/**
 * BM25 over the owned index, as MiniSearch scored it before (per field with the title and context boosted,
 * prefix matches weighted by length, the sum times the number of query terms matched), computed
 * into typed arrays and handed out best first in growing batches, so a caller that needs the top
 * few hundred live hits never sorts the tens of thousands a common word matches at 100k. Ties keep
 * the order in which documents were first reached. The first batch is ranked in shared scratch buffers (no
 * per-document arrays per query: at 100k their garbage was most of the warm tail) and, when a bound proves it
 * exact, without the documents only common words reach (prunedFirst); a later batch ranks again in full.
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

/** The documents reached, in the order first reached. */
const touchedScratch = new Ints()
/** A prefixed term's documents, in the order its lists first reached them. */
const reachedScratch = new Ints()
/** The documents a list reaches first, per field, before they join the reached in field order. */
const freshScratch = [new Ints(), new Ints(), new Ints()] as const
const finalsScratch = { a: new Float64Array(0) }
/** A copy of the finals to select in (used and done within one batch). */
const selectionScratch = { a: new Float64Array(0) }

/** A term of the query with its postings (and those of the longer words it prefixes), and its bit. */
interface Planned {
  key: string
  bit: number
  weight: number
  lists: Uint32Array[]
  longer: Array<{ weight: number; lists: Uint32Array[] }>
  /** Postings of all its lists. */
  size: number
}

const postingCount = (lists: Uint32Array[]) => {
  let n = 0
  for (const list of lists) n += list.length / STRIDE
  return n
}

function plan(src: TermSource, query: string, extra: WeightedTerm[]): Planned[] {
  const asked = queryTerms(query)
  if (!asked.length || !src.count) return []
  const bits = new Map<string, number>()
  const all: WeightedTerm[] = [...asked.map((term) => ({ term, weight: 1, key: term })), ...extra]
  return all.map((t) => {
    if (!bits.has(t.key)) bits.set(t.key, 1 << Math.min(bits.size, 31))
    const longer = t.words ? [] : longerTerms(src, t).map((l) => ({ weight: l.weight, lists: src.postings(l.term) }))
    const lists = t.words ? [togetherPostings(src, t.words)] : src.postings(t.term)
    const size = longer.reduce((n, l) => n + postingCount(l.lists), postingCount(lists))
    return { key: t.key, bit: bits.get(t.key) as number, weight: t.weight, lists, longer, size }
  })
}

/**
 * A term of its own lists only (no prefix matches): its per-document sums go straight into the totals and
 * its bit into the mask; the documents no earlier term reached join `touched` in the order reached (first
 * those the title reaches, then the text, then the context, each in posting order: the order ties keep).
 * A document `only` does not mark is skipped (a pruned ranking).
 */
function addTerm(
  src: TermSource,
  lists: Uint32Array[],
  weight: number,
  s: { total: Float64Array; mask: Uint32Array },
  bit: number,
  touched: Ints,
  steady: boolean,
  only: Uint8Array | undefined,
): void {
  const n = postingCount(lists)
  const { total, mask } = s
  const fresh = freshScratch
  fresh[0].n = fresh[1].n = fresh[2].n = 0
  const scored = steady && n >= SCORED_MIN ? scoredLists(src, lists, weight) : undefined
  if (scored) {
    const { score, first } = scored
    let k = 0
    for (const list of lists)
      for (let p = 0; p < list.length; p += STRIDE, k++) {
        const field = first[k] as number
        if (field < 0) continue
        const doc = list[p] as number
        if (only && !only[doc]) continue
        if (total[doc] === 0 && mask[doc] === 0) fresh[field as 0 | 1 | 2].push(doc)
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
        if (!(((bits[doc >>> 3] as number) >> (doc & 7)) & 1) || (only && !only[doc])) continue
        const sum = postingScore(idfs, avgs, weight, 0, list[p + 1] as number, list[p + 2] as number)
        if (reachedBy < 0) continue
        if (total[doc] === 0 && mask[doc] === 0) fresh[reachedBy as 0 | 1 | 2].push(doc)
        total[doc] = (total[doc] as number) + sum
        mask[doc] = (mask[doc] as number) | bit
      }
  }
  for (const f of fresh) for (let i = 0; i < f.n; i++) touched.push(f.a[i] as number)
}

/**
 * Adds a list of a prefixed term (the word asked, or a longer one) into the term's own score, each field's
 * score added in turn as MiniSearch's field-by-field passes did (every sum the same to the bit); the
 * documents it reaches first join `reached` in field order. Kept scores serve the documents at zero.
 */
function addPostings(
  src: TermSource,
  lists: Uint32Array[],
  weight: number,
  termScore: Float64Array,
  reached: Ints,
  steady: boolean,
  only: Uint8Array | undefined,
): void {
  const n = postingCount(lists)
  const scored = steady && n >= SCORED_MIN ? scoredLists(src, lists, weight) : undefined
  const idfs = scored ? scored.idfs : n ? fieldIdfs(src, lists) : undefined
  if (!idfs) return
  const bits = src.bits
  const avgs = avgsOf(src)
  const fresh = freshScratch
  fresh[0].n = fresh[1].n = fresh[2].n = 0
  let k = 0
  for (const list of lists)
    for (let p = 0; p < list.length; p += STRIDE, k++) {
      const doc = list[p] as number
      if (only && !only[doc]) continue
      const before = termScore[doc] as number
      if (scored && before === 0) {
        // from zero, the kept score is the very sum postingScore gives
        const field = scored.first[k] as number
        if (field < 0) continue
        termScore[doc] = scored.score[k] as number
        fresh[field as 0 | 1 | 2].push(doc)
        continue
      }
      if (!(((bits[doc >>> 3] as number) >> (doc & 7)) & 1)) continue
      termScore[doc] = postingScore(idfs, avgs, weight, before, list[p + 1] as number, list[p + 2] as number)
      if (reachedBy >= 0) fresh[reachedBy as 0 | 1 | 2].push(doc)
    }
  for (const f of fresh) for (let i = 0; i < f.n; i++) reached.push(f.a[i] as number)
}

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

type Scratch = ReturnType<typeof scratchFor>

/**
 * Sums every term's scores into the shared accumulators (only the documents `only` marks, when given) and
 * hands `use` the number reached (their short ids in touchedScratch, in the order first reached); the
 * accumulators are all zero again afterwards, even if ranking failed.
 */
function withTotals<T>(
  src: TermSource,
  plans: Planned[],
  steady: boolean,
  only: Uint8Array | undefined,
  use: (n: number, s: Scratch) => T,
): T {
  const s = scratchFor(src.nextShort + 1)
  const { total, mask, termScore } = s
  const touched = touchedScratch
  const reached = reachedScratch
  touched.n = 0
  let ok = false
  try {
    for (const t of plans) {
      if (!t.longer.length) {
        addTerm(src, t.lists, t.weight, s, t.bit, touched, steady, only)
        continue
      }
      // the exact term and the longer ones into one term score first, then into the totals (MiniSearch's sums)
      reached.n = 0
      addPostings(src, t.lists, t.weight, termScore, reached, steady, only)
      for (const l of t.longer) addPostings(src, l.lists, l.weight, termScore, reached, steady, only)
      for (let i = 0; i < reached.n; i++) {
        const doc = reached.a[i] as number
        if (total[doc] === 0 && mask[doc] === 0) touched.push(doc)
        total[doc] = (total[doc] as number) + (termScore[doc] as number)
        mask[doc] = (mask[doc] as number) | t.bit
        termScore[doc] = 0
      }
    }
    const out = use(touched.n, s)
    ok = true
    return out
  } finally {
    if (ok)
      for (let i = 0; i < touched.n; i++) {
        const doc = touched.a[i] as number
        total[doc] = mask[doc] = 0
      }
    else {
      total.fill(0)
      mask.fill(0)
      termScore.fill(0)
    }
  }
}

/** Final scores of the n documents reached: summed over terms, times the distinct terms matched. */
function finalsOf(n: number, s: Scratch): Float64Array {
  const finals = floats(finalsScratch, n)
  const docs = touchedScratch.a
  for (let i = 0; i < n; i++) {
    const doc = docs[i] as number
    finals[i] = (s.total[doc] as number) * (popcount(s.mask[doc] as number) || 1)
  }
  return finals
}

/** The FIRST_BATCH-th best of n finals (-Infinity when there are no more than that). */
function firstThreshold(finals: Float64Array, n: number): number {
  return n <= FIRST_BATCH ? Number.NEGATIVE_INFINITY : selectIn(finals, n, n - FIRST_BATCH)
}

export interface Hit {
  short: number
  score: number
}

/** The documents scoring at least `threshold`, best first, ties in the order first reached. */
function picked(finals: Float64Array, n: number, threshold: number): Hit[] {
  const at: number[] = []
  for (let i = 0; i < n; i++) if ((finals[i] as number) >= threshold) at.push(i)
  at.sort((a, b) => (finals[b] as number) - (finals[a] as number) || a - b)
  const docs = touchedScratch.a
  return at.map((i) => ({ short: docs[i] as number, score: finals[i] as number }))
}

/**
 * The version each index was last ranked at: scores are kept only when it has not changed since (a
 * process that writes between recalls would re-score every time, and keeping would cost it a pass).
 */
const rankedAt = new WeakMap<TermSource, number>()

function steadyAt(src: TermSource): boolean {
  const steady = rankedAt.get(src) === src.version
  rankedAt.set(src, src.version)
  return steady
}

export interface Ranked {
  /** The best FIRST_BATCH documents and every one tied with the last of them, best first. */
  first: Hit[]
  /** Every document reached is in `first`. */
  complete: boolean
  /** The first batch was ranked without the documents only common terms reach (benchmarks and tests read it). */
  pruned: boolean
  /** The whole ranking, computed again when a batch past the first is asked for. */
  rest: () => RankedAll
}

interface RankedAll {
  /** Short ids in the order first reached. */
  touched: number[]
  final: Float64Array
}

/** Every matching live document and its final score: summed over terms, times the distinct terms matched. */
export function rankAll(src: TermSource, query: string, extra: WeightedTerm[] = []): RankedAll {
  const plans = plan(src, query, extra)
  if (!plans.length) return { touched: [], final: new Float64Array(0) }
  return withTotals(src, plans, steadyAt(src), undefined, (n, s) => ({
    touched: Array.from(touchedScratch.a.subarray(0, n)),
    final: finalsOf(n, s).slice(0, n),
  }))
}

/**
 * The first batch of the ranking, exactly (scores and tie order) as the whole ranking would give it, without
 * keeping per-document arrays past the call: pruned (read/_prune.ts's bound) when that is proven exact,
 * otherwise over every document reached. Later batches rank again, in full.
 */
export function rank(src: TermSource, query: string, extra: WeightedTerm[] = []): Ranked {
  const rest = () => rankAll(src, query, extra)
  const plans = plan(src, query, extra)
  if (!plans.length) return { first: [], complete: true, pruned: false, rest }
  const steady = steadyAt(src)
  const pruned = steady ? prunedFirst(src, plans) : undefined
  if (pruned) return { first: pruned, complete: false, pruned: true, rest }
  return withTotals(src, plans, steady, undefined, (n, s) => {
    const finals = finalsOf(n, s)
    const first = picked(finals, n, firstThreshold(finals, n))
    return { first, complete: first.length === n, pruned: false, rest }
  })
}

/** The value at index k of the first n of `a` sorted ascending (Hoare's selection: linear time, reorders them). */
function nthSmallest(a: Float64Array, n: number, k: number): number {
  let lo = 0
  let hi = n - 1
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

/** The k-th smallest of the first n finals, selected in a copy (typed-array views cost more than a loop here). */
function selectIn(finals: Float64Array, n: number, k: number): number {
  const copy = floats(selectionScratch, n)
  for (let i = 0; i < n; i++) copy[i] = finals[i] as number
  return nthSmallest(copy, n, k)
}

/** Batches of (short id, score), best first: each batch is a prefix of the full order, ties included. */
export function* batches(r: Ranked): Generator<Hit[]> {
  if (r.first.length) yield r.first
  if (r.complete) return
  const { touched, final } = r.rest()
  const n = touched.length
  let given = r.first.length
  for (let want = FIRST_BATCH * BATCH_GROWTH; given < n; want *= BATCH_GROWTH) {
    let at: number[]
    if (want >= n) at = Array.from({ length: n }, (_, i) => i)
    else {
      const threshold = selectIn(final, n, n - want)
      at = []
      for (let i = 0; i < n; i++) if ((final[i] as number) >= threshold) at.push(i)
    }
    at.sort((a, b) => (final[b] as number) - (final[a] as number) || a - b)
    yield at.slice(given).map((i) => ({ short: touched[i] as number, score: final[i] as number }))
    given = at.length
  }
}

/** Below this many postings in all a query is ranked in full: pruning would not pay. */
const PRUNE_MIN = 8 * FIRST_BATCH
/** Splits tried (the next makes the rarest common term essential) before ranking in full. */
const PRUNE_ATTEMPTS = 3

/**
 * The first batch, pruned (MaxScore's idea): the common terms (SCORED_MIN postings or more, never every term)
 * are added only for the documents the rarer terms reach. A document only common terms reach scores at most
 * commonBound: when the FIRST_BATCH-th best of the documents scored beats it, no other document can enter
 * the batch, ties included, so the batch is the full ranking's (each document scored gets every term's
 * score, and keeps its place in the order first reached). Undefined when that is not proven.
 */
function prunedFirst(src: TermSource, plans: Planned[]): Hit[] | undefined {
  let size = 0
  for (const p of plans) size += p.size
  if (size < PRUNE_MIN) return undefined
  // a key's terms go together (the final score multiplies by the keys matched); the common keys rarest first:
  // each made essential marks more documents and lowers the bound
  const byKey = new Map<string, { plans: Planned[]; size: number }>()
  for (const p of plans) {
    const unit = byKey.get(p.key) ?? { plans: [], size: 0 }
    unit.plans.push(p)
    unit.size += p.size
    byKey.set(p.key, unit)
  }
  const units = [...byKey.values()]
  const common = units.filter((u) => u.size >= SCORED_MIN).sort((a, b) => a.size - b.size)
  const essential = (taken: Array<{ plans: Planned[] }>) => taken.flatMap((u) => u.plans)
  try {
    let { marks, count } = markDocs(src, essential(units.filter((u) => !common.includes(u))))
    for (let attempt = 0; attempt < PRUNE_ATTEMPTS; attempt++) {
      // too few documents marked to fill the batch: more terms are essential
      while (count <= FIRST_BATCH && common.length > 1)
        ({ marks, count } = markDocs(src, essential(common.splice(0, 1))))
      if (count <= FIRST_BATCH || !common.length) return undefined
      const bound = commonBound(src, essential(common))
      const first = withTotals(src, plans, true, marks, (n, s) => {
        if (n <= FIRST_BATCH) return undefined
        const finals = finalsOf(n, s)
        const threshold = firstThreshold(finals, n)
        return threshold > bound ? picked(finals, n, threshold) : undefined
      })
      if (first || common.length < 2) return first
      ;({ marks, count } = markDocs(src, essential(common.splice(0, 1))))
    }
    return undefined
  } finally {
    unmark()
  }
}
