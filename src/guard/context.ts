import { resolve } from "node:path"
import { loadConfig } from "../core/config"
import { findProjectRoot } from "./scene"
import type { GuardContext } from "./types"

/** The guard context for a command run from a terminal or a hook: cwd, project root, policy from config. */
export async function contextFor(cwd: string): Promise<GuardContext> {
  const dir = resolve(cwd)
  const projectRoot = findProjectRoot(dir)
  const config = await loadConfig(projectRoot ? { projectRoot } : {})
  return { cwd: dir, ...(projectRoot ? { projectRoot } : {}), policy: config.guard }
}
