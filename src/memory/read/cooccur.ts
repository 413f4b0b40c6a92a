import type { ItemView } from "../types"
import type { WeightedTerm } from "./expand"
import { STRIDE } from "./_postings"
import { processTerm, tokenize } from "./terms"

/**
 * Words that keep company with a query word in the project's own items ("login" beside "session" and
 * "cookie"), looked for too at a low weight and counted as the word asked, as the vocabulary's stand-ins
 * are. Learned from one index only (a project's, or the global scope's), so nothing crosses projects.
 * Bounded: per query word, the `docs` items that word ranks best are opened and at most `candidates`
 * of their shared words have their postings counted; the answer is kept per index and word until items
 * indexed since (writes and edits) reach a `stale` share of the index, so a warm recall pays for a word once.
 * The figures were chosen on corpus A's tuning half and corpus C (scripts/bench/results/memory.md).
 * Off: the tuning gain (C's Recall@5 0.955 → 0.982, A's tuning half unchanged) did not reach either
 * held-out set (A unchanged, B one question worse), and at 100k items it cost a new process ~50 MB more
 * at its first recall (107 → 155 MB) and each word's first sight a learning pass.
 */
export const COOCCUR = {
  enabled: false,
  docs: 8,
  /** Share of the opened items a word must appear in, and never fewer than two. */
  minShare: 0.25,
  candidates: 24,
  /** How much likelier the word is beside the query word than anywhere in the index. */
  minLift: 4,
  terms: 3,
  weight: 0.2,
  /** A query word found in more than this share of the index says too little to learn from. */
  maxDocShare: 0.2,
  stale: 0.05,
} as const

/** What the learning reads of one index: its size, a term's postings, its best items for a word. */
export interface CooccurSource {
  /** The index itself: what is learned is kept per index. */
  readonly owner: object
  readonly count: number
  /** Grows with every item indexed (an edit too): how far the index has moved since a word was learned. */
  readonly added: number
  /** Live documents holding the (processed) term. */
  docFreq(term: string): number
  /** The items a word of the query ranks best, opened, at most `limit`. */
  topViews(word: string, limit: number): ItemView[]
}

/** Everyday English that keeps company with every word: never learned as a companion, never learned from. */
const COMMON = new Set(
  (
    "about above after again against all also always among another any anyone anything around back because before " +
    "being below between both but came can cannot could day days each either else enough even ever every few first " +
    "following for get gets getting give given goes going gone got had has have having her here him his however if " +
    "instead its just keep keeps kept last least less let like made make makes making many may maybe might more most " +
    "much must need needed needs never new next now off often old once one only other others otherwise our out over " +
    "own per put rather really same see seen seems set several shall she should since some something soon still such " +
    "sure take taken than that their them then there these they thing things think those though through thus time " +
    "times today too took two under until upon use used uses using very via want was way ways well went were what " +
    "when where whether which while who whole whose why will with within without would yes yet"
  )
    .split(" ")
    .map((w) => processTerm(w))
    .filter((t): t is string => !!t),
)

interface Learned {
  at: number
  terms: Array<{ term: string; lift: number }>
}

const learned = new WeakMap<object, Map<string, Learned>>()
/** Words whose companions are kept per index; past this the list starts again. */
const MAX_WORDS = 2_000

const termsOfView = (v: ItemView) =>
  new Set(
    tokenize(`${v.title} ${v.body}`)
      .map(processTerm)
      .filter((t): t is string => !!t && t.length > 2 && !/\d/.test(t) && !COMMON.has(t)),
  )

function learn(src: CooccurSource, raw: string, word: string): Learned["terms"] {
  const df = src.docFreq(word)
  if (df < 2 || df > src.count * COOCCUR.maxDocShare) return []
  const views = src.topViews(raw, COOCCUR.docs)
  if (views.length < 2) return []
  const together = new Map<string, number>()
  for (const v of views) for (const t of termsOfView(v)) if (t !== word) together.set(t, (together.get(t) ?? 0) + 1)
  const least = Math.max(2, Math.ceil(views.length * COOCCUR.minShare))
  const out: Learned["terms"] = []
  for (const [t, n] of [...together]
    .filter(([, n]) => n >= least)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, COOCCUR.candidates)) {
    const dft = src.docFreq(t)
    if (!dft) continue
    const lift = n / views.length / (dft / src.count)
    if (lift >= COOCCUR.minLift) out.push({ term: t, lift })
  }
  return out.sort((a, b) => b.lift - a.lift || (a.term < b.term ? -1 : 1)).slice(0, COOCCUR.terms)
}

/** The learned companions of the query's words in one index, each keyed to the word it keeps company with. */
export function cooccurring(src: CooccurSource, query: string, skip: Set<string>): WeightedTerm[] {
  if (!COOCCUR.enabled || src.count < 2) return []
  let cache = learned.get(src.owner)
  if (!cache) learned.set(src.owner, (cache = new Map()))
  const out: WeightedTerm[] = []
  const seen = new Set(skip)
  const words = new Map<string, string>()
  for (const raw of tokenize(query)) {
    const word = processTerm(raw)
    if (word && word.length > 2 && !/\d/.test(word) && !COMMON.has(word) && !words.has(word)) words.set(word, raw)
  }
  for (const [word, raw] of words) {
    let hit = cache.get(word)
    if (!hit || Math.abs(src.added - hit.at) > Math.max(10, src.count * COOCCUR.stale)) {
      if (cache.size >= MAX_WORDS) cache.clear()
      hit = { at: src.added, terms: learn(src, raw, word) }
      cache.set(word, hit)
    }
    for (const { term } of hit.terms) {
      if (seen.has(term)) continue
      seen.add(term)
      out.push({ term, weight: COOCCUR.weight, key: word })
    }
  }
  return out
}

/** The part of a project's index the learning reads (read/cache.ts's ProjectIndex). */
interface Index {
  readonly count: number
  readonly nextShort: number
  readonly bits: Uint8Array
  postings(term: string): Uint32Array[]
  hits(query: string): Iterable<{ m: { id: string; status: string } }>
}

/**
 * One index as a source. `open` reads the records of some of the index's items in one go (only that index's
 * project): opened for learning, they are not kept, unlike the views the index keeps for its hits.
 */
export function indexSource(idx: Index, open: (ids: string[]) => ItemView[]): CooccurSource {
  return {
    owner: idx,
    get count() {
      return idx.count
    },
    get added() {
      return idx.nextShort
    },
    docFreq(term) {
      const bits = idx.bits
      let n = 0
      for (const list of idx.postings(term))
        for (let p = 0; p < list.length; p += STRIDE) {
          const doc = list[p] as number
          if (((bits[doc >>> 3] as number) >> (doc & 7)) & 1) n++
        }
      return n
    },
    topViews(word, limit) {
      const ids: string[] = []
      let looked = 0
      // superseded and archived versions are indexed too; what the project holds now is what it means
      for (const { m } of idx.hits(word)) {
        if (ids.length >= limit || ++looked > limit * 4) break
        if (m.status === "active") ids.push(m.id)
      }
      return ids.length ? open(ids) : []
    },
  }
}
