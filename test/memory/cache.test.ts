import { Database } from "bun:sqlite"
import { describe, expect, test } from "bun:test"
import { openMemory } from "../../src/memory"
import { entityKey } from "../../src/memory/_seal"
import { GLOBAL } from "../../src/memory/_store"
import { projectIndex, STORE_MIN_DOCS } from "../../src/memory/read/cache"
import { agent, bench, person } from "./_setup"

describe("per-process index cache", () => {
  test("the entity index follows edits: each item listed once per key, dropped entities unlisted", () => {
    using b = bench()
    const p = b.project()
    const ctx = { project: p, actor: agent }
    const keys = b.memory.store.keys
    const key = (name: string) => entityKey(keys, name)
    // "index.ts" is both an entity and the last segment of another: one key, one listing
    const a = b.memory.write(
      { kind: "note", body: "The router lives in the index module", entities: ["index.ts", "src/web/index.ts"] },
      ctx,
    )
    const other = b.memory.write(
      { kind: "note", body: "The admin router has its own index", entities: ["src/admin/index.ts"] },
      ctx,
    )
    const ids = (name: string) =>
      projectIndex(b.memory.store, p.id)
        .byEntity(key(name), () => true, 100)
        .map((m) => m.id)
        .sort()
    expect(ids("index.ts")).toEqual([a.id as string, other.id as string].sort())
    expect(ids("src/web/index.ts")).toEqual([a.id as string])
    expect(
      b.memory.edit(a.id as string, { project: p, actor: person }, { entities: ["src/web/router.ts"] }).outcome,
    ).toBe("created")
    expect(ids("index.ts")).toEqual([other.id as string])
    expect(ids("src/web/index.ts")).toEqual([])
    expect(ids("router.ts")).toEqual([a.id as string])
    // an edit that keeps the entity moves the item, never doubles it
    expect(
      b.memory.edit(
        other.id as string,
        { project: p, actor: person },
        { body: "The admin router has its own index file" },
      ).outcome,
    ).toBe("created")
    expect(ids("index.ts")).toEqual([other.id as string])
    const found = b.memory
      .recall({ project: p, query: "router", entities: ["src/web/router.ts"] })
      .items.map((v) => v.id)
    expect(found[0]).toBe(a.id as string)
  })
})

describe("an edit that moves an item between a project and global", () => {
  const hitsOf = (b: ReturnType<typeof bench>, project: string, query: string) =>
    [...projectIndex(b.memory.store, project).hits(query)].map((h) => h.m.id).sort()

  for (const stored of [false, true]) {
    test(`the old project's index drops the item's words; the new scope finds it (${stored ? "stored" : "in-memory"} index)`, () => {
      using b = bench()
      const p = b.project({ origin: `https://example.com/org/move-${stored}` })
      const ctx = { project: p, actor: person }
      const moved = b.memory.write({ kind: "note", body: "zebraquux cobalt: the moved one" }, ctx).id as string
      const stays = b.memory.write({ kind: "note", body: "zebraquux stays in the project" }, ctx).id as string
      if (stored) {
        for (let i = 0; i < STORE_MIN_DOCS; i++)
          b.memory.write({ kind: "note", body: `filler ${i} item ${i * 7919} of the project` }, ctx)
      }
      expect(hitsOf(b, p.id, "zebraquux")).toEqual([moved, stays].sort())
      const count = projectIndex(b.memory.store, p.id).count
      const storedBefore = b.memory.store.db.query("SELECT rev FROM memory_index_meta WHERE project = ?").get(p.id)
      expect(storedBefore !== null).toBe(stored)

      expect(b.memory.edit(moved, ctx, { scope: "global" }).outcome).toBe("created")
      expect(hitsOf(b, p.id, "zebraquux")).toEqual([stays])
      expect(hitsOf(b, p.id, "cobalt")).toEqual([])
      expect(projectIndex(b.memory.store, p.id).count).toBe(count - 1)
      // positive control: the item is found in its new scope, and through the project's recall
      expect(hitsOf(b, GLOBAL, "cobalt")).toEqual([moved])
      expect(b.memory.search({ project: p, query: "cobalt" }).map((v) => v.id)).toEqual([moved])
      // another process (a fresh store over the same file) agrees
      const db = new Database(b.dbPath, { strict: true })
      try {
        const again = openMemory({ db }).store
        expect([...projectIndex(again, p.id).hits("cobalt")].map((h) => h.m.id)).toEqual([])
        expect([...projectIndex(again, p.id).hits("zebraquux")].map((h) => h.m.id)).toEqual([stays])
      } finally {
        db.close()
      }
    }, 60_000)
  }
})
