import type { Project } from "../../../core/project"
import { announce, endSession, heartbeat } from "../../../mesh"
import { configureMesh, isLive, meshSettings } from "../../../mesh"
import { isInside } from "../../binding"
import type { ToolContext } from "../../tool"

/**
 * This server process's mesh presence. The first mesh call in a project announces the session
 * (id, pid and project come from the server, never from arguments); a timer keeps the heartbeat
 * while the process lives; closing the server ends the session and frees its claims.
 */
const announced = new Map<string, { sessionId: string; project: Project }>()
let timer: ReturnType<typeof setInterval> | undefined

export function ensureAnnounced(ctx: ToolContext, task?: string): { created: boolean } {
  configureMesh(ctx.config.mesh)
  const key = `${ctx.session.id}|${ctx.project.id}`
  // re-announce when a sweep ended this session meanwhile (a suspended laptop, a stale heartbeat)
  if (announced.has(key) && task === undefined && isLive(ctx.project.id, ctx.session.id)) return { created: false }
  const result = announce(ctx.project, {
    id: ctx.session.id,
    pid: process.pid,
    tool: ctx.session.client ?? "unknown",
    cwd: isInside(ctx.project.root, process.cwd()) ? process.cwd() : ctx.project.root,
    task,
    hostPid: process.ppid,
  })
  announced.set(key, { sessionId: ctx.session.id, project: ctx.project })
  timer ??= setInterval(
    () => {
      for (const { sessionId } of announced.values()) heartbeat(sessionId)
    },
    Math.max(1000, meshSettings().heartbeatMs / 3),
  )
  timer.unref?.()
  return result
}

/** Every tool call is a sign of life. */
export function onToolCall(ctx: ToolContext): void {
  heartbeat(ctx.session.id)
}

export function onServerClose(session: ToolContext["session"]): void {
  for (const [key, entry] of announced) {
    if (entry.sessionId !== session.id) continue
    endSession(entry.project.id, entry.sessionId, "ended")
    announced.delete(key)
  }
  if (announced.size === 0 && timer) {
    clearInterval(timer)
    timer = undefined
  }
}
