#!/usr/bin/env bun
/**
 * Start-up and hook cost of this build against another build (the previous commit), interleaved in
 * one run so both share the machine's noise; each against a compiled Bun hello built in the same run.
 *   bun run scripts/bench/startup-compare.ts --base PATH/TO/OLD/egc [--bin dist/egc] [--runs N]
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { helloBinary, median, percentile, timeProcesses, type Case } from "./_measure"

const argv = process.argv.slice(2)
const opt = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined)
const base = opt("--base")
if (!base) throw new Error("--base PATH is required (a binary built from the previous commit)")
const bin = resolve(opt("--bin") ?? "dist/egc")
const runs = Number(opt("--runs") ?? 0) || 30
const dir = mkdtempSync(join(tmpdir(), "egc-bench-"))
try {
  const hello = await helloBinary(dir)
  const project = join(dir, "project")
  mkdirSync(join(project, ".git"), { recursive: true })
  await Bun.write(join(project, ".git", "HEAD"), "ref: refs/heads/main\n")
  const pre = JSON.stringify({
    session_id: "b",
    hook_event_name: "PreToolUse",
    cwd: project,
    tool_name: "Bash",
    tool_input: { command: "ls -la" },
  })
  const cases: Case[] = [{ name: "bun hello (floor)", cmd: [hello] }]
  for (const [label, path] of [
    ["previous", resolve(base)],
    ["this", bin],
  ] as const) {
    const env = { HOME: join(dir, `home-${label}`), EGC_HOME: join(dir, `egc-${label}`) }
    cases.push({ name: `${label}: egc version`, cmd: [path, "version"], env })
    cases.push({
      name: `${label}: no-op hook (EGC_DISABLE=1)`,
      cmd: [path, "hook", "pre-tool", "--tool", "claude-code"],
      env: { ...env, EGC_DISABLE: "1" },
      stdin: "{}",
    })
    cases.push({
      name: `${label}: pre-tool hook, ls`,
      cmd: [path, "hook", "pre-tool", "--tool", "claude-code"],
      env,
      stdin: pre,
    })
    cases.push({ name: `${label}: guard check ls`, cmd: [path, "guard", "check", "--no-record", "ls"], env })
  }
  const samples = timeProcesses(cases, runs, 3, project)
  const floor = median(samples.get("bun hello (floor)")?.wall ?? [])
  const cpuFloor = median(samples.get("bun hello (floor)")?.cpu ?? [])
  console.log("| command | wall median ms | wall p95 ms | wall × floor | cpu median ms | cpu × floor |")
  console.log("| --- | --- | --- | --- | --- | --- |")
  for (const [name, { wall, cpu }] of samples) {
    const w = median(wall)
    const c = median(cpu)
    console.log(
      `| ${name} | ${w.toFixed(1)} | ${percentile(wall, 95).toFixed(1)} | ${(w / floor).toFixed(2)}× | ${c.toFixed(1)} | ${(c / cpuFloor).toFixed(2)}× |`,
    )
  }
  // Paired by round (cases run interleaved, so round i of both builds shared the same moment's load):
  // the median of the per-round differences cancels the drift that moves both medians on a busy box.
  console.log("\n| command | wall Δ this − previous, paired median ms | wall Δ % | cpu Δ paired median ms | cpu Δ % |")
  console.log("| --- | --- | --- | --- | --- |")
  for (const [name, prev] of samples) {
    if (!name.startsWith("previous: ")) continue
    const cur = samples.get(name.replace("previous: ", "this: "))
    if (!cur) continue
    const delta = (a: number[], b: number[]) => median(a.map((x, i) => x - (b[i] ?? x)))
    const pct = (d: number, base: number[]) => `${d >= 0 ? "+" : ""}${((d / median(base)) * 100).toFixed(1)}%`
    const w = delta(cur.wall, prev.wall)
    const c = delta(cur.cpu, prev.cpu)
    const label = name.replace("previous: ", "")
    console.log(`| ${label} | ${w.toFixed(1)} | ${pct(w, prev.wall)} | ${c.toFixed(1)} | ${pct(c, prev.cpu)} |`)
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
