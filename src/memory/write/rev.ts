import type { Store } from "../_store"

/** Bump the store-wide revision inside the current write transaction; readers refresh from it. */
export function nextRev(store: Store): number {
  const row = store.db.query("UPDATE memory_counter SET rev = rev + 1 WHERE id = 1 RETURNING rev").get() as {
    rev: number
  }
  return row.rev
}
