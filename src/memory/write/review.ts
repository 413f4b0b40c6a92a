import { nextRev } from "./rev"
import { now } from "../../core/clock"
import { newId } from "../../core/ids"
import { appendAudit } from "./audit"
import { entityKeyGroups, itemPrint, sealContent, textPrint } from "../_seal"
import { GLOBAL, storedScope, tx, type Store } from "../_store"
import { present, isUnreadable, selectRows } from "../read"
import type { Actor, ScopeName, WriteContext, WriteResult } from "../types"
import { isRefusal, prepareItem } from "./prepare"
import { setStatusRow, supersedeRow } from "./mutate"
import { nearTombstones, recordShingles } from "./near"
import { dropIndex } from "./index-store"

/** Kinds with one live item per scope: approving a new one replaces the old. */
const SINGLE_VALUED = new Set(["context"])

export interface ItemEdits {
  /** A person's correction of the kind (a pending "avoid" that is a preference). */
  kind?: string
  /** Move the item: branch, project or global (the content is sealed again under its new owner). */
  scope?: ScopeName
  title?: string
  body?: string
  entities?: string[]
  tags?: string[]
}

function loadItem(store: Store, ctx: WriteContext, id: string, statuses: string[]) {
  const row = selectRows(store, { projects: [ctx.project.id, GLOBAL], ids: [id] })[0]
  if (!row) return { error: `no item ${id} in this project` }
  if (!statuses.includes(row.status)) return { error: `item ${id} is ${row.status}, not ${statuses.join(" or ")}` }
  const view = present(store, row)
  if (isUnreadable(view)) return { error: `item ${id} cannot be opened: ${view.reason}` }
  return { row, view }
}

type Loaded = Exclude<ReturnType<typeof loadItem>, { error: string }>

/** Replace an item's content, keeping the old content as a sealed version. Same checks as a write. */
function applyEdits(store: Store, { row, view }: Loaded, edits: ItemEdits, ctx: WriteContext): WriteResult | undefined {
  const id = row.id
  const kind = edits.kind ?? view.kind
  const where = edits.scope ? storedScope(ctx.project, kind, edits.scope) : { project: row.project, scope: row.scope }
  const p = prepareItem({
    kind,
    title: edits.title ?? view.title,
    body: edits.body ?? view.body,
    entities: edits.entities ?? view.entities,
    tags: edits.tags ?? view.tags,
  })
  if (isRefusal(p)) return { outcome: "refused", code: p.code, reason: p.reason }
  const prints = [textPrint(store.keys, p.body), ...(p.title ? [textPrint(store.keys, p.title)] : [])]
  const marks = prints.map(() => "?").join(",")
  const near = [p.body, p.title].some((text) => text && nearTombstones(store, [row.project, GLOBAL], text).length)
  if (
    near ||
    store.db
      .query(`SELECT 1 FROM memory_tombstones WHERE project IN (?, ?) AND fp IN (${marks}) AND lifted_at IS NULL`)
      .get(row.project, GLOBAL, ...prints)
  ) {
    return {
      outcome: "refused",
      code: "tombstoned",
      reason: "the edited content was forgotten; a person must lift the tombstone first",
    }
  }
  const versionId = newId("v_")
  const content = { title: p.title, body: p.body, entities: p.entities, tags: p.tags, key: view.key }
  store.db
    .query("INSERT INTO memory_versions (id, item, project, content_enc, recorded_at) VALUES (?, ?, ?, ?, ?)")
    .run(versionId, id, row.project, sealContent(store.keys, "memory_versions", versionId, row.project, view), now())
  store.db
    .query(
      "UPDATE memory_items SET project = ?, scope = ?, kind = ?, content_enc = ?, fp = ?, text_fp = ?, title_fp = ?, " +
        "entity_keys = ?, updated_at = ?, rev = ? WHERE id = ?",
    )
    .run(
      where.project,
      where.scope,
      kind,
      sealContent(store.keys, "memory_items", id, where.project, content),
      itemPrint(store.keys, kind, where.scope, p.title, p.body),
      prints[0] as string,
      p.title ? (prints[1] as string) : null,
      entityKeyGroups(store.keys, p.entities),
      now(),
      nextRev(store),
      id,
    )
  // the old project's stored index names the item's words: gone, it is rebuilt from the records (a move is rare)
  if (where.project !== row.project) dropIndex(store, [row.project])
  appendAudit(store.db, store.keys, {
    project: row.project,
    item: id,
    action: "edit",
    actor: ctx.actor,
    detail: `version=${versionId}`,
  })
  return undefined
}

/** Edit a live or pending item in place (a person's correction); the previous content stays as a version. */
export function edit(store: Store, id: string, ctx: WriteContext, edits: ItemEdits): WriteResult {
  return tx(store, () => {
    const found = loadItem(store, ctx, id, ["active", "pending"])
    if ("error" in found) return { outcome: "refused", code: "not-found", reason: found.error } as WriteResult
    const refused = applyEdits(store, found, edits, ctx)
    return refused ?? ({ outcome: "created", id, status: found.row.status } as WriteResult)
  })
}

/** Approve a pending item, optionally edited first; an edit passes the same checks as a write. */
export function approve(store: Store, id: string, ctx: WriteContext, edits?: ItemEdits): WriteResult {
  return tx(store, () => {
    const found = loadItem(store, ctx, id, ["pending"])
    if ("error" in found) return { outcome: "refused", code: "not-found", reason: found.error } as WriteResult
    if (edits && Object.keys(edits).length) {
      const refused = applyEdits(store, found, edits, ctx)
      if (refused) return refused
    }
    activate(store, id, ctx.actor)
    return { outcome: "created", id, status: "active" } as WriteResult
  })
}

/**
 * A pending item made active, the one way (a person's approval, or a resolution that keeps it): what it was
 * written to replace, and for a single-valued kind its scope's other live item, are superseded by it.
 * Reads the item's stored kind and scope, so an edit made just before counts. Returns what it replaced.
 */
export function activate(store: Store, id: string, actor: Actor, detail?: string): string[] {
  const item = itemOf(store, id)
  if (!item) return []
  const replaced = replacedBy(store, id)
  setStatusRow(store, id, item.project, "active", "approve", actor, detail)
  for (const r of replaced) supersedeRow(store, r, id, item.project, actor)
  return replaced
}

const itemOf = (store: Store, id: string) =>
  store.db.query("SELECT project, scope, kind FROM memory_items WHERE id = ?").get(id) as {
    project: string
    scope: string
    kind: string
  } | null

/** The live items an item replaces once active (its supersedes edges; for a single-valued kind, its scope's others). */
export function replacedBy(store: Store, id: string): string[] {
  const item = itemOf(store, id)
  if (!item) return []
  const replaced = store.db
    .query(
      "SELECT e.dst AS id FROM memory_edges e JOIN memory_items i ON i.id = e.dst WHERE e.src = ? AND e.type = 'supersedes' AND i.status = 'active'",
    )
    .all(id) as Array<{ id: string }>
  if (SINGLE_VALUED.has(item.kind)) {
    replaced.push(
      ...(store.db
        .query(
          "SELECT id FROM memory_items WHERE project = ? AND scope = ? AND kind = ? AND status = 'active' AND id != ?",
        )
        .all(item.project, item.scope, item.kind, id) as Array<{ id: string }>),
    )
  }
  return [...new Set(replaced.map((r) => r.id))]
}

/** Reject a pending item: it is marked rejected and its text tombstoned, so no source brings it back. */
export function reject(store: Store, id: string, ctx: WriteContext): WriteResult {
  return tx(store, () => {
    const found = loadItem(store, ctx, id, ["pending"])
    if ("error" in found) return { outcome: "refused", code: "not-found", reason: found.error } as WriteResult
    setStatusRow(store, id, found.row.project, "rejected", "reject", ctx.actor)
    // a conflict this item opened is settled: the old item stays
    store.db
      .query(
        "UPDATE memory_conflicts SET resolved_at = ?, resolution = 'old' WHERE new_item = ? AND resolved_at IS NULL",
      )
      .run(now(), id)
    const fp = textPrint(store.keys, found.view.body)
    store.db
      .query(
        "INSERT INTO memory_tombstones (project, fp, created_at, source, lifted_at) VALUES (?, ?, ?, ?, NULL) ON CONFLICT (project, fp) DO UPDATE SET lifted_at = NULL",
      )
      .run(found.row.project, fp, now(), ctx.actor.source)
    recordShingles(store, found.row.project, fp, found.view.body)
    return { outcome: "unchanged", id, status: "rejected", reason: "rejected; its text is tombstoned" } as WriteResult
  })
}
