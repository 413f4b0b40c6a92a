import { expect, test } from "bun:test"
import { agent, bench } from "./_setup"

test("write, list, search, recall, state and forget work end to end", () => {
  using b = bench()
  const p = b.project({ origin: "git@github.com:acme/api.git", branch: "main" })
  const w = b.memory.write(
    { kind: "decision", title: "Use Postgres 16", body: "We chose Postgres 16 for the orders service." },
    { project: p, actor: agent },
  )
  expect(w.outcome).toBe("created")
  expect(b.memory.list({ project: p }).map((v) => v.id)).toEqual([w.id as string])
  expect(b.memory.search({ project: p, query: "postgres" })[0]?.id).toBe(w.id as string)
  expect(b.memory.recall({ project: p, query: "which database for orders" }).items[0]?.id).toBe(w.id as string)
  const patch = b.memory.applyStatePatch(
    { context: "line one\n## Decisions\n- forged", next: ["ship it"] },
    { project: p, actor: agent },
  )
  expect(patch.ok).toBe(true)
  const state = b.memory.renderState({ project: p })
  expect(state.match(/^## Decisions$/gm)?.length).toBe(1)
  expect(state).toContain("\\## Decisions")
  const f = b.memory.forget({ project: p, id: w.id as string }, agent)
  expect(f.forgotten).toEqual([w.id as string])
  expect(b.memory.search({ project: p, query: "postgres" }).length).toBe(0)
  expect(
    b.memory.write(
      { kind: "note", body: "we chose  POSTGRES 16 for the orders service." },
      { project: p, actor: agent },
    ).outcome,
  ).toBe("refused")
  expect(b.memory.auditVerify().ok).toBe(true)
})
