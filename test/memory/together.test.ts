import { describe, expect, test } from "bun:test"
import { createMemory } from "../../src/memory"
import { expandQuery } from "../../src/memory/read/expand"
import { fieldOf, MemIndex, STRIDE } from "../../src/memory/read/_postings"
import { projectIndex, STORE_MIN_DOCS } from "../../src/memory/read/cache"
import { togetherPostings } from "../../src/memory/read/_together"
import { processTerm } from "../../src/memory/read/terms"
import { agent, bench } from "./_setup"

/**
 * A vocabulary member of several words ("app store", "dead letter") is looked for as the items holding all its
 * words (read/_together.ts): the index keeps no positions, so that is as close to the phrase as it can look.
 */
const term = (w: string) => processTerm(w) as string
const triples = (list: Uint32Array) => {
  const out: number[][] = []
  for (let p = 0; p < list.length; p += STRIDE) out.push([...list.subarray(p, p + STRIDE)])
  return out
}
/** The reference: every posting of the first word whose document every other word's postings hold. */
function naive(pieces: Uint32Array[][]): number[][] {
  const [first, ...rest] = pieces.map((p) => p.flatMap(triples))
  return (first ?? [])
    .filter(([short]) => rest.every((r) => r.some(([s]) => s === short)))
    .map(([short, freqs, lengths]) => {
      const all = [freqs as number, ...rest.map((r) => r.find(([s]) => s === short)?.[1] as number)]
      const least = [0, 1, 2].map((f) => Math.min(...all.map((n) => fieldOf(n, f))))
      return [short as number, ((least[0]! << 24) | (least[2]! << 16) | least[1]!) >>> 0, lengths as number]
    })
}

describe("members of several words", () => {
  test("are compiled from the groups and looked for only when their group triggers", () => {
    const words = expandQuery("was it testflight that rejected us").find((t) => t.words)
    expect(words?.words).toEqual([term("app"), term("store")])
    expect(words?.key).toBe(term("testflight"))
    // the asked words themselves are not looked for again as a member
    expect(expandQuery("the app store rejected us").some((t) => t.term === `${term("app")} ${term("store")}`)).toBe(
      false,
    )
    expect(expandQuery("the store front caches prices").some((t) => t.words)).toBe(false)
  })

  test("postings: the documents holding every word, each field's least frequency, in short id order", () => {
    const idx = new MemIndex([
      { id: "a", title: "App Store review", text: "the store asked about the app twice: app, app" },
      { id: "b", title: "store front", text: "prices cached for an hour" },
      { id: "c", title: "app launch", text: "the app retries twice" },
      { id: "d", title: "notes", text: "an app for the store", context: "store" },
    ])
    const got = triples(togetherPostings(idx, [term("app"), term("store")]))
    expect(got).toEqual(naive([idx.postings(term("app")), idx.postings(term("store"))]))
    expect(got.map(([short]) => idx.ids[short as number])).toEqual(["a", "d"])
    // a: title holds each once; text holds store once and app three times
    expect([0, 1, 2].map((f) => fieldOf(got[0]?.[1] as number, f))).toEqual([1, 1, 0])
    expect(togetherPostings(idx, [term("app"), term("store"), term("price")]).length).toBe(0)
  })

  test("over a stored index and the changes since (several pieces per word) they match the reference", () => {
    using b = bench()
    const p = b.project()
    const words = ["app", "store", "review"]
    for (let i = 0; i < STORE_MIN_DOCS + 40; i++) {
      const said = words.filter((_, k) => (i >> k) & 1)
      b.memory.write(
        { kind: "note", title: `note ${i} ${said.join(" ")}`, body: `item ${i}: ${said.reverse().join(" and ")}` },
        { project: p, actor: agent },
      )
    }
    b.memory.recall({ project: p, query: "app" })
    // written after the index was stored: they sit in the in-memory part, after the stored chunks
    for (let i = 0; i < 20; i++)
      b.memory.write({ kind: "note", title: `late ${i}`, body: "app store review" }, { project: p, actor: agent })
    const cold = createMemory({ ...b.memory.store })
    cold.recall({ project: p, query: "app" })
    const idx = projectIndex(cold.store, p.id)
    const terms = words.map(term)
    expect(idx.postings(terms[0] as string).length).toBeGreaterThan(1)
    const got = triples(togetherPostings(idx, terms))
    expect(got).toEqual(naive(terms.map((t) => idx.postings(t))))
    // every eighth of the first notes holds all three words, and every late one
    expect(got.length).toBe(Math.floor((STORE_MIN_DOCS + 40) / 8) + 20)
  })

  test("recall: a question naming a member's concept finds the item holding all its words, not those holding one", () => {
    using b = bench()
    const p = b.project()
    const write = (title: string, body: string) =>
      b.memory.write({ kind: "lesson", title, body }, { project: p, actor: agent }).id as string
    const both = write("Submission blocked", "The App Store flagged our privacy manifest.")
    const storeOnly = write("Price cache", "The store front caches prices for an hour.")
    const appOnly = write("Launch retries", "The app retries twice on launch.")
    for (let i = 0; i < 30; i++) write(`standup ${i}`, `talked about the roadmap and hiring ${i}`)
    const top = (query: string) => b.memory.recall({ project: p, query, limit: 5 }).items.map((v) => v.id)
    expect(top("why was testflight unhappy")).toEqual([both])
    // positive control: the words themselves find it without the vocabulary
    expect(top("app store")[0]).toBe(both)
    expect(top("app store")).toContain(storeOnly)
    expect(top("app store")).toContain(appOnly)
  })
})
