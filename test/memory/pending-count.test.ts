import { describe, expect, test } from "bun:test"
import { agent, bench, miner, person } from "./_setup"

/** One count of what awaits review: the tally (pendingCount, pendingHead's total) and the list agree. */
describe("pending count", () => {
  test("the count, the head's total and the list agree after approve, reject, forget, hide and a move", () => {
    using b = bench()
    const p = b.project({ origin: "https://example.com/org/pending-count" })
    const other = b.project({ origin: "https://example.com/org/pending-other" })
    const write = (body: string, project = p) =>
      b.memory.write({ kind: "failure", body }, { project, actor: miner }).id as string
    const ids = ["alpha flake in payments", "beta timeout in billing", "gamma crash in search", "delta leak in ui"].map(
      (body) => write(body),
    )
    const [a, r, f, h] = ids as [string, string, string, string]
    write("epsilon failure elsewhere", other)
    const counts = () => [
      b.memory.pendingCount({ project: p }),
      b.memory.pendingHead({ project: p, limit: 2 }).total,
      b.memory.pending({ project: p }).length,
    ]
    expect(counts()).toEqual([4, 4, 4])
    expect(b.memory.pendingCount({ project: other })).toBe(1)

    expect(b.memory.approve(a, { project: p, actor: person }).outcome).toBe("created")
    expect(counts()).toEqual([3, 3, 3])
    expect(b.memory.reject(r, { project: p, actor: person }).status).toBe("rejected")
    expect(counts()).toEqual([2, 2, 2])
    expect(b.memory.forget({ project: p, id: f }, person).forgotten).toEqual([f])
    expect(counts()).toEqual([1, 1, 1])
    // a person's move to global: still waiting, still this project's to see
    expect(b.memory.edit(h, { project: p, actor: person }, { scope: "global" }).outcome).toBe("created")
    expect(counts()).toEqual([1, 1, 1])
    expect(b.memory.pendingCount({ project: other })).toBe(2)
    // an agent's forget hides it: no longer waiting for review
    expect(b.memory.hide({ project: p, id: h }, agent).hidden).toEqual([h])
    expect(counts()).toEqual([0, 0, 0])
    expect(b.memory.pendingCount({ project: other })).toBe(1)
  })
})
