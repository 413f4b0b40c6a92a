import { now } from "../core/clock"
import { aad, keyedHash, openText, sealText } from "../core/crypto"
import type { Database } from "bun:sqlite"
import { assertBound } from "../core/binding"
import { bindKey, migrate, openDb } from "../core/db"
import { checkWritable } from "../core/db-check"
import { EgcError } from "../core/errors"
import { newId } from "../core/ids"
import { loadKeys } from "../core/keys"
import { createLogger } from "../core/log"
import { paths } from "../core/paths"
import { type ResealRun, resealColumn } from "../core/reseal"
import { redact } from "./redact"
import { SCHEMA } from "./schema"
import type { Decision, Verdict } from "./types"

export interface RecordInfo {
  command: string
  projectId?: string
  sessionId?: string
  tool?: string
}

function db() {
  const d = openDb()
  bindKey(d, loadKeys().keyId)
  migrate(d, SCHEMA)
  return d
}

/** Records a deny or an ask: rule, keyed hash of the command, the redacted command sealed. Never throws. */
export function recordVerdict(v: Verdict, info: RecordInfo): void {
  if (v.decision === "allow") return
  try {
    const keys = loadKeys()
    const id = newId("gv_")
    const project = info.projectId ?? ""
    const body = JSON.stringify({
      command: redact(info.command),
      reason: v.reason ? redact(v.reason) : null,
      alternative: v.alternative ? redact(v.alternative) : null,
    })
    const sealed = sealText(keys.content, body, aad("guard_events", id, project))
    const handle = db()
    checkWritable(handle)
    handle
      .transaction(() => {
        assertBound(handle, keys)
        handle
          .query(
            "INSERT INTO guard_events (id, at, decision, rule, command_hash, command_sealed, project, session, tool) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
          )
          .run(
            id,
            now(),
            v.decision,
            v.rule ?? null,
            keyedHash(keys.hash, info.command),
            sealed,
            project,
            info.sessionId ?? null,
            info.tool ?? null,
          )
      })
      .immediate()
  } catch (e) {
    // Recording is best effort: a guard that cannot record still answers, and says why in the log.
    recordFailed(v, e)
  }
}

const log = createLogger("guard", { file: true })

/** A log line someone can act on: what was not recorded, where, and the error (never the command). */
export function recordFailed(v: Verdict, e: unknown): void {
  try {
    const hint = e instanceof EgcError && e.hint ? ` (${e.hint})` : ""
    const error = e instanceof EgcError ? `${e.code}: ${e.message}${hint}` : String(e instanceof Error ? e.message : e)
    const where = { decision: v.decision, rule: v.rule ?? "", db: paths.db(), error }
    log.error("cannot record a guard verdict in the verdict log; the verdict stands", where)
  } catch {
    // the log is best effort too: never crash the host
  }
}

export interface GuardEvent {
  id: string
  at: number
  decision: Decision
  rule: string | null
  command: string
  commandHash: string
  reason: string | null
  /** The safer way the guard offered when it refused (null for rows recorded before it was kept). */
  alternative: string | null
  project: string
  session: string | null
  tool: string | null
}

interface Row {
  id: string
  at: number
  decision: Decision
  rule: string | null
  command_hash: string
  command_sealed: Uint8Array
  project: string
  session: string | null
  tool: string | null
}

/** Recorded events, newest first, decrypted; a row that fails to open says so instead of vanishing. */
export function listEvents(opts: { limit?: number; projectId?: string } = {}): GuardEvent[] {
  const keys = loadKeys()
  const limit = Math.max(1, Math.min(opts.limit ?? 50, 10_000))
  const rows = (
    opts.projectId !== undefined
      ? db()
          .query("SELECT * FROM guard_events WHERE project = ? ORDER BY at DESC, id DESC LIMIT ?")
          .all(opts.projectId, limit)
      : db().query("SELECT * FROM guard_events ORDER BY at DESC, id DESC LIMIT ?").all(limit)
  ) as Row[]
  return rows.map((r) => {
    let body: { command: string; reason: string | null; alternative?: string | null }
    try {
      body = JSON.parse(openText(keys.content, r.command_sealed, aad("guard_events", r.id, r.project)))
    } catch {
      body = { command: "[cannot decrypt: wrong key or tampered row]", reason: null }
    }
    return {
      id: r.id,
      at: r.at,
      decision: r.decision,
      rule: r.rule,
      command: body.command,
      commandHash: r.command_hash,
      reason: body.reason,
      alternative: body.alternative ?? null,
      project: r.project,
      session: r.session,
      tool: r.tool,
    }
  })
}

/** `egc keys rotate`: the verdict log's sealed commands, inside the rotation's transaction. */
export function resealEvents(d: Database, run: ResealRun): void {
  resealColumn(
    d,
    run,
    "guard_events",
    "SELECT rowid AS rowid, id, project, command_sealed AS enc FROM guard_events",
    "UPDATE guard_events SET command_sealed = ? WHERE rowid = ?",
  )
}
