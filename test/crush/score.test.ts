import { describe, expect, test } from "bun:test"
import { loadCases, score, summarise } from "./_score"

/**
 * The corpus (176 real outputs from other filters' fixture sets, copied in test/crush/corpus):
 * every must-keep string survives verbatim on every case, and the savings meet the issue's bars.
 */
const rows = loadCases().map((c) => score(c))

describe("crusher corpus score", () => {
  test("every must-keep string survives on every case", () => {
    const missing = rows.filter((r) => r.missing.length).map((r) => `${r.id}: ${r.missing.join(" | ")}`)
    expect(missing).toEqual([])
  })

  test("byte-weighted savings ≥ 65% and median savings on cases > 2 KB ≥ 70%", () => {
    const s = summarise(rows)
    const families = [...new Set(rows.map((r) => r.family))].sort()
    const report = families.map((f) => {
      const fs = summarise(rows.filter((r) => r.family === f))
      return `${f}: ${fs.cases} cases, ${(fs.weighted * 100).toFixed(1)}% weighted`
    })
    console.error(
      `corpus: ${(s.weighted * 100).toFixed(1)}% weighted, ${(s.medianBig * 100).toFixed(1)}% median of ${s.bigCases} cases > 2 KB\n  ${report.join("\n  ")}`,
    )
    expect(s.weighted).toBeGreaterThanOrEqual(0.65)
    expect(s.medianBig).toBeGreaterThanOrEqual(0.7)
  })

  test("most small outputs pass through byte for byte", () => {
    const small = rows.filter((r) => r.bytesIn < 1024)
    expect(small.length).toBeGreaterThan(100)
    expect(small.every((r) => r.mode === "raw" || r.mode === "clean")).toBe(true)
  })

  test("no output grows", () => {
    expect(rows.filter((r) => r.bytesOut > r.bytesIn).map((r) => r.id)).toEqual([])
  })
})
