import { describe, expect, test } from "bun:test"
import { createMemory, openMemory } from "../../src/memory"
import { FLUSH_EVERY, STORE_MIN_DOCS } from "../../src/memory/read/cache"
import { agent, bench, person, type Bench } from "./_setup"

/**
 * A stored document keeps a copy of the columns ranking reads of its item (schema step 7), so a query's
 * hits are read without joining the items. The copy is the item as of the index's revision; an item
 * changed since is retired from the stored part and indexed again from its record.
 */
const COLUMNS = "scope, kind, status, confidence, disputed, valid_from, recorded_at, expires_at, entity_keys"

function fill(b: Bench, p: ReturnType<Bench["project"]>, n: number, from = 0): void {
  for (let i = from; i < from + n; i++)
    b.memory.write(
      {
        kind: i % 3 ? "note" : "decision",
        title: `orchard note ${i}`,
        body: `The orchard service ${i} retries ${i % 5} times`,
        entities: [`src/orchard/part${i % 7}.ts`],
      },
      { project: p, actor: agent },
    )
}

const cold = (b: Bench) => createMemory({ ...b.memory.store })
const ids = (m: ReturnType<typeof cold>, p: ReturnType<Bench["project"]>, query: string) =>
  m.recall({ project: p, query }).items.map((v) => v.id)

/** Stored documents whose copy differs from their item now (none once the index is stored at the current revision). */
function differing(b: Bench, project: string): string[] {
  const cols = COLUMNS.split(", ")
  return (
    b.memory.store.db
      .query(
        `SELECT d.item FROM memory_index_docs d JOIN memory_items i ON i.id = d.item WHERE d.project = ? AND (${cols
          .map((c) => `d.${c} IS NOT i.${c}`)
          .join(" OR ")})`,
      )
      .all(project) as Array<{ item: string }>
  ).map((r) => r.item)
}

const docCount = (b: Bench, project: string) =>
  (
    b.memory.store.db.query("SELECT COUNT(*) AS n FROM memory_index_docs WHERE project = ?").get(project) as {
      n: number
    }
  ).n

describe("stored documents carry their item's columns", () => {
  test("a change after the store is seen by a cold process; the next store copies the item as it is", () => {
    using b = bench()
    const p = b.project()
    const ctx = { project: p, actor: agent }
    const old = b.memory.write({ kind: "decision", title: "Quince queue", body: "quince jobs run hourly" }, ctx)
    const lesson = b.memory.lessons.save(
      { title: "Quince retries", body: "the quince importer needs three retries", confidence: 0.6 },
      ctx,
    )
    fill(b, p, STORE_MIN_DOCS)
    b.memory.recall({ project: p, query: "orchard" })
    expect(docCount(b, p.id)).toBe(STORE_MIN_DOCS + 2)
    expect(differing(b, p.id)).toEqual([])
    // positive control: both are found by a cold process reading the stored documents
    expect(ids(cold(b), p, "quince").sort()).toEqual([old.id, lesson.id].map(String).sort())

    const next = b.memory.write(
      { kind: "decision", title: "Quince queue", body: "quince jobs run every minute", supersedes: old.id },
      ctx,
    )
    expect(next.outcome).toBe("created")
    b.memory.lessons.reinforce(lesson.id as string, ctx)
    // the stored copies are behind the items now; a cold process must not believe them
    expect(differing(b, p.id).sort()).toEqual([old.id, lesson.id].map(String).sort())
    const seen = ids(cold(b), p, "quince")
    expect(seen).not.toContain(old.id as string)
    expect(seen).toContain(next.id as string)
    expect(seen).toContain(lesson.id as string)
    const reinforced = cold(b)
      .lessons.recall({ project: p, query: "quince retries" }, person)
      .find((v) => v.id === lesson.id)
    const row = b.memory.store.db
      .query("SELECT confidence FROM memory_items WHERE id = ?")
      .get(lesson.id as string) as {
      confidence: number
    }
    expect(row.confidence).toBeGreaterThan(0.6)
    expect(reinforced?.confidence).toBe(row.confidence)

    // after the next store every stored copy is the item as it is, and the superseded one is stored no more
    fill(b, p, FLUSH_EVERY, STORE_MIN_DOCS)
    b.memory.recall({ project: p, query: "orchard" })
    expect(differing(b, p.id)).toEqual([])
    const superseded = b.memory.store.db
      .query("SELECT status FROM memory_index_docs WHERE item = ?")
      .all(old.id as string) as Array<{ status: string }>
    expect(superseded.map((r) => r.status)).toEqual(["superseded"])
    expect(ids(cold(b), p, "quince")).not.toContain(old.id as string)
  })

  test("an index stored before the copies existed is filled from the items and read as it is, not rebuilt", () => {
    using b = bench()
    const p = b.project()
    fill(b, p, STORE_MIN_DOCS + 20)
    const queries = ["orchard retries", "part3", "orchard service 17"]
    const want = queries.map((q) => ids(b.memory, p, q))
    expect(want.every((w) => w.length > 0)).toBe(true)
    const db = b.memory.store.db
    const postings = () =>
      db
        .query("SELECT term, chunk, postings_enc FROM memory_index_postings WHERE project = ? ORDER BY term, chunk")
        .all(p.id)
    const storedBefore = postings()
    const metaBefore = db.query("SELECT rev, meta_enc FROM memory_index_meta WHERE project = ?").get(p.id)
    // back to step 6, as the previous egc stored documents: id and lengths only
    db.exec(`
      CREATE TABLE docs_v6 (project TEXT NOT NULL, short INTEGER NOT NULL, item TEXT NOT NULL, lengths INTEGER NOT NULL,
        PRIMARY KEY (project, short));
      INSERT INTO docs_v6 SELECT project, short, item, lengths FROM memory_index_docs;
      DROP TABLE memory_index_docs;
      ALTER TABLE docs_v6 RENAME TO memory_index_docs;
      CREATE INDEX memory_index_docs_item ON memory_index_docs (project, item);
      DELETE FROM egc_migrations WHERE faculty = 'memory' AND version = 7;
    `)
    const reopened = openMemory({ db, keys: b.memory.store.keys })
    expect(docCount(b, p.id)).toBe(STORE_MIN_DOCS + 20)
    expect(differing(b, p.id)).toEqual([])
    expect(queries.map((q) => ids(reopened, p, q))).toEqual(want)
    expect(queries.map((q) => ids(cold(b), p, q))).toEqual(want)
    // the stored postings and header were read, not rebuilt (a rebuild seals them again under new nonces)
    expect(postings()).toEqual(storedBefore)
    expect(db.query("SELECT rev, meta_enc FROM memory_index_meta WHERE project = ?").get(p.id)).toEqual(metaBefore)
  })

  test("no query of the stored documents or entities walks a whole project (each names a key past the project)", () => {
    using b = bench()
    const p = b.project()
    fill(b, p, STORE_MIN_DOCS + 20)
    b.memory.recall({ project: p, query: "orchard" })
    const fresh = cold(b)
    const db = fresh.store.db
    const seen = new Set<string>()
    const query = db.query.bind(db)
    db.query = ((sql: string) => {
      if (/memory_index_(docs|entities)/.test(sql) && /^\s*SELECT/i.test(sql)) seen.add(sql)
      return query(sql)
    }) as typeof db.query
    try {
      // a cold process: hits' metadata by short id, items by id (neighbours), items naming an entity, a change retiring a stored document
      fresh.recall({ project: p, query: "orchard retries part3", entities: ["src/orchard/part3.ts"] })
      b.memory.write(
        { kind: "note", title: "orchard note 3", body: "The orchard service 3 retries 9 times" },
        {
          project: p,
          actor: agent,
        },
      )
      fresh.recall({ project: p, query: "orchard service 3" })
    } finally {
      db.query = query
    }
    const kinds = [/short IN/, /item = \?/, /item IN/, /memory_index_entities/]
    expect(kinds.map((k) => [...seen].some((sql) => k.test(sql)))).toEqual(kinds.map(() => true))
    for (const sql of seen) {
      const plan = (db.query(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail)
      expect({ sql, plan: plan.filter((d) => /^SCAN|\(project=\?\)$/.test(d)) }).toEqual({ sql, plan: [] })
    }
  })
})
