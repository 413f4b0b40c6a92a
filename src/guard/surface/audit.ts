import type { Verdict } from "../types"

/**
 * Records a deny or ask with the project and session it belongs to. The store, keys and project
 * identity load only here, so an allowed command never pays for them.
 */
export async function record(v: Verdict, command: string, cwd: string, tool = "cli"): Promise<void> {
  if (v.decision === "allow") return
  const [{ resolveProject }, { env }, { recordVerdict }] = await Promise.all([
    import("../../core/project"),
    import("../../core/env"),
    import("../index"),
  ])
  let projectId: string | undefined
  try {
    projectId = resolveProject(cwd).id
  } catch {
    projectId = undefined
  }
  const sessionId = env.sessionId()
  recordVerdict(v, { command, tool, ...(projectId ? { projectId } : {}), ...(sessionId ? { sessionId } : {}) })
}
