import { resolve } from "node:path"
import { describeProblem, loadConfigSafe } from "../core/config"
import { findProjectRoot } from "./scene"
import type { GuardContext } from "./types"

const told = new Set<string>()

/**
 * The guard context for a command run from a terminal or a hook: cwd, project root, policy from
 * config. A config problem never stops the guard: it judges on the safe config and says why on stderr.
 */
export async function contextFor(cwd: string): Promise<GuardContext> {
  const dir = resolve(cwd)
  const projectRoot = findProjectRoot(dir)
  const { config, problems } = await loadConfigSafe(projectRoot ? { projectRoot } : {})
  for (const p of problems) {
    const line = describeProblem(p)
    if (told.has(line)) continue
    told.add(line)
    process.stderr.write(`${line}\n`)
  }
  return { cwd: dir, ...(projectRoot ? { projectRoot } : {}), policy: config.guard }
}
