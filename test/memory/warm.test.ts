import { describe, expect, test } from "bun:test"
import { createMemory, type Memory } from "../../src/memory"
import { entityKey } from "../../src/memory/_seal"
import { FLUSH_EVERY, projectIndex, STORE_MIN_DOCS } from "../../src/memory/read/cache"
import type { WeightedTerm } from "../../src/memory/read/expand"
import { BOOSTS, FIELDS, fieldOf, MemIndex, STRIDE } from "../../src/memory/read/_postings"
import { batches, rank, rankAll, type TermSource } from "../../src/memory/read/score"
import { processTerm, tokenize } from "../../src/memory/read/terms"
import { dropEveryIndex } from "../../src/memory/write/index-store"
import { agent, bench, person, type Bench } from "./_setup"

/**
 * The ranker as it was before scoring a term's fields in one pass (field by field, every term through
 * a per-term score, then merged): the reference the faster ranker must equal to the bit, ties included.
 */
function reference(src: TermSource, query: string, extra: WeightedTerm[]) {
  const asked = tokenize(query)
    .map(processTerm)
    .filter((t): t is string => !!t)
  const live = (d: number) => ((src.bits[d >>> 3] as number) >> (d & 7)) & 1
  const total = new Map<number, number>()
  const mask = new Map<number, number>()
  const touched: number[] = []
  const keys = new Map<string, number>()
  const add = (lists: Uint32Array[], weight: number, termScore: Map<number, number>, reached: number[]) => {
    for (let field = 0; field < FIELDS; field++) {
      let n = 0
      for (const list of lists)
        for (let p = 0; p < list.length; p += STRIDE)
          if (live(list[p] as number) && fieldOf(list[p + 1] as number, field)) n++
      if (!n) continue
      const idf = Math.log(1 + (src.count - n + 0.5) / (n + 0.5))
      for (const list of lists)
        for (let p = 0; p < list.length; p += STRIDE) {
          const doc = list[p] as number
          const freq = fieldOf(list[p + 1] as number, field)
          if (!freq || !live(doc)) continue
          const length = fieldOf(list[p + 2] as number, field)
          const raw = idf * (0.5 + (freq * 2.2) / (freq + 1.2 * (1 - 0.7 + (0.7 * length) / src.avg(field))))
          const s = weight * (BOOSTS[field] as number) * 1 * raw
          if ((termScore.get(doc) ?? 0) === 0 && s > 0) reached.push(doc)
          termScore.set(doc, (termScore.get(doc) ?? 0) + s)
        }
    }
  }
  for (const t of [...asked.map((term) => ({ term, weight: 1, key: term })), ...extra]) {
    if (!keys.has(t.key)) keys.set(t.key, 1 << keys.size)
    const termScore = new Map<number, number>()
    const reached: number[] = []
    add(src.postings(t.term), t.weight, termScore, reached)
    if (t.weight === 1 && t.term.length > 3)
      for (const longer of src.termsWithPrefix(t.term)) {
        const d = longer.length - t.term.length
        if (d) add(src.postings(longer), (0.375 * longer.length) / (longer.length + 0.3 * d), termScore, reached)
      }
    for (const doc of reached) {
      if (!total.has(doc)) touched.push(doc)
      total.set(doc, (total.get(doc) ?? 0) + (termScore.get(doc) as number))
      mask.set(doc, (mask.get(doc) ?? 0) | (keys.get(t.key) as number))
    }
  }
  const popcount = (x: number) => x.toString(2).replaceAll("0", "").length
  const scored = touched.map((doc, i) => ({ doc, i, score: (total.get(doc) as number) * popcount(mask.get(doc) ?? 0) }))
  const sorted = [...scored].sort((a, b) => b.score - a.score || a.i - b.i).map((r) => [r.doc, r.score])
  return { sorted, touched: scored.map((r) => [r.doc, r.score]) }
}

const WORDS = ["retry", "retries", "retried", "cache", "caching", "cached", "queue", "billing", "invoice", "deploy"]

/** Few words over many short documents: thousands of equal scores, prefix matches, all three fields. */
const docs = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `d${i}`,
    title: `${WORDS[i % 10]} ${i % 7 ? "" : WORDS[(i + 3) % 10]}`,
    text: `${WORDS[(i * 3) % 10]} ${i % 4 ? WORDS[(i + 1) % 10] : "note"}${i % 11 ? "" : " retry"}`,
    context: `src/${WORDS[(i * 7) % 10]}.ts ${i % 5 ? "" : "queue"}`,
  }))

const QUERIES: Array<[string, WeightedTerm[]]> = [
  ["retr cache", []],
  ["retries caching queue", [{ term: "invoic", weight: 0.5, key: "billing" }]],
  [
    "billing deploy",
    [
      { term: "invoic", weight: 0.5, key: "billing" },
      { term: "queue", weight: 0.6, key: "deploy" },
    ],
  ],
  ["cache", [{ term: "retri", weight: 0.3, key: "\u0000feedback" }]],
]

describe("warm ranking: one pass per term, the batch threshold by selection", () => {
  test("every hit, score (to the bit) and tie order equal the field-by-field reference's", () => {
    const idx = new MemIndex(docs(4000))
    // retired documents are skipped by both
    for (const short of [3, 50, 51, 977]) idx.stats.retire(short, 0)
    for (const [q, extra] of QUERIES) {
      const { sorted: want, touched } = reference(idx, q, extra)
      const r = rankAll(idx, q, extra)
      // the order first reached (what ties keep): a document the title reaches before one the text reaches
      expect(r.touched.map((doc, i) => [doc, r.final[i]])).toEqual(touched)
      const got = [...batches(rank(idx, q, extra))].flat().map((r) => [r.short, r.score])
      expect(got.length).toBeGreaterThan(1000)
      expect(got).toEqual(want)
      // the ranking is mostly ties: the order among them is the order reached, as before
      expect(new Set(want.map(([, s]) => s)).size).toBeLessThan(want.length / 10)
    }
  })

  test("each batch is a prefix of the full order; the first holds the best 512 and all tied with them", () => {
    const idx = new MemIndex(docs(6000))
    const all = reference(idx, "retry cache queue", []).sorted
    const parts = [...batches(rank(idx, "retry cache queue"))]
    expect(parts.length).toBeGreaterThan(1)
    expect(parts.flat().map((r) => [r.short, r.score])).toEqual(all)
    const first = parts[0] as Array<{ score: number }>
    const last = first.at(-1)?.score as number
    expect(first.length).toBeGreaterThanOrEqual(512)
    expect(first.length).toBe(all.filter(([, s]) => (s as number) >= last).length)
    expect((all[first.length] as number[])[1]).toBeLessThan(last)
  })
})

describe("scores kept per posting list", () => {
  test("an in-memory index: a retired document leaves the kept scores of a common term, counts and all", () => {
    const idx = new MemIndex(docs(5000))
    const q = "retry cache"
    const before = rankAll(idx, q)
    // the same lists again: the kept scores give the same ranking
    expect(rankAll(idx, q)).toEqual(before)
    expect(before.touched).toContain(12)
    idx.stats.retire(12, 0)
    // ranked twice: the first ranking after a change scores afresh, the second may use kept scores
    expect(rankAll(idx, q).touched).not.toContain(12)
    const after = rankAll(idx, q)
    expect(after.touched).not.toContain(12)
    expect(after.touched.length).toBe(before.touched.length - 1)
    expect(after.touched.map((doc, i) => [doc, after.final[i]])).toEqual(reference(idx, q, []).touched)
  })

  test("a stored index: after each write, edit, store, forget and rebuild it ranks as a fresh process does", () => {
    using b = bench()
    const p = b.project()
    // more items name "billing" than the scores are kept for (1,024 postings)
    fill(b, p, 1100, 0)
    // by item: short ids of changes since the stored index are each process's own
    const ranking = (m: Memory) => [...projectIndex(m.store, p.id).hits("billing job")].map((h) => [h.m.id, h.score])
    const fresh = () => ranking(createMemory({ ...b.memory.store }))
    const first = ranking(b.memory)
    expect(first.length).toBe(1100)
    expect(ranking(b.memory)).toEqual(first)
    expect(fresh()).toEqual(first)
    const ctx = { project: p, actor: agent }
    const steps: Array<[string, () => void]> = [
      ["write", () => b.memory.write({ kind: "note", title: "billing job", body: "billing job billing" }, ctx)],
      [
        "edit",
        () => {
          const id = b.memory.list({ project: p, limit: 1 })[0]?.id as string
          b.memory.edit(id, { project: p, actor: person }, { body: "The billing job runs nightly" })
        },
      ],
      [
        // a stored item edited away from the words: no list changes, only the live documents
        "edit away",
        () => {
          const id = b.memory.list({ project: p, limit: 3 })[2]?.id as string
          b.memory.edit(id, { project: p, actor: person }, { title: "Zebra crossing", body: "zebras cross here" })
        },
      ],
      ["store", () => fill(b, p, FLUSH_EVERY, 5000)],
      [
        "forget",
        () => b.memory.forget({ project: p, id: b.memory.list({ project: p, limit: 1 })[0]?.id as string }, person),
      ],
    ]
    let last = first
    for (const [what, step] of steps) {
      step()
      // the first ranking after a change scores afresh, the second may use kept scores
      expect([what, ranking(b.memory)]).toEqual([what, fresh()])
      const now = ranking(b.memory)
      // the ranking changed (counts or lengths) and is the one a fresh process computes
      expect([what, now]).toEqual([what, fresh()])
      expect([what, now.length === last.length && now.every((r, i) => r[1] === last[i]?.[1])]).toEqual([what, false])
      last = now
    }
    // every stored index dropped (as a key rotation does): rebuilt from the records, the same ranking
    dropEveryIndex(b.memory.store.db)
    expect(ranking(b.memory)).toEqual(last)
    expect(fresh()).toEqual(last)
  }, 60_000)
})

function fill(b: Bench, p: ReturnType<Bench["project"]>, n: number, from: number): void {
  for (let i = from; i < from + n; i++)
    b.memory.write(
      { kind: "note", title: `billing note ${i}`, body: `The billing job ${i} retries`, entities: ["src/billing.ts"] },
      { project: p, actor: agent },
    )
}

describe("entity fan-out kept per process", () => {
  test("follows writes, edits, this process's store, another process's store and a rebuild", () => {
    using b = bench()
    const p = b.project()
    const ctx = { project: p, actor: agent }
    const zebra = (n: number) =>
      b.memory.write(
        { kind: "note", title: `zebra ${n}`, body: `zebra crossing ${n}`, entities: ["src/zebra.ts"] },
        ctx,
      ).id as string
    const stored = [zebra(1), zebra(2), zebra(3)]
    fill(b, p, STORE_MIN_DOCS, 0)
    const naming = (name: string, max: number, store = b.memory.store) =>
      projectIndex(store, p.id).naming(entityKey(store.keys, name), max)?.slice().sort()
    const rev = () =>
      (
        b.memory.store.db.query("SELECT rev FROM memory_index_meta WHERE project = ?").get(p.id) as {
          rev: number
        } | null
      )?.rev
    expect(naming("src/zebra.ts", 50)).toEqual([...stored].sort())
    const storedAt = rev()
    expect(storedAt).toBeDefined()
    // a common entity links nothing; read again past the first (kept) part, its items all come back
    expect(naming("src/billing.ts", 10)).toBeUndefined()
    expect(naming("src/billing.ts", STORE_MIN_DOCS + 10)?.length).toBe(STORE_MIN_DOCS)
    // a write since the stored index, and an edit of a stored item (the old one retired)
    const late = zebra(4)
    const edited = b.memory.edit(stored[0] as string, { project: p, actor: person }, { body: "zebra stripes" })
    expect(edited.outcome).toBe("created")
    const live = [edited.id as string, stored[1] as string, stored[2] as string, late]
    expect(naming("src/zebra.ts", 50)).toEqual([...live].sort())
    // this process stores its changes: the kept stored ids would now miss the newly stored ones
    fill(b, p, FLUSH_EVERY, STORE_MIN_DOCS)
    expect(naming("src/zebra.ts", 50)).toEqual([...live].sort())
    expect(rev()).toBeGreaterThan(storedAt as number)
    // another process writes and stores
    const other = createMemory({ ...b.memory.store })
    const far = other.write(
      { kind: "note", title: "zebra far", body: "zebra from afar", entities: ["src/zebra.ts"] },
      { project: p, actor: agent },
    ).id as string
    fill({ ...b, memory: other }, p, FLUSH_EVERY, 2 * STORE_MIN_DOCS)
    expect(naming("src/zebra.ts", 50, other.store)).toEqual([...live, far].sort())
    expect(naming("src/zebra.ts", 50)).toEqual([...live, far].sort())
    // every index dropped (as a key rotation does): rebuilt from the records, same answer
    dropEveryIndex(b.memory.store.db)
    expect(naming("src/zebra.ts", 50)).toEqual([...live, far].sort())
    b.memory.forget({ project: p, id: far }, person)
    expect(naming("src/zebra.ts", 50)).toEqual([...live].sort())
  }, 60_000)
})

/**
 * Common words over every document, rarer ones over a few hundred: the first batch can be proven without the
 * documents only common words reach. Documents repeat a few shapes, so the ranking is mostly ties; "alpha"
 * also prefixes "alphabet", and reaches documents by title, text or context.
 */
const pruneDocs = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    title: `${i % 3 ? "" : "alpha"} ${i % 13 ? "" : "delta"} ${i % 2 ? "" : "theta"}`,
    text: `${i % 3 ? "alpha" : ""} ${i % 2 ? "beta beta" : "beta"} ${i % 4 ? "" : "alphabet"} ${i % 17 ? "" : "eps"} ${
      i % 20 === 1 ? "kappa" : ""
    }`,
    context: i % 5 ? "" : "src/alpha.ts",
  }))

describe("pruned first batch: exactly the full ranking's", () => {
  const idx = new MemIndex(pruneDocs(12_000))
  // retired documents among those the rare words reach
  for (const short of [0, 13, 26, 17 * 13]) idx.stats.retire(short, 0)
  const ranked = (q: string, extra: WeightedTerm[]) => {
    // the first ranking after a change scores afresh; pruning needs the kept scores of the next
    rank(idx, q, extra)
    return rank(idx, q, extra)
  }

  test("pruned: every score and tie of the first batch, and the later batches asked for after it", () => {
    const queries: Array<[string, WeightedTerm[]]> = [
      ["alpha beta delta eps", []],
      ["beta delta alpha", [{ term: "ep", weight: 0.5, key: "delta" }]],
      ["alpha eps", [{ term: "beta", weight: 0.3, key: "\u0000feedback" }]],
    ]
    for (const [q, extra] of queries) {
      const r = ranked(q, extra)
      expect([q, r.pruned]).toEqual([q, true])
      const want = reference(idx, q, extra).sorted
      const parts = [...batches(r)]
      // a later batch was asked for, and ranked in full
      expect(parts.length).toBeGreaterThan(1)
      expect(parts.flat().map((h) => [h.short, h.score])).toEqual(want)
      const first = parts[0] as Array<{ score: number }>
      expect(first.length).toBeGreaterThanOrEqual(512)
      // mostly ties, among them documents reached first by a common word (the order ties keep)
      expect(new Set(first.map((h) => h.score)).size).toBeLessThan(first.length / 20)
      expect(first.length).toBe(want.filter(([, s]) => (s as number) >= (first.at(-1)?.score as number)).length)
    }
  })

  test("not provable (the rarer term's documents score below a common word's best): ranked in full, the same", () => {
    // a faint stand-in reaches 600 documents "theta" does not, each scoring below theta's least
    const extra = [{ term: "kappa", weight: 0.05, key: "\u0000feedback" }]
    const r = ranked("theta", extra)
    expect(r.pruned).toBe(false)
    const want = reference(idx, "theta", extra).sorted
    expect([...batches(r)].flat().map((h) => [h.short, h.score])).toEqual(want)
    // positive control in the same index: the same stand-in beside a rare asked word is pruned, and exact
    const control = ranked("eps theta", extra)
    expect(control.pruned).toBe(true)
    expect([...batches(control)].flat().map((h) => [h.short, h.score])).toEqual(
      reference(idx, "eps theta", extra).sorted,
    )
  })
})
