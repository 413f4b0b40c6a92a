import type { Database } from "bun:sqlite"
import { metaValue, setMetaValue } from "../core/db"
import { keyedHash } from "../core/crypto"
import type { Keys } from "../core/keys"

/**
 * The audit chain's head (last sequence number and hash), kept outside the audit table in egc_meta
 * and bound to the key by a keyed hash, so a truncated log cannot be passed off as complete: deleting
 * the last rows leaves the head pointing past the table, and only the key can move it back.
 * It is written in the same transaction as the audit row, so the two always commit together.
 * `lost` records that the head was missing when a later row was appended (it was deleted): the
 * records before it can no longer be shown complete, and verify says so for good.
 */
interface AuditHead {
  seq: number
  hash: string
  lost?: number
}

const KEY = "memory_audit_head"

function mac(keys: Keys, h: AuditHead): string {
  return keyedHash(keys.hash, `memory-audit-head|${h.seq}|${h.hash}|${h.lost ?? ""}`)
}

export function writeHead(db: Database, keys: Keys, h: AuditHead): void {
  setMetaValue(db, KEY, JSON.stringify({ ...h, mac: mac(keys, h) }))
}

type HeadRead = { state: "absent" } | { state: "forged" } | { state: "ok"; head: AuditHead }

export function readHead(db: Database, keys: Keys): HeadRead {
  const raw = metaValue(db, KEY)
  if (raw === undefined) return { state: "absent" }
  try {
    const v = JSON.parse(raw) as AuditHead & { mac?: unknown }
    const head: AuditHead = { seq: v.seq, hash: v.hash, ...(v.lost === undefined ? {} : { lost: v.lost }) }
    if (!Number.isSafeInteger(head.seq) || typeof head.hash !== "string" || v.mac !== mac(keys, head))
      return { state: "forged" }
    return { state: "ok", head }
  } catch {
    return { state: "forged" }
  }
}
