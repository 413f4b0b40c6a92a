#!/usr/bin/env bun
/**
 * Start-up of the compiled binary vs a compiled Bun "hello" in the same run (issue 2 target: within
 * 3× that floor for `egc version` and a no-op `egc hook`).
 *   bun run scripts/bench/startup.ts [--runs N] [--bin dist/egc]
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { buildBinary } from "../build"
import { helloBinary, median, percentile, timeProcesses, type Case } from "./_measure"

const argv = process.argv.slice(2)
const runs = Number(argv[argv.indexOf("--runs") + 1] ?? 0) || 40
const dir = mkdtempSync(join(tmpdir(), "egc-bench-"))
try {
  const bin = argv.includes("--bin")
    ? resolve(argv[argv.indexOf("--bin") + 1] ?? "")
    : await buildBinary({ outfile: join(dir, "egc") })
  const hello = await helloBinary(dir)
  const env = { HOME: join(dir, "home"), EGC_HOME: join(dir, "egc-home") }
  const hasHook = Bun.spawnSync([bin, "hook", "--help"], { env: { ...process.env, ...env } }).exitCode === 0
  const cases: Case[] = [
    { name: "bun hello (floor)", cmd: [hello] },
    { name: "egc version", cmd: [bin, "version"], env },
    { name: "egc --help", cmd: [bin, "--help"], env },
  ]
  if (hasHook)
    cases.push({
      name: "egc hook (EGC_DISABLE=1)",
      cmd: [bin, "hook", "pre-tool", "--tool", "claude-code"],
      env: { ...env, EGC_DISABLE: "1" },
      stdin: "{}",
    })
  const samples = timeProcesses(cases, runs)
  const floor = median(samples.get("bun hello (floor)")?.wall ?? [])
  const rows = [...samples].map(
    ([name, { wall: xs }]) =>
      `| ${name} | ${median(xs).toFixed(1)} | ${percentile(xs, 95).toFixed(1)} | ${(median(xs) / floor).toFixed(2)}× |`,
  )
  const table = ["| command | median ms | p95 ms | × floor |", "| --- | --- | --- | --- |", ...rows].join("\n")
  process.stdout.write(`${table}\n\n${runs} runs each after 3 warm-up runs, interleaved; ${new Date().toISOString()}\n`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
