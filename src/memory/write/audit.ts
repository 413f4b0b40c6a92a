import type { Database } from "bun:sqlite"
import { now } from "../../core/clock"
import type { Keys } from "../../core/keys"
import { GENESIS, rowHash, type AuditEntry } from "../audit"
import { readHead, writeHead } from "../_audit-head"
import { lastAuditRow } from "../read/meta"
import { sessionPrint } from "../_seal"

export type { AuditAction, AuditEntry } from "../audit"

/** Call inside the write transaction that makes the change, so the record and the change commit together. */
export function appendAudit(db: Database, keys: Keys, entry: AuditEntry): void {
  const row = {
    ...nextLink(db, keys),
    at: now(),
    project: entry.project,
    item: entry.item ?? null,
    action: entry.action,
  }
  const full = {
    ...row,
    source: entry.actor.source,
    session: sessionPrint(keys, entry.actor.sessionId) ?? null,
    tool: entry.actor.tool ?? null,
    detail: entry.detail ?? null,
  }
  const hash = rowHash(keys, full)
  db.query(
    "INSERT INTO memory_audit (seq, at, project, item, action, source, session, tool, detail, prev, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(
    full.seq,
    full.at,
    full.project,
    full.item,
    full.action,
    full.source,
    full.session,
    full.tool,
    full.detail,
    full.prev,
    hash,
  )
  writeHead(db, keys, { seq: full.seq, hash, ...(row.lost === undefined ? {} : { lost: row.lost }) })
}

/**
 * Where the next row links to. A table shorter than its sealed head lost its tail: continue from the
 * head, so the gap stays in the chain for verify to report instead of being written over. A head
 * that is missing or forged while rows exist is recorded as lost at this row.
 */
function nextLink(db: Database, keys: Keys): { seq: number; prev: string; lost?: number } {
  const last = lastAuditRow(db)
  const head = readHead(db, keys)
  let base = last ? { seq: last.seq, hash: last.hash } : { seq: 0, hash: GENESIS }
  let lost: number | undefined
  if (head.state === "ok") {
    lost = head.head.lost
    if (head.head.seq > base.seq) base = { seq: head.head.seq, hash: head.head.hash }
  } else if (last || head.state === "forged") {
    lost = base.seq + 1
  }
  return { seq: base.seq + 1, prev: base.hash, ...(lost === undefined ? {} : { lost }) }
}

/** A store made before the head existed: seal its current head once, inside the upgrading migration. */
export function anchorLegacyHead(db: Database, keys: Keys): void {
  if (readHead(db, keys).state !== "absent") return
  const last = lastAuditRow(db)
  if (last) writeHead(db, keys, { seq: last.seq, hash: last.hash })
}
