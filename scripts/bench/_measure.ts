import { readFileSync } from "node:fs"
import { loadavg } from "node:os"

/** Shared benchmark helpers: whole-process timing of commands, interleaved to share the noise. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? 0
}

export interface Case {
  name: string
  cmd: string[]
  env?: Record<string, string>
  stdin?: string
  /** Run (untimed) before each spawn of this case: e.g. move a ref so the command has work to do. */
  before?: () => void
}

export interface Samples {
  /** whole-process wall time, ms */
  wall: number[]
  /** the child's user + system CPU time, ms (what it costs when the box is not preempting it) */
  cpu: number[]
}

/** Run every case `runs` times after `warmup` runs, interleaving cases so they share the noise. */
export function timeProcesses(cases: Case[], runs = 30, warmup = 3, cwd?: string): Map<string, Samples> {
  const samples = new Map(cases.map((c) => [c.name, { wall: [], cpu: [] } as Samples]))
  for (let i = 0; i < warmup + runs; i++) {
    for (const c of cases) {
      c.before?.()
      const t0 = performance.now()
      const r = Bun.spawnSync(c.cmd, {
        cwd,
        env: { ...process.env, ...c.env },
        stdin: c.stdin === undefined ? "ignore" : new TextEncoder().encode(c.stdin),
        stdout: "ignore",
        stderr: "ignore",
      })
      const dt = performance.now() - t0
      if (r.exitCode === null) throw new Error(`${c.name} did not exit`)
      if (i < warmup) continue
      samples.get(c.name)?.wall.push(dt)
      samples.get(c.name)?.cpu.push(Number(r.resourceUsage?.cpuTime.total ?? 0n) / 1000)
    }
  }
  return samples
}

/** The 1, 5 and 15 minute load averages, as the results files quote them. */
export function loadAverage(): string {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")
  } catch {
    return loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")
  }
}

/** A compiled Bun "hello": the floor every whole-process figure is compared against. */
export async function helloBinary(dir: string): Promise<string> {
  const src = `${dir}/hello.ts`
  await Bun.write(src, 'console.log("hello")\n')
  const out = `${dir}/hello`
  const r = Bun.spawnSync(
    [process.execPath, "build", src, "--compile", "--minify", "--bytecode", "--format=esm", `--outfile=${out}`],
    { stdout: "pipe", stderr: "pipe" },
  )
  if (r.exitCode !== 0) throw new Error(r.stderr.toString())
  return out
}
