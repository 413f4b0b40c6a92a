import { now } from "../core/clock"
import { normalEntity, estimateTokens, foldText } from "./_text"
import type { Store } from "./_store"
import { projectIndex, newSearch, asDoc } from "./read/cache"
import { presentAll, selectRows, scopeFilter } from "./read"
import type { ItemView, RecallItem, RecallQuery, RecallResult, Unreadable } from "./types"
import { buildClusters, neighbours } from "./graph"

/**
 * Ranked recall over the decrypted items of the scope being read. Weights are named so the
 * benchmark can be read against them: lexical relevance dominates, entity overlap lifts items
 * about the named files and symbols, recency and confidence break ties, status costs.
 */
export const RANK = { lexical: 0.55, entity: 0.25, recency: 0.1, confidence: 0.1, disputed: 0.1, recencyHalfLifeDays: 90 } as const
export const STATUS_PENALTY: Readonly<Record<string, number>> = { active: 0, superseded: 0.5, archived: 0.4, expired: 0.6 }
export const DEFAULT_RECALL_LIMIT = 8
/** Seeds scoring below this share of the best seed are noise, not memory. */
export const SEED_FLOOR = 0.2

export interface Candidates {
  items: ItemView[]
  lexical: Map<string, number>
  unreadable: Unreadable[]
}

/** The visible, live items of the project and the global scope, with lexical scores for the query. */
function candidates(store: Store, q: RecallQuery): Candidates {
  const scope = scopeFilter(store, q.project, "all")
  const scopes = new Set(scope.scopes)
  const kinds = q.kinds?.length ? new Set(q.kinds) : undefined
  if (q.asOf !== undefined) {
    const { items, unreadable } = presentAll(store, selectRows(store, { ...scope, kinds: q.kinds, asOf: q.asOf }))
    const search = newSearch()
    search.addAll(items.map(asDoc))
    return { items, lexical: new Map(search.search(q.query).map((r) => [String(r.id), r.score])), unreadable }
  }
  const t = now()
  const items: ItemView[] = []
  const lexical = new Map<string, number>()
  const unreadable: Unreadable[] = []
  for (const project of scope.projects ?? []) {
    const idx = projectIndex(store, project)
    unreadable.push(...idx.unreadable.values())
    const live = (v: ItemView | undefined): v is ItemView =>
      !!v && v.status === "active" && scopes.has(v.scope) && (!kinds || kinds.has(v.kind)) && (v.expiresAt === undefined || v.expiresAt > t)
    for (const r of idx.search.search(q.query)) {
      const v = idx.items.get(String(r.id))
      if (live(v)) lexical.set(v.id, r.score)
    }
    for (const v of idx.items.values()) if (live(v)) items.push(v)
  }
  return { items, lexical, unreadable }
}

function queryEntities(q: RecallQuery): { names: Set<string>; folded: string } {
  return { names: new Set((q.entities ?? []).map(normalEntity)), folded: foldText(q.query) }
}

function entityOverlap(v: ItemView, qe: { names: Set<string>; folded: string }): number {
  if (!v.entities.length) return 0
  let hits = 0
  for (const e of v.entities) {
    const n = normalEntity(e)
    const base = n.split("/").at(-1) ?? n
    if (qe.names.has(n) || qe.names.has(base) || (base.length > 3 && qe.folded.includes(base))) hits++
  }
  return Math.min(1, hits / Math.max(1, Math.min(qe.names.size || 1, v.entities.length)))
}

export function rankItems(c: Candidates, q: RecallQuery, t = now()): Array<{ item: ItemView; score: number }> {
  const top = Math.max(0, ...c.lexical.values())
  const qe = queryEntities(q)
  const ranked: Array<{ item: ItemView; score: number }> = []
  for (const item of c.items) {
    const lex = top > 0 ? (c.lexical.get(item.id) ?? 0) / top : 0
    const ent = entityOverlap(item, qe)
    if (lex === 0 && ent === 0) continue
    const ageDays = Math.max(0, t - item.validFrom) / 86_400_000
    const recency = Math.pow(0.5, ageDays / RANK.recencyHalfLifeDays)
    const score =
      RANK.lexical * lex + RANK.entity * ent + RANK.recency * recency + RANK.confidence * item.confidence -
      (item.disputed ? RANK.disputed : 0) - (STATUS_PENALTY[item.status] ?? 1)
    ranked.push({ item, score })
  }
  return ranked.sort((a, b) => b.score - a.score || b.item.recordedAt - a.item.recordedAt)
}

export function recall(store: Store, q: RecallQuery): RecallResult {
  const c = candidates(store, q)
  const ranked = rankItems(c, q)
  const best = ranked[0]?.score ?? 0
  const seeds = ranked.slice(0, q.limit ?? DEFAULT_RECALL_LIMIT).filter((r) => r.score >= best * SEED_FLOOR)
  const chosen: RecallItem[] = seeds.map((r) => ({ ...r.item, score: round(r.score), cluster: 0, via: "seed" }))
  const byId = new Map(c.items.map((v) => [v.id, v]))
  for (const n of neighbours(store, chosen, byId)) chosen.push({ ...n, score: 0, cluster: 0, via: "neighbour" })
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
