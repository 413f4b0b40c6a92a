import type { Database } from "bun:sqlite"
import { aad } from "../../core/crypto"
import type { Keys } from "../../core/keys"
import { hasTable, type ResealRun, resealValue, wroteOne } from "../../core/reseal"
import { GLOBAL } from "../_store"
import { appendAudit } from "./audit"
import { dropEveryIndex } from "./index-store"

/**
 * `egc keys rotate` over memory: every sealed column moves to the new sealing key inside the
 * rotation's one transaction (keyed hashes stay: the hashing key outlives rotations, core/key-file.ts).
 * The rows' identity (id, project) is the additional data, exactly as their writers bound it.
 */
const COLUMNS: Array<{ table: string; column: string; id: string; project: string }> = [
  { table: "memory_items", column: "content_enc", id: "id", project: "project" },
  { table: "memory_versions", column: "content_enc", id: "id", project: "project" },
  { table: "memory_projects", column: "display_enc", id: "id", project: "id" },
  { table: "memory_branches", column: "name_enc", id: "scope", project: "project" },
]

const UPDATES: Record<string, string> = {
  memory_items: "UPDATE memory_items SET content_enc = ? WHERE rowid = ?",
  memory_versions: "UPDATE memory_versions SET content_enc = ? WHERE rowid = ?",
  memory_projects: "UPDATE memory_projects SET display_enc = ? WHERE rowid = ?",
  memory_branches: "UPDATE memory_branches SET name_enc = ? WHERE rowid = ?",
}

type Row = { rowid: number; id: string; project: string; enc: Uint8Array | null }

/** Re-seal (or, in check mode, count) memory's sealed values; `keys` are the new keys, for the audit row. */
export function resealMemory(db: Database, run: ResealRun, keys?: Keys): void {
  if (!hasTable(db, "memory_items")) return
  const before = run.counts.done
  for (const c of COLUMNS) {
    if (!hasTable(db, c.table)) continue
    const update = db.query(UPDATES[c.table] ?? "")
    const rows = db
      .query(`SELECT rowid AS rowid, ${c.id} AS id, ${c.project} AS project, ${c.column} AS enc FROM ${c.table}`)
      .all() as Row[]
    for (const r of rows) {
      if (!r.enc) continue
      const next = resealValue(run, r.enc, aad(c.table, r.id, r.project))
      if (next) wroteOne(update.run(next, r.rowid), c.table)
    }
  }
  if (run.mode === "reseal") dropEveryIndex(db)
  if (run.mode === "reseal" && keys && hasTable(db, "memory_audit")) {
    appendAudit(db, keys, {
      project: GLOBAL,
      action: "reseal",
      actor: { source: "cli", tool: "egc" },
      detail: `sealing key rotated to id ${keys.keyId}: ${run.counts.done - before} records re-sealed`,
    })
  }
}
