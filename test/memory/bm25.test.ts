import { describe, expect, test } from "bun:test"
import golden from "../fixtures/memory/bm25-minisearch.json"
import { BOOSTS, MemIndex } from "../../src/memory/read/_postings"
import { batches, rank } from "../../src/memory/read/score"

const SERVICES = ["billing", "search", "checkout", "inventory", "shipping", "auth", "mailer", "reports"]
const VERBS = ["retries", "retry", "migrations", "migrating", "translate", "translations", "caches", "cached"]

/** The documents the golden file was made from (MiniSearch 7.2.0, the options egc used before owning its index). */
const docs = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `d${i}`,
    title: `${SERVICES[i % 8]} note ${i % 13}`,
    // uneven lengths and repeated words, so BM25 field lengths and frequencies differ
    text: `${VERBS[i % 8]} ${SERVICES[(i * 3) % 8]} ${"filler ".repeat(i % 5)}${i % 4 ? VERBS[(i + 3) % 8] : ""}`,
  }))

const ranked = (idx: MemIndex, q: string) =>
  [...batches(rank(idx, q))].flat().map((r) => [idx.ids[r.short] as string, r.score] as [string, number])

describe("owned BM25", () => {
  test("ranks and scores as MiniSearch did, ties and prefix matches included", () => {
    const idx = new MemIndex(docs(300))
    const queries = Object.entries(
      golden.queries as unknown as Record<string, { count: number; top: Array<[string, number]> }>,
    )
    expect(queries.length).toBe(10)
    for (const [q, want] of queries) {
      const got = ranked(idx, q)
      expect(got.length).toBe(want.count)
      expect(got.slice(0, 40)).toEqual(want.top)
    }
    expect(ranked(idx, "billing retries").length).toBeGreaterThan(100)
  })

  test("more matches than one batch come out complete and in order; an early stop gets the same head", () => {
    const idx = new MemIndex(docs(3000))
    const all = ranked(idx, "retries checkout filler")
    expect(all.length).toBeGreaterThan(2000)
    for (let i = 1; i < all.length; i++)
      expect((all[i - 1] as [string, number])[1]).toBeGreaterThanOrEqual((all[i] as [string, number])[1])
    const first = batches(rank(idx, "retries checkout filler")).next().value ?? []
    // the first batch is the best 512 and every document tied with the last of them
    expect(first.length).toBeGreaterThanOrEqual(512)
    expect(first.length).toBeLessThan(all.length)
    expect(first.map((r: { short: number }) => idx.ids[r.short])).toEqual(all.slice(0, first.length).map(([id]) => id))
  })

  test("retired documents are neither returned nor counted", () => {
    const idx = new MemIndex(docs(300))
    const before = ranked(idx, "billing retries")
    expect(before.map(([id]) => id)).toContain("d8")
    idx.stats.retire(8, 0)
    const after = ranked(idx, "billing retries")
    expect(after.map(([id]) => id)).not.toContain("d8")
    expect(after.length).toBe(before.length - 1)
  })
})

describe("the context field (entities, tags, kind)", () => {
  // every field of every document has two distinct tokens, so lengths equal the averages and only the boost differs
  const filler = Array.from({ length: 40 }, (_, i) => ({
    id: `f${i}`,
    title: `alpha${i} beta`,
    text: `gamma${i} delta`,
    context: `epsilon${i} zeta`,
  }))
  const idx = new MemIndex([
    ...filler,
    { id: "entity", title: "alpha beta", text: "gamma delta", context: "jobs/reconciler" },
    { id: "mention", title: "alpha beta", text: "reconciler delta", context: "epsilon zeta" },
    { id: "titled", title: "reconciler beta", text: "gamma delta", context: "epsilon zeta" },
  ])

  test("a word only in an item's entity ranks it above an item that mentions the word in its text", () => {
    const got = ranked(idx, "reconciler")
    // positive control: the text mention and the title are found too, so the populated index answers all three fields
    expect(got.map(([id]) => id).sort()).toEqual(["entity", "mention", "titled"])
    const score = Object.fromEntries(got)
    expect(score.entity).toBeGreaterThan(score.mention as number)
    expect((score.entity as number) / (score.mention as number)).toBeCloseTo(BOOSTS[2] / BOOSTS[1], 9)
    expect((score.titled as number) / (score.mention as number)).toBeCloseTo(BOOSTS[0] / BOOSTS[1], 9)
    expect(BOOSTS[2]).toBeGreaterThan(BOOSTS[1])
  })

  test("an entity's identifier parts are words of the context field; the filler's words are not", () => {
    const idx = new MemIndex([
      ...filler,
      { id: "snake", title: "alpha beta", text: "gamma delta", context: "accounting_export" },
    ])
    expect(ranked(idx, "export").map(([id]) => id)).toEqual(["snake"])
    expect(ranked(idx, "accounting_export").map(([id]) => id)).toEqual(["snake"])
    const camel = new MemIndex([
      ...filler,
      { id: "camel", title: "alpha beta", text: "gamma delta", context: "retryPolicy" },
    ])
    expect(ranked(camel, "policy").map(([id]) => id)).toEqual(["camel"])
    // a word of the text is not split: "retryPolicy" in a body is one word
    const body = new MemIndex([
      ...filler,
      { id: "body", title: "alpha beta", text: "retryPolicy delta", context: "zeta" },
    ])
    expect(ranked(body, "policy")).toEqual([])
    expect(ranked(body, "retryPolicy").map(([id]) => id)).toEqual(["body"])
    expect(ranked(idx, "omega")).toEqual([])
  })
})
