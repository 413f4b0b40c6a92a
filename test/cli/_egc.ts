import { join } from "node:path"
import { type RunResult, spawnCaptured } from "../e2e/_binary"

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts")

export type { RunResult }

/** `bun run src/main.ts …` with the test run's temp HOME/EGC_HOME (test/preload.ts) unless env overrides. */
export function runSource(
  args: string[],
  opts: { cwd?: string; env?: Record<string, string | undefined> } = {},
): Promise<RunResult> {
  return spawnCaptured([process.execPath, "run", MAIN, ...args], opts)
}

export const sourceArgs = (args: string[]) => ({ command: process.execPath, args: ["run", MAIN, ...args] })
