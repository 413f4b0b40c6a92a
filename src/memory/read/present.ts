import { errorMessage } from "../../core/errors"
import { type Content, openContent, openName } from "../_seal"
import { readsAsInstruction } from "../../core/screen"
import type { Store } from "../_store"
import type { ItemView, Source, Status, Unreadable } from "../types"
import type { ItemRow } from "./rows"

/**
 * Open one row into a view. A row that fails to open (altered bytes, copied to another row or
 * project, another key) becomes an `Unreadable` with its id: reported, never dropped or rewritten.
 */
export function present(store: Store, row: ItemRow): ItemView | Unreadable {
  if (!row.content_enc) return { id: row.id, project: row.project, reason: "content destroyed (forgotten)" }
  let content: Content
  try {
    content = openContent(store.keys, "memory_items", row.id, row.project, row.content_enc)
  } catch (e) {
    return { id: row.id, project: row.project, reason: errorMessage(e) }
  }
  const flagged = readsAsInstruction(content.title) || readsAsInstruction(content.body)
  return {
    project: { id: row.project, display: projectDisplay(store, row.project) },
    id: row.id,
    kind: row.kind,
    scope: row.scope,
    title: content.title,
    body: content.body,
    status: row.status as Status,
    confidence: row.confidence,
    entities: content.entities,
    tags: content.tags,
    source: row.source as Source,
    sessionId: row.session ?? undefined,
    disputed: row.disputed === 1,
    key: content.key,
    validFrom: row.valid_from,
    validTo: row.valid_to ?? undefined,
    recordedAt: row.recorded_at,
    retractedAt: row.retracted_at ?? undefined,
    expiresAt: row.expires_at ?? undefined,
    updatedAt: row.updated_at,
    lastUsedAt: row.last_used_at ?? undefined,
    flagged,
  }
}

export const isUnreadable = (v: ItemView | Unreadable): v is Unreadable => "reason" in v

const displays = new WeakMap<Store, Map<string, string>>()

/** A project's display name, opened once per process. */
export function projectDisplay(store: Store, project: string): string {
  let cache = displays.get(store)
  if (!cache) displays.set(store, (cache = new Map()))
  const hit = cache.get(project)
  if (hit !== undefined) return hit
  const row = store.db.query("SELECT display_enc FROM memory_projects WHERE id = ?").get(project) as {
    display_enc: Uint8Array
  } | null
  let display = project
  if (row) {
    try {
      display = openName(store.keys, "memory_projects", project, project, row.display_enc)
    } catch {
      display = `${project} (display name unreadable)`
    }
  }
  cache.set(project, display)
  return display
}

export function presentAll(store: Store, rows: ItemRow[]): { items: ItemView[]; unreadable: Unreadable[] } {
  const items: ItemView[] = []
  const unreadable: Unreadable[] = []
  for (const row of rows) {
    const v = present(store, row)
    if (isUnreadable(v)) unreadable.push(v)
    else items.push(v)
  }
  return { items, unreadable }
}
