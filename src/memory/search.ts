import { now } from "../core/clock"
import { asList, scopeFilter } from "./read"
import { projectIndex } from "./read/cache"
import type { Store } from "./_store"
import { allProjectIds } from "./read/meta"
import type { ItemList, ItemView, SearchQuery, Unreadable } from "./types"

/**
 * Plain ranked full-text search of live items in scope (no graph walk, no token cap). With
 * `crossProject`, every project is searched and each result names its project.
 */
export function search(store: Store, q: SearchQuery): ItemList {
  const scope = scopeFilter(store, q.project, "all", q.crossProject)
  const projects = scope.projects ?? allProjectIds(store)
  const scopes = scope.scopes ? new Set(scope.scopes) : undefined
  const kinds = q.kinds?.length ? new Set(q.kinds) : undefined
  const t = now()
  const hits: Array<{ v: ItemView; score: number }> = []
  const unreadable: Unreadable[] = []
  for (const project of projects) {
    const idx = projectIndex(store, project)
    let taken = 0
    for (const { m, score } of idx.hits(q.query)) {
      if (m.status !== "active" || (scopes && !scopes.has(m.scope)) || (kinds && !kinds.has(m.kind))) continue
      if (m.expiresAt !== undefined && m.expiresAt <= t) continue
      const v = idx.view(m.id)
      if (v) hits.push({ v, score })
      if (++taken >= (q.limit ?? 20)) break
    }
    unreadable.push(...idx.unreadable.values())
  }
  hits.sort((a, b) => b.score - a.score)
  return asList(
    hits.slice(0, q.limit ?? 20).map((h) => h.v),
    unreadable,
  )
}
