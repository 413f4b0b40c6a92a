#!/usr/bin/env bun
/** Scores the crusher on the corpus copy in test/crush/corpus: must-keep retention and savings per family. */
import { loadCases, score, summarise } from "../../test/crush/_score"

const rows = loadCases().map(score)
const verbose = process.argv.includes("-v")
const families = [...new Set(rows.map((r) => r.family))].sort()
for (const f of families) {
  const s = summarise(rows.filter((r) => r.family === f))
  process.stdout.write(`${f.padEnd(8)} cases ${String(s.cases).padStart(3)}  weighted ${(s.weighted * 100).toFixed(1).padStart(5)}%  median>2KB ${(s.medianBig * 100).toFixed(1).padStart(5)}% (${s.bigCases})  failing ${s.failing.length}\n`)
}
const all = summarise(rows)
process.stdout.write(`ALL      cases ${all.cases}  weighted ${(all.weighted * 100).toFixed(1)}%  median>2KB ${(all.medianBig * 100).toFixed(1)}% (${all.bigCases})  failing ${all.failing.length}\n`)
for (const r of all.failing) process.stdout.write(`  MISS ${r.id}: ${r.missing.map((m) => JSON.stringify(m.slice(0, 100))).join(" | ")}\n`)
if (verbose) for (const r of [...rows].sort((a, b) => b.bytesIn - a.bytesIn)) if (r.bytesIn > 1024) process.stdout.write(`  ${r.id.padEnd(45)} ${String(r.bytesIn).padStart(6)} → ${String(r.bytesOut).padStart(6)}  ${(r.saving * 100).toFixed(0)}% ${r.mode}\n`)
