#!/usr/bin/env bun
/**
 * Scores the crusher: must-keep retention and savings per family, on the corpus copy in
 * test/crush/corpus, or with `--realset` on the real-output set in test/crush/realset (reported per
 * split: tune and held out). `-v` lists every case over 1 KB.
 */
import { CORPUS, loadCases, REALSET, score, type Scored, summarise } from "../../test/crush/_score"

const real = process.argv.includes("--realset")
const dir = real ? REALSET : CORPUS
const rows = loadCases(dir).map((c) => score(c, dir))
const verbose = process.argv.includes("-v")
const pct = (x: number) => `${(x * 100).toFixed(1).padStart(5)}%`

function report(title: string, set: Scored[]): void {
  const families = [...new Set(set.map((r) => r.family))].sort()
  process.stdout.write(`## ${title}\n`)
  for (const f of families) {
    const s = summarise(set.filter((r) => r.family === f))
    process.stdout.write(
      `${f.padEnd(8)} cases ${String(s.cases).padStart(3)}  weighted ${pct(s.weighted)}  median>2KB ${pct(s.medianBig)} (${s.bigCases})  failing ${s.failing.length}\n`,
    )
  }
  const all = summarise(set)
  const big0 = set.filter((r) => r.bytesIn > 8192 && r.saving <= 0).map((r) => r.id)
  process.stdout.write(
    `ALL      cases ${all.cases}  weighted ${pct(all.weighted)}  median>2KB ${pct(all.medianBig)} (${all.bigCases})  failing ${all.failing.length}  >8KB at 0%: ${big0.join(", ") || "none"}\n`,
  )
  for (const r of all.failing)
    process.stdout.write(
      `  MISS ${r.id}: ${r.missing
        .slice(0, 5)
        .map((m) => JSON.stringify(m.slice(0, 100)))
        .join(" | ")}${r.missing.length > 5 ? ` (+${r.missing.length - 5})` : ""}\n`,
    )
  if (verbose)
    for (const r of [...set].sort((a, b) => b.bytesIn - a.bytesIn))
      if (r.bytesIn > 1024)
        process.stdout.write(
          `  ${r.id.padEnd(45)} ${String(r.bytesIn).padStart(6)} → ${String(r.bytesOut).padStart(6)}  ${(r.saving * 100).toFixed(0)}% ${r.mode}\n`,
        )
}

if (real) {
  report(
    "tuning half",
    rows.filter((r) => r.split === "tune"),
  )
  report(
    "held-out half",
    rows.filter((r) => r.split === "heldout"),
  )
} else report("corpus", rows)
