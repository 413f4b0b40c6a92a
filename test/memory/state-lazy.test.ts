import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { setClock } from "../../src/core/clock"
import type { ItemView, Project } from "../../src/memory"
import { renderState } from "../../src/memory/state/render"
import { agent, bench, miner, person, type Bench } from "./_setup"

/**
 * The state view opens only the rows it shows (a page at a time, read/state-rows.ts). What it
 * renders must be exactly what reading every row would render: the same view whatever the page
 * size, on a store with every ordering hazard — reinforced old decisions, ties in confidence,
 * copies of one text on two levels, global items, very long lines, an expired item.
 */
let clock = Date.UTC(2026, 0, 1)
const tick = (ms = 1000) => {
  clock += ms
}
let b: Bench
let p: Project
// one store for the three tests (filling it is the slow part); the last test only adds pending items
beforeAll(() => {
  b = bench()
  p = fill(b)
})
afterAll(() => {
  setClock(undefined)
  b[Symbol.dispose]()
})

function fill(b: Bench): Project {
  setClock(() => clock)
  const p = b.project({ origin: "git@github.com:acme/lazy.git", branch: "main" })
  const ctx = { project: p, actor: agent }
  const w = (kind: string, title: string, body: string, more: Record<string, unknown> = {}) => {
    tick()
    const r = b.memory.write({ kind, title, body, ...more }, ctx)
    expect({ title, outcome: r.outcome }).toEqual({ title, outcome: "created" })
  }
  b.memory.applyStatePatch({ context: "Lazy project: payments and exports.", next: ["first", "second", "third"] }, ctx)
  for (let i = 0; i < 240; i++) {
    const long = i % 17 === 0 ? ` ${"long reason ".repeat(70)}` : ""
    w("decision", `decision ${i} on module m${i}`, `why ${i}${long}`, { confidence: [0.6, 0.8, 0.95][i % 3] })
    // the same text on the project level as on the branch: shown once
    if (i % 40 === 0) w("decision", `decision ${i} on module m${i}`, `why ${i}${long}`, { scope: "project" })
  }
  const lessons: string[] = []
  for (let i = 0; i < 90; i++) {
    tick()
    const confidence = [0.3, 0.5, 0.7, 0.9][i % 4]
    lessons.push(b.memory.lessons.save({ title: `lesson ${i}`, body: `lesson body ${i}`, confidence }, ctx).id ?? "")
  }
  for (let i = 0; i < 70; i++) w("avoid", `avoid ${i}`, `never do thing ${i}`)
  for (let i = 0; i < 50; i++) w("preference", `preference ${i}`, `prefer style ${i}`)
  for (let i = 0; i < 30; i++) w("decision", `global decision ${i}`, `global why ${i}`, { scope: "global" })
  // reinforced lessons gain confidence and count from now: 3 → 1.0 first; 0 and 4 tie at 0.45, the later first
  for (const i of [4, 3, 0]) {
    tick()
    expect(b.memory.lessons.reinforce(lessons[i] ?? "", ctx).outcome).toBe("reinforced")
  }
  tick()
  b.memory.write({ kind: "decision", title: "expiring decision", body: "gone soon", ttlMs: 5000 }, ctx)
  tick(10_000)
  for (let i = 0; i < 30; i++) {
    tick()
    b.memory.write({ kind: "decision", title: `mined ${i}`, body: `mined text ${i}` }, { project: p, actor: miner })
  }
  return p
}

describe("the state view reads only what it shows", () => {
  test("page by page or all at once: the same view at every budget", () => {
    for (const budget of [4000, 1800, 600, 150]) {
      const whole = renderState(b.memory.store, { project: p, budgetTokens: budget }, 100_000)
      expect(renderState(b.memory.store, { project: p, budgetTokens: budget }, 1)).toBe(whole)
      expect(renderState(b.memory.store, { project: p, budgetTokens: budget }, 7)).toBe(whole)
      expect(b.memory.renderState({ project: p, budgetTokens: budget })).toBe(whole)
      expect(whole.length).toBeLessThanOrEqual(Math.max(400, budget * 4) + 200)
    }
  })

  test("each section shows the head of its order: decisions newest first, lessons by confidence then recency", () => {
    const md = b.memory.renderState({ project: p, budgetTokens: 8000 })
    const local = (kind: string) => b.memory.list({ project: p, kinds: [kind] }).filter((v) => v.scope !== "global")
    const touched = (v: ItemView) => Math.max(v.recordedAt, v.lastUsedAt ?? 0)
    const newest = (a: ItemView, c: ItemView) => c.recordedAt - a.recordedAt || (a.id < c.id ? 1 : -1)
    const expected = {
      decision: local("decision").sort(
        (a, c) => touched(c) - touched(a) || c.confidence - a.confidence || newest(a, c),
      ),
      lesson: local("lesson").sort((a, c) => c.confidence - a.confidence || touched(c) - touched(a) || newest(a, c)),
    }
    for (const [kind, order] of Object.entries(expected)) {
      const shown = md
        .split(`## ${kind === "lesson" ? "Lessons" : "Decisions"}\n`)[1]
        ?.split("\n\n")[0]
        ?.split("\n")
        .filter((l) => !/^- \d+ (older|more)/.test(l))
      const titles = [...new Set(order.map((v) => (kind === "lesson" ? v.body : v.title)))]
      expect(shown?.length).toBeGreaterThan(3)
      expect(shown?.map((l) => l.slice(2).split(" — ")[0])).toEqual(titles.slice(0, shown?.length))
    }
    expect(md).toContain("- lesson body 3\n- lesson body 87\n")
    expect(md.indexOf("- lesson body 4\n")).toBeGreaterThan(md.indexOf("- lesson body 0\n"))
    expect(md.indexOf("- lesson body 0\n")).toBeGreaterThan(0)
    // copies on two levels: once; the expired decision: neither shown nor counted
    expect(md.match(/^- decision 200 on module m200 /gm)?.length).toBe(1)
    expect(md).not.toContain("expiring decision")
    const small = b.memory.renderState({ project: p, budgetTokens: 1000 })
    const shown = small.split("\n").filter((l) => /^- decision \d+ on/.test(l)).length
    const older = Number(/- (\d+) older decisions — search_history/.exec(small)?.[1])
    expect(shown).toBeGreaterThan(0)
    // 246 rows: 240 decisions and 6 copies on the project level, the copies read so far counted once
    expect(shown + older).toBeGreaterThanOrEqual(240)
    expect(shown + older).toBeLessThanOrEqual(246)
    expect(md).toContain("- global decision 29 — global why 29")
  })

  test("pending: the newest ten opened, all counted; an expired one is not counted", () => {
    const head = b.memory.pendingHead({ project: p, limit: 10 })
    expect(head.total).toBe(30)
    expect(head.items.map((v) => v.title)).toEqual(Array.from({ length: 10 }, (_, i) => `mined ${29 - i}`))
    // control: the whole list agrees
    const all = b.memory.pending({ project: p })
    expect(all.length).toBe(30)
    expect(all.slice(0, 10).map((v) => v.id)).toEqual(head.items.map((v) => v.id))
    tick()
    b.memory.write(
      { kind: "note", title: "short-lived", body: "pending and expiring", ttlMs: 100 },
      { project: p, actor: miner },
    )
    expect(b.memory.pendingHead({ project: p, limit: 10 }).total).toBe(31)
    tick(1000)
    expect(b.memory.pendingHead({ project: p, limit: 10 }).total).toBe(30)
  })
})

describe("the tally the counts come from", () => {
  test("follows every change of status, scope and kind: it always equals counting the items", () => {
    using t = bench()
    const q = t.project({ origin: "git@github.com:acme/tally.git", branch: "main" })
    const ctx = { project: q, actor: agent }
    const tally = () =>
      t.memory.store.db
        .query("SELECT project, scope, kind, status, n FROM memory_tally WHERE n != 0 ORDER BY 1, 2, 3, 4")
        .all()
    const counted = () =>
      t.memory.store.db
        .query(
          "SELECT project, scope, kind, status, COUNT(*) AS n FROM memory_items GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4",
        )
        .all()
    const ids = Array.from(
      { length: 6 },
      (_, i) => t.memory.write({ kind: "decision", title: `d${i}`, body: `decision body ${i}` }, ctx).id ?? "",
    )
    const mined = Array.from(
      { length: 4 },
      (_, i) =>
        t.memory.write({ kind: "avoid", title: `m${i}`, body: `mined avoid ${i}` }, { project: q, actor: miner }).id ??
        "",
    )
    expect(t.memory.applyStatePatch({ next: ["a", "b"] }, ctx).ok).toBe(true)
    expect(t.memory.applyStatePatch({ next: ["c"] }, ctx).ok).toBe(true)
    t.memory.approve(mined[0] ?? "", { project: q, actor: person })
    t.memory.reject(mined[1] ?? "", { project: q, actor: person })
    t.memory.hide({ project: q, id: ids[0] }, agent)
    t.memory.forget({ project: q, id: ids[1] }, person)
    t.memory.write({ kind: "note", title: "global", body: "a global note", scope: "global" }, ctx)
    expect(tally().length).toBeGreaterThan(5)
    expect(tally()).toEqual(counted())
    // the counts the view shows come from it: 4 live decisions of 6
    const md = t.memory.renderState({ project: q, budgetTokens: 100 })
    expect(md).toContain("- d5 — decision body 5")
    expect(md).not.toContain("- d1 ")
    expect(md).not.toContain("- d0 ")
    expect(t.memory.pendingHead({ project: q, limit: 1 }).total).toBe(2)
  })
})
