import { Database } from "bun:sqlite"
import { afterEach, describe, expect, test } from "bun:test"
import { copyFileSync } from "node:fs"
import { openMemory } from "../../src/memory"
import { CATCH_UP, projectIndex } from "../../src/memory/read/cache"
import { bench, person } from "./_setup"

const DEFAULT = { ...CATCH_UP }
afterEach(() => Object.assign(CATCH_UP, DEFAULT))

const QUERIES = ["cobalt ledger", "topic3 export", "retry", "zinc item 17", "shared"]
const ranked = (store: Parameters<typeof projectIndex>[0], project: string, q: string) =>
  [...projectIndex(store, project).hits(q)].map((h) => `${h.m.id}:${h.score.toFixed(9)}`)

describe("catching up on many writes without a read", () => {
  test("a paged catch-up that stores as it goes ranks exactly like a build in one piece, rows sharing a revision included", () => {
    using b = bench()
    const p = b.project({ origin: "https://example.com/org/catch-up" })
    const ctx = { project: p, actor: person }
    const ids: string[] = []
    for (let i = 0; i < 700; i++) {
      const metal = ["cobalt", "zinc", "nickel"][i % 3]
      ids.push(
        b.memory.write(
          {
            kind: "note",
            title: `${metal} ledger topic${i % 7}`,
            body: `item ${i} shared ${i % 5 ? "export" : "retry"} ${i * 7919}`,
          },
          ctx,
        ).id as string,
      )
    }
    // an edit and a forget among them, and 150 rows sharing one revision across several pages
    expect(b.memory.edit(ids[10] as string, ctx, { body: "edited: cobalt retry" }).outcome).toBe("created")
    expect(b.memory.forget({ project: p, id: ids[11] as string }, person).forgotten).toEqual([ids[11] as string])
    const tied = b.memory.store.db.query("SELECT max(rev) AS r FROM memory_items").get() as { r: number }
    b.memory.store.db
      .query(
        "UPDATE memory_items SET rev = ? WHERE id IN (SELECT id FROM memory_items WHERE project = ? ORDER BY id LIMIT 150 OFFSET 300)",
      )
      .run(tied.r + 1, p.id)
    b.memory.store.db.query("UPDATE memory_counter SET rev = ? WHERE id = 1").run(tied.r + 1)
    b.memory.store.db.exec("PRAGMA wal_checkpoint(TRUNCATE)")
    const copy = `${b.dbPath}.whole`
    copyFileSync(b.dbPath, copy)

    // this process never read: its first recall catches up 40 rows at a time, storing every 120
    Object.assign(CATCH_UP, { page: 40, storeEvery: 120 })
    const paged = Object.fromEntries(QUERIES.map((q) => [q, ranked(b.memory.store, p.id, q)]))
    expect(projectIndex(b.memory.store, p.id).count).toBe(699)
    expect(paged["cobalt ledger"]?.length).toBeGreaterThan(200)

    // the same records indexed in one piece, from a copy taken before the catch-up
    Object.assign(CATCH_UP, { page: 1_000_000, storeEvery: 1_000_000 })
    const whole = new Database(copy, { strict: true })
    // another process over the caught-up file reads what the catch-up stored
    const other = new Database(b.dbPath, { strict: true })
    try {
      const one = openMemory({ db: whole }).store
      const again = openMemory({ db: other }).store
      for (const q of QUERIES) {
        expect(ranked(one, p.id, q)).toEqual(paged[q] as string[])
        expect(ranked(again, p.id, q)).toEqual(paged[q] as string[])
      }
      expect(projectIndex(again, p.id).count).toBe(699)
    } finally {
      whole.close()
      other.close()
    }
  }, 120_000)
})
