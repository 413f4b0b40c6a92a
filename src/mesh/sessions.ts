import { now } from "../core/clock"
import { keyedHash } from "../core/crypto"
import { EgcError } from "../core/errors"
import { loadKeys } from "../core/keys"
import type { Project } from "../core/project"
import { releaseClaimsOf, sweepReleasedClaims } from "./claims"
import { emitEvent, openCursor, sweepEvents } from "./events"
import { LIMITS, meshSettings } from "./settings"
import { cleanForStore } from "./scan"
import type { Database } from "bun:sqlite"
import { type ResealRun, resealColumn } from "../core/reseal"
import { immediate, meshDb, openJson, sealJson } from "./store"

/**
 * Sessions: one per agent session and project. A session is bound to the process that announced
 * it: a live session id cannot be taken over by another process, and every row names its project.
 * A session is dead when its process is gone or its heartbeat is stale; death frees its claims.
 */
interface SessionInfo {
  branch?: string
  cwd: string
  task?: string
}

export interface Peer extends SessionInfo {
  id: string
  tool: string
  pid: number
  startedAt: number
  heartbeatAt: number
  /** Same working tree as the asker (claims only ever conflict within one working tree). */
  sameWorktree: boolean
}

interface Row {
  id: string
  project: string
  worktree: string
  pid: number
  tool: string
  info: Uint8Array
  started_at: number
  heartbeat_at: number
  ended_at: number | null
}

const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/

function checkSessionId(id: string): string {
  // `cli:` names a person at the terminal (egc mesh send); no session may pass for one
  if (!SESSION_ID.test(id) || id.startsWith("cli:"))
    throw new EgcError("E_INPUT", `session id ${JSON.stringify(id.slice(0, 40))} is not valid`, {
      hint: "session ids are 1-128 letters, digits, _ . : -",
    })
  return id
}

export function worktreeKey(project: Project): string {
  return keyedHash(loadKeys().hash, `worktree|${project.root}`).slice(0, 32)
}

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"
  }
}

export interface Announce {
  id: string
  pid: number
  tool: string
  cwd: string
  task?: string
  /** The coding tool's process (the server's parent), so its hooks can find this session. */
  hostPid?: number
}

export function announce(project: Project, a: Announce): { created: boolean } {
  checkSessionId(a.id)
  const db = meshDb()
  return immediate(() => {
    const t = now()
    const row = db.query("SELECT * FROM mesh_sessions WHERE id = ? AND project = ?").get(a.id, project.id) as Row | null
    if (row && row.ended_at === null && row.pid !== a.pid && pidAlive(row.pid)) {
      throw new EgcError("E_REFUSED", `session ${a.id} belongs to another live process (pid ${row.pid})`, {
        hint: "a session id cannot be reused while its process runs",
      })
    }
    const old = row ? openJson<SessionInfo>("mesh_sessions", a.id, project.id, row.info) : undefined
    const info: SessionInfo = {
      cwd: a.cwd,
      branch: project.branch ?? (project.commit ? `detached ${project.commit.slice(0, 12)}` : undefined),
      task: a.task !== undefined ? cleanForStore(a.task.slice(0, 300)) : old?.task,
    }
    const sealed = sealJson("mesh_sessions", a.id, project.id, info)
    const fresh = !row || row.ended_at !== null
    db.query(
      `INSERT INTO mesh_sessions (id, project, worktree, pid, host_pid, tool, info, started_at, heartbeat_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)
       ON CONFLICT (id, project) DO UPDATE SET worktree = excluded.worktree, pid = excluded.pid, host_pid = excluded.host_pid, tool = excluded.tool, info = excluded.info, heartbeat_at = excluded.heartbeat_at, ended_at = NULL,
       started_at = CASE WHEN mesh_sessions.ended_at IS NULL THEN mesh_sessions.started_at ELSE excluded.started_at END`,
    ).run(a.id, project.id, worktreeKey(project), a.pid, a.hostPid ?? null, a.tool.slice(0, 64), sealed, t, t)
    openCursor(a.id, project.id)
    if (fresh || a.task !== undefined)
      emitEvent(project.id, a.id, null, "announced", { tool: a.tool, task: info.task, branch: info.branch })
    return { created: fresh }
  })
}

/** Refresh a live session's heartbeat (every hook call and tool call). Unknown ids are ignored. */
export function heartbeat(sessionId: string): void {
  heartbeatSession(sessionId)
}

/** By id, or (id undefined) every live session hosted by one of these pids. True when one was refreshed. */
export function heartbeatSession(sessionId: string | undefined, hostPids: readonly number[] = []): boolean {
  if (sessionId !== undefined) {
    if (!SESSION_ID.test(sessionId)) return false
    return (
      meshDb()
        .query("UPDATE mesh_sessions SET heartbeat_at = ? WHERE id = ? AND ended_at IS NULL")
        .run(now(), sessionId).changes > 0
    )
  }
  const update = meshDb().query("UPDATE mesh_sessions SET heartbeat_at = ? WHERE host_pid = ? AND ended_at IS NULL")
  for (const pid of hostPids.filter((p) => Number.isInteger(p) && p > 1).slice(0, 16)) {
    if (update.run(now(), pid).changes > 0) return true
  }
  return false
}

export function isKnown(projectId: string, sessionId: string): boolean {
  return meshDb().query("SELECT 1 FROM mesh_sessions WHERE id = ? AND project = ?").get(sessionId, projectId) !== null
}

export function isLive(projectId: string, sessionId: string): boolean {
  const row = meshDb()
    .query("SELECT pid, heartbeat_at FROM mesh_sessions WHERE id = ? AND project = ? AND ended_at IS NULL")
    .get(sessionId, projectId) as Pick<Row, "pid" | "heartbeat_at"> | null
  return row !== null && alive(row)
}

const alive = (row: Pick<Row, "pid" | "heartbeat_at">): boolean =>
  now() - row.heartbeat_at <= meshSettings().staleMs && pidAlive(row.pid)

/** End a session: free its claims and tell its peers. */
export function endSession(projectId: string, sessionId: string, why: "ended" | "dead"): void {
  immediate(() => endInTx(projectId, sessionId, why))
}

function endInTx(projectId: string, sessionId: string, why: "ended" | "dead"): void {
  const db = meshDb()
  const t = now()
  const changed = db
    .query("UPDATE mesh_sessions SET ended_at = ? WHERE id = ? AND project = ? AND ended_at IS NULL")
    .run(t, sessionId, projectId)
  if (changed.changes === 0) return
  releaseClaimsOf(projectId, sessionId, t, why === "dead" ? "session-dead" : "session-end")
  emitEvent(projectId, sessionId, null, "ended", { why })
}

/** Mark dead sessions of a project ended (freeing their claims). Cheap: a handful of rows. */
let lastEventSweep = Number.NEGATIVE_INFINITY

export function sweepSessions(projectId: string): void {
  if (Math.abs(now() - lastEventSweep) > 60_000) {
    lastEventSweep = now()
    const cutoff = now() - LIMITS.eventTtlMs
    immediate(() => {
      sweepEvents(cutoff)
      meshDb().query("DELETE FROM mesh_sessions WHERE ended_at <= ?").run(cutoff)
      sweepReleasedClaims(cutoff)
    })
  }
  const rows = meshDb()
    .query("SELECT id, pid, heartbeat_at FROM mesh_sessions WHERE project = ? AND ended_at IS NULL")
    .all(projectId) as Array<Pick<Row, "id" | "pid" | "heartbeat_at">>
  const dead = rows.filter((r) => !alive(r))
  if (dead.length) {
    immediate(() => {
      for (const r of dead) endInTx(projectId, r.id, "dead")
    })
  }
}

export function livePeers(project: Project, selfId?: string): Peer[] {
  sweepSessions(project.id)
  const rows = meshDb()
    .query("SELECT * FROM mesh_sessions WHERE project = ? AND ended_at IS NULL ORDER BY started_at")
    .all(project.id) as Row[]
  const here = worktreeKey(project)
  return rows
    .filter((r) => r.id !== selfId)
    .map((r) => ({
      ...openJson<SessionInfo>("mesh_sessions", r.id, r.project, r.info),
      id: r.id,
      tool: r.tool,
      pid: r.pid,
      startedAt: r.started_at,
      heartbeatAt: r.heartbeat_at,
      sameWorktree: r.worktree === here,
    }))
}

export function sessionTool(projectId: string, sessionId: string): { tool: string; task?: string } | undefined {
  const row = meshDb()
    .query("SELECT id, project, tool, info FROM mesh_sessions WHERE id = ? AND project = ?")
    .get(sessionId, projectId) as Pick<Row, "id" | "project" | "tool" | "info"> | null
  if (!row) return undefined
  return { tool: row.tool, task: openJson<SessionInfo>("mesh_sessions", row.id, row.project, row.info).task }
}

/**
 * The live session of this project started by the same coding-tool process as the caller: a hook
 * passes its process ancestors and gets the `egc serve` session its tool runs, so its heartbeat,
 * peers and unread messages are that session's.
 */
export function sessionOfHost(project: Project, ancestorPids: readonly number[]): string | undefined {
  const pids = ancestorPids.filter((p) => Number.isInteger(p) && p > 1).slice(0, 16)
  if (pids.length === 0) return undefined
  const rows = meshDb()
    .query(
      `SELECT id, pid, heartbeat_at, host_pid FROM mesh_sessions WHERE project = ? AND ended_at IS NULL AND host_pid IN (${pids.map(() => "?").join(",")}) ORDER BY heartbeat_at DESC`,
    )
    .all(project.id, ...pids) as Array<Pick<Row, "id" | "pid" | "heartbeat_at"> & { host_pid: number }>
  for (const pid of pids) {
    const hit = rows.find((r) => r.host_pid === pid && alive(r))
    if (hit) return hit.id
  }
  return undefined
}

/** `egc keys rotate`: the sessions' sealed info. */
export function resealSessions(db: Database, run: ResealRun): void {
  resealColumn(
    db,
    run,
    "mesh_sessions",
    "SELECT rowid AS rowid, id, project, info AS enc FROM mesh_sessions",
    "UPDATE mesh_sessions SET info = ? WHERE rowid = ?",
  )
}
