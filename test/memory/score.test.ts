import { describe, expect, test } from "bun:test"
import { INDEX_OPTIONS, newSearch } from "../../src/memory/read/cache"
import { rankedMatches } from "../../src/memory/read/score"
import { isSorted, radixTree, sortedEntries } from "../../src/memory/read/_radix"
import { packIndex, unpackIndex } from "../../src/memory/read/_snapshot"

const SERVICES = ["billing", "search", "checkout", "inventory", "shipping", "auth", "mailer", "reports"]
const VERBS = ["retries", "retry", "migrations", "migrating", "translate", "translations", "caches", "cached"]
const QUERIES = [
  "billing retries",
  "migration of the checkout",
  "translate",
  "auth auth mailer",
  "note 7",
  "cach",
  "nothing-matches-this",
  "the of a",
  "",
]

function docs(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: `d${i}`,
    title: `${SERVICES[i % 8]} note ${i % 13}`,
    // uneven lengths and repeated words, so BM25 field lengths and frequencies differ
    text: `${VERBS[i % 8]} ${SERVICES[(i * 3) % 8]} ${"filler ".repeat(i % 5)}${i % 4 ? VERBS[(i + 3) % 8] : ""}`,
  }))
}

const all = (ms: ReturnType<typeof newSearch>, q: string) => [...rankedMatches(ms, q)].map((r) => [r.id, r.score])
const reference = (ms: ReturnType<typeof newSearch>, q: string) => ms.search(q).map((r) => [r.id, r.score])

describe("typed-array scoring", () => {
  test("ranks and scores exactly like MiniSearch's search, ties included", () => {
    const ms = newSearch()
    ms.addAll(docs(200))
    for (const q of QUERIES) expect(all(ms, q)).toEqual(reference(ms, q))
    expect(all(ms, "billing retries").length).toBeGreaterThan(20)
    expect(all(ms, "nothing-matches-this")).toEqual([])
  })

  test("documents added after a query are scored like the rest", () => {
    const ms = newSearch()
    const all300 = docs(300)
    ms.addAll(all300.slice(0, 100))
    expect(all(ms, "billing retries")).toEqual(reference(ms, "billing retries"))
    for (const d of all300.slice(100)) {
      ms.add(d)
      if (Number(d.id.slice(1)) % 37 === 0) expect(all(ms, "billing retries")).toEqual(reference(ms, "billing retries"))
    }
    for (const q of QUERIES) expect(all(ms, q)).toEqual(reference(ms, q))
    expect(all(ms, "billing retries").map(([id]) => id)).toContain("d296")
  })

  test("more matches than one batch come out complete and in order", () => {
    const ms = newSearch()
    ms.addAll(docs(3000))
    const got = all(ms, "retries checkout filler")
    expect(got.length).toBeGreaterThan(2000)
    expect(got).toEqual(reference(ms, "retries checkout filler"))
    // a caller that stops early gets the same head
    const head: string[] = []
    for (const r of rankedMatches(ms, "retries checkout filler")) if (head.push(r.id) >= 10) break
    expect(head).toEqual(got.slice(0, 10).map(([id]) => id as string))
  })

  test("discarded documents are never returned; postings read from a snapshot give the same answer", () => {
    const ms = newSearch()
    ms.addAll(docs(300))
    // score once first, so the cached per-document table must notice the discards and the re-add below
    expect([...rankedMatches(ms, "search retry")].map((r) => r.id)).toContain("d9")
    for (const id of ["d1", "d9", "d17"]) ms.discard(id)
    ms.discard("d25")
    ms.add({
      id: "d25",
      title: "search retry rewritten",
      text: "a much longer text about search and retry and retries",
    })
    expect([...rankedMatches(ms, "search retry")].map((r) => r.id)).not.toContain("d9")
    // MiniSearch's own scores drift while discarded postings linger; a fresh index of the same live documents, added in the same order, is the truth
    const rewritten = {
      id: "d25",
      title: "search retry rewritten",
      text: "a much longer text about search and retry and retries",
    }
    const truth = newSearch()
    truth.addAll([...docs(300).filter((d) => !["d1", "d9", "d17", "d25"].includes(d.id)), rewritten])
    // (field-length averages kept up incrementally differ from fresh ones in the last bits)
    for (const q of QUERIES) {
      const got = all(ms, q)
      const want = reference(truth, q)
      expect(got.map(([id]) => id)).toEqual(want.map(([id]) => id))
      got.forEach(([, score], i) => {
        expect(score as number).toBeCloseTo(want[i]?.[1] as number, 9)
      })
    }
    ms.discard("d25")
    ms.add(docs(300)[25] as { id: string; title: string; text: string })
    const ids = [...rankedMatches(ms, "search retry")].map((r) => r.id)
    expect(ids.length).toBeGreaterThan(0)
    expect(ids).not.toContain("d9")
    expect(ids).not.toContain("d17")
    const ref = newSearch()
    ref.addAll(docs(300).filter((d) => !["d1", "d9", "d17"].includes(d.id)))
    expect(new Set(ids)).toEqual(new Set(ref.search("search retry").map((r) => r.id)))
    const copy = unpackIndex(packIndex(ref), INDEX_OPTIONS)
    for (const q of QUERIES) expect(all(copy, q)).toEqual(reference(ref, q))
  })
})

describe("one-pass term tree", () => {
  test("holds exactly what inserting the keys one by one holds, prefixes included", () => {
    const keys = [
      ...new Set([
        "a",
        "ab",
        "abc",
        "abd",
        "abdz",
        "b",
        "ba",
        "retri",
        "retry",
        "retries",
        "10",
        "100",
        "1000",
        "1001",
        "zz",
        "é",
        "ée",
      ]),
    ].sort()
    const values = keys.map((k) => `v:${k}`)
    const inserted = (
      newSearch() as unknown as {
        _index: Map<string, string> & {
          atPrefix(p: string): Iterable<[string, string]>
          constructor: new (
            t: Map<string, unknown>,
          ) => Map<string, string> & { atPrefix(p: string): Iterable<[string, string]> }
        }
      }
    )._index
    keys.forEach((k, i) => {
      inserted.set(k, values[i] as string)
    })
    const built = new inserted.constructor(radixTree(keys, values))
    const sorted = (it: Iterable<[string, string]>) => [...it].sort(([a], [b]) => (a < b ? -1 : 1))
    expect(sorted(built)).toEqual(sorted(inserted))
    expect(built.size).toBe(keys.length)
    for (const p of ["", "a", "ab", "abd", "r", "retr", "1", "100", "é", "q"])
      expect(sorted(built.atPrefix(p))).toEqual(sorted(inserted.atPrefix(p)))
    for (const k of keys) expect(built.get(k)).toBe(`v:${k}`)
    expect(built.get("abx")).toBeUndefined()
    expect(isSorted(keys)).toBe(true)
    expect(isSorted(["b", "a"])).toBe(false)
  })
})

describe("packing a loaded index", () => {
  test("repacking a snapshot gives the same bytes, and drops documents discarded since", () => {
    const ms = newSearch()
    ms.addAll(docs(400))
    const packed = packIndex(ms)
    const loaded = unpackIndex(packed, INDEX_OPTIONS)
    expect(packIndex(loaded)).toEqual(packed)
    expect(all(loaded, "reports cached").map(([id]) => id)).toContain("d7")
    loaded.discard("d7")
    loaded.add({ id: "d400", title: "billing retries", text: "a new note" })
    const again = unpackIndex(packIndex(loaded), INDEX_OPTIONS)
    const truth = newSearch()
    truth.addAll([
      ...docs(400).filter((d) => d.id !== "d7"),
      { id: "d400", title: "billing retries", text: "a new note" },
    ])
    for (const q of QUERIES) {
      const got = all(again, q)
      const want = reference(truth, q)
      expect(got.map(([id]) => id)).toEqual(want.map(([id]) => id))
      got.forEach(([, score], i) => {
        expect(score as number).toBeCloseTo(want[i]?.[1] as number, 9)
      })
    }
    expect(all(again, "billing retries").map(([id]) => id)).toContain("d400")
    expect(all(again, "reports cached").map(([id]) => id)).not.toContain("d7")
  })
})

describe("sorted tree walk", () => {
  test("lists every key of a tree built by inserts in sorted order", () => {
    const keys = [
      "retry",
      "b",
      "abd",
      "a",
      "1000",
      "ab",
      "é",
      "abc",
      "retries",
      "10",
      "zz",
      "ée",
      "100",
      "abdz",
      "ba",
      "retri",
      "1001",
    ]
    const inserted = (newSearch() as unknown as { _index: Map<string, string> & { _tree: Map<string, unknown> } })
      ._index
    for (const k of keys) inserted.set(k, `v:${k}`)
    const walked = sortedEntries<string>(inserted._tree)
    expect(walked.map(([k]) => k)).toEqual([...keys].sort())
    expect(walked.every(([k, v]) => v === `v:${k}`)).toBe(true)
  })
})
