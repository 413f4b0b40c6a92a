#!/usr/bin/env bun
/**
 * Crusher benchmarks (figures go to scripts/bench/results/crush.md):
 *   1. filter throughput on a generated 50 MB log (in process, crush() as `egc crush filter` runs it);
 *   2. `egc crush -- true` overhead over `true`, median of N runs of the compiled binary;
 *   3. peak memory of `egc crush --` on 1 GB of output (from `yes | head -c`), against the output size.
 * Usage: bun run scripts/bench/crush.ts [--runs N] [--skip-gb]
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { crush } from "../../src/crush/pipeline"
import { buildBinary } from "../build"

const args = process.argv.slice(2)
const RUNS = Number(args[args.indexOf("--runs") + 1] || 30) || 30
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2
    ? (s[s.length >> 1] as number)
    : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2
}

function generateLog(bytes: number): string {
  const parts: string[] = []
  let size = 0
  let i = 0
  while (size < bytes) {
    const ts = new Date(Date.UTC(2026, 0, 1) + i * 37).toISOString()
    const line =
      i % 997 === 0
        ? `${ts} ERROR [worker-${i % 8}] job ${i} failed: connection reset by peer\n    at Worker.run (src/worker.ts:${i % 300}:12)\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)\n`
        : i % 211 === 0
          ? `${ts}  WARN [worker-${i % 8}] slow response from upstream in ${i % 5000}ms\n`
          : `${ts}  INFO [worker-${i % 8}] request ${i} served in ${i % 90}ms path=/api/items/${i % 1000}\n`
    parts.push(line)
    size += line.length
    i++
  }
  return parts.join("")
}

function throughput(): void {
  const log = generateLog(50 * 1024 * 1024)
  const mb = Buffer.byteLength(log) / (1024 * 1024)
  for (const command of ["tail -n 2000000 app.log", "./server", "npm test"]) {
    const times: number[] = []
    const cpus: number[] = []
    let out = 0
    for (let k = 0; k < 5; k++) {
      const t = performance.now()
      const c = process.cpuUsage()
      out = crush(log, { command }).bytesOut
      const used = process.cpuUsage(c)
      times.push(performance.now() - t)
      cpus.push((used.user + used.system) / 1000)
    }
    const ms = median(times)
    const cpu = median(cpus)
    console.log(
      `throughput  ${command.padEnd(24)} ${mb.toFixed(1)} MB: wall ${ms.toFixed(0)} ms = ${(mb / (ms / 1000)).toFixed(1)} MB/s, cpu ${cpu.toFixed(0)} ms = ${(mb / (cpu / 1000)).toFixed(1)} MB/s (medians of 5; out ${(out / 1024).toFixed(1)} KB)`,
    )
  }
}

async function timeRun(argv: string[], env: Record<string, string>): Promise<number> {
  const t = performance.now()
  const p = Bun.spawn(argv, { stdout: "ignore", stderr: "ignore", env })
  await p.exited
  return performance.now() - t
}

async function overhead(bin: string, env: Record<string, string>): Promise<void> {
  const truePath = Bun.which("true") ?? "/bin/true"
  await timeRun([bin, "crush", "--", "true"], env)
  const base: number[] = []
  const crushed: number[] = []
  for (let k = 0; k < RUNS; k++) {
    base.push(await timeRun([truePath], env))
    crushed.push(await timeRun([bin, "crush", "--", "true"], env))
  }
  console.log(
    `overhead    true ${median(base).toFixed(2)} ms, egc crush -- true ${median(crushed).toFixed(2)} ms (medians of ${RUNS}); overhead ${(median(crushed) - median(base)).toFixed(2)} ms`,
  )
}

async function memory(bin: string, env: Record<string, string>): Promise<void> {
  for (const bytes of [0, 10_000_000, 100_000_000, 1_000_000_000]) {
    const cmd = `yes 'a line of build output that repeats: step ok' | head -c ${bytes}`
    const p = Bun.spawn(["/usr/bin/time", "-f", "%M %e", bin, "crush", "--", "sh", "-c", cmd], {
      stdout: "pipe",
      stderr: "pipe",
      env,
    })
    const [out, err] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited])
    const [kb, secs] = err.trim().split("\n").at(-1)?.split(" ") ?? []
    console.log(
      `memory      ${String(bytes / 1e6).padStart(5)} MB through egc crush --: peak RSS ${(Number(kb) / 1024).toFixed(0)} MB, ${secs} s, printed ${out.length} bytes`,
    )
  }
}

throughput()
const home = mkdtempSync(join(tmpdir(), "egc-bench-"))
try {
  const bin = await buildBinary({ outfile: join(home, "egc") })
  const env = { ...(process.env as Record<string, string>), EGC_HOME: join(home, "egc-home"), HOME: home }
  await overhead(bin, env)
  if (!args.includes("--skip-gb")) await memory(bin, env)
} finally {
  rmSync(home, { recursive: true, force: true })
}
