import type { Store } from "../_store"

/** One memory_items row as written by a create: every column by name (null where a create sets none). */
export interface ItemRow {
  id: string
  project: string
  scope: string
  kind: string
  status: string
  confidence: number
  base_confidence: number
  source: string
  session: string | null
  tool: string | null
  content_enc: Uint8Array
  fp: string
  text_fp: string
  title_fp: string | null
  key_hash: string | null
  entity_keys: string
  disputed: 0 | 1
  valid_from: number
  valid_to: null
  recorded_at: number
  retracted_at: null
  expires_at: number | null
  last_used_at: null
  updated_at: number
  rev: number
}

/** The row insert, columns named from the row itself so a value can never land in its neighbour's column. */
export function insertItemRow(store: Store, row: ItemRow): void {
  const columns = Object.keys(row) as Array<keyof ItemRow>
  const sql = `INSERT INTO memory_items (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`
  store.db.query(sql).run(...columns.map((c) => row[c]))
}
