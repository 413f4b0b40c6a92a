import { mkdirSync, mkdtempSync } from "node:fs"
import { join } from "node:path"
import { runSource, type RunResult } from "../cli/_egc"

/** Separate egc homes in one test run (two people, or one person's two machines). */
const ACT = join(import.meta.dir, "_act.ts")

export interface Home {
  path: string
  egc(args: string[], cwd: string, extra?: Record<string, string>): Promise<RunResult>
  act<T = unknown[]>(cwd: string, ops: unknown[]): Promise<T>
}

export function newHome(name: string): Home {
  const base = join(process.env.EGC_TEST_ROOT ?? "/tmp", "homes")
  mkdirSync(base, { recursive: true })
  const path = join(mkdtempSync(join(base, `${name}-`)), "egc")
  const env = { EGC_HOME: path }
  return {
    path,
    egc: (args, cwd, extra = {}) => runSource(args, { cwd, env: { ...env, ...extra } }),
    async act<T>(cwd: string, ops: unknown[]) {
      const proc = Bun.spawn([process.execPath, "run", ACT, cwd, JSON.stringify(ops)], {
        cwd,
        env: { ...process.env, ...env },
        stdout: "pipe",
        stderr: "pipe",
      })
      const [code, out, err] = await Promise.all([
        proc.exited,
        new Response(proc.stdout).text(),
        new Response(proc.stderr).text(),
      ])
      if (code !== 0) throw new Error(`act failed (${code}): ${err}`)
      return JSON.parse(out) as T
    },
  }
}
