import { now } from "../core/clock"
import { keyedHash } from "../core/crypto"
import { EgcError } from "../core/errors"
import { newId } from "../core/ids"
import { loadKeys } from "../core/keys"
import type { Project } from "../core/project"
import { emitEvent } from "./events"
import { normalizePattern, overlaps } from "./glob"
import { cleanForStore } from "./scan"
import { isLive, sessionTool, sweepSessions, worktreeKey } from "./sessions"
import { meshSettings } from "./settings"
import type { Database } from "bun:sqlite"
import { type ResealRun, resealColumn } from "../core/reseal"
import { immediate, meshDb, openJson, sealJson } from "./store"

/**
 * Claims: advisory leases on a path or glob of one working tree. Exclusive conflicts with any other
 * session's overlapping claim; shared only with an exclusive one. Check and insert run in one
 * immediate transaction, so simultaneous claimants get exactly one winner.
 */
export interface Claim {
  id: string
  pattern: string
  mode: "exclusive" | "shared"
  reason: string
  session: string
  tool: string
  task?: string
  since: number
  until: number
  sameWorktree: boolean
}

interface Row {
  id: string
  project: string
  worktree: string
  session_id: string
  mode: "exclusive" | "shared"
  pattern_key: string
  body: Uint8Array
  since: number
  expires_at: number
}

interface ClaimRequest {
  pattern: string
  mode?: "exclusive" | "shared"
  reason?: string
  minutes?: number
}

type ClaimResult = { ok: true; claim: Claim; renewed: boolean } | { ok: false; conflict: Claim }

const patternKey = (p: string) => keyedHash(loadKeys().hash, `claim|${p}`).slice(0, 32)

function liveRows(project: Project, worktree?: string): Row[] {
  const db = meshDb()
  const t = now()
  const expired = db
    .query("SELECT * FROM mesh_claims WHERE project = ? AND released_at IS NULL AND expires_at <= ?")
    .all(project.id, t) as Row[]
  for (const e of expired) {
    db.query("UPDATE mesh_claims SET released_at = ?, released_by = 'expiry' WHERE id = ? AND released_at IS NULL").run(
      t,
      e.id,
    )
    emitEvent(project.id, e.session_id, null, "released", { pattern: patternOf(e), why: "expired" })
  }
  const sql = worktree
    ? "SELECT * FROM mesh_claims WHERE project = ? AND worktree = ? AND released_at IS NULL"
    : "SELECT * FROM mesh_claims WHERE project = ? AND released_at IS NULL"
  return (worktree ? db.query(sql).all(project.id, worktree) : db.query(sql).all(project.id)) as Row[]
}

/** A claim's pattern never changes for its id (renewal keeps it), so it is opened once per process. */
const patterns = new Map<string, string>()
function patternOf(row: Row): string {
  let p = patterns.get(row.id)
  if (p === undefined) {
    p = openJson<{ pattern: string }>("mesh_claims", row.id, row.project, row.body).pattern
    if (patterns.size > 10_000) patterns.clear()
    patterns.set(row.id, p)
  }
  return p
}

function toClaim(row: Row, here: string): Claim {
  const body = openJson<{ pattern: string; reason: string }>("mesh_claims", row.id, row.project, row.body)
  const who = sessionTool(row.project, row.session_id)
  return {
    id: row.id,
    pattern: body.pattern,
    mode: row.mode,
    reason: body.reason,
    session: row.session_id,
    tool: who?.tool ?? "unknown",
    task: who?.task,
    since: row.since,
    until: row.expires_at,
    sameWorktree: row.worktree === here,
  }
}

export function claim(project: Project, sessionId: string, req: ClaimRequest): ClaimResult {
  const pattern = normalizePattern(project.root, req.pattern)
  const mode = req.mode ?? "exclusive"
  const settings = meshSettings()
  const minutes = Math.min(Math.max(req.minutes ?? settings.claimMinutes, 1), settings.maxClaimMinutes)
  const reason = cleanForStore((req.reason ?? "").slice(0, 500))
  sweepSessions(project.id)
  const here = worktreeKey(project)
  const key = patternKey(pattern)
  return immediate(() => {
    if (!isLive(project.id, sessionId))
      throw new EgcError("E_REFUSED", "this session is not announced in this project", {
        hint: "call session_announce first",
      })
    const rows = liveRows(project, here)
    for (const row of rows) {
      if (row.session_id === sessionId) continue
      if (mode === "shared" && row.mode === "shared") continue
      if (overlaps(pattern, patternOf(row))) return { ok: false as const, conflict: toClaim(row, here) }
    }
    const t = now()
    const own = rows.find((r) => r.session_id === sessionId && r.pattern_key === key)
    const id = own?.id ?? newId("c_")
    const body = sealJson("mesh_claims", id, project.id, { pattern, reason })
    const db = meshDb()
    if (own)
      db.query("UPDATE mesh_claims SET mode = ?, body = ?, expires_at = ? WHERE id = ?").run(
        mode,
        body,
        t + minutes * 60_000,
        id,
      )
    else {
      db.query(
        "INSERT INTO mesh_claims (id, project, worktree, session_id, mode, pattern_key, body, since, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ).run(id, project.id, here, sessionId, mode, key, body, t, t + minutes * 60_000)
      emitEvent(project.id, sessionId, null, "claimed", { pattern, mode, ...(reason ? { why: reason } : {}) })
    }
    const row = db.query("SELECT * FROM mesh_claims WHERE id = ?").get(id) as Row
    return { ok: true as const, claim: toClaim(row, here), renewed: own !== undefined }
  })
}

/** Release the session's own claims: one pattern, or all of them. Returns the released patterns. */
export function release(project: Project, sessionId: string, pattern?: string): string[] {
  const wanted = pattern === undefined ? undefined : normalizePattern(project.root, pattern)
  const here = worktreeKey(project)
  return immediate(() => {
    const rows = liveRows(project, here).filter(
      (r) => r.session_id === sessionId && (wanted === undefined || r.pattern_key === patternKey(wanted)),
    )
    const t = now()
    return rows.map((r) => {
      meshDb().query("UPDATE mesh_claims SET released_at = ?, released_by = 'holder' WHERE id = ?").run(t, r.id)
      const p = toClaim(r, here).pattern
      emitEvent(project.id, sessionId, null, "released", { pattern: p })
      return p
    })
  })
}

export function listClaims(project: Project, opts: { allWorktrees?: boolean } = {}): Claim[] {
  sweepSessions(project.id)
  const here = worktreeKey(project)
  return immediate(() => liveRows(project, opts.allWorktrees ? undefined : here).map((r) => toClaim(r, here)))
}

/** A person frees a claim from the CLI; the release is audited and announced. */
export function forceRelease(project: Project, claimIdOrPattern: string, actor: string): Claim[] {
  const here = worktreeKey(project)
  return immediate(() => {
    let normal: string | undefined
    try {
      normal = normalizePattern(project.root, claimIdOrPattern)
    } catch {
      normal = undefined
    }
    const rows = liveRows(project).filter(
      (r) => r.id === claimIdOrPattern || patternOf(r) === claimIdOrPattern || patternOf(r) === normal,
    )
    const t = now()
    return rows.map((r) => {
      const c = toClaim(r, here)
      meshDb()
        .query("UPDATE mesh_claims SET released_at = ?, released_by = ? WHERE id = ?")
        .run(t, `forced:${actor}`, r.id)
      const auditId = newId("a_")
      meshDb()
        .query(
          "INSERT INTO mesh_audit (id, at, project, actor, action, claim_id, detail) VALUES (?, ?, ?, ?, 'force-release', ?, ?)",
        )
        .run(
          auditId,
          t,
          project.id,
          actor,
          r.id,
          sealJson("mesh_audit", auditId, project.id, { pattern: c.pattern, holder: c.session, reason: c.reason }),
        )
      emitEvent(project.id, `cli:${actor}`, null, "released", { pattern: c.pattern, why: `forced by ${actor}` })
      return c
    })
  })
}

/** Frees every claim a session still holds (its end or its death), inside the caller's transaction. */
export function releaseClaimsOf(
  projectId: string,
  sessionId: string,
  at: number,
  by: "session-end" | "session-dead",
): void {
  meshDb()
    .query(
      "UPDATE mesh_claims SET released_at = ?, released_by = ? WHERE session_id = ? AND project = ? AND released_at IS NULL",
    )
    .run(at, by, sessionId, projectId)
}

/** Forgets claims released before `cutoff`. */
export function sweepReleasedClaims(cutoff: number): void {
  meshDb().query("DELETE FROM mesh_claims WHERE released_at <= ?").run(cutoff)
}

/** `egc keys rotate`: claim bodies and the force-release audit. */
export function resealClaims(db: Database, run: ResealRun): void {
  resealColumn(
    db,
    run,
    "mesh_claims",
    "SELECT rowid AS rowid, id, project, body AS enc FROM mesh_claims",
    "UPDATE mesh_claims SET body = ? WHERE rowid = ?",
  )
  resealColumn(
    db,
    run,
    "mesh_audit",
    "SELECT rowid AS rowid, id, project, detail AS enc FROM mesh_audit",
    "UPDATE mesh_audit SET detail = ? WHERE rowid = ?",
  )
}
