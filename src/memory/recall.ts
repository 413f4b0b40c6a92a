import { now } from "../core/clock"
import { entityKey } from "./_seal"
import { estimateTokens, foldText } from "../core/screen"
import type { Store } from "./_store"
import { buildClusters, neighbours } from "./graph"
import { presentAll, scopeFilter, selectRows } from "./read"
import { docFields, entityNames, MemIndex, metaOf, projectIndex, type ItemMeta } from "./read/cache"
import { batches, rank } from "./read/score"
import { expandQuery } from "./read/expand"
import { nearSpellings } from "./read/typos"
import { FEEDBACK, feedbackTerms } from "./read/feedback"
import { cooccurring, indexSource } from "./read/cooccur"
import { processTerm, tokenize } from "./read/terms"
import type { ItemView, RecallItem, RecallQuery, RecallResult, Unreadable } from "./types"

/**
 * Ranked recall over the decrypted items of the scope being read. Weights are named so the
 * benchmark can be read against them: lexical relevance dominates, entity overlap lifts items
 * about the named files and symbols, recency and confidence break ties, status costs.
 */
export const RANK = {
  lexical: 0.55,
  entity: 0.25,
  recency: 0.1,
  confidence: 0.1,
  disputed: 0.1,
  recencyHalfLifeDays: 90,
} as const
export const STATUS_PENALTY: Readonly<Record<string, number>> = {
  active: 0,
  superseded: 0.5,
  archived: 0.4,
  expired: 0.6,
}
const DEFAULT_RECALL_LIMIT = 8
/** Seeds scoring below this share of the best seed are noise, not memory. */
const SEED_FLOOR = 0.2
/** Only the strongest lexical and entity matches are ranked; the rest cannot reach the top. */
const CANDIDATE_CAP = 300
/** Entities shared by more items than this are too common to link anything. */
const SHARED_ENTITY_FANOUT = 50

interface Candidates {
  items: ItemMeta[]
  lexical: Map<string, number>
  open: (id: string) => ItemView | undefined
  /** A visible live item by id, for the neighbourhood walk. */
  visible: (id: string) => ItemView | undefined
  /** Items sharing entities with an item: id → number of shared entities. */
  shared: (id: string) => Map<string, number>
  unreadable: Unreadable[]
  /** Keyed hashes of the entities the query names (one keyed hash per word: computed once per recall). */
  wanted: Set<string>
}

/** Keyed hashes of the entity names a query names: the explicit list, and words that look like one. */
function wantedEntities(store: Store, q: RecallQuery): Set<string> {
  const names = new Set<string>()
  for (const e of q.entities ?? []) for (const n of entityNames(e)) names.add(n)
  for (const word of foldText(q.query).split(/[\s,;:!?()"'`]+/))
    if (word.length > 3) names.add(word.replace(/[.]+$/, ""))
  return new Set([...names].map((n) => entityKey(store.keys, n)))
}

function asOfCandidates(store: Store, q: RecallQuery): Candidates {
  const scope = scopeFilter(store, q.project, "all")
  const rows = selectRows(store, { ...scope, kinds: q.kinds, asOf: q.asOf })
  const { items, unreadable } = presentAll(store, rows)
  const mem = new MemIndex(items.map((v) => ({ id: v.id, ...docFields(v) })))
  const byId = new Map(items.map((v) => [v.id, v]))
  const metas = rows.filter((r) => byId.has(r.id)).map(metaOf)
  const shared = (id: string) => {
    const mine = new Set(metas.find((m) => m.id === id)?.entityGroups.map((g) => g[0]))
    const out = new Map<string, number>()
    for (const m of metas) {
      const n = m.id === id ? 0 : m.entityGroups.filter((g) => mine.has(g[0])).length
      if (n) out.set(m.id, n)
    }
    return out
  }
  const lexical = new Map<string, number>()
  for (const batch of batches(rank(mem, q.query, [...expandQuery(q.query), ...nearSpellings(mem, q.query)])))
    for (const r of batch) lexical.set(mem.ids[r.short] as string, r.score)
  return {
    items: metas,
    lexical,
    open: (id) => byId.get(id),
    visible: (id) => byId.get(id),
    shared,
    unreadable,
    wanted: wantedEntities(store, q),
  }
}

/**
 * The visible, live items that match the query lexically or by entity. Only matches are touched,
 * and only the records about to be shown are opened, so the cost follows the hits, not the store.
 */
function candidates(store: Store, q: RecallQuery): Candidates {
  if (q.asOf !== undefined) return asOfCandidates(store, q)
  const scope = scopeFilter(store, q.project, "all")
  const scopes = new Set(scope.scopes)
  const kinds = q.kinds?.length ? new Set(q.kinds) : undefined
  const wanted = wantedEntities(store, q)
  const t = now()
  const live = (m: ItemMeta | undefined): m is ItemMeta =>
    !!m &&
    m.status === "active" &&
    scopes.has(m.scope) &&
    (!kinds || kinds.has(m.kind)) &&
    (m.expiresAt === undefined || m.expiresAt > t)
  const found = new Map<string, ItemMeta>()
  const lexical = new Map<string, number>()
  const indexes = (scope.projects ?? []).map((p) => projectIndex(store, p))
  const extra = expandQuery(q.query)
  const asked = new Set(
    [...tokenize(q.query).map(processTerm), ...extra.map((e) => e.term)].filter((t): t is string => !!t),
  )
  for (const idx of indexes) {
    const first = [...extra, ...idx.spellings(q.query)]
    const open = (ids: string[]) =>
      presentAll(store, selectRows(store, { projects: [idx.project], ids })).items.filter((v) => v.status === "active")
    // a stored piece that fails to open rebuilds the index, as for the query itself
    first.push(...idx.safely(() => cooccurring(indexSource(idx, open), q.query, asked)))
    const pass = (terms: typeof first) => {
      const hits: Array<{ m: ItemMeta; score: number }> = []
      for (const r of idx.hits(q.query, terms)) {
        if (!live(r.m)) continue
        hits.push(r)
        if (hits.length >= CANDIDATE_CAP) break
      }
      return hits
    }
    let hits = pass(first)
    if (FEEDBACK.enabled) {
      const top = hits
        .slice(0, FEEDBACK.docs)
        .map((h) => idx.view(h.m.id))
        .filter((v): v is ItemView => !!v)
      const feedback = feedbackTerms(top, asked)
      if (feedback.length) hits = pass([...first, ...feedback])
    }
    for (const { m, score } of hits) {
      found.set(m.id, m)
      lexical.set(m.id, score)
    }
    let byEntity = 0
    for (const key of wanted) {
      if (byEntity >= CANDIDATE_CAP) break
      for (const m of idx.byEntity(key, (m) => live(m) && !found.has(m.id), CANDIDATE_CAP - byEntity)) {
        found.set(m.id, m)
        byEntity++
      }
    }
  }
  const owner = (id: string) => indexes.find((idx) => idx.meta(id))
  const open = (id: string) => owner(id)?.view(id)
  const visible = (id: string) => {
    const idx = owner(id)
    return idx && live(idx.meta(id)) ? idx.view(id) : undefined
  }
  const unreadable = () => indexes.flatMap((idx) => [...idx.unreadable.values()])
  const shared = (id: string) => {
    const out = new Map<string, number>()
    const idx = owner(id)
    for (const group of idx?.meta(id)?.entityGroups ?? []) {
      // an entity every item mentions links nothing in particular
      const ids = idx?.naming(group[0] as string, SHARED_ENTITY_FANOUT)
      for (const other of ids ?? []) if (other !== id) out.set(other, (out.get(other) ?? 0) + 1)
    }
    return out
  }
  return {
    items: [...found.values()],
    lexical,
    open,
    visible,
    shared,
    wanted,
    get unreadable() {
      return unreadable()
    },
  }
}

function entityOverlap(m: ItemMeta, wanted: Set<string>): number {
  if (!m.entityGroups.length || !wanted.size) return 0
  let hits = 0
  for (const group of m.entityGroups) if (group.some((k) => wanted.has(k))) hits++
  return Math.min(1, hits / m.entityGroups.length)
}

function rankItems(c: Candidates, t = now()): Array<{ item: ItemMeta; score: number }> {
  const top = Math.max(0, ...c.lexical.values())
  const wanted = c.wanted
  const ranked: Array<{ item: ItemMeta; score: number }> = []
  for (const item of c.items) {
    const lex = top > 0 ? (c.lexical.get(item.id) ?? 0) / top : 0
    const ent = entityOverlap(item, wanted)
    if (lex === 0 && ent === 0) continue
    const ageDays = Math.max(0, t - item.validFrom) / 86_400_000
    const recency = 0.5 ** (ageDays / RANK.recencyHalfLifeDays)
    const score =
      RANK.lexical * lex +
      RANK.entity * ent +
      RANK.recency * recency +
      RANK.confidence * item.confidence -
      (item.disputed ? RANK.disputed : 0) -
      (STATUS_PENALTY[item.status] ?? 1)
    ranked.push({ item, score })
  }
  return ranked.sort((a, b) => b.score - a.score || b.item.recordedAt - a.item.recordedAt)
}

export function recall(store: Store, q: RecallQuery): RecallResult {
  const c = candidates(store, q)
  const ranked = rankItems(c)
  const best = ranked[0]?.score ?? 0
  const chosen: RecallItem[] = []
  for (const r of ranked) {
    if (chosen.length >= (q.limit ?? DEFAULT_RECALL_LIMIT) || r.score < best * SEED_FLOOR) break
    const v = c.open(r.item.id)
    if (v) chosen.push({ ...v, score: round(r.score), cluster: 0, via: "seed" })
  }
  for (const n of neighbours(store, chosen, c.visible, c.shared))
    chosen.push({ ...n, score: 0, cluster: 0, via: "neighbour" })
  const clusters = buildClusters(store, chosen)
  const cap = q.tokenCap ?? store.recallTokenCap
  const full = chosen.reduce((sum, v) => sum + estimateTokens(`${v.title}\n${v.body}`), 0)
  if (full <= cap) return { items: chosen, clusters, tokens: full, mode: "bodies", unreadable: c.unreadable }
  const titles = chosen.map((v) => ({ ...v, body: "" }))
  const tokens = titles.reduce((sum, v) => sum + estimateTokens(v.title || v.kind), 0)
  return {
    items: titles,
    clusters,
    tokens,
    mode: "titles",
    reason: `the ${chosen.length} items would take about ${full} tokens, over the cap of ${cap}; showing titles only — recall a narrower query or read one item`,
    unreadable: c.unreadable,
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000
