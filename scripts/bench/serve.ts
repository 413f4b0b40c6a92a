#!/usr/bin/env bun
/**
 * egc serve start-up and context budget.
 *   bun run scripts/bench/serve.ts [runs]
 * Spawn → initialize → answered tools/list, for the compiled binary (target: median ≤ 100 ms), and
 * the size of the tools/list answer per profile (target: default < 4,000 tokens by chars/4).
 */
import { cpus } from "node:os"
import { client, row, setup, stats } from "./_util"

const runs = Number(process.argv[2] ?? 40)
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
console.log(out.join("\n"))
