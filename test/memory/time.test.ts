import { afterEach, describe, expect, test } from "bun:test"
import { DAY, setClock, WEEK } from "../../src/core/clock"
import { decayedConfidence } from "../../src/memory"
import { agent, bench, person } from "./_setup"

let t = Date.UTC(2026, 2, 1)
const at = (ms: number) => {
  t = ms
  setClock(() => t)
}
afterEach(() => setClock(undefined))

describe("time", () => {
  test("supersede ends validity, links, keeps history, and as_of answers what we held then", () => {
    using b = bench()
    const p = b.project()
    const ctx = { project: p, actor: agent }
    at(Date.UTC(2026, 2, 1))
    const v1 = b.memory.write({ kind: "decision", body: "ORM is Prisma" }, ctx)
    const before = t + 1000
    at(t + DAY)
    const v2 = b.memory.write({ kind: "decision", body: "ORM is Drizzle", supersedes: v1.id }, ctx)
    expect(b.memory.recall({ project: p, query: "ORM" }).items.map((v) => v.body)).toEqual(["ORM is Drizzle"])
    expect(b.memory.recall({ project: p, query: "ORM", asOf: before }).items.map((v) => v.body)).toEqual([
      "ORM is Prisma",
    ])
    expect(b.memory.list({ project: p, asOf: before }).map((v) => v.id)).toEqual([v1.id as string])
    const hist = b.memory.history({ project: p, id: v2.id as string })
    expect(hist.map((v) => `${v.body}:${v.status}`).sort()).toEqual([
      "ORM is Drizzle:active",
      "ORM is Prisma:superseded",
    ])
    const old = hist.find((v) => v.id === v1.id)
    expect(old?.validTo).toBe(t)
  })

  test("working memory is invisible the instant it expires, before any sweep; TTL capped at 7 days", () => {
    using b = bench()
    const p = b.project()
    const ctx = { project: p, actor: agent }
    at(Date.UTC(2026, 2, 1))
    b.memory.working.set({ key: "k", value: "short lived", ttlMs: 1000 }, ctx)
    const long = b.memory.working.set({ key: "long", value: "capped", ttlMs: 30 * DAY }, ctx)
    at(t + 999)
    expect(b.memory.working.get({ project: p, key: "k" })?.body).toBe("short lived")
    at(t + 1)
    expect(b.memory.working.get({ project: p, key: "k" })).toBeUndefined()
    expect(b.memory.search({ project: p, query: "short lived" }).length).toBe(0)
    const capped = b.memory.get({ project: p, id: long.id as string })
    expect(capped && "expiresAt" in capped ? (capped.expiresAt as number) - capped.recordedAt : 0).toBe(7 * DAY)
    expect(b.memory.working.sweep().length).toBe(1)
    expect(b.memory.working.sweep().length).toBe(0)
  })

  test("working memory: same key replaces the value, default TTL 24 h", () => {
    using b = bench()
    const p = b.project()
    const ctx = { project: p, actor: agent }
    at(Date.UTC(2026, 2, 1))
    b.memory.working.set({ key: "task", value: "one" }, ctx)
    b.memory.working.set({ key: "task", value: "two" }, ctx)
    expect(b.memory.working.list({ project: p }).map((v) => v.body)).toEqual(["two"])
    at(t + DAY - 1)
    expect(b.memory.working.get({ project: p, key: "task" })?.body).toBe("two")
    at(t + 1)
    expect(b.memory.working.get({ project: p, key: "task" })).toBeUndefined()
  })

  test("lesson confidence: 0.7 default, +0.15 capped at 1, no decay for 30 days, 0.05 per full week after", () => {
    expect(decayedConfidence(0.7, 0, 30 * DAY)).toBe(0.7)
    expect(decayedConfidence(0.7, 0, 30 * DAY + WEEK - 1)).toBe(0.7)
    expect(decayedConfidence(0.7, 0, 30 * DAY + WEEK)).toBe(0.65)
    expect(decayedConfidence(0.7, 0, 30 * DAY + 3 * WEEK + 5)).toBe(0.55)
    using b = bench()
    const p = b.project()
    const ctx = { project: p, actor: agent }
    at(Date.UTC(2026, 2, 1))
    const l = b.memory.lessons.save({ body: "pin the node version in CI" }, ctx)
    const conf = () => b.memory.list({ project: p, kinds: ["lesson"], statuses: ["active", "archived"] })[0]?.confidence
    expect(conf()).toBe(0.7)
    b.memory.lessons.reinforce(l.id as string, ctx)
    expect(conf()).toBe(0.85)
    b.memory.lessons.reinforce(l.id as string, ctx)
    b.memory.lessons.reinforce(l.id as string, ctx)
    expect(conf()).toBe(1)
  })

  test("decay sweep is idempotent, measured from the last use, archives below 0.2, reinforcement revives", () => {
    using b = bench()
    const p = b.project()
    const ctx = { project: p, actor: agent }
    const start = Date.UTC(2026, 2, 1)
    at(start)
    const l = b.memory.lessons.save({ body: "cache the lockfile hash" }, ctx)
    const view = () => b.memory.list({ project: p, kinds: ["lesson"], statuses: ["active", "archived"] })[0]
    at(start + 30 * DAY + 2 * WEEK)
    for (let i = 0; i < 5; i++) b.memory.lessons.sweep({ project: p })
    expect(view()?.confidence).toBe(0.6)
    // a use restarts the clock from the decayed value: no jump back up, no decay for 30 more days
    b.memory.lessons.recall({ project: p, query: "lockfile" }, agent)
    at(t + 29 * DAY)
    b.memory.lessons.sweep({ project: p })
    expect(view()?.confidence).toBe(0.6)
    at(start + 30 * DAY + 2 * WEEK + 30 * DAY + 9 * WEEK)
    b.memory.lessons.sweep()
    b.memory.lessons.sweep()
    expect(view()).toMatchObject({ status: "archived", confidence: 0.15 })
    expect(b.memory.lessons.recall({ project: p, query: "lockfile" }, agent).length).toBe(0)
    b.memory.lessons.reinforce(l.id as string, { project: p, actor: person })
    expect(view()).toMatchObject({ status: "active", confidence: 0.3 })
  })
})

test("maintain runs both sweeps and is idempotent", () => {
  using b = bench()
  const p = b.project()
  const ctx = { project: p, actor: agent }
  at(Date.UTC(2026, 5, 1))
  b.memory.lessons.save({ body: "a lesson nobody uses", confidence: 0.3 }, ctx)
  b.memory.working.set({ key: "k", value: "v", ttlMs: 1000 }, ctx)
  at(t + 30 * DAY + 3 * WEEK)
  expect(b.memory.maintain()).toEqual({ decayed: 0, archived: 1, expired: 1 })
  expect(b.memory.maintain()).toEqual({ decayed: 0, archived: 0, expired: 0 })
})
