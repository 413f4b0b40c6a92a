import type { Project } from "../core/project"
import { listItems } from "./read"
import type { Store } from "./_store"
import { writeItem } from "./write/item"
import type { ItemView, WriteContext, WriteResult } from "./types"

/**
 * Working memory: keyed, branch-scoped notes with a TTL (default from config, 7 days at most).
 * An entry is invisible from the instant it expires; the sweep only records the fact.
 */
export function setWorking(
  store: Store,
  q: { key: string; value: string; ttlMs?: number },
  ctx: WriteContext,
): WriteResult {
  return writeItem(store, { kind: "working", key: q.key, title: q.key, body: q.value, ttlMs: q.ttlMs }, ctx)
}

export function listWorking(store: Store, q: { project: Project }): ItemView[] {
  return listItems(store, { project: q.project, kinds: ["working"], scope: "branch" }).sort((a, b) =>
    (a.key ?? "").localeCompare(b.key ?? ""),
  )
}

export function getWorking(store: Store, q: { project: Project; key: string }): ItemView | undefined {
  return listWorking(store, q).find((v) => v.key === q.key)
}

export { expireSweep } from "./write/expire"
