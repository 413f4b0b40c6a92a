/**
 * The one redactor (src/core/secrets) against the generated secret shapes and near-misses of
 * test/core/_secret-shapes.ts: detection and false-positive rates per half, per-shape misses,
 * import cost and throughput. Usage: npx bun run scripts/bench/secrets.ts
 */
import { nearMissCases, secretCases } from "../../test/core/_secret-shapes"
import { median } from "./_measure"

const t0 = performance.now()
const { redact } = await import("../../src/core/secrets")
const importMs = performance.now() - t0

const secrets = secretCases()
const misses = nearMissCases()
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}% (${a}/${b})`
for (const half of ["tuning", "held-out"] as const) {
  const s = secrets.filter((c) => c.half === half)
  const n = misses.filter((c) => c.half === half)
  const caught = s.filter((c) => !redact(c.text).includes(c.secret)).length
  const fp = n.filter((c) => redact(c.text) !== c.text).length
  console.log(`${half.padEnd(8)}  detection ${pct(caught, s.length)}  false positives ${pct(fp, n.length)}`)
}
for (const c of secrets) if (redact(c.text).includes(c.secret)) console.log(`  missed ${c.shape} (${c.half})`)
for (const c of misses) if (redact(c.text) !== c.text) console.log(`  changed ${c.shape} (${c.half}): ${c.text}`)

const sample = (n: number) => {
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    for (const c of secrets) redact(c.text)
    for (const c of misses) redact(c.text)
    times.push(performance.now() - t)
  }
  return median(times)
}
const per = (sample(20) * 1000) / (secrets.length + misses.length)
const log = '2025-01-01T00:00:00.000Z INFO [hook] answered event="pre-tool" tool="claude" decision="none"\n'.repeat(
  12_000,
)
const t1 = performance.now()
redact(log)
console.log(
  `import ${importMs.toFixed(1)} ms (first, includes no compile); ${per.toFixed(1)} µs per case; 1 MB of log lines in ${(performance.now() - t1).toFixed(0)} ms`,
)
