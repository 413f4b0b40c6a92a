import { describe, expect, test } from "bun:test"
import { entityKey } from "../../src/memory/_seal"
import { projectIndex } from "../../src/memory/read/cache"
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
