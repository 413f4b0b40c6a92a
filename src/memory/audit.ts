import type { Database } from "bun:sqlite"
import { keyedHash } from "../core/crypto"
import type { Keys } from "../core/keys"
import { auditRows, auditRowsOf } from "./read/meta"
import type { Actor } from "./types"

/**
 * Reading and verifying the append-only, hash-chained audit log (appended by write/audit.ts). Each row's hash is a keyed hash over the previous hash and
 * the row's fields, so an edited, deleted or inserted row breaks the chain and cannot be re-sealed
 * without the key. Details never carry memory content, only ids, kinds and reasons.
 */
export type AuditAction = "create" | "edit" | "supersede" | "approve" | "reject" | "archive" | "expire" | "forget" | "lift" | "reinforce" | "decay" | "resolve" | "conflict" | "grant" | "policy" | "hide" | "restore" | "rekey" | "promote"

export interface AuditEntry {
  project: string
  item?: string
  action: AuditAction
  actor: Actor
  detail?: string
}

export const GENESIS = "0".repeat(64)

export interface AuditRow {
  seq: number
  at: number
  project: string
  item: string | null
  action: string
  source: string
  session: string | null
  tool: string | null
  detail: string | null
  prev: string
  hash: string
}

export function rowHash(keys: Keys, r: Omit<AuditRow, "hash">): string {
  const fields = [r.prev, r.seq, r.at, r.project, r.item ?? "", r.action, r.source, r.session ?? "", r.tool ?? "", r.detail ?? ""]
  return keyedHash(keys.hash, `memory-audit|${fields.map((f) => JSON.stringify(f)).join("|")}`)
}

export interface AuditVerdict {
  ok: boolean
  rows: number
  /** The first row whose link or hash does not match. */
  brokenAt?: number
  reason?: string
}

export function verifyAudit(db: Database, keys: Keys): AuditVerdict {
  let prev = GENESIS
  let expectedSeq = 1
  let rows = 0
  for (const r of auditRows(db)) {
    rows++
    if (r.seq !== expectedSeq) return { ok: false, rows, brokenAt: r.seq, reason: `row ${expectedSeq} is missing` }
    if (r.prev !== prev) return { ok: false, rows, brokenAt: r.seq, reason: "link to the previous row does not match" }
    if (rowHash(keys, r) !== r.hash) return { ok: false, rows, brokenAt: r.seq, reason: "row content does not match its hash" }
    prev = r.hash
    expectedSeq++
  }
  return { ok: true, rows }
}

export interface AuditView {
  seq: number
  at: number
  project: string
  item: string | undefined
  action: string
  source: string
  session: string | undefined
  detail: string | undefined
}

export function auditLog(db: Database, q: { project: string; item?: string; limit?: number }): AuditView[] {
  const rows = auditRowsOf(db, { project: q.project, item: q.item, limit: q.limit ?? 100 })
  return rows.map((r) => ({ seq: r.seq, at: r.at, project: r.project, item: r.item ?? undefined, action: r.action, source: r.source, session: r.session ?? undefined, detail: r.detail ?? undefined }))
}
