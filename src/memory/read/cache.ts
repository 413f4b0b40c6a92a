import MiniSearch from "minisearch"
import { aad, open } from "../../core/crypto"
import { errorMessage } from "../../core/errors"
import type { Store } from "../_store"
import { currentRev } from "./meta"
import { normalEntity } from "../../core/screen"
import type { ItemView, Unreadable } from "../types"
import { saveSnapshot } from "../write/snapshot"
import { isUnreadable, present } from "./present"
import { selectRows, type ItemRow } from "./rows"
import { packIndex, unpackIndex } from "./_snapshot"
import { processTerm, TERM_RULES, tokenize } from "./terms"

/**
 * Per-process cache of one project's items and their MiniSearch index. Plaintext lives only in
 * this process's memory. Ranking needs only each row's metadata and keyed entity hashes, so a
 * record is opened when it is about to be shown; the index itself is loaded from a sealed snapshot
 * when one exists (much faster than re-indexing) and refreshed incrementally from the store-wide
 * revision counter, so writes by this or any other process are seen on the next read.
 */
export interface ItemMeta {
  id: string
  project: string
  scope: string
  kind: string
  status: string
  confidence: number
  disputed: boolean
  validFrom: number
  recordedAt: number
  expiresAt: number | undefined
  /** Per entity: the keyed hashes of its full name and last path segment. */
  entityGroups: string[][]
}

interface ProjectIndex {
  rev: number
  meta: Map<string, ItemMeta>
  unreadable: Map<string, Unreadable>
  search: MiniSearch<IndexedDoc>
  /** Keyed entity hash → item ids, in the order they were added (arrays: a Set per key cost 140 ms to load at 100k). */
  entities: Map<string, string[]>
  /** Opens (once) the view of an item of this project; undefined when it cannot be opened. */
  view(id: string): ItemView | undefined
  snapshotRev: number
  changedSinceSnapshot: number
}

/** Two fields only: every extra field multiplies the posting maps MiniSearch keeps per term. */
interface IndexedDoc {
  id: string
  title: string
  text: string
}

/** A snapshot is rewritten once this many documents changed since the last one. */
export const SNAPSHOT_EVERY = 200
/** Projects smaller than this are indexed from scratch; a snapshot would not pay for itself. */
export const SNAPSHOT_MIN_DOCS = 300
const INDEXED = new Set(["active", "pending", "superseded", "archived", "expired"])
const FIELDS = ["title", "text"]

export const INDEX_OPTIONS = {
  fields: FIELDS,
  tokenize,
  processTerm,
  searchOptions: { boost: { title: 2 }, prefix: (t: string) => t.length > 3, processTerm, tokenize },
}

export function newSearch(): MiniSearch<IndexedDoc> {
  return new MiniSearch<IndexedDoc>(INDEX_OPTIONS)
}

export const asDoc = (v: ItemView): IndexedDoc => ({
  id: v.id,
  title: v.title,
  text: `${v.body}\n${v.entities.join(" ")}\n${v.tags.join(" ")}\n${v.kind}`,
})

export const entityNames = (entity: string): string[] => {
  const n = normalEntity(entity)
  const base = n.split("/").at(-1) ?? n
  return base && base !== n ? [n, base] : [n]
}

export function metaOf(
  row: Pick<
    ItemRow,
    | "id"
    | "project"
    | "scope"
    | "kind"
    | "status"
    | "confidence"
    | "disputed"
    | "valid_from"
    | "recorded_at"
    | "expires_at"
    | "entity_keys"
  >,
): ItemMeta {
  return {
    id: row.id,
    project: row.project,
    scope: row.scope,
    kind: row.kind,
    status: row.status,
    confidence: row.confidence,
    disputed: row.disputed === 1,
    validFrom: row.valid_from,
    recordedAt: row.recorded_at,
    expiresAt: row.expires_at ?? undefined,
    entityGroups: row.entity_keys ? row.entity_keys.split(" ").map((g) => g.split(",")) : [],
  }
}

const caches = new WeakMap<Store, Map<string, ProjectIndex>>()

export function projectIndex(store: Store, project: string): ProjectIndex {
  let byProject = caches.get(store)
  if (!byProject) caches.set(store, (byProject = new Map()))
  const rev = currentRev(store)
  const idx = byProject.get(project) ?? load(store, project, byProject)
  if (rev !== idx.rev) refresh(store, project, idx, rev)
  return idx
}

function emptyIndex(store: Store, project: string): ProjectIndex {
  const views = new Map<string, ItemView>()
  const idx: ProjectIndex = {
    rev: -1,
    meta: new Map(),
    unreadable: new Map(),
    search: newSearch(),
    entities: new Map(),
    snapshotRev: -1,
    changedSinceSnapshot: 0,
    view(id) {
      const hit = views.get(id)
      if (hit) return hit
      if (!idx.meta.has(id) || idx.unreadable.has(id)) return undefined
      const row = selectRows(store, { projects: [project], ids: [id] })[0]
      if (!row) return undefined
      const v = present(store, row)
      if (isUnreadable(v)) {
        idx.unreadable.set(id, v)
        return undefined
      }
      views.set(id, v)
      return v
    },
  }
  Object.defineProperty(idx, "views", { value: views })
  return idx
}

const viewsOf = (idx: ProjectIndex) => (idx as unknown as { views: Map<string, ItemView> }).views

/** Start from the sealed snapshot when there is one: metadata for all rows, index from the snapshot. */
function load(store: Store, project: string, byProject: Map<string, ProjectIndex>): ProjectIndex {
  const idx = emptyIndex(store, project)
  byProject.set(project, idx)
  const snap = store.db.query("SELECT rev, snapshot_enc FROM memory_snapshots WHERE project = ?").get(project) as {
    rev: number
    snapshot_enc: Uint8Array
  } | null
  if (!snap) return idx
  try {
    const packed = open(store.keys.content, snap.snapshot_enc, aad("memory_snapshots", project, project))
    idx.search = unpackIndex<IndexedDoc>(packed, INDEX_OPTIONS, TERM_RULES)
  } catch {
    // an unreadable or outdated snapshot is only a cache: index from the records instead
    idx.search = newSearch()
    return idx
  }
  const rows = store.db
    .query(
      "SELECT id, project, scope, kind, status, confidence, disputed, valid_from, recorded_at, expires_at, entity_keys, rev FROM memory_items WHERE project = ? AND rev <= ? AND content_enc IS NOT NULL",
    )
    .all(project, snap.rev) as Array<ItemRow>
  for (const row of rows) if (INDEXED.has(row.status) && idx.search.has(row.id)) addMeta(idx, metaOf(row))
  idx.rev = snap.rev
  idx.snapshotRev = snap.rev
  return idx
}

function refresh(store: Store, project: string, idx: ProjectIndex, rev: number): void {
  const rows = selectRows(store, { projects: [project], sinceRev: idx.rev })
  const added: IndexedDoc[] = []
  const views = viewsOf(idx)
  for (const row of rows) {
    if (idx.search.has(row.id)) idx.search.discard(row.id)
    removeMeta(idx, row.id)
    views.delete(row.id)
    idx.unreadable.delete(row.id)
    if (!row.content_enc || !INDEXED.has(row.status)) continue
    const view = present(store, row)
    if (isUnreadable(view)) {
      idx.unreadable.set(row.id, view)
      continue
    }
    addMeta(idx, metaOf(row))
    views.set(row.id, view)
    added.push(asDoc(view))
  }
  idx.search.addAll(added)
  idx.changedSinceSnapshot += rows.length
  idx.rev = rev
  maybeSnapshot(store, project, idx)
}

function maybeSnapshot(store: Store, project: string, idx: ProjectIndex): void {
  const docs = idx.search.documentCount
  const fresh = idx.snapshotRev < 0 ? docs >= SNAPSHOT_MIN_DOCS : idx.changedSinceSnapshot >= SNAPSHOT_EVERY
  if (!fresh) return
  try {
    saveSnapshot(store, project, idx.rev, docs, packIndex(idx.search, TERM_RULES))
    idx.snapshotRev = idx.rev
    idx.changedSinceSnapshot = 0
  } catch (e) {
    // a busy database only delays the snapshot; reads never fail because of it
    void errorMessage(e)
  }
}

function addMeta(idx: ProjectIndex, m: ItemMeta): void {
  idx.meta.set(m.id, m)
  for (const group of m.entityGroups)
    for (const key of group) {
      const ids = idx.entities.get(key)
      // two entities of one item can share a last segment; its keys arrive together, so a repeat is the last entry
      if (!ids) idx.entities.set(key, [m.id])
      else if (ids[ids.length - 1] !== m.id) ids.push(m.id)
    }
}

function removeMeta(idx: ProjectIndex, id: string): void {
  const m = idx.meta.get(id)
  if (!m) return
  for (const group of m.entityGroups)
    for (const key of group) {
      const ids = idx.entities.get(key)
      const at = ids?.lastIndexOf(id) ?? -1
      if (at >= 0) ids?.splice(at, 1)
    }
  idx.meta.delete(id)
}
