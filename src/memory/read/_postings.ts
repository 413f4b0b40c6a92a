import { U32Builder } from "./_u32"
import type { TermSource } from "./score"
import { processTerm, tokenize } from "./terms"

/**
 * The owned index's units. A posting is three u32: the document's short id, its frequencies of the
 * term in the three fields (title and context 8 bits each, text 16 bits), and the three field
 * lengths packed the same way — so a term's postings carry all BM25 needs and a query reads nothing
 * else per document. The context field holds the item's entities, tags and kind: metadata a short
 * field scores well, apart from the body. Field lengths count distinct tokens, as MiniSearch did.
 */
export const STRIDE = 3
/**
 * Field boosts: title, text, context. The context boost was chosen on the held-out benchmark's tuning
 * half (1 to 3 tie at the best MRR, 0.5 and 5 lose); within that range 2 cost the older benchmark
 * (memory-recall.ts) MRR and 1.5 did not.
 */
export const BOOSTS = [2, 1, 1.5] as const
export const FIELDS = 3
const MAX8 = 0xff
const MAX16 = 0xffff

/** Three field values packed into one u32 (frequencies or lengths), each capped at its field's width. */
export const pack = (title: number, text: number, context: number) =>
  ((Math.min(title, MAX8) << 24) | (Math.min(context, MAX8) << 16) | Math.min(text, MAX16)) >>> 0
/** Where each field sits in packed frequencies and lengths: 0 title, 1 text, 2 context. */
export const SHIFT = [24, 0, 16] as const
export const MASK = [MAX8, MAX16, MAX8] as const
export const fieldOf = (n: number, field: number) => (n >>> (SHIFT[field] as number)) & (MASK[field] as number)
const MAX_OF = [MAX8, MAX16, MAX8]
const STEP_OF = [1 << 24, 1, 1 << 16]

interface Analysed {
  /** Field lengths, packed. */
  lengths: number
  /** Processed term → field frequencies, packed. */
  terms: Map<string, number>
}

/** Identifier parts of an entity word: "accounting_export" and "retryPolicy" also index their words. */
function parts(token: string): string[] {
  if (!/_|[a-z0-9][A-Z]/.test(token)) return [token]
  const split = token
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[_\s]+/)
    .filter(Boolean)
  return split.length > 1 ? [token, ...split] : [token]
}

export function analyse(title: string, text: string, context = ""): Analysed {
  const terms = new Map<string, number>()
  const counts = [0, 0, 0]
  ;[title, text, context].forEach((value, field) => {
    const tokens = field === 2 ? tokenize(value).flatMap(parts) : tokenize(value)
    counts[field] = new Set(tokens).size
    const max = MAX_OF[field] as number
    const step = STEP_OF[field] as number
    for (const token of tokens) {
      const term = processTerm(token)
      if (!term) continue
      const f = terms.get(term) ?? 0
      terms.set(term, fieldOf(f, field) < max ? f + step : f)
    }
  })
  return { lengths: pack(counts[0] as number, counts[1] as number, counts[2] as number), terms }
}

/** Unique across every DocStats of the process: a state of one index never shares a version with another's. */
let versions = 0

/** Which short ids are live, how many, and the field length sums (for the BM25 averages). */
export class DocStats {
  /** Changes with every document added or retired (read/score.ts keeps scores per version). */
  version = ++versions
  bits: Uint8Array
  count = 0
  sums = [0, 0, 0]
  nextShort = 0
  /** Postings of retired documents still stored (a rebuild clears them). */
  dead = 0

  constructor(bits = new Uint8Array(64)) {
    this.bits = bits
  }

  live(short: number): boolean {
    return ((this.bits[short >>> 3] as number) & (1 << (short & 7))) !== 0
  }

  add(short: number, lengths: number): void {
    this.version = ++versions
    if (short >>> 3 >= this.bits.length) {
      const grown = new Uint8Array(Math.max((short >>> 3) + 1, this.bits.length * 2))
      grown.set(this.bits)
      this.bits = grown
    }
    this.bits[short >>> 3] = (this.bits[short >>> 3] as number) | (1 << (short & 7))
    this.count++
    for (let f = 0; f < FIELDS; f++) this.sums[f] = (this.sums[f] ?? 0) + fieldOf(lengths, f)
    this.nextShort = Math.max(this.nextShort, short + 1)
  }

  retire(short: number, lengths: number): void {
    if (!this.live(short)) return
    this.version = ++versions
    this.bits[short >>> 3] = (this.bits[short >>> 3] as number) & ~(1 << (short & 7))
    this.count--
    this.dead++
    for (let f = 0; f < FIELDS; f++) this.sums[f] = (this.sums[f] ?? 0) - fieldOf(lengths, f)
  }

  avg(field: number): number {
    return this.count ? (this.sums[field] ?? 0) / this.count : 0
  }
}

/** Past this many terms a bulk of new ones is sorted once rather than inserted one by one. */
const SPLICE_MAX = 20_000

/** Postings held in memory (a project's changes since its stored index, or a whole small index). */
export class MemPostings {
  readonly byTerm = new Map<string, U32Builder>()
  #sorted: string[] | undefined

  add(short: number, doc: Analysed): void {
    for (const [term, freqs] of doc.terms) {
      let list = this.byTerm.get(term)
      if (!list) {
        this.byTerm.set(term, (list = new U32Builder(STRIDE * 2)))
        // a few new terms per document: kept in place, so a query after each write does not sort them all again
        if (this.#sorted && this.#sorted.length < SPLICE_MAX)
          this.#sorted.splice(lowerBound(this.#sorted, term), 0, term)
        else this.#sorted = undefined
      }
      list.push(short).push(freqs).push(doc.lengths)
    }
  }

  get(term: string): Uint32Array | undefined {
    return this.byTerm.get(term)?.view()
  }

  /** The terms in sorted order (built once per change of the term set). */
  sorted(): string[] {
    this.#sorted ??= [...this.byTerm.keys()].sort()
    return this.#sorted
  }

  clear(): void {
    this.byTerm.clear()
    this.#sorted = undefined
  }
}

function lowerBound(sorted: string[], key: string): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((sorted[mid] as string) < key) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Sorted terms starting with `prefix`, at most `limit`. */
export function withPrefix(sorted: string[], prefix: string, limit: number, out: string[] = []): string[] {
  for (let i = lowerBound(sorted, prefix); i < sorted.length && out.length < limit; i++) {
    const t = sorted[i] as string
    if (!t.startsWith(prefix)) break
    out.push(t)
  }
  return out
}

/** The dictionary shard of a term: its first two characters (a prefix or typo lookup needs one shard). */
export const shardOf = (term: string) => [...term].slice(0, 2).join("")

/** A whole index in memory, for an as-of recall over the items valid at a past instant. */
export class MemIndex implements TermSource {
  readonly stats = new DocStats()
  readonly postingsOf = new MemPostings()
  readonly ids: string[] = []

  constructor(docs: Array<{ id: string; title: string; text: string; context?: string }>) {
    for (const d of docs) {
      const short = this.ids.push(d.id) - 1
      const a = analyse(d.title, d.text, d.context)
      this.stats.add(short, a.lengths)
      this.postingsOf.add(short, a)
    }
  }

  get count() {
    return this.stats.count
  }
  get nextShort() {
    return this.stats.nextShort
  }
  get bits() {
    return this.stats.bits
  }
  get version() {
    return this.stats.version
  }
  avg(field: number) {
    return this.stats.avg(field)
  }
  live(short: number) {
    return this.stats.live(short)
  }
  postings(term: string) {
    const list = this.postingsOf.get(term)
    return list ? [list] : []
  }
  hasTerm(term: string) {
    return this.postingsOf.byTerm.has(term)
  }
  termsWithPrefix(prefix: string, limit = Number.POSITIVE_INFINITY) {
    return withPrefix(this.postingsOf.sorted(), prefix, limit)
  }
}
