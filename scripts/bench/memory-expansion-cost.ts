#!/usr/bin/env bun
/**
 * What query expansion costs a warm recall: `npx bun run scripts/bench/memory-expansion-cost.ts [--items 10000]
 * [--rounds 20]`. Fills one project as memory-latency.ts does, then times warm recalls with each variant
 * (nothing learned, pseudo-relevance feedback, co-occurrence) switched on in turn, query by query in the same
 * process, so the variants share the machine's load. Each variant's first pass over the queries (where a
 * learned answer is computed, not reused) is reported apart from the repeats.
 */
import { rmSync } from "node:fs"
import { LATENCY_QUERIES as QUERIES } from "./memory-corpus"

const args = process.argv.slice(2)
const known = new Set(["--items", "--rounds"])
for (let i = 0; i < args.length; i += 2)
  if (!known.has(args[i] as string) || !Number.isFinite(Number(args[i + 1])))
    throw new Error(`usage: memory-expansion-cost.ts [--items N] [--rounds N] (got ${args[i]})`)
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(name)
  return i >= 0 ? Number(args[i + 1]) : fallback
}
const ITEMS = flag("--items", 10_000)
const ROUNDS = flag("--rounds", 20)

const { benchStore, itemStream } = await import("./_memory-store")
const { FEEDBACK } = await import("../../src/memory/read/feedback")
const { COOCCUR } = await import("../../src/memory/read/cooccur")
const { root, db, memory, repo } = benchStore("expansion")
const { project } = repo("app", "git@github.com:bench/app.git")
const stream = itemStream()
const agent = { source: "agent" as const, sessionId: "bench" }
for (let n = 0; n < ITEMS; n++) {
  const { topicKind, kind: _, scope: __, ...rest } = stream(n)
  const r = memory.write({ ...rest, kind: topicKind }, { project, actor: agent })
  if (r.outcome !== "created") throw new Error(`write ${n}: ${r.outcome}`)
}

// the switches are read at each recall; the bench flips them in place
const fb = FEEDBACK as { enabled: boolean }
const co = COOCCUR as { enabled: boolean }
const VARIANTS = {
  plain: () => {
    fb.enabled = false
    co.enabled = false
  },
  feedback: () => {
    fb.enabled = true
    co.enabled = false
  },
  cooccur: () => {
    fb.enabled = false
    co.enabled = true
  },
} as const
const saved = { fb: fb.enabled, co: co.enabled }
VARIANTS.plain()
memory.recall({ project, query: "warm up" })
const took = Object.fromEntries(Object.keys(VARIANTS).map((k) => [k, { first: [] as number[], warm: [] as number[] }]))
for (let round = 0; round < ROUNDS; round++)
  for (const query of QUERIES)
    for (const [name, set] of Object.entries(VARIANTS)) {
      set()
      const t0 = performance.now()
      memory.recall({ project, query })
      const ms = performance.now() - t0
      took[name]?.[round === 0 ? "first" : "warm"].push(ms)
    }
fb.enabled = saved.fb
co.enabled = saved.co

const pct = (xs: number[], q: number) => +([...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)] ?? 0).toFixed(2)
const { loadavg } = await import("node:os")
process.stdout.write(
  `${ITEMS} items, ${ROUNDS} rounds of ${QUERIES.length} queries, load ${loadavg()[0]?.toFixed(1)}\n`,
)
process.stdout.write("| variant | first pass p50 / p95 (ms) | warm p50 / p95 (ms) |\n| --- | --- | --- |\n")
for (const [name, t] of Object.entries(took))
  process.stdout.write(
    `| ${name} | ${pct(t.first, 0.5)} / ${pct(t.first, 0.95)} | ${pct(t.warm, 0.5)} / ${pct(t.warm, 0.95)} |\n`,
  )
db.close()
rmSync(root, { recursive: true, force: true })
