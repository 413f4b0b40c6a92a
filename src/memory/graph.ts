import type { Store } from "./_store"
import { edgesTouching } from "./read/meta"
import { normalEntity } from "../core/screen"
import type { ItemView, RecallItem } from "./types"

/**
 * The neighbourhood walk and clustering of recall. Edges are the stored typed links plus links
 * derived from shared entities; only items already visible to the query can be reached.
 */
const MAX_NEIGHBOURS = 6
const EDGE_WALK_TYPES = ["relates_to", "depends_on", "mentions", "contradicts"] as const

interface Edge {
  src: string
  dst: string
  type: string
  weight: number
}

const storedEdges = (store: Store, ids: string[]): Edge[] => edgesTouching(store, ids) as Edge[]

/** Weight given to a link derived from shared entities, below any declared link of the walk. */
const SHARED_ENTITY_WEIGHT = 0.3

/**
 * One hop from the seeds to visible live items: declared edges first (strongest first), then
 * items that share an entity with a seed (most shared first), up to MAX_NEIGHBOURS.
 */
export function neighbours(
  store: Store,
  seeds: ItemView[],
  visible: (id: string) => ItemView | undefined,
  sharedEntities: (id: string) => Map<string, number> = () => new Map(),
): ItemView[] {
  const chosen = new Set(seeds.map((s) => s.id))
  const found = new Map<string, { v: ItemView; w: number }>()
  for (const e of storedEdges(store, [...chosen])) {
    if (!(EDGE_WALK_TYPES as readonly string[]).includes(e.type)) continue
    const other = chosen.has(e.src) ? e.dst : e.src
    if (chosen.has(other)) continue
    const v = visible(other)
    if (v && (found.get(other)?.w ?? -1) < e.weight) found.set(other, { v, w: e.weight })
  }
  const shared = new Map<string, number>()
  for (const seed of seeds)
    for (const [id, n] of sharedEntities(seed.id))
      if (!chosen.has(id) && !found.has(id)) shared.set(id, (shared.get(id) ?? 0) + n)
  // ties go to the newer item (ids sort by creation time), so every process walks the same way
  const byShared = [...shared.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1))
  for (const [id] of byShared) {
    if (found.size >= MAX_NEIGHBOURS) break
    const v = visible(id)
    if (v) found.set(id, { v, w: SHARED_ENTITY_WEIGHT })
  }
  return [...found.values()]
    .sort((a, b) => b.w - a.w)
    .slice(0, MAX_NEIGHBOURS)
    .map((f) => f.v)
}

/** Union-find over the chosen items; each cluster is labelled by the entity its members share most. */
export function buildClusters(store: Store, items: RecallItem[]): Array<{ id: number; label: string; ids: string[] }> {
  const parent = new Map(items.map((v) => [v.id, v.id]))
  const find = (x: string): string => {
    let r = x
    while (parent.get(r) !== r) r = parent.get(r) ?? r
    parent.set(x, r)
    return r
  }
  const union = (a: string, b: string) => parent.set(find(a), find(b))
  const byEntity = new Map<string, string[]>()
  for (const v of items)
    for (const e of new Set(v.entities.map(normalEntity))) byEntity.set(e, [...(byEntity.get(e) ?? []), v.id])
  for (const ids of byEntity.values()) for (const id of ids.slice(1)) union(ids[0] as string, id)
  for (const e of storedEdges(
    store,
    items.map((v) => v.id),
  ))
    if (parent.has(e.src) && parent.has(e.dst)) union(e.src, e.dst)
  const groups = new Map<string, RecallItem[]>()
  for (const v of items) groups.set(find(v.id), [...(groups.get(find(v.id)) ?? []), v])
  return [...groups.values()].map((members, i) => {
    for (const m of members) m.cluster = i
    return { id: i, label: clusterLabel(members), ids: members.map((m) => m.id) }
  })
}

function clusterLabel(members: ItemView[]): string {
  const counts = new Map<string, number>()
  for (const m of members) for (const e of new Set(m.entities)) counts.set(e, (counts.get(e) ?? 0) + 1)
  const shared = [...counts.entries()].filter(([, n]) => n > 1 || members.length === 1).sort((a, b) => b[1] - a[1])[0]
  return shared?.[0] ?? members[0]?.title ?? members[0]?.kind ?? ""
}
