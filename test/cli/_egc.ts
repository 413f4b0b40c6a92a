import { join } from "node:path"

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts")

export interface RunResult {
  code: number
  stdout: string
  stderr: string
}

/** `bun run src/main.ts …` with the test run's temp HOME/EGC_HOME (test/preload.ts) unless env overrides. */
export async function runSource(
  args: string[],
  opts: { cwd?: string; env?: Record<string, string | undefined> } = {},
): Promise<RunResult> {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries({ ...process.env, ...opts.env })) if (v !== undefined) env[k] = v
  const proc = Bun.spawn([process.execPath, "run", MAIN, ...args], {
    cwd: opts.cwd ?? process.env.HOME,
    env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  })
  const [code, stdout, stderr] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ])
  return { code, stdout, stderr }
}

export const sourceArgs = (args: string[]) => ({ command: process.execPath, args: ["run", MAIN, ...args] })
