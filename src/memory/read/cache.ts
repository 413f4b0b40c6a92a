import { normalEntity } from "../../core/screen"
import type { Store } from "../_store"
import type { ItemView, Unreadable } from "../types"
import { storeIndex } from "../write/index-store"
import { entityShorts, type ItemMeta, metaByItem, metaOf, metasByShort, storedDocs } from "./_docs"
import { analyse, DocStats, MemPostings, shardOf, withPrefix } from "./_postings"
import { readMeta, StoredTerms, storedRev } from "./_stored"
import { buildUpdate, type DeltaDoc } from "./_update"
import { currentRev } from "./meta"
import { isUnreadable, present } from "./present"
import { type ChangeCursor, changedRows, type ItemRow, movedAway, selectRows } from "./rows"
import { batches, rank, type TermSource } from "./score"
import type { WeightedTerm } from "./expand"
import { nearSpellings } from "./typos"

/**
 * Per-process view of one project's search index. The index is owned here (no library's internals):
 * a stored part, sealed in SQLite and read term by term as queries name them (read/_stored.ts), and
 * the changes since it was stored, indexed in memory from the records and refreshed from the
 * store-wide revision counter, so writes by this or any other process are seen on the next read.
 * Every FLUSH_EVERY changes the changes are stored. Plaintext lives only in this process's memory.
 */
export type { ItemMeta } from "./_docs"
export { metaOf } from "./_docs"
export { MemIndex } from "./_postings"

/** Changes kept in memory before they are stored. */
export const FLUSH_EVERY = 200
/** Projects smaller than this are indexed from the records in each process; storing would not pay. */
export const STORE_MIN_DOCS = 300
const INDEXED = new Set(["active", "pending", "superseded", "archived", "expired"])
/** Retired postings still stored beyond this share of the live ones: the index is rebuilt from the records. */
const DEAD_SHARE = 1
/** Item metadata kept per process (hits of past queries); cleared when it grows past this. */
const META_CACHE = 50_000
/**
 * A catch-up reads `page` changed records at a time and stores the index every `storeEvery` changes, so
 * memory holds one page of records and at most that many documents' postings (tests make them small).
 */
export const CATCH_UP = { page: 2_000, storeEvery: 20_000 }
/** Views opened while indexing are kept only for small refreshes (a bulk refresh would hold every record). */
const KEEP_VIEWS = 64
/** Hits' metadata is read this many at a time. */
const META_SLICE = 128
/** Items naming an entity are read in batches of this many, until enough are accepted. */
const ENTITY_BATCH = 256
/** Entity keys whose stored items are kept per process; cleared when more are asked. */
const ENTITY_KEYS = 10_000

/**
 * The three indexed fields of an item: title, text (its body) and context (entities, tags, kind).
 * Entities are not repeated in the text: there they lengthened the body and scored twice (lower MRR
 * on the held-out benchmark's tuning half).
 */
export const docFields = (v: ItemView) => ({
  title: v.title,
  text: v.body,
  context: `${v.entities.join(" ")}\n${v.tags.join(" ")}\n${v.kind}`,
})

export const entityNames = (entity: string): string[] => {
  const n = normalEntity(entity)
  const base = n.split("/").at(-1) ?? n
  return base && base !== n ? [n, base] : [n]
}

interface EntityShorts {
  shorts: number[]
  metas: Array<ItemMeta | null>
  /** Every stored short id naming the key is in `shorts`. */
  complete: boolean
}

class ProjectIndex implements TermSource {
  rev = -1
  stats = new DocStats()
  readonly unreadable = new Map<string, Unreadable>()
  #base: StoredTerms | undefined
  /** The stored header's revision the base was read at (undefined: nothing usable stored). */
  #baseRev: number | undefined
  /** The stored revision seen when loading, readable or not: another value means another process changed it. */
  seenStoredRev: number | undefined
  #delta = new MemPostings()
  #docs = new Map<number, DeltaDoc>()
  #byItem = new Map<string, number>()
  #entities = new Map<string, number[]>()
  #retired: number[] = []
  #changes = 0
  #flushAt = FLUSH_EVERY
  readonly #metas = new Map<number, ItemMeta>()
  /** Stored items by id (null: not in the index), and stored short ids by entity key: both change only with the records. */
  readonly #byId = new Map<string, ItemMeta | null>()
  readonly #entityShorts = new Map<string, EntityShorts>()
  readonly #views = new Map<string, ItemView>()
  readonly #naming = new Map<string, { version: number; max: number; ids: string[] | undefined }>()

  constructor(
    private readonly store: Store,
    readonly project: string,
  ) {
    this.seenStoredRev = storedRev(store, project)
    try {
      const meta = readMeta(store, project)
      if (!meta) return
      this.stats = meta.stats
      this.rev = meta.rev
      this.#baseRev = meta.rev
      this.#base = new StoredTerms(store, project, meta.stats.nextShort)
    } catch {
      // an unreadable or outdated index is only a cache: it is rebuilt from the records and replaced
    }
  }

  get count() {
    return this.stats.count
  }
  get nextShort() {
    return this.stats.nextShort
  }
  get bits() {
    return this.stats.bits
  }
  get version() {
    return this.stats.version
  }
  avg(field: number) {
    return this.stats.avg(field)
  }
  live(short: number) {
    return this.stats.live(short)
  }

  postings(term: string): Uint32Array[] {
    const out = this.#base ? [...this.#base.chunks(term)] : []
    const mine = this.#delta.get(term)
    if (mine) out.push(mine)
    return out
  }

  hasTerm(term: string): boolean {
    return this.#delta.byTerm.has(term) || (this.#base?.has(shardOf(term), term) ?? false)
  }

  /** Sorted; from the stored dictionary only for a prefix of two characters or more (one shard). */
  termsWithPrefix(prefix: string, limit = Number.POSITIVE_INFINITY): string[] {
    const mine = withPrefix(this.#delta.sorted(), prefix, limit)
    const s = shardOf(prefix)
    if (!this.#base || [...s].length < 2) return mine
    const stored = withPrefix(this.#base.shard(s), prefix, limit)
    return [...new Set([...stored, ...mine])].sort().slice(0, limit)
  }

  /** Live hits best first, with their item's metadata (read for the hits reached, in batches). */
  *hits(query: string, extra: WeightedTerm[] = []): Generator<{ m: ItemMeta; score: number }> {
    const first = this.safely(() => rank(this, query, extra))
    // a batch past the first ranks again, reading postings again: a stored piece failing then rebuilds too
    const ranked = { ...first, rest: () => this.safely(first.rest) }
    // metadata read a slice at a time: a caller that has enough stops the reading too
    for (const batch of batches(ranked))
      for (let i = 0; i < batch.length; i += META_SLICE) {
        const slice = batch.slice(i, i + META_SLICE)
        const metas = this.#metasOf(slice.map((b) => b.short))
        for (const b of slice) {
          const m = metas.get(b.short)
          if (m) yield { m, score: b.score }
        }
      }
  }

  /** Near spellings of the query's unknown words (read/typos.ts) in this index. */
  spellings(query: string): WeightedTerm[] {
    return this.safely(() => nearSpellings(this, query))
  }

  /** The stored short ids naming an entity key, read (and kept) only as far as a caller has needed them. */
  #stored(key: string) {
    let stored = this.#entityShorts.get(key)
    if (stored) return stored
    if (this.#entityShorts.size >= ENTITY_KEYS) this.#entityShorts.clear()
    this.#entityShorts.set(key, (stored = { shorts: [], metas: [], complete: false }))
    return stored
  }

  /** Reads the next `batch` stored short ids naming `key`; false when there were none left. */
  #readMore(key: string, stored: EntityShorts, batch: number): boolean {
    if (stored.complete) return false
    const more = entityShorts(this.store, this.project, key, stored.shorts.at(-1) ?? -1, batch)
    stored.shorts.push(...more)
    stored.complete = more.length < batch
    return more.length > 0
  }

  /** Items naming an entity key, in the order indexed, that `accept` takes, at most `limit`. */
  byEntity(key: string, accept: (m: ItemMeta) => boolean, limit: number): ItemMeta[] {
    const out: ItemMeta[] = []
    if (this.#base) {
      const stored = this.#stored(key)
      const batch = Math.min(ENTITY_BATCH, limit + 16)
      for (let i = 0; ; i++) {
        // an entity many items name is read only as far as a caller needs it
        if (i === stored.shorts.length && !this.#readMore(key, stored, batch)) break
        if (i === stored.metas.length) {
          const part = stored.shorts.slice(i, i + batch)
          const metas = this.#metasOf(part)
          for (const s of part) stored.metas.push(metas.get(s) ?? null)
        }
        const m = stored.metas[i]
        if (m && this.live(stored.shorts[i] as number) && accept(m) && out.push(m) >= limit) return out
      }
    }
    for (const short of this.#entities.get(key) ?? []) {
      const m = this.#docs.get(short)?.meta
      if (m && accept(m) && out.push(m) >= limit) break
    }
    return out
  }

  /**
   * The ids of the items naming an entity key, or undefined when more than `max` do (it links nothing in
   * particular). Kept per key while no document is added or retired: every recall asks it for each entity of
   * each item it shows, and the answer would otherwise be built again each time (shared: read only).
   */
  naming(key: string, max: number): readonly string[] | undefined {
    const kept = this.#naming.get(key)
    if (kept && kept.version === this.stats.version && kept.max === max) return kept.ids
    if (this.#naming.size >= ENTITY_KEYS) this.#naming.clear()
    const ids = this.#namingNow(key, max)
    this.#naming.set(key, { version: this.stats.version, max, ids })
    return ids
  }

  #namingNow(key: string, max: number): string[] | undefined {
    const mine = (this.#entities.get(key) ?? []).filter((s) => this.live(s))
    const live: number[] = []
    if (this.#base) {
      // the stored ids only, read a little past `max` and kept: a common entity costs one short index read per process
      const stored = this.#stored(key)
      for (let i = 0; ; i++) {
        if (i === stored.shorts.length && !this.#readMore(key, stored, max + 1)) break
        const s = stored.shorts[i] as number
        if (this.live(s)) live.push(s)
        if (live.length + mine.length > max) return undefined
      }
    }
    if (live.length + mine.length > max) return undefined
    const metas = this.#metasOf(live)
    const ids = live.map((s) => metas.get(s)?.id).filter((id): id is string => !!id)
    for (const s of mine) {
      const id = this.#docs.get(s)?.item
      if (id) ids.push(id)
    }
    return ids
  }

  meta(id: string): ItemMeta | undefined {
    const short = this.#byItem.get(id)
    if (short !== undefined) return this.#docs.get(short)?.meta
    if (!this.#base) return undefined
    if (this.#byId.has(id)) return this.#byId.get(id) ?? undefined
    const found = metaByItem(this.store, this.project, id)
    const m = found && this.live(found.short) ? found.meta : undefined
    this.#byId.set(id, m ?? null)
    return m
  }

  /** Opens (once) the view of an item of this project; undefined when it cannot be opened. */
  view(id: string): ItemView | undefined {
    const hit = this.#views.get(id)
    if (hit) return hit
    if (this.unreadable.has(id) || !this.meta(id)) return undefined
    const row = selectRows(this.store, { projects: [this.project], ids: [id] })[0]
    if (!row) return undefined
    const v = present(this.store, row)
    if (isUnreadable(v)) {
      this.unreadable.set(id, v)
      return undefined
    }
    this.#views.set(id, v)
    return v
  }

  #metasOf(shorts: number[]): Map<number, ItemMeta> {
    const out = new Map<number, ItemMeta>()
    const missing: number[] = []
    for (const s of shorts) {
      const m = this.#docs.get(s)?.meta ?? this.#metas.get(s)
      if (m) out.set(s, m)
      else missing.push(s)
    }
    if (!missing.length) return out
    if (this.#metas.size > META_CACHE) {
      this.#metas.clear()
      this.#byId.clear()
    }
    for (const [s, m] of metasByShort(this.store, this.project, missing)) {
      out.set(s, m)
      this.#metas.set(s, m)
    }
    return out
  }

  /** A stored piece that fails to open: the index is rebuilt from the records, and the query asked again. */
  safely<T>(fn: () => T): T {
    try {
      return fn()
    } catch (e) {
      // nothing stored to blame: the fault is in the query or the index code, and its own error says where
      if (!this.#base) throw e
      this.#reset()
      return fn()
    }
  }

  #reset(): void {
    this.#base = undefined
    this.#baseRev = undefined
    this.seenStoredRev = storedRev(this.store, this.project)
    this.stats = new DocStats()
    this.#delta.clear()
    this.#docs.clear()
    this.#byItem.clear()
    this.#entities.clear()
    this.#retired = []
    this.#metas.clear()
    this.#byId.clear()
    this.#entityShorts.clear()
    this.#naming.clear()
    this.#changes = 0
    this.#flushAt = FLUSH_EVERY
    this.rev = -1
    this.refresh(currentRev(this.store))
  }

  /**
   * Indexes the records changed since this index's revision, oldest change first, a page at a time: a
   * catch-up after many writes without a read (an agent storing thousands of items, an import) holds one
   * page of records and the changes since the last store, storing as it goes, not every record at once.
   */
  refresh(rev: number): void {
    const since = this.rev
    // an item moved to global or a project is not among this project's rows (the stored part is dropped on a move)
    this.#retire(movedAway(this.store, this.project, since, [...this.#byItem.keys()]))
    let after: ChangeCursor | undefined
    for (;;) {
      const rows = changedRows(this.store, this.project, since, after, CATCH_UP.page)
      this.#apply(rows, !after && rows.length <= KEEP_VIEWS)
      const last = rows.at(-1)
      if (!last || rows.length < CATCH_UP.page) break
      after = { rev: last.rev, id: last.id }
      // stored as of the revision before the page's last (rows sharing that revision may be unread yet):
      // a process loading it reads the rest, this one goes on from the cursor
      if (this.#changes >= CATCH_UP.storeEvery && last.rev - 1 > since) {
        this.rev = last.rev - 1
        this.#maybeStore()
      }
    }
    this.rev = rev
    if (this.#base && this.stats.dead > Math.max(5000, this.stats.count * DEAD_SHARE)) this.#reset()
    else this.#maybeStore()
  }

  #apply(rows: ItemRow[], keepViews: boolean): void {
    for (const r of rows) this.#byId.delete(r.id)
    this.#retire(rows.map((r) => r.id))
    for (const row of rows) {
      this.#views.delete(row.id)
      this.unreadable.delete(row.id)
      if (!row.content_enc || !INDEXED.has(row.status)) continue
      const view = present(this.store, row)
      if (isUnreadable(view)) {
        this.unreadable.set(row.id, view)
        continue
      }
      this.#add(view, metaOf(row))
      if (keepViews) this.#views.set(row.id, view)
    }
    this.#changes += rows.length
  }

  #add(v: ItemView, meta: ItemMeta): void {
    const short = this.stats.nextShort
    const f = docFields(v)
    const doc = analyse(f.title, f.text, f.context)
    this.stats.add(short, doc.lengths)
    this.#delta.add(short, doc)
    this.#docs.set(short, { item: v.id, lengths: doc.lengths, meta })
    this.#byItem.set(v.id, short)
    for (const group of meta.entityGroups)
      for (const key of group) {
        const shorts = this.#entities.get(key)
        // two entities of one item can share a last segment: its keys arrive together
        if (!shorts) this.#entities.set(key, [short])
        else if (shorts[shorts.length - 1] !== short) shorts.push(short)
      }
  }

  #retire(ids: string[]): void {
    const fromBase: string[] = []
    for (const id of ids) {
      const short = this.#byItem.get(id)
      if (short === undefined) {
        fromBase.push(id)
        continue
      }
      const d = this.#docs.get(short) as DeltaDoc
      this.stats.retire(short, d.lengths)
      this.stats.dead--
      this.#docs.delete(short)
      this.#byItem.delete(id)
      for (const group of d.meta.entityGroups)
        for (const key of group) {
          const shorts = this.#entities.get(key)
          const at = shorts?.lastIndexOf(short) ?? -1
          if (at >= 0) shorts?.splice(at, 1)
        }
    }
    if (!this.#base || !fromBase.length) return
    for (const d of storedDocs(this.store, this.project, fromBase)) {
      if (!this.live(d.short)) continue
      this.stats.retire(d.short, d.lengths)
      this.#retired.push(d.short)
      this.#metas.delete(d.short)
    }
  }

  #maybeStore(): void {
    if (this.#base ? this.#changes < this.#flushAt : this.stats.count < STORE_MIN_DOCS) return
    try {
      const pending = {
        project: this.project,
        rev: this.rev,
        baseRev: this.#baseRev,
        base: this.#base,
        stats: this.stats,
        delta: this.#delta,
        docs: this.#docs,
        retired: this.#retired,
      }
      const { update, terms, shards } = buildUpdate(this.store, pending)
      if (!storeIndex(this.store, update)) {
        this.#flushAt = this.#changes + FLUSH_EVERY
        return
      }
      if (this.#base) {
        this.#base.nextShort = this.stats.nextShort
        this.#base.evict(terms, shards)
      } else this.#base = new StoredTerms(this.store, this.project, this.stats.nextShort)
      this.#baseRev = this.rev
      this.seenStoredRev = this.rev
      this.#entityShorts.clear()
      for (const [short, d] of this.#docs) if (this.#metas.size < META_CACHE) this.#metas.set(short, d.meta)
      this.#delta = new MemPostings()
      this.#docs.clear()
      this.#byItem.clear()
      this.#entities.clear()
      this.#retired = []
      this.#changes = 0
      this.#flushAt = FLUSH_EVERY
    } catch {
      // a busy database only delays storing the index; reads never fail because of it
      this.#flushAt = this.#changes + FLUSH_EVERY
    }
  }
}

const caches = new WeakMap<Store, Map<string, ProjectIndex>>()

export function projectIndex(store: Store, project: string): ProjectIndex {
  let byProject = caches.get(store)
  if (!byProject) caches.set(store, (byProject = new Map()))
  const rev = currentRev(store)
  let idx = byProject.get(project)
  // another process stored, replaced or dropped the index since this one read it: start from what is stored now
  if (!idx || (rev !== idx.rev && storedRev(store, project) !== idx.seenStoredRev)) {
    idx = new ProjectIndex(store, project)
    byProject.set(project, idx)
  }
  if (rev !== idx.rev) idx.refresh(rev)
  return idx
}
