import type { Project } from "../../core/project"
import { openContent, openName, sealContent, sealName } from "../_seal"
import { tx, type Store } from "../_store"
import { appendAudit } from "./audit"
import { dropIndex } from "./index-store"
import { nextRev } from "./rev"

/**
 * Project ids changed when remotes on case-insensitive hosts began to be folded to lower case. The
 * items stored under an old id follow the project here, once: every record is opened under its old
 * identity and sealed again under the new one in one transaction, so nothing is readable under both.
 * The audit rows keep their old project (the hash chain covers it); a `rekey` entry links the two.
 */
const done = new WeakMap<Store, Set<string>>()

export function adoptAliases(store: Store, project: Project): number {
  const aliases = project.aliases?.filter((a) => a !== project.id) ?? []
  if (!aliases.length) return 0
  const seen = done.get(store) ?? new Set<string>()
  done.set(store, seen)
  let moved = 0
  for (const from of aliases) {
    const key = `${from}>${project.id}`
    if (seen.has(key)) continue
    if (store.db.query("SELECT 1 FROM memory_projects WHERE id = ?").get(from))
      moved += tx(store, () => rekey(store, from, project))
    seen.add(key)
  }
  return moved
}

type Row = { id: string; content_enc: Uint8Array | null }

function rekey(store: Store, from: string, project: Project): number {
  const to = project.id
  const { db, keys } = store
  const reseal = (table: string, r: Row) =>
    r.content_enc ? sealContent(keys, table, r.id, to, openContent(keys, table, r.id, from, r.content_enc)) : null
  const rev = nextRev(store)
  const items = db.query("SELECT id, content_enc FROM memory_items WHERE project = ?").all(from) as Row[]
  for (const r of items) {
    db.query("UPDATE memory_items SET project = ?, content_enc = ?, rev = ? WHERE id = ?").run(
      to,
      reseal("memory_items", r),
      rev,
      r.id,
    )
  }
  const versions = db.query("SELECT id, content_enc FROM memory_versions WHERE project = ?").all(from) as Row[]
  for (const r of versions) {
    db.query("UPDATE memory_versions SET project = ?, content_enc = ? WHERE id = ?").run(
      to,
      reseal("memory_versions", r),
      r.id,
    )
  }
  type Branch = { scope: string; name_enc: Uint8Array }
  const branches = db.query("SELECT scope, name_enc FROM memory_branches WHERE project = ?").all(from) as Branch[]
  for (const b of branches) {
    const name = openName(keys, "memory_branches", b.scope, from, b.name_enc)
    db.query("DELETE FROM memory_branches WHERE project = ? AND scope = ?").run(from, b.scope)
    db.query("INSERT OR IGNORE INTO memory_branches (project, scope, name_enc) VALUES (?, ?, ?)").run(
      to,
      b.scope,
      sealName(keys, "memory_branches", b.scope, to, name),
    )
  }
  for (const table of ["memory_edges", "memory_grants", "memory_conflicts"]) {
    db.query(`UPDATE ${table} SET project = ? WHERE project = ?`).run(to, from)
  }
  // a tombstone already standing under the new id wins; the duplicate left behind is dropped
  for (const table of ["memory_tombstones", "memory_tomb_shingles"]) {
    db.query(`UPDATE OR IGNORE ${table} SET project = ? WHERE project = ?`).run(to, from)
  }
  for (const table of ["memory_tombstones", "memory_tomb_shingles"]) {
    db.query(`DELETE FROM ${table} WHERE project = ?`).run(from)
  }
  // the moved items reach the new id's index by their new revision; the old id's index is sealed for it alone
  dropIndex(store, [from])
  const old = db.query("SELECT consent, created_at FROM memory_projects WHERE id = ?").get(from) as {
    consent: string | null
    created_at: number
  }
  if (!db.query("SELECT 1 FROM memory_projects WHERE id = ?").get(to)) {
    db.query("INSERT INTO memory_projects (id, display_enc, consent, created_at) VALUES (?, ?, ?, ?)").run(
      to,
      sealName(keys, "memory_projects", to, to, project.display),
      old.consent,
      old.created_at,
    )
  }
  db.query("DELETE FROM memory_projects WHERE id = ?").run(from)
  appendAudit(db, keys, {
    project: to,
    action: "rekey",
    actor: { source: "cli", tool: "egc" },
    detail: `from ${from}: ${items.length} items`,
  })
  return items.length
}
