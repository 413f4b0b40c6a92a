import { describe, expect, test } from "bun:test"
import { existsSync, readFileSync } from "node:fs"
import { aad, deriveKey, open, randomKey, seal } from "../../src/core/crypto"
import { createMemory, openMemory } from "../../src/memory"
import { FLUSH_EVERY, projectIndex, STORE_MIN_DOCS } from "../../src/memory/read/cache"
import { fieldOf } from "../../src/memory/read/_postings"
import { porter2 } from "../../src/memory/read/porter2"
import { chunkAad, INDEX_FORMAT, termKey } from "../../src/memory/read/_stored"
import { storeIndex } from "../../src/memory/write/index-store"
import { agent, bench, person, type Bench } from "./_setup"

const SERVICES = ["billing", "search", "checkout", "inventory", "shipping", "auth", "mailer", "reports"]

function fill(b: Bench, p: ReturnType<Bench["project"]>, n: number, from = 0): void {
  for (let i = from; i < from + n; i++)
    b.memory.write(
      {
        kind: "note",
        title: `${SERVICES[i % 8]} note ${i}`,
        body: `The ${SERVICES[i % 8]} service retries ${i % 5} times`,
        entities: [`src/${SERVICES[i % 8]}.ts`],
      },
      { project: p, actor: agent },
    )
}

const count = (b: Bench, table: string, project: string) =>
  (b.memory.store.db.query(`SELECT COUNT(*) AS n FROM ${table} WHERE project = ?`).get(project) as { n: number }).n

const cold = (b: Bench) => createMemory({ ...b.memory.store })
const ranked = (m: ReturnType<typeof cold>, p: ReturnType<Bench["project"]>, query: string, entities?: string[]) =>
  m.recall({ project: p, query, entities }).items.map((v) => [v.id, v.score])

describe("owned index, stored sealed", () => {
  test("a cold process reads the stored postings and answers exactly like the process that built them", () => {
    using b = bench()
    const p = b.project()
    fill(b, p, STORE_MIN_DOCS + 20)
    const warm = ranked(b.memory, p, "billing retries", ["billing.ts"])
    expect(warm.length).toBeGreaterThan(0)
    expect(count(b, "memory_index_meta", p.id)).toBe(1)
    expect(count(b, "memory_index_docs", p.id)).toBe(STORE_MIN_DOCS + 20)
    expect(count(b, "memory_index_postings", p.id)).toBeGreaterThan(10)
    for (const q of ["billing retries", "checkout service", "inventor", "note 7", "shiping retries"]) {
      expect(ranked(cold(b), p, q)).toEqual(ranked(b.memory, p, q))
      expect(ranked(cold(b), p, q).length).toBeGreaterThan(0)
    }
    // the cold reader's postings for a term are the stored ones, in short-id order, nothing lost
    const fresh = cold(b)
    fresh.recall({ project: p, query: "mailer" })
    const stored = projectIndex(fresh.store, p.id).postings(porter2("mailer"))
    const total = stored.reduce((n, c) => n + c.length / 3, 0)
    expect(total).toBe(Math.ceil((STORE_MIN_DOCS + 20) / 8))
  })

  test("no term, title or text of an item is in the database file; another key or another row does not open a chunk", () => {
    using b = bench()
    const p = b.project()
    fill(b, p, STORE_MIN_DOCS)
    b.memory.write(
      { kind: "decision", title: "Quokkaburger export", body: "xylophonist batching nightly" },
      {
        project: p,
        actor: agent,
      },
    )
    // positive control: the index holds the canary, so a recall finds it
    expect(b.memory.recall({ project: p, query: "xylophonist" }).items.map((v) => v.title)).toEqual([
      "Quokkaburger export",
    ])
    fill(b, p, FLUSH_EVERY, STORE_MIN_DOCS)
    b.memory.recall({ project: p, query: "billing" })
    expect(cold(b).recall({ project: p, query: "xylophonist" }).items.length).toBe(1)
    b.memory.store.db.exec("PRAGMA wal_checkpoint(TRUNCATE)")
    const bytes = Buffer.concat([b.dbPath, `${b.dbPath}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f)))
    for (const word of ["xylophonist", porter2("xylophonist"), "quokkaburger", "Quokkaburger", "mailer", "retries"])
      expect(bytes.includes(Buffer.from(word))).toBe(false)
    const key = termKey(b.memory.store.keys, p.id, porter2("xylophonist"))
    const row = b.memory.store.db
      .query("SELECT chunk, postings_enc FROM memory_index_postings WHERE project = ? AND term = ?")
      .get(p.id, key) as { chunk: number; postings_enc: Uint8Array }
    expect(open(b.memory.store.keys.content, row.postings_enc, chunkAad(p.id, key, row.chunk)).length).toBe(12)
    expect(() => open(deriveKey(randomKey(), "content"), row.postings_enc, chunkAad(p.id, key, row.chunk))).toThrow(
      /authentication/,
    )
    expect(() => open(b.memory.store.keys.content, row.postings_enc, chunkAad(p.id, "other", 0))).toThrow(
      /authentication/,
    )
  })

  test("a chunk copied over another term's is refused: the cold reader rebuilds from the records and answers right", () => {
    using b = bench()
    const p = b.project()
    fill(b, p, STORE_MIN_DOCS)
    const want = ranked(b.memory, p, "checkout retries")
    const db = b.memory.store.db
    const k = (t: string) => termKey(b.memory.store.keys, p.id, porter2(t))
    const billing = db
      .query("SELECT postings_enc FROM memory_index_postings WHERE project = ? AND term = ? AND chunk = 0")
      .get(p.id, k("billing")) as { postings_enc: Uint8Array }
    db.query("UPDATE memory_index_postings SET postings_enc = ? WHERE project = ? AND term = ? AND chunk = 0").run(
      billing.postings_enc,
      p.id,
      k("checkout"),
    )
    expect(ranked(cold(b), p, "checkout retries")).toEqual(want)
    // the damaged index was replaced by a good one
    expect(ranked(cold(b), p, "checkout retries")).toEqual(want)
  })

  test("writes after the stored index are found at once, stored after FLUSH_EVERY changes, and seen by a cold process", () => {
    using b = bench()
    const p = b.project()
    fill(b, p, STORE_MIN_DOCS)
    b.memory.recall({ project: p, query: "billing" })
    const rev = () =>
      (b.memory.store.db.query("SELECT rev FROM memory_index_meta WHERE project = ?").get(p.id) as { rev: number }).rev
    const storedAt = rev()
    const late = b.memory.write(
      { kind: "lesson", title: "Zanzibar cache", body: "flush the zanzibar layer" },
      {
        project: p,
        actor: agent,
      },
    )
    expect(b.memory.recall({ project: p, query: "zanzibar" }).items.map((v) => v.id)).toEqual([late.id as string])
    expect(rev()).toBe(storedAt)
    // another process that has not stored it finds it too, from the records
    expect(
      cold(b)
        .recall({ project: p, query: "zanzibar" })
        .items.map((v) => v.id),
    ).toEqual([late.id as string])
    fill(b, p, FLUSH_EVERY, STORE_MIN_DOCS)
    b.memory.recall({ project: p, query: "billing" })
    expect(rev()).toBeGreaterThan(storedAt)
    expect(
      cold(b)
        .recall({ project: p, query: "zanzibar" })
        .items.map((v) => v.id),
    ).toEqual([late.id as string])
    expect(ranked(cold(b), p, "zanzibar billing")).toEqual(ranked(b.memory, p, "zanzibar billing"))
  })

  test("forgotten and superseded items are not returned; forgetting destroys the stored index", () => {
    using b = bench()
    const p = b.project()
    fill(b, p, STORE_MIN_DOCS)
    const ctx = { project: p, actor: agent }
    const old = b.memory.write({ kind: "decision", title: "Gondola queue", body: "gondola jobs run hourly" }, ctx)
    const keep = b.memory.write({ kind: "decision", title: "Gondola retries", body: "gondola retries twice" }, ctx)
    const gone = b.memory.write({ kind: "note", title: "Gondola secret", body: "gondola marmalade token" }, ctx)
    const found = () => b.memory.search({ project: p, query: "gondola" }).map((v) => v.id)
    expect(found().sort()).toEqual([old.id, keep.id, gone.id].map(String).sort())
    const next = b.memory.write(
      { kind: "decision", title: "Gondola queue", body: "gondola jobs run every minute", supersedes: old.id },
      ctx,
    )
    fill(b, p, FLUSH_EVERY, STORE_MIN_DOCS)
    b.memory.recall({ project: p, query: "billing" })
    expect(found().sort()).toEqual([next.id, keep.id, gone.id].map(String).sort())
    expect(
      cold(b)
        .search({ project: p, query: "gondola" })
        .map((v) => v.id),
    ).not.toContain(old.id as string)
    expect(count(b, "memory_index_meta", p.id)).toBe(1)
    b.memory.forget({ project: p, id: gone.id as string }, person)
    for (const t of ["memory_index_meta", "memory_index_postings", "memory_index_terms", "memory_index_docs"])
      expect(count(b, t, p.id)).toBe(0)
    expect(found().sort()).toEqual([next.id, keep.id].map(String).sort())
    expect(cold(b).search({ project: p, query: "marmalade" }).length).toBe(0)
    expect(cold(b).search({ project: p, query: "gondola" }).length).toBe(2)
    // the rebuilt index holds no word of the forgotten item
    b.memory.store.db.exec("PRAGMA wal_checkpoint(TRUNCATE)")
    expect(count(b, "memory_index_meta", p.id)).toBe(1)
    expect(projectIndex(cold(b).store, p.id).hasTerm(porter2("marmalade"))).toBe(false)
    expect(projectIndex(cold(b).store, p.id).hasTerm(porter2("gondola"))).toBe(true)
  })

  test("two processes storing in turn: each notices the other's update, reloads, and answers like a fresh one", () => {
    using b = bench()
    const p = b.project()
    fill(b, p, STORE_MIN_DOCS)
    const a = b.memory
    const other = cold(b)
    a.recall({ project: p, query: "billing" })
    other.recall({ project: p, query: "billing" })
    fill(b, p, FLUSH_EVERY, STORE_MIN_DOCS)
    a.recall({ project: p, query: "billing" })
    const ctx = { project: p, actor: agent }
    const late = other.write({ kind: "note", title: "Walrus gateway", body: "walrus gateway retries billing" }, ctx)
    for (const q of ["walrus billing", "billing retries", "inventory note"]) {
      const fresh = ranked(cold(b), p, q)
      expect(ranked(other, p, q)).toEqual(fresh)
      expect(ranked(a, p, q)).toEqual(fresh)
    }
    expect(other.search({ project: p, query: "walrus" }).map((v) => v.id)).toEqual([late.id as string])
    // now the other process stores, and the first one catches up
    for (let i = 0; i < FLUSH_EVERY; i++) other.write({ kind: "note", body: `otter fact ${i} about billing` }, ctx)
    other.recall({ project: p, query: "otter" })
    // stored by the process that wrote them, which first took in what the other one had stored
    expect(count(b, "memory_index_docs", p.id)).toBe(STORE_MIN_DOCS + 2 * FLUSH_EVERY + 1)
    expect(a.search({ project: p, query: "otter", limit: 500 }).length).toBe(FLUSH_EVERY)
    expect(ranked(a, p, "otter billing")).toEqual(ranked(cold(b), p, "otter billing"))
    // having reloaded, the first process stores its own next changes (a stale one would be refused)
    fill(b, p, FLUSH_EVERY, STORE_MIN_DOCS + FLUSH_EVERY)
    a.recall({ project: p, query: "billing" })
    expect(count(b, "memory_index_docs", p.id)).toBe(STORE_MIN_DOCS + 3 * FLUSH_EVERY + 1)
    expect(ranked(a, p, "otter billing")).toEqual(ranked(cold(b), p, "otter billing"))
  })

  test("an index read before a forget is never stored after it; one read after is", () => {
    using b = bench()
    const p = b.project()
    fill(b, p, 3)
    b.memory.write({ kind: "note", body: "pelican fact" }, { project: p, actor: agent })
    const rev = () => (b.memory.store.db.query("SELECT rev FROM memory_counter").get() as { rev: number }).rev
    const before = rev()
    b.memory.forget({ project: p, text: "pelican fact" }, person)
    const update = (at: number) => ({
      project: p.id,
      expectRev: undefined,
      rev: at,
      meta: new Uint8Array([1]),
      shards: [],
      chunks: [],
      docs: [],
      entities: [],
      retired: [],
    })
    expect(storeIndex(b.memory.store, update(before))).toBe(false)
    expect(count(b, "memory_index_meta", p.id)).toBe(0)
    expect(storeIndex(b.memory.store, update(rev()))).toBe(true)
    expect(count(b, "memory_index_meta", p.id)).toBe(1)
    // an update made against a stored revision that has changed since is refused too
    expect(storeIndex(b.memory.store, { ...update(rev()), expectRev: before })).toBe(false)
  })
})

describe("words that name a property of every JavaScript object", () => {
  test("porter2 stems them as words: 'constructor' is not Object's constructor", () => {
    for (const name of Object.getOwnPropertyNames(Object.prototype)) {
      const word = name.toLowerCase()
      expect(typeof porter2(word)).toBe("string")
    }
    expect(porter2("constructor")).toBe("constructor")
    expect(porter2("constructors")).toBe("constructor")
    // a real exception still applies
    expect(porter2("skies")).toBe("sky")
  })

  test("an item saying 'constructor' is found by it, and prefix queries beside it still answer (in process and cold)", () => {
    using b = bench()
    const p = b.project()
    fill(b, p, STORE_MIN_DOCS)
    const write = (title: string, body: string) =>
      b.memory.write({ kind: "decision", title, body }, { project: p, actor: agent }).id as string
    const ctor = write("DI through the constructor", "Services take their clients in the constructor, never globals.")
    const full = write("Fullscreen player on tablets", "The video player opens fullscreen on tablets only.")
    for (const m of [b.memory, cold(b)]) {
      expect(m.recall({ project: p, query: "constructor injection" }).items[0]?.id).toBe(ctor)
      // "full" is a prefix query: it walks the sorted terms past where a function used to sort
      expect(m.recall({ project: p, query: "full screen player" }).items[0]?.id).toBe(full)
      expect(m.recall({ project: p, query: "function" }).items.map((v) => v.id)).not.toContain(ctor)
    }
  })
})

describe("stores made before the owned index", () => {
  test("a store with the old MiniSearch snapshot opens, drops it, and recall rebuilds the index from the records", () => {
    using b = bench()
    const p = b.project()
    fill(b, p, STORE_MIN_DOCS)
    const want = ranked(b.memory, p, "billing retries", ["billing.ts"])
    const db = b.memory.store.db
    // back to schema 5, as an older egc left it: the sealed snapshot table, no index tables
    for (const t of ["meta", "terms", "postings", "docs", "entities"]) db.exec(`DROP TABLE memory_index_${t}`)
    db.exec(
      "CREATE TABLE memory_snapshots (project TEXT PRIMARY KEY, rev INTEGER NOT NULL, docs INTEGER NOT NULL, snapshot_enc BLOB NOT NULL, created_at INTEGER NOT NULL)",
    )
    db.query("INSERT INTO memory_snapshots VALUES (?, 1, 300, ?, 0)").run(p.id, new Uint8Array(64).fill(7))
    db.exec("DELETE FROM egc_migrations WHERE faculty = 'memory' AND version >= 6")
    const reopened = openMemory({ db, keys: b.memory.store.keys })
    const tables = (
      db.query("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>
    ).map((r) => r.name)
    expect(tables).not.toContain("memory_snapshots")
    expect(tables).toContain("memory_index_postings")
    expect(ranked(reopened, p, "billing retries", ["billing.ts"])).toEqual(want)
    expect(count(b, "memory_index_docs", p.id)).toBe(STORE_MIN_DOCS)
    expect(ranked(cold(b), p, "billing retries", ["billing.ts"])).toEqual(want)
  })
})

/** The stored header's JSON and the bytes after it (the live bitset). */
function storedHeader(b: Bench, project: string): { header: Record<string, unknown>; bits: Uint8Array } {
  const row = b.memory.store.db.query("SELECT meta_enc FROM memory_index_meta WHERE project = ?").get(project) as {
    meta_enc: Uint8Array
  }
  const bytes = open(b.memory.store.keys.content, row.meta_enc, aad("memory_index_meta", project, project))
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true)
  return {
    header: JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length))),
    bits: bytes.slice(4 + length),
  }
}

describe("stores of the two-field posting format (format 1)", () => {
  test("an index stored in format 1 is not read: it is rebuilt from the records and answers like a fresh one", () => {
    using b = bench()
    const p = b.project()
    fill(b, p, STORE_MIN_DOCS + 20)
    const q = "billing retries"
    const want = ranked(b.memory, p, q, ["billing.ts"])
    expect(want.length).toBeGreaterThan(0)
    // positive control: the stored format-2 index is read as it is
    expect(storedHeader(b, p.id).header.v).toBe(INDEX_FORMAT)
    expect(ranked(cold(b), p, q, ["billing.ts"])).toEqual(want)
    const db = b.memory.store.db
    const keys = b.memory.store.keys
    // back to format 1, as the previous egc stored it: title and text frequencies and lengths in 16 bits each
    // (the context folded into the text), and a header of version 1 with two length sums
    const rows = db
      .query("SELECT term, chunk, postings_enc FROM memory_index_postings WHERE project = ?")
      .all(p.id) as Array<{
      term: string
      chunk: number
      postings_enc: Uint8Array
    }>
    expect(rows.length).toBeGreaterThan(10)
    const old = (n: number) => (((n >>> 24) << 16) | Math.min(0xffff, (n & 0xffff) + ((n >>> 16) & 0xff))) >>> 0
    for (const r of rows) {
      const bytes = open(keys.content, r.postings_enc, chunkAad(p.id, r.term, r.chunk))
      const posts = new Uint32Array(bytes.slice().buffer)
      for (let i = 0; i < posts.length; i += 3) {
        posts[i + 1] = old(posts[i + 1] as number)
        posts[i + 2] = old(posts[i + 2] as number)
      }
      db.query("UPDATE memory_index_postings SET postings_enc = ? WHERE project = ? AND term = ? AND chunk = ?").run(
        seal(keys.content, new Uint8Array(posts.buffer), chunkAad(p.id, r.term, r.chunk)),
        p.id,
        r.term,
        r.chunk,
      )
    }
    const { header, bits } = storedHeader(b, p.id)
    const sums = header.sums as number[]
    const v1 = new TextEncoder().encode(
      JSON.stringify({ ...header, v: 1, sums: [sums[0], (sums[1] as number) + (sums[2] as number)] }),
    )
    const meta = new Uint8Array(4 + v1.length + bits.length)
    new DataView(meta.buffer).setUint32(0, v1.length, true)
    meta.set(v1, 4)
    meta.set(bits, 4 + v1.length)
    db.query("UPDATE memory_index_meta SET meta_enc = ? WHERE project = ?").run(
      seal(keys.content, meta, aad("memory_index_meta", p.id, p.id)),
      p.id,
    )
    expect(storedHeader(b, p.id).header.v).toBe(1)
    // a cold process rebuilds from the records, answers with the new weighting, and stores format 2 again
    const fresh = cold(b)
    expect(ranked(fresh, p, q, ["billing.ts"])).toEqual(want)
    // every billing item has the word once in each field: title, text and (its entity src/billing.ts) context
    const postings = projectIndex(fresh.store, p.id).postings(porter2("billing"))
    const freqs = new Set(postings.flatMap((c) => [...c].filter((_, i) => i % 3 === 1)))
    expect([...freqs].map((f) => [0, 1, 2].map((field) => fieldOf(f, field)))).toEqual([[1, 1, 1]])
    expect(storedHeader(b, p.id).header.v).toBe(INDEX_FORMAT)
    expect((storedHeader(b, p.id).header.sums as number[]).length).toBe(3)
    expect(ranked(cold(b), p, q, ["billing.ts"])).toEqual(want)
    expect(count(b, "memory_index_docs", p.id)).toBe(STORE_MIN_DOCS + 20)
  })
})
