import { resolveProject } from "../../core/project"
import { listEvents } from "../record"

interface LogFlags {
  cwd: string
  json: boolean
  limit: number
  allProjects: boolean
}

/** `egc guard log`: the recorded denies and asks of this project (or all), newest first. */
export async function showLog(flags: LogFlags): Promise<void> {
  let projectId: string | undefined
  if (!flags.allProjects) {
    try {
      projectId = resolveProject(flags.cwd).id
    } catch {
      projectId = undefined
    }
  }
  const events = listEvents({ limit: flags.limit, ...(projectId ? { projectId } : {}) })
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(events)}\n`)
    return
  }
  if (!events.length) {
    process.stdout.write("no denies or asks recorded\n")
    return
  }
  const lines = events.map(
    (e) =>
      `${new Date(e.at).toISOString()}  ${e.decision.padEnd(4)}  ${(e.rule ?? "").padEnd(26)}  ${e.command.replace(/\s+/g, " ").slice(0, 100)}`,
  )
  process.stdout.write(`${lines.join("\n")}\n`)
}
