import type { Store } from "../_store"
import type { ItemList, ItemView, ListQuery, Project, Unreadable } from "../types"
import { presentAll } from "./present"
import { selectRows } from "./rows"
import { scopeFilter } from "./scope"

/** The one reader of memory: scope on every query, content opened and checked, failures reported. */
export function asList(items: ItemView[], unreadable: Unreadable[]): ItemList {
  return Object.assign(items, { unreadable })
}

export function listItems(store: Store, q: ListQuery): ItemList {
  const scope = scopeFilter(store, q.project, q.scope, q.crossProject)
  const rows = selectRows(store, { ...scope, kinds: q.kinds, statuses: q.statuses, asOf: q.asOf, limit: q.limit })
  const { items, unreadable } = presentAll(store, rows)
  return asList(items, unreadable)
}

/** One item by id, only when it belongs to the given project (or the global scope). */
export function getItem(store: Store, project: Project, id: string): ItemView | Unreadable | undefined {
  const scope = scopeFilter(store, project, "all")
  const rows = selectRows(store, { projects: scope.projects, ids: [id] })
  const row = rows[0]
  if (!row) return undefined
  const { items, unreadable } = presentAll(store, rows)
  return items[0] ?? unreadable[0]
}

export { present, presentAll, projectDisplay, isUnreadable } from "./present"
export { selectRows, type ItemRow } from "./rows"
export { scopeFilter, defaultBranchScope } from "./scope"
