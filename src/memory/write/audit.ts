import type { Database } from "bun:sqlite"
import { now } from "../../core/clock"
import type { Keys } from "../../core/keys"
import { GENESIS, rowHash, type AuditEntry } from "../audit"
import { sessionPrint } from "../_seal"

export type { AuditAction, AuditEntry } from "../audit"

/** Call inside the write transaction that makes the change, so the record and the change commit together. */
export function appendAudit(db: Database, keys: Keys, entry: AuditEntry): void {
  const last = db.query("SELECT seq, hash FROM memory_audit ORDER BY seq DESC LIMIT 1").get() as { seq: number; hash: string } | null
  const row = {
    seq: (last?.seq ?? 0) + 1,
    at: now(),
    project: entry.project,
    item: entry.item ?? null,
    action: entry.action,
    source: entry.actor.source,
    session: sessionPrint(keys, entry.actor.sessionId) ?? null,
    tool: entry.actor.tool ?? null,
    detail: entry.detail ?? null,
    prev: last?.hash ?? GENESIS,
  }
  db.query(
    "INSERT INTO memory_audit (seq, at, project, item, action, source, session, tool, detail, prev, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(row.seq, row.at, row.project, row.item, row.action, row.source, row.session, row.tool, row.detail, row.prev, rowHash(keys, row))
}

