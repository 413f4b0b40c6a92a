import { resolve } from "node:path"
import { loadConfig } from "../../core/config"
import { env } from "../../core/env"
import { resolveProject } from "../../core/project"
import { recordVerdict } from "../record"
import { findProjectRoot } from "../scene"
import type { GuardContext, Verdict } from "../types"

/** The guard context for a command run from a terminal or a hook: cwd, project root, policy from config. */
export async function contextFor(cwd: string): Promise<GuardContext> {
  const dir = resolve(cwd)
  const projectRoot = findProjectRoot(dir)
  const config = await loadConfig(projectRoot ? { projectRoot } : {})
  return { cwd: dir, ...(projectRoot ? { projectRoot } : {}), policy: config.guard }
}

export function record(v: Verdict, command: string, cwd: string, tool = "cli"): void {
  if (v.decision === "allow") return
  let projectId: string | undefined
  try {
    projectId = resolveProject(cwd).id
  } catch {
    projectId = undefined
  }
  const sessionId = env.sessionId()
  recordVerdict(v, { command, tool, ...(projectId ? { projectId } : {}), ...(sessionId ? { sessionId } : {}) })
}
