import { now } from "../core/clock"
import { EgcError } from "../core/errors"
import { newId } from "../core/ids"
import type { Project } from "../core/project"
import { scanText } from "./scan"
import { LIMITS } from "./settings"
import { projectSignal, queueSignal, sessionSignal } from "./signal"
import type { Database } from "bun:sqlite"
import { type ResealRun, resealColumn } from "../core/reseal"
import { immediate, meshDb, openJson, sealJson } from "./store"

/**
 * Events of a project: messages and handoffs between sessions, and the typed notices the mesh
 * emits itself. Each reader has a cursor created when it first appears (no replay to newcomers);
 * a consuming read advances it in the same transaction, so each event reaches each reader once.
 */
type EventKind = "claimed" | "released" | "announced" | "ended" | "message" | "handoff"

interface EventBody {
  text?: string
  note?: string
  pattern?: string
  tool?: string
  task?: string
  branch?: string
  why?: string
  mode?: string
}

export interface MeshEvent extends EventBody {
  id: string
  seq: number
  kind: EventKind
  from: string
  to: string | null
  at: number
  /** Set when the text reads as an instruction: it is data from another session. */
  flagged?: string
}

interface Row {
  seq: number
  id: string
  project: string
  from_session: string
  to_session: string | null
  kind: EventKind
  body: Uint8Array
  created_at: number
}

function maxSeq(projectId: string): number {
  const row = meshDb().query("SELECT MAX(seq) AS m FROM mesh_events WHERE project = ?").get(projectId) as {
    m: number | null
  } | null
  return row?.m ?? 0
}

/** Insert an event inside the caller's transaction; wake-ups go out after the commit. */
export function emitEvent(
  projectId: string,
  from: string,
  to: string | null,
  kind: EventKind,
  body: EventBody,
): string {
  const id = newId("e_")
  meshDb()
    .query(
      "INSERT INTO mesh_events (id, project, from_session, to_session, kind, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .run(id, projectId, from, to, kind, sealJson("mesh_events", id, projectId, body), now())
  queueSignal(to === null ? projectSignal(projectId) : sessionSignal(to))
  return id
}

export function checkText(text: string, max: number, what: string): string {
  if (!text.isWellFormed())
    throw new EgcError("E_INPUT", `${what} is not valid Unicode text`, { hint: "send plain UTF-8 text" })
  const bytes = Buffer.byteLength(text, "utf8")
  if (bytes > max)
    throw new EgcError("E_INPUT", `${what} is ${bytes} bytes, above the limit of ${max}`, {
      hint: "send a shorter message, or point to a file",
    })
  return text
}

/** Refuse a sender over its flood limit (checked inside the sending transaction). */
export function checkFlood(from: string): void {
  const t = now()
  const q = meshDb().query(
    "SELECT COUNT(*) AS n FROM mesh_events WHERE from_session = ? AND kind IN ('message', 'handoff') AND created_at > ?",
  )
  const minute = (q.get(from, t - 60_000) as { n: number }).n
  if (minute >= LIMITS.perMinute)
    throw new EgcError(
      "E_REFUSED",
      `flood limit: ${minute} messages in the last minute (at most ${LIMITS.perMinute})`,
      { hint: "wait a minute, or send one message to all peers instead of many" },
    )
  const day = (q.get(from, t - LIMITS.eventTtlMs) as { n: number }).n
  if (day >= LIMITS.perSenderUnexpired)
    throw new EgcError(
      "E_REFUSED",
      `flood limit: ${day} unexpired messages from this session (at most ${LIMITS.perSenderUnexpired})`,
      { hint: "older messages expire after a day" },
    )
}

export function readEvents(
  project: Project,
  reader: string,
  opts: { peek?: boolean; limit?: number } = {},
): MeshEvent[] {
  const limit = Math.min(Math.max(opts.limit ?? LIMITS.readBatch, 1), LIMITS.readBatch)
  const read = (): Row[] => {
    const db = meshDb()
    const cursor = db
      .query("SELECT last_seq FROM mesh_cursors WHERE session_id = ? AND project = ?")
      .get(reader, project.id) as { last_seq: number } | null
    if (!cursor) {
      if (opts.peek) return []
      openCursor(reader, project.id)
      return []
    }
    const rows = db
      .query(
        `SELECT * FROM mesh_events WHERE project = ? AND seq > ? AND from_session != ? AND (to_session IS NULL OR to_session = ?) AND created_at > ?
         ORDER BY seq LIMIT ?`,
      )
      .all(project.id, cursor.last_seq, reader, reader, now() - LIMITS.eventTtlMs, limit) as Row[]
    const last = rows.at(-1)
    if (!opts.peek && last)
      db.query("UPDATE mesh_cursors SET last_seq = ? WHERE session_id = ? AND project = ?").run(
        last.seq,
        reader,
        project.id,
      )
    return rows
  }
  // A consuming read takes the write lock only when there is something to consume.
  const rows = opts.peek ? read() : !hasUnread(project.id, reader) ? [] : immediate(read)
  return rows.map(present)
}

function hasUnread(projectId: string, reader: string): boolean {
  const row = meshDb()
    .query(
      `SELECT 1 AS hit FROM mesh_cursors c JOIN mesh_events e ON e.project = c.project AND e.seq > c.last_seq
       WHERE c.session_id = ? AND c.project = ? AND e.from_session != ? AND (e.to_session IS NULL OR e.to_session = ?) LIMIT 1`,
    )
    .get(reader, projectId, reader, reader)
  const known = meshDb().query("SELECT 1 FROM mesh_cursors WHERE session_id = ? AND project = ?").get(reader, projectId)
  return row !== null || known === null
}

function present(row: Row): MeshEvent {
  const body = openJson<EventBody>("mesh_events", row.id, row.project, row.body)
  const flagged = scanText([body.text, body.note, body.task].filter(Boolean).join("\n"))
  return {
    ...body,
    id: row.id,
    seq: row.seq,
    kind: row.kind,
    from: row.from_session,
    to: row.to_session,
    at: row.created_at,
    ...(flagged ? { flagged } : {}),
  }
}

/** A session starts reading at the newest event: what was said before it joined is not its news. */
export function openCursor(sessionId: string, projectId: string): void {
  meshDb()
    .query("INSERT OR IGNORE INTO mesh_cursors (session_id, project, last_seq) VALUES (?, ?, ?)")
    .run(sessionId, projectId, maxSeq(projectId))
}

/** Drop events older than `cutoff` and the cursors of sessions that ended before it. */
export function sweepEvents(cutoff: number): void {
  const db = meshDb()
  db.query("DELETE FROM mesh_events WHERE created_at <= ?").run(cutoff)
  db.query(
    `DELETE FROM mesh_cursors WHERE EXISTS (SELECT 1 FROM mesh_sessions s
       WHERE s.id = mesh_cursors.session_id AND s.project = mesh_cursors.project AND s.ended_at <= ?)`,
  ).run(cutoff)
}

/** `egc keys rotate`: event (message) bodies. */
export function resealEvents(db: Database, run: ResealRun): void {
  resealColumn(
    db,
    run,
    "mesh_events",
    "SELECT rowid AS rowid, id, project, body AS enc FROM mesh_events",
    "UPDATE mesh_events SET body = ? WHERE rowid = ?",
  )
}
