#!/usr/bin/env bun
/**
 * search_history through stdio at 10k items (issue 4 target: round trip p95 ≤ 15 ms), and
 * spawn → answered tools/list for comparison, against the compiled binary in one run.
 *   bun run scripts/bench/serve-search.ts [items] [calls]
 * Items are written by the production write layer into an isolated EGC_HOME.
 */
import { client, row, setup, stats } from "./_util"

const items = Number(process.argv[2] ?? 10_000)
const calls = Number(process.argv[3] ?? 200)
const { project, bin, env } = await setup("search")
process.env.HOME = env.HOME
process.env.EGC_HOME = env.EGC_HOME

const WORDS = "auth cache queue invoice ledger billing webhook retry timeout schema migration index shard replica token session cookie cors csrf upload thumbnail search ranking feature flag rollout canary metrics tracing logging alert pager deploy rollback container kubernetes helm terraform bucket cdn latency throughput batch stream kafka redis postgres sqlite mongo graphql grpc rest pagination cursor idempotency checkout cart price tax currency locale timezone cron worker scheduler lock mutex".split(" ")
const pick = (i: number, k: number): string => WORDS[(i * 7 + k * 13) % WORDS.length] ?? "x"
const { resolveProject } = await import("../../src/core/project")
const { openMemory } = await import("../../src/memory")
const p = resolveProject(project)
const memory = openMemory()
const t0 = performance.now()
for (let i = 0; i < items; i++) {
  const a = pick(i, 1), b = pick(i, 2), c = pick(i, 3)
  memory.write({ kind: i % 5 === 0 ? "lesson" : "decision", title: `Use ${a} for ${b} (${i})`, body: `Decided to route ${b} through ${a} because ${c} failed under load in case ${i}.`, entities: [a, b], scope: "project" }, { project: p, actor: { source: "agent" } })
}
const populate = performance.now() - t0

const c = await client(bin, project, env)
await c.call("search_history", { query: "warm up" })
const samples: number[] = []
for (let i = 0; i < calls; i++) {
  const t = performance.now()
  await c.call("search_history", { query: `${pick(i, 4)} ${pick(i, 5)} failed`, limit: 10 })
  samples.push(performance.now() - t)
}
await c.close()
process.stdout.write(
  [
    `search_history over stdio — ${new Date().toISOString()} — ${items} items (written in ${(populate / 1000).toFixed(1)} s), ${calls} calls, Bun ${Bun.version}`,
    "",
    "| call | n | p50 ms | p95 ms | min | max |",
    "| --- | --- | --- | --- | --- | --- |",
    row("search_history round trip", stats(samples)),
    "",
  ].join("\n"),
)
