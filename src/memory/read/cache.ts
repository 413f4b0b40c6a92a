import MiniSearch from "minisearch"
import { currentRev, type Store } from "../_store"
import type { ItemView, Unreadable } from "../types"
import { isUnreadable, present } from "./present"
import { selectRows } from "./rows"
import { processTerm, tokenize } from "./_terms"

/**
 * Per-process cache of one project's opened items and their MiniSearch index. Plaintext lives only
 * in this process's memory. It refreshes incrementally from the store-wide revision counter, so
 * writes by this or any other process are seen on the next read.
 */
export interface ProjectIndex {
  rev: number
  items: Map<string, ItemView>
  unreadable: Map<string, Unreadable>
  search: MiniSearch<IndexedDoc>
}

interface IndexedDoc {
  id: string
  title: string
  body: string
  entities: string
  tags: string
  kind: string
}

const caches = new WeakMap<Store, Map<string, ProjectIndex>>()

export function newSearch(): MiniSearch<IndexedDoc> {
  return new MiniSearch<IndexedDoc>({
    fields: ["title", "body", "entities", "tags", "kind"],
    tokenize,
    processTerm,
    searchOptions: { boost: { title: 2, entities: 1.5, tags: 1.2 }, prefix: (t) => t.length > 3, fuzzy: (t) => (t.length > 5 ? 0.15 : false), processTerm, tokenize },
  })
}

export const asDoc = (v: ItemView): IndexedDoc => ({
  id: v.id,
  title: v.title,
  body: v.body,
  entities: v.entities.join(" "),
  tags: v.tags.join(" "),
  kind: v.kind,
})

/** Statuses kept in the index; forgotten and rejected items have nothing to find. */
const INDEXED = new Set(["active", "pending", "superseded", "archived", "expired"])

export function projectIndex(store: Store, project: string): ProjectIndex {
  let byProject = caches.get(store)
  if (!byProject) caches.set(store, (byProject = new Map()))
  let idx = byProject.get(project)
  if (!idx) byProject.set(project, (idx = { rev: -1, items: new Map(), unreadable: new Map(), search: newSearch() }))
  const rev = currentRev(store)
  if (rev === idx.rev) return idx
  const rows = selectRows(store, { projects: [project], sinceRev: idx.rev })
  const added: IndexedDoc[] = []
  for (const row of rows) {
    if (idx.items.has(row.id)) {
      idx.search.discard(row.id)
      idx.items.delete(row.id)
    }
    idx.unreadable.delete(row.id)
    if (!row.content_enc || !INDEXED.has(row.status)) continue
    const view = present(store, row)
    if (isUnreadable(view)) {
      idx.unreadable.set(row.id, view)
      continue
    }
    idx.items.set(row.id, view)
    added.push(asDoc(view))
  }
  idx.search.addAll(added)
  idx.rev = rev
  return idx
}

export function dropCaches(store: Store): void {
  caches.delete(store)
}
