import type { Database } from "bun:sqlite"
import type { Keys } from "../../core/keys"
import { hasTable, type ResealRun, resealColumn } from "../../core/reseal"
import { GLOBAL } from "../_store"
import { appendAudit } from "./audit"
import { dropEveryIndex } from "./index-store"

/**
 * `egc keys rotate` over memory: every sealed column moves to the new sealing key inside the
 * rotation's one transaction (keyed hashes stay: the hashing key outlives rotations, core/key-file.ts).
 * The rows' identity (id, project) is the additional data, exactly as their writers bound it.
 */
const COLUMNS: Array<[table: string, select: string, update: string]> = [
  [
    "memory_items",
    "SELECT rowid AS rowid, id, project, content_enc AS enc FROM memory_items",
    "UPDATE memory_items SET content_enc = ? WHERE rowid = ?",
  ],
  [
    "memory_versions",
    "SELECT rowid AS rowid, id, project, content_enc AS enc FROM memory_versions",
    "UPDATE memory_versions SET content_enc = ? WHERE rowid = ?",
  ],
  [
    "memory_projects",
    "SELECT rowid AS rowid, id, id AS project, display_enc AS enc FROM memory_projects",
    "UPDATE memory_projects SET display_enc = ? WHERE rowid = ?",
  ],
  [
    "memory_branches",
    "SELECT rowid AS rowid, scope AS id, project, name_enc AS enc FROM memory_branches",
    "UPDATE memory_branches SET name_enc = ? WHERE rowid = ?",
  ],
]

/** Re-seal (or, in check mode, count) memory's sealed values; `keys` are the new keys, for the audit row. */
export function resealMemory(db: Database, run: ResealRun, keys?: Keys): void {
  if (!hasTable(db, "memory_items")) return
  const before = run.counts.done
  for (const [table, select, update] of COLUMNS) resealColumn(db, run, table, select, update)
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
