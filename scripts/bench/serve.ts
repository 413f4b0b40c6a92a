#!/usr/bin/env bun
/**
 * egc serve start-up and context budget.
 *   bun run scripts/bench/serve.ts [runs] [--search N]
 * Spawn → initialize → answered tools/list, for the compiled binary (target: median ≤ 100 ms), and
 * the size of the tools/list answer per profile (target: default < 4,000 tokens by chars/4).
 * With --search N: N items written through the memory write layer, then search_history round trips
 * through stdio (target at 10k items: p95 ≤ 15 ms).
 */
import { cpus } from "node:os"
import { client, row, setup, stats } from "./_util"

const argv = process.argv.slice(2)
const searchAt = argv.indexOf("--search")
const searchItems = searchAt >= 0 ? Number(argv[searchAt + 1]) : 0
const runs = Number(argv.find((a, i) => /^\d+$/.test(a) && argv[i - 1] !== "--search") ?? 40)
const { bin, project, env } = await setup("serve")
const measure = async (args: string[]) => {
  const t0 = performance.now()
  const c = await client(bin, project, env, args)
  const tInit = performance.now()
  const list = await c.client.listTools()
  const t1 = performance.now()
  await c.close()
  return { init: tInit - t0, total: t1 - t0, list }
}

await measure(["serve"]) // warm-up: page cache, first migration
const totals: number[] = []
const inits: number[] = []
for (let i = 0; i < runs; i++) {
  const m = await measure(["serve"])
  totals.push(m.total)
  inits.push(m.init)
}
const budget: string[] = []
for (const profile of ["default", "full"]) {
  const { list } = await measure(["serve", "--tools", profile])
  const chars = JSON.stringify(list).length
  budget.push(`| ${profile} | ${list.tools.length} | ${chars} | ${Math.ceil(chars / 4)} |`)
}
const out = [
  `egc serve benchmark — ${new Date().toISOString()} — ${cpus().length} cores, ${cpus()[0]?.model ?? "?"}, Bun ${Bun.version}`,
  "",
  "| spawn → (ms) | n | median | p95 | min | max |",
  "| --- | --- | --- | --- | --- | --- |",
  row("initialize answered", stats(inits)),
  row("tools/list answered", stats(totals)),
  "",
  "| profile | tools | tools/list chars | tokens (chars/4) |",
  "| --- | --- | --- | --- |",
  ...budget,
]
if (searchItems > 0) out.push("", ...(await searchBench(searchItems)))
console.log(out.join("\n"))

/** Fill the store through the production writer, then time search_history through a real client. */
async function searchBench(n: number): Promise<string[]> {
  Object.assign(process.env, { HOME: env.HOME, EGC_HOME: env.EGC_HOME })
  const { resolveProject } = await import("../../src/core/project")
  const { openMemory } = await import("../../src/memory")
  const memory = openMemory({ consent: "agent" })
  const repo = resolveProject(project)
  const words = [
    "cache",
    "queue",
    "auth",
    "deploy",
    "schema",
    "retry",
    "index",
    "billing",
    "search",
    "export",
    "upload",
    "quota",
  ]
  const t0 = performance.now()
  for (let i = 0; i < n; i++) {
    const a = words[i % words.length]!
    const b = words[(i * 7 + 3) % words.length]!
    const r = memory.write(
      {
        kind: i % 3 ? "decision" : "lesson",
        title: `${a} ${b} decision ${i}`,
        body: `We chose the ${a} approach for ${b} in module m${i % 97}; ticket ${i}.`,
        scope: "project",
      },
      { project: repo, actor: { source: "agent", sessionId: "bench" } },
    )
    if (r.outcome !== "created") throw new Error(`write ${i}: ${r.outcome}`)
  }
  const fill = (performance.now() - t0) / 1000
  const c = await client(bin, project, env)
  let t = performance.now()
  const firstHits = (await c.call("search_history", { query: "cache queue" })).results.length as number
  const first = performance.now() - t
  if (firstHits === 0) throw new Error("search_history found nothing: the server is not reading the filled store")
  const times: number[] = []
  for (let i = 0; i < 200; i++) {
    t = performance.now()
    await c.call("search_history", { query: `${words[i % words.length]} ${words[(i + 5) % words.length]}`, limit: 10 })
    times.push(performance.now() - t)
  }
  await c.close()
  return [
    `search_history through stdio, ${n} items in the project (filled in ${fill.toFixed(1)} s through the write layer); first call (index built or loaded) ${first.toFixed(1)} ms, ${firstHits} results`,
    "",
    "| round trip (ms) | n | p50 | p95 | min | max |",
    "| --- | --- | --- | --- | --- | --- |",
    row("search_history, warm", stats(times)),
  ]
}
