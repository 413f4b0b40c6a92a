import { describe, expect, test } from "bun:test"
import { setClock } from "../../src/core/clock"
import { recordRun, savings } from "../../src/crush/ledger"
import { parseSince } from "../../src/crush/since"
import { ownEgcHome } from "../fixture"

// counts runs across projects: its own home, so other tests' runs never count
ownEgcHome()

const DAY = 86_400_000
const T0 = Date.UTC(2026, 4, 10, 12)
const run = (over: Partial<Parameters<typeof recordRun>[0]>) =>
  recordRun({
    id: `r${Math.random().toString(36).slice(2)}`,
    at: T0,
    project: "p_a",
    family: "test",
    program: "npm",
    mode: "filtered",
    bytesIn: 1000,
    bytesOut: 100,
    durationMs: 5,
    exitCode: 0,
    ...over,
  })

describe("ledger", () => {
  test("groups by family, project and day, with token estimates", () => {
    run({ project: "p_ledger1", family: "test", bytesIn: 4000, bytesOut: 400 })
    run({ project: "p_ledger1", family: "git", bytesIn: 2000, bytesOut: 2000, at: T0 + DAY })
    run({ project: "p_ledger2", family: "test", bytesIn: 1000, bytesOut: 200, at: T0 + DAY })
    const s = savings({ project: "p_ledger1" })
    expect(s.total).toMatchObject({
      runs: 2,
      bytesIn: 6000,
      bytesOut: 2400,
      tokensIn: 1500,
      tokensOut: 600,
      tokensSaved: 900,
    })
    expect(s.total.saving).toBeCloseTo(0.6)
    expect(s.byFamily.map((r) => [r.key, r.runs, r.bytesIn])).toEqual([
      ["test", 1, 4000],
      ["git", 1, 2000],
    ])
    expect(s.byProject.map((r) => r.key)).toEqual(["p_ledger1"])
    expect(s.byDay.map((r) => r.key)).toEqual(["2026-05-10", "2026-05-11"])
    const all = savings({ since: T0 })
    expect(all.byProject.map((r) => r.key).sort()).toEqual(["p_ledger1", "p_ledger2"])
  })

  test("since filters by time", () => {
    run({ project: "p_since", at: T0 - 10 * DAY })
    run({ project: "p_since", at: T0 })
    expect(savings({ project: "p_since" }).total.runs).toBe(2)
    expect(savings({ project: "p_since", since: T0 - DAY }).total.runs).toBe(1)
  })

  test("an empty window reports zeros, not an error", () => {
    const s = savings({ project: "p_nobody" })
    expect(s.total).toMatchObject({ runs: 0, bytesIn: 0, saving: 0 })
    expect(s.byFamily).toEqual([])
  })

  test("--since accepts durations and dates and refuses the rest", () => {
    setClock(() => T0)
    try {
      expect(parseSince("24h")).toBe(T0 - DAY)
      expect(parseSince("7d")).toBe(T0 - 7 * DAY)
      expect(parseSince("2026-05-01")).toBe(Date.UTC(2026, 4, 1))
      expect(() => parseSince("yesterday")).toThrow(/neither a duration/)
      expect(() => parseSince("-5d")).toThrow()
    } finally {
      setClock(undefined)
    }
  })
})
