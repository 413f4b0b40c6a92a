import type { Database } from "bun:sqlite"
import type { AuditRow } from "../audit"
import type { Store } from "../_store"

/**
 * The reader's queries of memory tables other than items: links, conflicts, the audit trail, the
 * revision counter and the project list. Like every read, scoped by the caller's project ids.
 */
interface StoredEdge {
  src: string
  dst: string
  type: string
  weight: number
}

export function edgesTouching(store: Store, ids: string[]): StoredEdge[] {
  if (!ids.length) return []
  const marks = ids.map(() => "?").join(",")
  return store.db
    .query(`SELECT src, dst, type, weight FROM memory_edges WHERE src IN (${marks}) OR dst IN (${marks})`)
    .all(...ids, ...ids) as StoredEdge[]
}

export function supersedeLinks(store: Store, id: string): Array<{ src: string; dst: string }> {
  return store.db
    .query("SELECT src, dst FROM memory_edges WHERE type = 'supersedes' AND (src = ? OR dst = ?)")
    .all(id, id) as Array<{ src: string; dst: string }>
}

interface ConflictRow {
  id: string
  new_item: string
  old_item: string
  reason: string
  created_at: number
}

export function openConflictRows(store: Store, projects: string[]): ConflictRow[] {
  const marks = projects.map(() => "?").join(",")
  return store.db
    .query(
      `SELECT id, new_item, old_item, reason, created_at FROM memory_conflicts
       WHERE project IN (${marks}) AND resolved_at IS NULL ORDER BY created_at`,
    )
    .all(...projects) as ConflictRow[]
}

export function auditRows(db: Database): IterableIterator<AuditRow> {
  return db.query("SELECT * FROM memory_audit ORDER BY seq").iterate() as IterableIterator<AuditRow>
}

export function lastAuditRow(db: Database): { seq: number; hash: string } | undefined {
  return (
    (db.query("SELECT seq, hash FROM memory_audit ORDER BY seq DESC LIMIT 1").get() as {
      seq: number
      hash: string
    } | null) ?? undefined
  )
}

export function auditHashAt(db: Database, seq: number): string | undefined {
  return (db.query("SELECT hash FROM memory_audit WHERE seq = ?").get(seq) as { hash: string } | null)?.hash
}

/** Items the audit says were created whose row is gone (items are never deleted, only forgotten). */
export function missingCreatedItems(db: Database, limit = 50): { count: number; ids: string[] } {
  const where = `FROM memory_audit a WHERE a.action = 'create' AND a.item IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM memory_items i WHERE i.id = a.item)`
  const count = (db.query(`SELECT COUNT(DISTINCT a.item) AS n ${where}`).get() as { n: number }).n
  const ids = (
    db.query(`SELECT a.item AS id ${where} GROUP BY a.item ORDER BY MIN(a.seq) LIMIT ?`).all(limit) as Array<{
      id: string
    }>
  ).map((r) => r.id)
  return { count, ids }
}

export function auditRowsOf(db: Database, q: { project: string; item?: string; limit: number }): AuditRow[] {
  return (
    q.item
      ? db
          .query("SELECT * FROM memory_audit WHERE project = ? AND item = ? ORDER BY seq DESC LIMIT ?")
          .all(q.project, q.item, q.limit)
      : db.query("SELECT * FROM memory_audit WHERE project = ? ORDER BY seq DESC LIMIT ?").all(q.project, q.limit)
  ) as AuditRow[]
}

export function currentRev(store: Store): number {
  return (store.db.query("SELECT rev FROM memory_counter WHERE id = 1").get() as { rev: number }).rev
}

export function allProjectIds(store: Store): string[] {
  return (store.db.query("SELECT id FROM memory_projects").all() as Array<{ id: string }>).map((r) => r.id)
}

export function activeIds(store: Store, q: { project: string; scope: string; kind: string }): string[] {
  return (
    store.db
      .query("SELECT id FROM memory_items WHERE project = ? AND scope = ? AND kind = ? AND status = 'active'")
      .all(q.project, q.scope, q.kind) as Array<{ id: string }>
  ).map((r) => r.id)
}
