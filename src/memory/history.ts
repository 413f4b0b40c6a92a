import type { Project } from "../core/project"
import { asList, presentAll, scopeFilter, selectRows } from "./read"
import type { Store } from "./_store"
import { supersedeLinks } from "./read/meta"
import type { ItemList } from "./types"

/**
 * An item's history: the chain of items it superseded and that superseded it, newest first.
 * Forgotten links come back as unreadable entries ("content destroyed"), never silently missing.
 */
export function history(store: Store, q: { project: Project; id: string }): ItemList {
  const scope = scopeFilter(store, q.project, "all")
  const chain = new Set<string>([q.id])
  const queue = [q.id]
  while (queue.length) {
    const id = queue.pop() as string
    const links = supersedeLinks(store, id)
    for (const l of links)
      for (const next of [l.src, l.dst]) if (!chain.has(next) && chain.size < 200) chain.add(next) && queue.push(next)
  }
  const rows = selectRows(store, { projects: scope.projects, ids: [...chain] })
  const { items, unreadable } = presentAll(store, rows)
  return asList(items, unreadable)
}

/** Direct supersede links of an item of this project (the global scope included). */
export function supersession(
  store: Store,
  q: { project: Project; id: string },
): { replaces: string[]; replacedBy: string[] } {
  const { projects } = scopeFilter(store, q.project, "all")
  const links = supersedeLinks(store, q.id)
  const own = new Set(
    selectRows(store, { projects, ids: [q.id, ...links.flatMap((l) => [l.src, l.dst])] }).map((r) => r.id),
  )
  if (!own.has(q.id)) return { replaces: [], replacedBy: [] }
  return {
    replaces: links.filter((l) => l.src === q.id && own.has(l.dst)).map((l) => l.dst),
    replacedBy: links.filter((l) => l.dst === q.id && own.has(l.src)).map((l) => l.src),
  }
}
