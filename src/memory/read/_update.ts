import { seal } from "../../core/crypto"
import type { Store } from "../_store"
import type { IndexUpdate, StoredDoc } from "../write/index-store"
import { columnsOf, type ItemMeta } from "./_docs"
import { type DocStats, type MemPostings, shardOf, STRIDE } from "./_postings"
import { chunkAad, encodeMeta, shardAad, shardKey, type StoredTerms, termKey } from "./_stored"

/** Postings per stored chunk: a new posting rewrites only its term's last chunk. */
const CHUNK_POSTINGS = 4096

export interface DeltaDoc {
  item: string
  lengths: number
  meta: ItemMeta
}

export interface Pending {
  project: string
  rev: number
  /** undefined: the update replaces whatever is stored. */
  baseRev: number | undefined
  base: StoredTerms | undefined
  stats: DocStats
  delta: MemPostings
  docs: Map<number, DeltaDoc>
  retired: number[]
}

/** What a flush changes, sealed and ready for write/index-store.ts; `terms` and `shards` name what it rewrote. */
export function buildUpdate(store: Store, p: Pending): { update: IndexUpdate; terms: string[]; shards: string[] } {
  const keys = store.keys
  const live = (short: number) => p.stats.live(short)
  const chunks: IndexUpdate["chunks"] = []
  const newTerms = new Map<string, string[]>()
  const terms: string[] = []
  for (const term of p.delta.sorted()) {
    const add = liveOnly(p.delta.get(term) as Uint32Array, live)
    if (!add.length) continue
    const last = p.base?.lastChunk(term)
    const key = last?.key ?? termKey(keys, p.project, term)
    const kept = last ? liveOnly(last.postings, live) : new Uint32Array(0)
    const all = new Uint32Array(kept.length + add.length)
    all.set(kept)
    all.set(add, kept.length)
    const first = last?.chunk ?? 0
    const size = CHUNK_POSTINGS * STRIDE
    for (let at = 0, n = 0; at < all.length; at += size, n++) {
      const piece = all.slice(at, at + size)
      chunks.push({
        term: key,
        chunk: first + n,
        sealed: seal(keys.content, bytesOf(piece), chunkAad(p.project, key, first + n)),
      })
    }
    terms.push(term)
    if (last || p.base?.has(shardOf(term), term)) continue
    const s = shardOf(term)
    const list = newTerms.get(s)
    if (list) list.push(term)
    else newTerms.set(s, [term])
  }
  const shards: IndexUpdate["shards"] = []
  for (const [s, added] of newTerms) {
    const merged = p.base ? [...new Set([...p.base.shard(s), ...added])].sort() : added
    const key = shardKey(keys, p.project, s)
    shards.push({
      key,
      sealed: seal(keys.content, new TextEncoder().encode(merged.join("\n")), shardAad(p.project, key)),
    })
  }
  const docs: StoredDoc[] = []
  const entities: IndexUpdate["entities"] = []
  for (const [short, d] of p.docs) {
    if (!live(short)) continue
    docs.push({ short, item: d.item, lengths: d.lengths, ...columnsOf(d.meta) })
    for (const group of d.meta.entityGroups) for (const key of group) entities.push({ key, short })
  }
  return {
    update: {
      project: p.project,
      expectRev: p.baseRev,
      rev: p.rev,
      meta: encodeMeta(keys, p.project, p.stats),
      shards,
      chunks,
      docs,
      entities,
      retired: p.retired,
    },
    terms,
    shards: [...newTerms.keys()],
  }
}

function liveOnly(postings: Uint32Array, live: (short: number) => boolean): Uint32Array {
  let n = 0
  for (let p = 0; p < postings.length; p += STRIDE) if (live(postings[p] as number)) n++
  if (n * STRIDE === postings.length) return postings
  const out = new Uint32Array(n * STRIDE)
  let o = 0
  for (let p = 0; p < postings.length; p += STRIDE)
    if (live(postings[p] as number)) {
      out.set(postings.subarray(p, p + STRIDE), o)
      o += STRIDE
    }
  return out
}

const bytesOf = (a: Uint32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength)
