import type { Database } from "bun:sqlite"
import { keyedHash } from "../core/crypto"
import type { Keys } from "../core/keys"
import { readHead } from "./_audit-head"
import { auditHashAt, auditRows, auditRowsOf, missingCreatedItems } from "./read/meta"
import type { Actor } from "./types"

/**
 * Reading and verifying the append-only, hash-chained audit log (appended by write/audit.ts). Each row's hash is a keyed hash over the previous hash and
 * the row's fields, so an edited, deleted or inserted row breaks the chain and cannot be re-sealed
 * without the key. Details never carry memory content, only ids, kinds and reasons.
 */
export type AuditAction =
  | "create"
  | "edit"
  | "supersede"
  | "approve"
  | "reject"
  | "archive"
  | "expire"
  | "forget"
  | "lift"
  | "reinforce"
  | "decay"
  | "resolve"
  | "conflict"
  | "grant"
  | "policy"
  | "hide"
  | "restore"
  | "rekey"
  | "reseal"
  | "promote"

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
  const fields = [
    r.prev,
    r.seq,
    r.at,
    r.project,
    r.item ?? "",
    r.action,
    r.source,
    r.session ?? "",
    r.tool ?? "",
    r.detail ?? "",
  ]
  return keyedHash(keys.hash, `memory-audit|${fields.map((f) => JSON.stringify(f)).join("|")}`)
}

export interface AuditVerdict {
  ok: boolean
  rows: number
  /** The first row whose link or hash does not match, or the first one missing from the end. */
  brokenAt?: number
  reason?: string
  /** The sealed head's sequence number: the chain must reach it. */
  head?: number
  /** Items the audit says were created whose rows are gone (first 50), and how many. */
  missingItems?: string[]
  missingItemCount?: number
}

export function verifyAudit(db: Database, keys: Keys): AuditVerdict {
  const chain = verifyChain(db, keys)
  const items = missingCreatedItems(db)
  if (!items.count) return chain
  const reason = `${items.count} item${items.count === 1 ? "" : "s"} the audit records as created ${items.count === 1 ? "is" : "are"} missing from the store`
  return {
    ...chain,
    ok: false,
    reason: chain.ok ? reason : `${chain.reason}; ${reason}`,
    missingItems: items.ids,
    missingItemCount: items.count,
  }
}

function verifyChain(db: Database, keys: Keys): AuditVerdict {
  let prev = GENESIS
  let expectedSeq = 1
  let rows = 0
  for (const r of auditRows(db)) {
    rows++
    if (r.seq !== expectedSeq) return { ok: false, rows, brokenAt: r.seq, reason: `row ${expectedSeq} is missing` }
    if (r.prev !== prev) return { ok: false, rows, brokenAt: r.seq, reason: "link to the previous row does not match" }
    if (rowHash(keys, r) !== r.hash)
      return { ok: false, rows, brokenAt: r.seq, reason: "row content does not match its hash" }
    prev = r.hash
    expectedSeq++
  }
  return checkHead(db, keys, rows, prev)
}

/** The table must reach the sealed head: rows removed from the end leave it pointing past them. */
function checkHead(db: Database, keys: Keys, rows: number, lastHash: string): AuditVerdict {
  const read = readHead(db, keys)
  if (read.state === "absent") {
    return rows
      ? { ok: false, rows, reason: "the chain's sealed head is missing: records may have been removed from the end" }
      : { ok: true, rows }
  }
  if (read.state === "forged")
    return { ok: false, rows, reason: "the chain's sealed head does not verify with this key (edited outside egc)" }
  const head = read.head
  const base = { rows, head: head.seq }
  if (head.seq > rows) {
    const gone = head.seq - rows
    return {
      ...base,
      ok: false,
      brokenAt: rows + 1,
      reason: `${gone} record${gone === 1 ? "" : "s"} missing from the end (${rows + 1}..${head.seq})`,
    }
  }
  // rows past the head were appended by a writer that did not keep it (an older egc): their links still verify
  const at = head.seq === rows ? lastHash : auditHashAt(db, head.seq)
  if (head.seq > 0 && at !== head.hash)
    return { ...base, ok: false, brokenAt: head.seq, reason: `record ${head.seq} does not match the sealed head` }
  if (head.lost !== undefined) {
    return {
      ...base,
      ok: false,
      brokenAt: head.lost,
      reason: `the sealed head was missing or forged when record ${head.lost} was written: the records before it may have been cut`,
    }
  }
  return { ok: true, ...base }
}

/** One line a person can read: where the chain breaks, why, and which items are gone. */
export function auditProblem(a: AuditVerdict): string {
  const where = a.brokenAt === undefined ? "" : ` at record ${a.brokenAt}`
  const items = a.missingItems?.length
    ? ` (${a.missingItems.slice(0, 3).join(", ")}${(a.missingItemCount ?? 0) > 3 ? ", …" : ""})`
    : ""
  return `chain broken${where}: ${a.reason}${items}`
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
  return rows.map((r) => ({
    seq: r.seq,
    at: r.at,
    project: r.project,
    item: r.item ?? undefined,
    action: r.action,
    source: r.source,
    session: r.session ?? undefined,
    detail: r.detail ?? undefined,
  }))
}
