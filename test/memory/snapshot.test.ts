import { describe, expect, test } from "bun:test"
import { aad, open, seal } from "../../src/core/crypto"
import { createMemory } from "../../src/memory"
import { INDEX_OPTIONS, newSearch, SNAPSHOT_MIN_DOCS } from "../../src/memory/read/cache"
import { packIndex, unpackIndex } from "../../src/memory/read/_snapshot"
import { saveSnapshot } from "../../src/memory/write/snapshot"
import { porter2 } from "../../src/memory/read/porter2"
import { TERM_RULES } from "../../src/memory/read/terms"
import { agent, bench, person } from "./_setup"

const SERVICES = ["billing", "search", "checkout", "inventory", "shipping", "auth", "mailer", "reports"]

describe("sealed index snapshot", () => {
  test("pack and unpack give the same search results, without discarded documents", () => {
    const docs = Array.from({ length: 50 }, (_, i) => ({
      id: `d${i}`,
      title: `note ${i}`,
      text: `${SERVICES[i % 8]} service handles ${i % 3 ? "refunds" : "orders"}`,
    }))
    const ms = newSearch()
    ms.addAll(docs)
    ms.discard("d3")
    const copy = unpackIndex(packIndex(ms), INDEX_OPTIONS)
    // the reference never saw d3: the copy must not carry its lingering postings either
    const ref = newSearch()
    ref.addAll(docs.filter((d) => d.id !== "d3"))
    for (const q of ["billing refunds", "orders", "note 3", "checkout service"]) {
      expect(
        copy
          .search(q)
          .map((r) => r.id)
          .sort(),
      ).toEqual(
        ref
          .search(q)
          .map((r) => r.id)
          .sort(),
      )
      expect(copy.search(q).length).toBeGreaterThan(0)
    }
    const untouched = newSearch()
    untouched.addAll(docs)
    const exact = unpackIndex(packIndex(untouched), INDEX_OPTIONS)
    for (const q of ["billing refunds", "orders", "note 3"]) {
      expect(exact.search(q).map((r) => [r.id, r.score])).toEqual(untouched.search(q).map((r) => [r.id, r.score]))
    }
    expect(copy.search("note 3").map((r) => r.id)).not.toContain("d3")
    expect(new TextDecoder().decode(packIndex(copy))).not.toContain("d3\n")
  })

  test("a cold reader loads the sealed snapshot and answers exactly like the warm one; forget destroys it", () => {
    using b = bench()
    const p = b.project()
    const ctx = { project: p, actor: agent }
    for (let i = 0; i < SNAPSHOT_MIN_DOCS + 20; i++) {
      b.memory.write(
        {
          kind: "note",
          title: `${SERVICES[i % 8]} note ${i}`,
          body: `The ${SERVICES[i % 8]} service retries ${i % 5} times`,
          entities: [`src/${SERVICES[i % 8]}.ts`],
        },
        ctx,
      )
    }
    b.memory.write({ kind: "decision", body: "xylophonic retry budget is forgettable" }, ctx)
    const warm = b.memory.recall({ project: p, query: "billing retries", entities: ["billing.ts"] })
    const snap = b.memory.store.db
      .query("SELECT rev, docs, snapshot_enc FROM memory_snapshots WHERE project = ?")
      .get(p.id) as { docs: number; snapshot_enc: Uint8Array }
    expect(snap.docs).toBe(SNAPSHOT_MIN_DOCS + 21)
    expect(Buffer.from(snap.snapshot_enc).includes(Buffer.from("xylophonic"))).toBe(false)
    const plain = open(b.memory.store.keys.content, snap.snapshot_enc, aad("memory_snapshots", p.id, p.id))
    // the index holds the stemmed term
    expect(Buffer.from(plain).includes(Buffer.from(porter2("xylophonic")))).toBe(true)
    const cold = createMemory({ ...b.memory.store })
    const coldResult = cold.recall({ project: p, query: "billing retries", entities: ["billing.ts"] })
    expect(coldResult.items.map((v) => [v.id, v.score])).toEqual(warm.items.map((v) => [v.id, v.score]))
    b.memory.forget({ project: p, text: "xylophonic retry budget is forgettable" }, person)
    expect(b.memory.store.db.query("SELECT COUNT(*) AS n FROM memory_snapshots").get()).toEqual({ n: 0 })
    for (let i = 0; i < 5; i++) b.memory.recall({ project: p, query: `retries ${i}` })
    const fresh = createMemory({ ...b.memory.store })
    expect(fresh.search({ project: p, query: "xylophonic" }).length).toBe(0)
    const again = b.memory.store.db.query("SELECT snapshot_enc FROM memory_snapshots WHERE project = ?").get(p.id) as {
      snapshot_enc: Uint8Array
    } | null
    if (again) {
      const text = open(b.memory.store.keys.content, again.snapshot_enc, aad("memory_snapshots", p.id, p.id))
      expect(Buffer.from(text).includes(Buffer.from("xylophonic"))).toBe(false)
    }
  })

  test("a snapshot copied to another project does not open there; recall falls back to the records", () => {
    using b = bench()
    const a = b.project()
    const c = b.project()
    for (let i = 0; i < SNAPSHOT_MIN_DOCS; i++)
      b.memory.write({ kind: "note", body: `alpha fact number ${i}` }, { project: a, actor: agent })
    b.memory.write({ kind: "note", body: "charlie only fact" }, { project: c, actor: agent })
    b.memory.recall({ project: a, query: "alpha" })
    const snap = b.memory.store.db
      .query("SELECT rev, docs, snapshot_enc FROM memory_snapshots WHERE project = ?")
      .get(a.id) as { rev: number; docs: number; snapshot_enc: Uint8Array }
    b.memory.store.db
      .query(
        "INSERT OR REPLACE INTO memory_snapshots (project, rev, docs, snapshot_enc, created_at) VALUES (?, ?, ?, ?, 0)",
      )
      .run(c.id, snap.rev, snap.docs, snap.snapshot_enc)
    const cold = createMemory({ ...b.memory.store })
    expect(cold.recall({ project: c, query: "alpha number" }).items.length).toBe(0)
    expect(cold.recall({ project: c, query: "charlie" }).items.map((v) => v.body)).toEqual(["charlie only fact"])
  })
})

describe("snapshot rules", () => {
  test("a snapshot made with other term rules is refused, and replaced by a fresh one", () => {
    const ms = newSearch()
    ms.addAll([{ id: "a", title: "translations", text: "translated strings" }])
    expect(() => unpackIndex(packIndex(ms, "terms-1"), INDEX_OPTIONS, TERM_RULES)).toThrow(/other term rules/)
    expect(
      unpackIndex(packIndex(ms, TERM_RULES), INDEX_OPTIONS, TERM_RULES)
        .search("translate")
        .map((r) => r.id),
    ).toEqual(["a"])
    using b = bench()
    const p = b.project()
    for (let i = 0; i < SNAPSHOT_MIN_DOCS; i++)
      b.memory.write({ kind: "note", body: `translated string number ${i}` }, { project: p, actor: agent })
    b.memory.recall({ project: p, query: "translate" })
    const row = () =>
      b.memory.store.db
        .query("SELECT rev, created_at, snapshot_enc FROM memory_snapshots WHERE project = ?")
        .get(p.id) as { rev: number; snapshot_enc: Uint8Array }
    const stale = packIndex(ms, "terms-1")
    b.memory.store.db
      .query("UPDATE memory_snapshots SET snapshot_enc = ? WHERE project = ?")
      .run(seal(b.memory.store.keys.content, stale, aad("memory_snapshots", p.id, p.id)), p.id)
    const cold = createMemory({ ...b.memory.store })
    expect(cold.recall({ project: p, query: "translate number 7" }).items.length).toBeGreaterThan(0)
    const plain = open(b.memory.store.keys.content, row().snapshot_enc, aad("memory_snapshots", p.id, p.id))
    expect(unpackIndex(plain, INDEX_OPTIONS, TERM_RULES).documentCount).toBe(SNAPSHOT_MIN_DOCS)
  })
})

describe("snapshot and forget race", () => {
  test("an index read before a forget is never stored after it", () => {
    using b = bench()
    const p = b.project()
    for (let i = 0; i < SNAPSHOT_MIN_DOCS; i++)
      b.memory.write({ kind: "note", body: `quokka fact ${i}` }, { project: p, actor: agent })
    const stale = newSearch()
    stale.addAll([{ id: "x", title: "", text: "quokka secret" }])
    const rev = (b.memory.store.db.query("SELECT rev FROM memory_counter").get() as { rev: number }).rev
    b.memory.forget({ project: p, text: "quokka fact 3" }, person)
    saveSnapshot(b.memory.store, p.id, rev, 1, packIndex(stale, "terms-2"))
    expect(b.memory.store.db.query("SELECT COUNT(*) AS n FROM memory_snapshots").get()).toEqual({ n: 0 })
    const later = (b.memory.store.db.query("SELECT rev FROM memory_counter").get() as { rev: number }).rev
    saveSnapshot(b.memory.store, p.id, later, 1, packIndex(stale, "terms-2"))
    expect(b.memory.store.db.query("SELECT COUNT(*) AS n FROM memory_snapshots").get()).toEqual({ n: 1 })
  })
})
