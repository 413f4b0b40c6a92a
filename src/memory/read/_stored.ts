import { aad, keyedHash, open, seal } from "../../core/crypto"
import type { Keys } from "../../core/keys"
import type { Store } from "../_store"
import { DocStats, withPrefix } from "./_postings"
import { TERM_RULES } from "./terms"

/**
 * A project's stored index, read on demand: the header (live documents as a bitset, field length
 * sums), dictionary shards (the sorted terms sharing their first two characters) and each term's
 * posting chunks. Rows are keyed by keyed hashes of the term or shard, never the term itself, and
 * every blob is sealed and bound to its row (a chunk copied to another term or project fails to
 * open). Only what a query names is read and opened; opened pieces are kept within a byte budget.
 */
export const termKey = (keys: Keys, project: string, term: string) =>
  keyedHash(keys.hash, `memory-index-term|${project}|${term}`).slice(0, 32)
export const shardKey = (keys: Keys, project: string, shard: string) =>
  keyedHash(keys.hash, `memory-index-shard|${project}|${shard}`).slice(0, 32)

export const chunkAad = (project: string, term: string, chunk: number) =>
  aad("memory_index_postings", `${term}#${chunk}`, project)
export const shardAad = (project: string, shard: string) => aad("memory_index_terms", shard, project)
const metaAad = (project: string) => aad("memory_index_meta", project, project)

/**
 * The stored posting format: 1 packed two fields (title, text) into 16 bits each; 2 packs three
 * (title, text, context). A header of another format is not read: the index is rebuilt from the records.
 */
export const INDEX_FORMAT = 2

/** Cached opened chunks stop growing past this; the oldest are dropped first. */
const CACHE_BYTES = 24 * 1024 * 1024

interface StoredMeta {
  rev: number
  stats: DocStats
}

export function encodeMeta(keys: Keys, project: string, stats: DocStats): Uint8Array {
  const header = new TextEncoder().encode(
    JSON.stringify({
      v: INDEX_FORMAT,
      rules: TERM_RULES,
      nextShort: stats.nextShort,
      count: stats.count,
      sums: stats.sums,
      dead: stats.dead,
    }),
  )
  const bits = stats.bits.subarray(0, (stats.nextShort >>> 3) + 1)
  const out = new Uint8Array(4 + header.length + bits.length)
  new DataView(out.buffer).setUint32(0, header.length, true)
  out.set(header, 4)
  out.set(bits, 4 + header.length)
  return seal(keys.content, out, metaAad(project))
}

/** The stored header, undefined when there is none; throws when it cannot be opened or was made with other rules. */
export function readMeta(store: Store, project: string): StoredMeta | undefined {
  const row = store.db.query("SELECT rev, meta_enc FROM memory_index_meta WHERE project = ?").get(project) as {
    rev: number
    meta_enc: Uint8Array
  } | null
  if (!row) return undefined
  const bytes = open(store.keys.content, row.meta_enc, metaAad(project))
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true)
  const h = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length))) as {
    v: number
    rules: string
    nextShort: number
    count: number
    sums: number[]
    dead: number
  }
  if (h.v !== INDEX_FORMAT || h.rules !== TERM_RULES)
    throw new Error("the stored index was made with another format or other term rules")
  const stats = new DocStats(bytes.slice(4 + length))
  stats.nextShort = h.nextShort
  stats.count = h.count
  stats.sums = h.sums
  stats.dead = h.dead
  return { rev: row.rev, stats }
}

export function storedRev(store: Store, project: string): number | undefined {
  const row = store.db.query("SELECT rev FROM memory_index_meta WHERE project = ?").get(project) as {
    rev: number
  } | null
  return row?.rev
}

const asU32 = (bytes: Uint8Array) =>
  bytes.byteOffset % 4 === 0
    ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2)
    : new Uint32Array(bytes.slice().buffer)

export class StoredTerms {
  readonly #shards = new Map<string, string[]>()
  readonly #chunks = new Map<string, Uint32Array[]>()
  #bytes = 0

  constructor(
    private readonly store: Store,
    private readonly project: string,
    /** Postings at or above this short id were stored by another process after this one loaded: ignored. */
    public nextShort: number,
  ) {}

  /** The sorted terms of one dictionary shard. */
  shard(shard: string): string[] {
    const hit = this.#shards.get(shard)
    if (hit) return hit
    const key = shardKey(this.store.keys, this.project, shard)
    const row = this.store.db
      .query("SELECT terms_enc FROM memory_index_terms WHERE project = ? AND shard = ?")
      .get(this.project, key) as { terms_enc: Uint8Array } | null
    const terms = row
      ? new TextDecoder().decode(open(this.store.keys.content, row.terms_enc, shardAad(this.project, key))).split("\n")
      : []
    this.#shards.set(shard, terms)
    return terms
  }

  has(shard: string, term: string): boolean {
    const terms = this.shard(shard)
    return withPrefix(terms, term, 1)[0] === term
  }

  chunks(term: string): Uint32Array[] {
    const hit = this.#chunks.get(term)
    if (hit) {
      // most recently used last
      this.#chunks.delete(term)
      this.#chunks.set(term, hit)
      return hit
    }
    const key = termKey(this.store.keys, this.project, term)
    const rows = this.store.db
      .query("SELECT chunk, postings_enc FROM memory_index_postings WHERE project = ? AND term = ? ORDER BY chunk")
      .all(this.project, key) as Array<{ chunk: number; postings_enc: Uint8Array }>
    const out = rows.map((r) =>
      this.#known(asU32(open(this.store.keys.content, r.postings_enc, chunkAad(this.project, key, r.chunk)))),
    )
    this.#chunks.set(term, out)
    this.#bytes += out.reduce((n, c) => n + c.byteLength, 0)
    for (const [old, c] of this.#chunks) {
      if (this.#bytes <= CACHE_BYTES) break
      this.#chunks.delete(old)
      this.#bytes -= c.reduce((n, x) => n + x.byteLength, 0)
    }
    return out
  }

  #known(chunk: Uint32Array): Uint32Array {
    const n = chunk.length
    if (!n || (chunk[n - 3] as number) < this.nextShort) return chunk
    let end = n
    while (end > 0 && (chunk[end - 3] as number) >= this.nextShort) end -= 3
    return chunk.subarray(0, end)
  }

  /** The last chunk of a term as stored (for appending), undefined when the term has none. */
  lastChunk(term: string): { key: string; chunk: number; postings: Uint32Array } | undefined {
    const key = termKey(this.store.keys, this.project, term)
    const row = this.store.db
      .query(
        "SELECT chunk, postings_enc FROM memory_index_postings WHERE project = ? AND term = ? ORDER BY chunk DESC LIMIT 1",
      )
      .get(this.project, key) as { chunk: number; postings_enc: Uint8Array } | null
    if (!row) return undefined
    const postings = asU32(open(this.store.keys.content, row.postings_enc, chunkAad(this.project, key, row.chunk)))
    return { key, chunk: row.chunk, postings }
  }

  /** Drops what this process's own update changed. */
  evict(terms: Iterable<string>, shards: Iterable<string>): void {
    for (const t of terms) {
      const c = this.#chunks.get(t)
      if (!c) continue
      this.#chunks.delete(t)
      this.#bytes -= c.reduce((n, x) => n + x.byteLength, 0)
    }
    for (const s of shards) this.#shards.delete(s)
  }
}
