import { join } from "node:path"

/**
 * The compiled binary under test: `npm test` builds it once and passes EGC_TEST_BIN; a bare
 * `bun test test/e2e` builds it once per run into the run's temp dir.
 */
let built: Promise<string> | undefined

export function egcBinary(): Promise<string> {
  const given = process.env.EGC_TEST_BIN
  if (given) return Promise.resolve(given)
  built ??= import("../../scripts/build").then(({ buildBinary }) =>
    buildBinary({ outfile: join(process.env.EGC_TEST_ROOT ?? "/tmp", "bin", "egc") }),
  )
  return built
}

export interface RunResult {
  code: number
  stdout: string
  stderr: string
}

export interface SpawnOptions {
  cwd?: string
  env?: Record<string, string | undefined>
  stdin?: string
}

/** Spawn a command with the test run's HOME/EGC_HOME (test/preload.ts) unless env overrides; unset keys are removed. */
export async function spawnCaptured(cmd: string[], opts: SpawnOptions = {}): Promise<RunResult> {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries({ ...process.env, ...opts.env })) if (v !== undefined) env[k] = v
  const proc = Bun.spawn(cmd, {
    cwd: opts.cwd ?? process.env.HOME,
    env,
    stdin: opts.stdin === undefined ? "ignore" : new TextEncoder().encode(opts.stdin),
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

/** Spawn the compiled binary with an isolated HOME/EGC_HOME (taken from the test run unless given). */
export async function runEgc(args: string[], opts: SpawnOptions = {}): Promise<RunResult> {
  return spawnCaptured([await egcBinary(), ...args], opts)
}
