import { now } from "../../core/clock"
import type { Project } from "../../core/project"
import { itemPrint, openContent, openName, sealName } from "../_seal"
import { tx, type Store } from "../_store"
import type { Actor } from "../types"
import { appendAudit } from "./audit"
import { setStatusRow } from "./mutate"
import { nextRev } from "./rev"

/**
 * Memory follows git (issue 19 §1): items of a merged or renamed branch move to another scope,
 * items of a deleted branch are archived. Each move is audited per item (`promote`, detail
 * `from=<scope> to=<scope>`), so `undoMoves` puts them back with one command.
 */
export interface BranchScope {
  scope: string
  name: string
  live: number
}

export function branchScopes(store: Store, project: Project): BranchScope[] {
  type Row = { scope: string; name_enc: Uint8Array; live: number }
  const rows = store.db
    .query(
      `SELECT b.scope, b.name_enc, (SELECT COUNT(*) FROM memory_items i WHERE i.project = b.project AND i.scope = b.scope
        AND i.status IN ('active', 'pending')) AS live FROM memory_branches b WHERE b.project = ?`,
    )
    .all(project.id) as Row[]
  return rows.map((r) => ({
    scope: r.scope,
    name: openName(store.keys, "memory_branches", r.scope, project.id, r.name_enc),
    live: r.live,
  }))
}

type Item = { id: string; kind: string; status: string; content_enc: Uint8Array | null }

/** Move the live items of one scope to another (merged into the default branch, or renamed). */
export function moveScope(
  store: Store,
  project: Project,
  q: { from: string; to: string; toName: string; why: string },
  actor: Actor,
): string[] {
  return tx(store, () => {
    const { db, keys } = store
    if (!db.query("SELECT 1 FROM memory_branches WHERE project = ? AND scope = ?").get(project.id, q.to)) {
      db.query("INSERT INTO memory_branches (project, scope, name_enc) VALUES (?, ?, ?)").run(
        project.id,
        q.to,
        sealName(keys, "memory_branches", q.to, project.id, q.toName),
      )
    }
    const items = db
      .query(
        "SELECT id, kind, status, content_enc FROM memory_items WHERE project = ? AND scope = ? AND status IN ('active', 'pending')",
      )
      .all(project.id, q.from) as Item[]
    const moved: string[] = []
    for (const it of items) {
      if (!it.content_enc) continue
      const c = openContent(keys, "memory_items", it.id, project.id, it.content_enc)
      const fp = itemPrint(keys, it.kind, q.to, c.title, c.body)
      db.query("UPDATE memory_items SET scope = ?, fp = ?, updated_at = ?, rev = ? WHERE id = ?").run(
        q.to,
        fp,
        now(),
        nextRev(store),
        it.id,
      )
      appendAudit(db, keys, {
        project: project.id,
        item: it.id,
        action: "promote",
        actor,
        detail: `from=${q.from} to=${q.to} ${q.why}`,
      })
      moved.push(it.id)
    }
    return moved
  })
}

/** Archive (never destroy) the live items of a branch that is gone. */
export function archiveScope(store: Store, project: Project, scope: string, actor: Actor): string[] {
  return tx(store, () => {
    const ids = store.db
      .query("SELECT id FROM memory_items WHERE project = ? AND scope = ? AND status = 'active'")
      .all(project.id, scope) as Array<{ id: string }>
    for (const { id } of ids)
      setStatusRow(store, id, project.id, "archived", "archive", actor, `branch gone: scope=${scope}`)
    return ids.map((r) => r.id)
  })
}

/** Put back every item moved out of `from` that still sits where the move left it. */
export function undoMoves(store: Store, project: Project, from: string, actor: Actor): string[] {
  type Row = { item: string; detail: string }
  const rows = store.db
    .query(
      "SELECT item, detail FROM memory_audit WHERE project = ? AND action = 'promote' AND detail LIKE ? ORDER BY seq",
    )
    .all(project.id, `from=${from} %`) as Row[]
  const last = new Map(rows.map((r) => [r.item, / to=(\S+)/.exec(r.detail)?.[1] ?? ""]))
  return tx(store, () => {
    const back: string[] = []
    for (const [id, to] of last) {
      const it = store.db
        .query("SELECT id, kind, status, content_enc FROM memory_items WHERE id = ? AND project = ? AND scope = ?")
        .get(id, project.id, to) as Item | null
      if (!it?.content_enc) continue
      const c = openContent(store.keys, "memory_items", id, project.id, it.content_enc)
      const fp = itemPrint(store.keys, it.kind, from, c.title, c.body)
      store.db
        .query("UPDATE memory_items SET scope = ?, fp = ?, updated_at = ?, rev = ? WHERE id = ?")
        .run(from, fp, now(), nextRev(store), id)
      appendAudit(store.db, store.keys, {
        project: project.id,
        item: id,
        action: "promote",
        actor,
        detail: `from=${to} to=${from} undo`,
      })
      back.push(id)
    }
    return back
  })
}

/** Close a branch question the person answered, or one made moot (the branch came back): archived. */
export function archiveOne(store: Store, project: Project, id: string, actor: Actor, why: string): boolean {
  return tx(store, () => {
    const live = store.db
      .query("SELECT 1 FROM memory_items WHERE id = ? AND project = ? AND status IN ('active', 'pending')")
      .get(id, project.id)
    if (live) setStatusRow(store, id, project.id, "archived", "archive", actor, why)
    return !!live
  })
}
