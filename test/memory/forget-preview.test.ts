import { describe, expect, test } from "bun:test"
import { agent, bench, person } from "./_setup"

/** The preview a person confirms names exactly what `forget` then destroys, and changes nothing itself. */
describe("forgetPreview", () => {
  test("by id: the item and its copies, nothing else; forget then destroys exactly those", () => {
    using b = bench()
    const p = b.project()
    const ctx = { project: p, actor: agent }
    const target = b.memory.write({ kind: "decision", body: "Deploys go through the blue pipeline" }, ctx).id as string
    const copy = b.memory.write(
      { kind: "note", body: "Deploys go through the blue pipeline" },
      { project: p, actor: person },
    ).id as string
    const other = b.memory.write({ kind: "decision", body: "Deploys need two approvals" }, ctx).id as string
    const preview = b.memory.forgetPreview({ project: p, id: target }).map((v) => v.id)
    expect(preview.sort()).toEqual([target, copy].sort())
    expect(b.memory.get({ project: p, id: target })).toMatchObject({ status: "active" })
    const done = b.memory.forget({ project: p, id: target }, person)
    expect(done.forgotten.sort()).toEqual(preview.sort())
    expect(b.memory.get({ project: p, id: other })).toMatchObject({ status: "active" })
  })

  test("by text; an unknown id or text previews nothing; another project's item is not seen", () => {
    using b = bench()
    const p = b.project()
    const q = b.project()
    const mine = b.memory.write(
      { kind: "note", body: "The staging password rotates monthly" },
      { project: p, actor: agent },
    ).id as string
    b.memory.write({ kind: "note", body: "The staging password rotates monthly" }, { project: q, actor: agent })
    expect(
      b.memory.forgetPreview({ project: p, text: "The staging password rotates monthly" }).map((v) => v.id),
    ).toEqual([mine])
    expect(b.memory.forgetPreview({ project: p, text: "nothing like this was stored" }).length).toBe(0)
    expect(b.memory.forgetPreview({ project: p, id: "m_nope" }).length).toBe(0)
  })
})

describe("a person's edit may change the kind", () => {
  test("edit sets the kind (pending stays pending); an invalid kind is refused and changes nothing", () => {
    using b = bench()
    const p = b.project()
    const id = b.memory.write(
      { kind: "note", body: "Fridays are frozen" },
      { project: p, actor: { source: "hook:miner", sessionId: "s" } },
    ).id as string
    expect(b.memory.edit(id, { project: p, actor: person }, { kind: "constraint" })).toMatchObject({
      outcome: "created",
    })
    expect(b.memory.get({ project: p, id })).toMatchObject({
      kind: "constraint",
      status: "pending",
      body: "Fridays are frozen",
    })
    expect(b.memory.edit(id, { project: p, actor: person }, { kind: "Bad Kind" })).toMatchObject({ outcome: "refused" })
    expect(b.memory.get({ project: p, id })).toMatchObject({ kind: "constraint" })
    expect(b.memory.approve(id, { project: p, actor: person }, { kind: "decision" })).toMatchObject({
      outcome: "created",
    })
    expect(b.memory.list({ project: p, kinds: ["decision"] }).map((v) => v.id)).toEqual([id])
  })
})
