import { describe, expect, test } from "bun:test"
import type { Actor } from "../../src/memory"
import { agent, bench, person } from "./_setup"

const sync: Actor = { source: "sync", tool: "sync:bob" }

describe("a write that opens a conflict with a named item (team sync's changes to what changed here)", () => {
  test("nothing is replaced; a pending new item is reviewed by a person's resolution, never by an agent's", () => {
    using b = bench()
    const p = b.project({ origin: "https://example.com/org/conflict-with" })
    const ctx = { project: p, actor: person }
    const id = (r: { id?: string }) => r.id as string
    const status = (x: string) => {
      const v = b.memory.get({ project: p, id: x })
      return v && "status" in v ? v.status : "none"
    }
    const mine = ["Tabs", "Spaces", "Wide", "Narrow"].map((t) =>
      id(b.memory.write({ kind: "decision", title: t, body: `${t} here` }, ctx)),
    )
    const theirs = mine.map((old, i) =>
      b.memory.write(
        { kind: "decision", title: `Theirs ${i}`, body: `their change ${i}` },
        { project: p, actor: sync },
        { conflictWith: { id: old, reason: "bob replaced a shared item edited here" } },
      ),
    )
    for (const r of theirs) {
      expect(r.status).toBe("pending")
      expect(r.conflictId).toBeDefined()
    }
    // control: a conflict with an item that is not live here opens nothing
    const gone = b.memory.write(
      { kind: "decision", title: "Late", body: "late change" },
      { project: p, actor: sync },
      { conflictWith: { id: "m_nothing", reason: "x" } },
    )
    expect(gone.conflictId).toBeUndefined()
    expect(b.memory.conflicts({ project: p }).length).toBe(4)
    expect(mine.map(status)).toEqual(["active", "active", "active", "active"])

    const conflictOf = (i: number) => theirs[i]?.conflictId as string
    const [t0, t1, t2, t3] = theirs.map(id) as [string, string, string, string]
    // an agent cannot keep a pending item over the old one; keeping both leaves it waiting for review
    expect(b.memory.resolve({ project: p, id: conflictOf(0), keep: "new" }, agent).ok).toBe(false)
    expect(status(t0)).toBe("pending")
    expect(b.memory.resolve({ project: p, id: conflictOf(1), keep: "both" }, agent).ok).toBe(true)
    expect([status(t1), status(mine[1] as string)]).toEqual(["pending", "active"])
    // the person keeps the new one: it is approved and the old one superseded (not deleted)
    expect(b.memory.resolve({ project: p, id: conflictOf(0), keep: "new" }, person).ok).toBe(true)
    expect([status(t0), status(mine[0] as string)]).toEqual(["active", "superseded"])
    expect(b.memory.resolve({ project: p, id: conflictOf(2), keep: "old" }, person).ok).toBe(true)
    expect([status(t2), status(mine[2] as string)]).toEqual(["archived", "active"])
    // rejecting the pending new item settles its conflict: the old item stays
    expect(b.memory.reject(t3, { project: p, actor: person }).status).toBe("rejected")
    expect(status(mine[3] as string)).toBe("active")
    expect(b.memory.conflicts({ project: p }).map((c) => c.id)).toEqual([])
  })
})
