import type { Database } from "bun:sqlite"
import { assertBound, openBoundDb } from "../core/binding"
import { DAY, now } from "../core/clock"
import { aad, keyedHash, openText, sealText } from "../core/crypto"
import { migrate } from "../core/db"
import { newId } from "../core/ids"
import { loadKeys } from "../core/keys"
import { type ResealRun, resealColumn } from "../core/reseal"
import { redact } from "../core/secrets"
import { SCHEMA } from "./schema"

/**
 * What the agent was told: every context a hook injected at session start and on a prompt, per
 * session. The only owner of `told_injections`. Text is redacted, capped and sealed (the row id and
 * project bound as additional data); the session id is kept clear only inside the sealed body, the
 * column holds a keyed hash. Bounded: rows older than KEEP_DAYS go, and each project keeps at most
 * KEEP_ROWS.
 */

export const TOLD_LIMITS = { textChars: 32_000, keepDays: 30, keepRows: 2_000 } as const

export interface Told {
  id: string
  at: number
  session: string
  event: string
  tool: string
  text: string
  /** The stored text was cut at TOLD_LIMITS.textChars. */
  truncated: boolean
}

export interface ToldSession {
  session: string
  tool: string
  first: number
  last: number
  count: number
}

interface Row {
  id: string
  at: number
  project: string
  session_key: string
  event: string
  tool: string
  body_enc: Uint8Array
}

function db(): Database {
  const handle = openBoundDb()
  migrate(handle, SCHEMA)
  return handle
}

const sessionKey = (session: string) => keyedHash(loadKeys().hash, `told|${session}`).slice(0, 32)
const rowAad = (id: string, project: string) => aad("told_injections", id, project)

/** Records one injection (the hooks call it after answering); the caller catches failures. */
export function recordTold(q: { project: string; session: string; event: string; tool: string; text: string }): void {
  const handle = db()
  const keys = loadKeys()
  const id = newId("t_")
  const clean = redact(q.text)
  const truncated = clean.length > TOLD_LIMITS.textChars
  const body = JSON.stringify({
    session: q.session,
    text: truncated ? clean.slice(0, TOLD_LIMITS.textChars) : clean,
    truncated,
  })
  const t = now()
  handle
    .transaction(() => {
      assertBound(handle, keys)
      handle
        .query(
          "INSERT INTO told_injections (id, at, project, session_key, event, tool, body_enc) VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .run(
          id,
          t,
          q.project,
          sessionKey(q.session),
          q.event,
          q.tool,
          sealText(keys.content, body, rowAad(id, q.project)),
        )
      handle.query("DELETE FROM told_injections WHERE at < ?").run(t - TOLD_LIMITS.keepDays * DAY)
      handle
        .query(
          "DELETE FROM told_injections WHERE project = ? AND id NOT IN (SELECT id FROM told_injections WHERE project = ? ORDER BY at DESC, id DESC LIMIT ?)",
        )
        .run(q.project, q.project, TOLD_LIMITS.keepRows)
    })
    .immediate()
}

function open(r: Row): Told {
  try {
    const body = JSON.parse(openText(loadKeys().content, r.body_enc, rowAad(r.id, r.project))) as {
      session: string
      text: string
      truncated: boolean
    }
    return {
      id: r.id,
      at: r.at,
      session: body.session,
      event: r.event,
      tool: r.tool,
      text: body.text,
      truncated: body.truncated,
    }
  } catch {
    return {
      id: r.id,
      at: r.at,
      session: "?",
      event: r.event,
      tool: r.tool,
      text: "[cannot decrypt: wrong key or altered row]",
      truncated: false,
    }
  }
}

/** A project's injections, newest first; with `session`, that session's only (for `egc context` and the page). */
export function listTold(q: { project: string; session?: string; limit?: number }): Told[] {
  const limit = Math.max(1, Math.min(q.limit ?? 200, TOLD_LIMITS.keepRows))
  const rows = (
    q.session === undefined
      ? db()
          .query("SELECT * FROM told_injections WHERE project = ? ORDER BY at DESC, id DESC LIMIT ?")
          .all(q.project, limit)
      : db()
          .query(
            "SELECT * FROM told_injections WHERE project = ? AND session_key = ? ORDER BY at DESC, id DESC LIMIT ?",
          )
          .all(q.project, sessionKey(q.session), limit)
  ) as Row[]
  return rows.map(open)
}

/** The sessions that were told something in a project, newest first. */
export function toldSessions(q: { project: string; limit?: number }): ToldSession[] {
  const out = new Map<string, ToldSession>()
  for (const t of listTold({ project: q.project, limit: TOLD_LIMITS.keepRows })) {
    const s = out.get(t.session)
    if (s) {
      s.first = Math.min(s.first, t.at)
      s.count++
    } else out.set(t.session, { session: t.session, tool: t.tool, first: t.at, last: t.at, count: 1 })
  }
  return [...out.values()].slice(0, q.limit ?? 50)
}

/** When a hook last told any session of the project something (undefined: never). */
export function lastTold(project: string): { at: number; event: string; tool: string } | undefined {
  const r = db()
    .query("SELECT at, event, tool FROM told_injections WHERE project = ? ORDER BY at DESC LIMIT 1")
    .get(project) as { at: number; event: string; tool: string } | null
  return r ?? undefined
}

/** `egc keys rotate`: the told record's sealed bodies, inside the rotation's transaction. */
export function resealTold(handle: Database, run: ResealRun): void {
  resealColumn(
    handle,
    run,
    "told_injections",
    "SELECT rowid AS rowid, id, project, body_enc AS enc FROM told_injections",
    "UPDATE told_injections SET body_enc = ? WHERE rowid = ?",
  )
}
