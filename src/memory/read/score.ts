import type MiniSearch from "minisearch"
import { postingCount, eachPosting, type Postings } from "./_snapshot"
import { INDEX_OPTIONS } from "./cache"
import type { WeightedTerm } from "./expand"

/**
 * MiniSearch's own scoring (BM25 per field, field boosts, prefix matches weighted by length,
 * score × number of query terms matched), computed into typed arrays instead of one result object
 * per matching document, and handed out best first in growing batches so a caller that needs the
 * top few hundred live hits never sorts the tens of thousands a common word matches at 100k.
 * Ties keep MiniSearch's order (first document touched first), so rankings are unchanged.
 */
interface Internals {
  _documentCount: number
  _nextId: number
  _dirtCount: number
  _documentIds: Map<number, string>
  _fieldIds: Record<string, number>
  _fieldLength: Map<number, number[]>
  _avgFieldLength: number[]
  _index: { get(term: string): Postings | undefined; atPrefix(prefix: string): Iterable<[string, Postings]> }
}

const BM25 = { k: 1.2, b: 0.7, d: 0.5 }
const PREFIX_WEIGHT = 0.375
/** First batch handed out; each further batch is this many times larger. */
const FIRST_BATCH = 512
const BATCH_GROWTH = 8

interface Match {
  id: string
  score: number
}

function queryTerms(query: string): string[] {
  const out: string[] = []
  for (const token of INDEX_OPTIONS.tokenize(query)) {
    const term = INDEX_OPTIONS.processTerm(token)
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
 * query (a few MB at 100k) pile up faster than the collector returns them. Only the synchronous
 * part of a query, before its first hit is handed out, uses them.
 */
let scratch = { total: new Float64Array(0), mask: new Uint32Array(0), termScore: new Float64Array(0) }

function scratchFor(size: number) {
  if (scratch.total.length < size) {
    const n = Math.max(size, Math.ceil(scratch.total.length * 1.5))
    scratch = { total: new Float64Array(n), mask: new Uint32Array(n), termScore: new Float64Array(n) }
  }
  return scratch
}

/** Liveness and field lengths by short id, so the scoring loop reads arrays rather than Maps. */
interface DocTable {
  nextId: number
  documentCount: number
  live: Uint8Array
  lengths: Float64Array[]
}

const docTables = new WeakMap<Internals, DocTable>()

function docTable(m: Internals): DocTable {
  const cached = docTables.get(m)
  // an add always moves _nextId and a discard always lowers _documentCount, so equal counts mean an unchanged index
  if (cached && cached.nextId === m._nextId && cached.documentCount === m._documentCount) return cached
  const added = cached ? m._nextId - cached.nextId : 0
  // only additions since (the common case: a process writes, then recalls): fill in the new short ids
  if (cached && added > 0 && cached.documentCount + added === m._documentCount && m._nextId < cached.live.length) {
    for (let doc = cached.nextId; doc < m._nextId; doc++) fill(m, cached, doc)
    cached.nextId = m._nextId
    cached.documentCount = m._documentCount
    return cached
  }
  // room to grow, so later additions fill in place
  const size = Math.ceil((m._nextId + 1) * 1.25) + 64
  const nFields = Object.keys(m._fieldIds).length
  const table: DocTable = {
    nextId: m._nextId,
    documentCount: m._documentCount,
    live: new Uint8Array(size),
    lengths: Array.from({ length: nFields }, () => new Float64Array(size)),
  }
  for (const doc of m._documentIds.keys()) fill(m, table, doc)
  docTables.set(m, table)
  return table
}

function fill(m: Internals, table: DocTable, doc: number): void {
  const lengths = m._fieldLength.get(doc)
  table.live[doc] = m._documentIds.has(doc) ? 1 : 0
  for (let f = 0; f < table.lengths.length; f++) (table.lengths[f] as Float64Array)[doc] = lengths?.[f] ?? 0
}

type Scratch = typeof scratch

/** Adds one query term's BM25 score (the exact term, and the longer terms it prefixes) into `termScore`; `reached` gets each document it first scores. */
function scoreTerm(
  m: Internals,
  term: string,
  docs: DocTable,
  termScore: Scratch["termScore"],
  reached: number[],
  termWeight = 1,
): void {
  const live = (doc: number) => docs.live[doc] === 1
  const boosts = Object.entries(INDEX_OPTIONS.searchOptions.boost)
  const fields = Object.keys(m._fieldIds).map(
    (f) => [m._fieldIds[f] as number, boosts.find(([name]) => name === f)?.[1] ?? 1] as const,
  )
  const add = (data: Postings | undefined, weight: number) => {
    if (!data) return
    for (const [fieldId, boost] of fields) {
      const matching = postingCount(data, fieldId, m._dirtCount ? live : undefined)
      if (!matching) continue
      const avg = m._avgFieldLength[fieldId] as number
      const lengths = docs.lengths[fieldId] as Float64Array
      const idf = Math.log(1 + (m._documentCount - matching + 0.5) / (matching + 0.5))
      eachPosting(data, fieldId, (doc, freq) => {
        if (!live(doc)) return
        const length = lengths[doc] as number
        const raw = idf * (BM25.d + (freq * (BM25.k + 1)) / (freq + BM25.k * (1 - BM25.b + (BM25.b * length) / avg)))
        // multiplied in MiniSearch's order (term weight, term boost, field boost, document boost), so scores match to the bit
        const s = weight * termWeight * boost * 1 * raw
        if (termScore[doc] === 0 && s > 0) reached.push(doc)
        termScore[doc] = (termScore[doc] as number) + s
      })
    }
  }
  add(m._index.get(term), 1)
  // stand-in terms (expansion, spellings, feedback) match exactly: their prefixes would only add noise and time
  if (termWeight !== 1 || !INDEX_OPTIONS.searchOptions.prefix(term)) return
  // in term order, whatever shape the tree has (built by inserts, or in one pass from a snapshot), so warm and cold processes rank alike
  const longerTerms = [...m._index.atPrefix(term)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  for (const [longer, data] of longerTerms) {
    const distance = longer.length - term.length
    if (distance) add(data, (PREFIX_WEIGHT * longer.length) / (longer.length + 0.3 * distance))
  }
}

/** Every matching document (in the order first reached) and its final score: summed over terms, times the distinct terms matched. */
function scoreAll(m: Internals, terms: WeightedTerm[]): { touched: number[]; final: Float64Array } {
  const { total, mask, termScore } = scratchFor(m._nextId + 1)
  const docs = docTable(m)
  const touched: number[] = []
  const bits = new Map<string, number>()
  let reached: number[] = []
  try {
    for (const { term, weight, key } of terms) {
      if (!bits.has(key)) bits.set(key, 1 << Math.min(bits.size, 31))
      const bit = bits.get(key) as number
      reached = []
      scoreTerm(m, term, docs, termScore, reached, weight)
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

/** `extra`: weighted stand-ins (vocabulary expansion, near spellings), each counted as the query term it keys to. */
export function* rankedMatches<T>(ms: MiniSearch<T>, query: string, extra: WeightedTerm[] = []): Generator<Match> {
  const m = ms as unknown as Internals
  const asked = queryTerms(query)
  const terms = [...asked.map((term) => ({ term, weight: 1, key: term })), ...extra]
  if (!asked.length || !m._documentCount) return
  const { touched, final } = scoreAll(m, terms)
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
    // every document at or above the threshold is in, ties included, so this is a prefix of the full order
    picked.sort((a, b) => (final[b] as number) - (final[a] as number) || a - b)
    for (let k = given; k < picked.length; k++) {
      const i = picked[k] as number
      yield { id: m._documentIds.get(touched[i] as number) as string, score: final[i] as number }
    }
    given = picked.length
  }
}

/** Whether the index holds this processed term exactly (a read of MiniSearch's term tree; nothing is written). */
export function hasTerm<T>(ms: MiniSearch<T>, term: string): boolean {
  return (ms as unknown as Internals)._index.get(term) !== undefined
}

/** The index's terms that start with `prefix`, at most `limit` (a read of the term tree; nothing is written). */
export function termsWithPrefix<T>(ms: MiniSearch<T>, prefix: string, limit = 200): string[] {
  const out: string[] = []
  for (const [term] of (ms as unknown as Internals)._index.atPrefix(prefix)) {
    out.push(term)
    if (out.length >= limit) break
  }
  return out
}
