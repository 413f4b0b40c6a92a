import { describe, expect, test } from "bun:test"
import { STATE_TOKEN_BUDGET } from "../../src/memory"
import { agent, bench, type Bench } from "./_setup"

/** A project with `n` decisions written in order, a context, avoid items and next steps. */
function fill(b: Bench, n: number, next: string[]) {
  const p = b.project({ origin: "git@github.com:acme/big.git", branch: "main" })
  const ctx = { project: p, actor: agent }
  expect(
    b.memory.applyStatePatch(
      {
        context: "Billing service: invoices, refunds and the nightly export.",
        avoid: ["hand-editing the ledger table", "retrying the charge call without an idempotency key"],
      },
      ctx,
    ).ok,
  ).toBe(true)
  for (let i = 0; i < n; i += 50) {
    const decisions = Array.from({ length: Math.min(50, n - i) }, (_, k) => ({
      what: `decision number ${i + k} about module m${i + k}`,
      why: `because of reason ${i + k}, which is explained at some length so the line costs tokens`,
    }))
    expect(b.memory.applyStatePatch({ decisions }, ctx).ok).toBe(true)
  }
  expect(b.memory.applyStatePatch({ next }, ctx).ok).toBe(true)
  return p
}

const NEXT = [
  "zeta: wire the refund webhook",
  "alpha: backfill invoices for March",
  "mid: drop the legacy export job",
  "omega: write the runbook",
  "beta: rotate the API key",
]

describe("the state view fits a per-section budget", () => {
  test("2,000 decisions: newest decisions, every next step in the order written, context and avoid, within the cap", () => {
    using b = bench()
    const p = fill(b, 2000, NEXT)
    for (const budget of [STATE_TOKEN_BUDGET, 1800, 600]) {
      const md = b.memory.renderState({ project: p, budgetTokens: budget })
      expect(md.length).toBeLessThanOrEqual(budget * 4)
      expect(md).toContain("## Context\nBilling service")
      expect(md).toContain("- hand-editing the ledger table")
      // next steps in the order written (not alphabetical, not reversed)
      const at = NEXT.map((s) => md.indexOf(`- ${s}`))
      expect(at.every((i) => i > 0)).toBe(true)
      expect([...at].sort((x, y) => x - y)).toEqual(at)
      // the newest decision is shown, the oldest is not, and the rest are counted
      expect(md).toContain("- decision number 1999 about module m1999")
      expect(md).not.toContain("decision number 0 about")
      const shown = md.split("\n").filter((l) => l.startsWith("- decision number ")).length
      expect(shown).toBeGreaterThan(0)
      expect(md).toContain(`- ${2000 - shown} older decisions — search_history`)
      const order = md
        .split("\n")
        .filter((l) => l.startsWith("- decision number "))
        .map((l) => Number(/number (\d+)/.exec(l)?.[1]))
      expect(order).toEqual([...order].sort((x, y) => y - x))
    }
  }, 60_000)

  test("positive control: a small project shows everything and counts nothing", () => {
    using b = bench()
    const p = fill(b, 3, NEXT)
    const md = b.memory.renderState({ project: p })
    for (const i of [0, 1, 2]) expect(md).toContain(`- decision number ${i} about module m${i}`)
    expect(md).not.toContain("older decisions")
    expect(md).not.toContain("more next steps")
  })

  test("a very long context is shortened, never dropped, and next steps still appear", () => {
    using b = bench()
    const p = b.project()
    const ctx = { project: p, actor: agent }
    const context = Array.from({ length: 400 }, (_, i) => `context line ${i} with some words in it`).join("\n")
    expect(
      b.memory.applyStatePatch({ context, next: ["first step", "second step"], decisions: [{ what: "keep it" }] }, ctx)
        .ok,
    ).toBe(true)
    const md = b.memory.renderState({ project: p, budgetTokens: 800 })
    expect(md.length).toBeLessThanOrEqual(3200)
    expect(md).toContain("context line 0 with")
    expect(md).not.toContain("context line 399")
    expect(md).toContain("… (context continues — get_state)")
    expect(md.indexOf("- first step")).toBeLessThan(md.indexOf("- second step"))
    expect(md).toContain("- keep it")
  })

  test("lessons come by confidence: the confident one first, the shaky one after", () => {
    using b = bench()
    const p = b.project()
    const ctx = { project: p, actor: agent }
    b.memory.lessons.save({ body: "shaky lesson about the cache", confidence: 0.3 }, ctx)
    b.memory.lessons.save({ body: "confident lesson about the export batch size", confidence: 0.95 }, ctx)
    const md = b.memory.renderState({ project: p })
    expect(md).toContain("## Lessons")
    expect(md.indexOf("confident lesson")).toBeGreaterThan(0)
    expect(md.indexOf("confident lesson")).toBeLessThan(md.indexOf("shaky lesson"))
  })
})

describe("fitLines (prompt-submit recall)", () => {
  test("lines that do not fit are counted, the first is always shown, and the flag mark survives", async () => {
    const { fitLines } = await import("../../src/memory")
    const lines = Array.from({ length: 10 }, (_, i) => `- [decision] item ${i} ${"x".repeat(80)}`)
    const out = fitLines(lines, 400, (n) => `- … ${n} more — memory_recall`)
    expect(out.length).toBeLessThanOrEqual(400)
    expect(out.startsWith("- [decision] item 0")).toBe(true)
    expect(out).toMatch(/- … \d+ more — memory_recall$/)
    // control: room for everything shows everything and counts nothing
    expect(fitLines(lines, 10_000, (n) => `${n} more`)).toBe(lines.join("\n"))
    const flagged = fitLines([`- ${"y".repeat(500)} ⚠ [flagged]`], 120, (n) => `${n} more`, " ⚠ [flagged]")
    expect(flagged.endsWith(" ⚠ [flagged]")).toBe(true)
    expect(flagged.length).toBeLessThanOrEqual(120)
  })
})
