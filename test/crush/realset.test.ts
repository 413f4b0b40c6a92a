import { describe, expect, test } from "bun:test"
import { loadCases, REALSET, score, summarise } from "./_score"

/**
 * The real-output set (test/crush/realset): outputs of ordinary commands on npm packages, labelled by
 * a written rule before filtering. Every needed line or id survives on every case of both halves, and
 * the held-out half meets the savings bars.
 */
const rows = loadCases(REALSET).map((c) => score(c, REALSET))

describe("real-output set", () => {
  test("both halves are there, split before tuning", () => {
    expect(rows.filter((r) => r.split === "tune").length).toBeGreaterThan(15)
    expect(rows.filter((r) => r.split === "heldout").length).toBeGreaterThan(15)
  })

  test("no needed line is lost, in either half", () => {
    expect(rows.filter((r) => r.missing.length).map((r) => `${r.id}: ${r.missing.slice(0, 3).join(" | ")}`)).toEqual([])
  })

  test("held-out half: byte-weighted savings ≥ 70% and median over 2 KB ≥ 70%", () => {
    const s = summarise(rows.filter((r) => r.split === "heldout"))
    expect(s.weighted).toBeGreaterThanOrEqual(0.7)
    expect(s.medianBig).toBeGreaterThanOrEqual(0.7)
  })

  test("no output grows", () => {
    expect(rows.filter((r) => r.bytesOut > r.bytesIn).map((r) => r.id)).toEqual([])
  })
})
