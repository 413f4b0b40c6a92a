import { describe, expect, test } from "bun:test"
import { selectRows } from "../../src/memory/read/rows"
import { pendingHead, sectionRows } from "../../src/memory/read/state-rows"
import { bench, miner, person } from "./_setup"

/** The state view reads the reader's item columns (one list), plus its keyed prints. */
describe("state rows", () => {
  test("a section's row and a pending head's item carry every column of the reader's rows, and the prints", () => {
    using b = bench()
    const p = b.project({ origin: "https://example.com/org/state-rows" })
    const id = b.memory.write({ kind: "decision", title: "Tabs", body: "tabs here" }, { project: p, actor: person })
      .id as string
    const waiting = b.memory.write({ kind: "failure", body: "zebra flake" }, { project: p, actor: miner }).id as string
    const store = b.memory.store
    const reader = selectRows(store, { projects: [p.id], ids: [id] })[0]
    expect(reader?.id).toBe(id)
    const section = sectionRows(
      store,
      { project: p.id, scopes: [reader?.scope ?? ""], kind: "decision" },
      "recent",
      0,
      5,
    )
    expect(section.map((r) => r.id)).toEqual([id])
    expect(Object.keys(section[0] ?? {}).sort()).toEqual([...Object.keys(reader ?? {}), "text_fp", "title_fp"].sort())
    expect(section[0]).toMatchObject({ ...reader })
    expect(pendingHead(store, p, 5).items.map((v) => v.id)).toEqual([waiting])
  })
})
