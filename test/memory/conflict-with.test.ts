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

describe("a person's resolution of a pending item goes through approval's supersession", () => {
  test("single-valued kind: keeping both is refused (two live items); keeping new supersedes the old once", () => {
    using b = bench()
    const p = b.project({ origin: "https://example.com/org/conflict-single" })
    const ctx = { project: p, actor: person }
    const status = (x: string) => {
      const v = b.memory.get({ project: p, id: x })
      return v && "status" in v ? v.status : "none"
    }
    const live = (kind: string) => b.memory.list({ project: p, kinds: [kind], statuses: ["active"] }).map((i) => i.id)
    const pull = (kind: string, old: string, title: string) =>
      b.memory.write(
        { kind, title, body: `${title} from bob` },
        { project: p, actor: sync },
        { conflictWith: { id: old, reason: "bob replaced a shared item edited here" } },
      )
    const ctxOld = b.memory.write({ kind: "context", title: "Stack", body: "Bun and SQLite" }, ctx).id as string
    const ctxNew = pull("context", ctxOld, "Stack 2")
    expect(ctxNew.status).toBe("pending")
    const refused = b.memory.resolve({ project: p, id: ctxNew.conflictId as string, keep: "both" }, person)
    expect(refused.ok).toBe(false)
    expect(refused.reason).toContain("keep new or old")
    expect([status(ctxNew.id as string), status(ctxOld)]).toEqual(["pending", "active"])
    expect(live("context")).toEqual([ctxOld])
    // positive control, same store: a multi-valued kind keeps both live
    const decOld = b.memory.write({ kind: "decision", title: "Tabs", body: "tabs here" }, ctx).id as string
    const decNew = pull("decision", decOld, "Spaces")
    expect(b.memory.resolve({ project: p, id: decNew.conflictId as string, keep: "both" }, person).ok).toBe(true)
    expect(live("decision").sort()).toEqual([decOld, decNew.id as string].sort())
    // keeping the new context item: one live context item, the old one superseded by it (one audit entry)
    expect(b.memory.resolve({ project: p, id: ctxNew.conflictId as string, keep: "new" }, person).ok).toBe(true)
    expect(live("context")).toEqual([ctxNew.id as string])
    expect(status(ctxOld)).toBe("superseded")
    const audit = b.memory.audit({ project: p, item: ctxOld }).filter((e) => e.action === "supersede")
    expect(audit.length).toBe(1)
    expect(b.memory.conflicts({ project: p }).map((c) => c.id)).toEqual([])
  })
})
