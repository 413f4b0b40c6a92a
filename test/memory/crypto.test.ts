import { describe, expect, test } from "bun:test"
import { Database } from "bun:sqlite"
import { existsSync } from "node:fs"
import { randomKey } from "../../src/core/crypto"
import { openMemory } from "../../src/memory"
import { agent, bench, miner, person } from "./_setup"

describe("sealed records", () => {
  test("altered ciphertext is reported with its id, not returned, not overwritten; the rest still reads", () => {
    using b = bench()
    const p = b.project()
    const ctx = { project: p, actor: agent }
    const bad = b.memory.write({ kind: "note", body: "tamper target about invoices" }, ctx)
    const good = b.memory.write({ kind: "note", body: "control note about invoices" }, ctx)
    const row = b.memory.store.db.query("SELECT content_enc FROM memory_items WHERE id = ?").get(bad.id as string) as {
      content_enc: Uint8Array
    }
    const altered = new Uint8Array(row.content_enc)
    altered[20] = (altered[20] ?? 0) ^ 0xff
    b.memory.store.db
      .query("UPDATE memory_items SET content_enc = ?, rev = rev + 100 WHERE id = ?")
      .run(altered, bad.id as string)
    b.memory.store.db.query("UPDATE memory_counter SET rev = rev + 100").run()
    const list = b.memory.list({ project: p })
    expect(list.map((v) => v.id)).toEqual([good.id as string])
    expect(list.unreadable.map((u) => u.id)).toEqual([bad.id as string])
    expect(list.unreadable[0]?.reason).toContain("failed authentication")
    const r = b.memory.recall({ project: p, query: "invoices" })
    expect(r.items.map((v) => v.id)).toEqual([good.id as string])
    expect(r.unreadable.map((u) => u.id)).toEqual([bad.id as string])
    b.memory.write({ kind: "note", body: "another write" }, ctx)
    const after = b.memory.store.db
      .query("SELECT content_enc FROM memory_items WHERE id = ?")
      .get(bad.id as string) as { content_enc: Uint8Array }
    expect(new Uint8Array(after.content_enc)).toEqual(altered)
  })

  test("a record copied into another project's row fails to open there", () => {
    using b = bench()
    const a = b.project()
    const c = b.project()
    const src = b.memory.write({ kind: "decision", body: "project A secret decision" }, { project: a, actor: agent })
    const dst = b.memory.write({ kind: "decision", body: "project C decision" }, { project: c, actor: agent })
    const env = b.memory.store.db.query("SELECT content_enc FROM memory_items WHERE id = ?").get(src.id as string) as {
      content_enc: Uint8Array
    }
    b.memory.store.db
      .query("UPDATE memory_items SET content_enc = ? WHERE id = ?")
      .run(env.content_enc, dst.id as string)
    // and the whole row moved to the other project keeps its id but not its identity
    b.memory.store.db.query("UPDATE memory_items SET project = ? WHERE id = ?").run(c.id, src.id as string)
    const list = b.memory.list({ project: c })
    expect(list.length).toBe(0)
    expect(list.unreadable.map((u) => u.id).sort()).toEqual([src.id as string, dst.id as string].sort())
  })

  test("a wrong master key is refused before anything is read or rewritten", () => {
    using b = bench()
    const p = b.project()
    b.memory.write({ kind: "note", body: "sealed with the first key" }, { project: p, actor: agent })
    const before = b.memory.store.db.query("SELECT id, content_enc, rev FROM memory_items").all()
    const other = { content: randomKey(), hash: randomKey(), team: randomKey(), keyId: "0123456789abcdef" }
    expect(() => openMemory({ db: b.memory.store.db, keys: other })).toThrow(
      /not the key this database was sealed with/,
    )
    expect(b.memory.store.db.query("SELECT id, content_enc, rev FROM memory_items").all()).toEqual(before)
  })
})

describe("nothing in plaintext at rest", () => {
  test("no canary from any field appears in the database file or its WAL after a full workload", () => {
    using b = bench()
    const canary = "zqxcanary"
    const p = b.project({ origin: `git@github.com:${canary}org/${canary}repo.git`, branch: `${canary}-branch` })
    const ctx = { project: p, actor: agent }
    const w = b.memory.write(
      {
        kind: "decision",
        title: `${canary} title`,
        body: `${canary} body\nsecond line`,
        entities: [`src/${canary}.ts`],
        tags: [`${canary}tag`],
      },
      ctx,
    )
    b.memory.write({ kind: "decision", body: `${canary} replacement`, supersedes: w.id }, ctx)
    b.memory.applyStatePatch(
      {
        context: `${canary} context`,
        decisions: [{ what: `${canary} what`, why: `${canary} why` }],
        avoid: [`${canary} avoid`],
        preferences: [`${canary} pref`],
        next: [`${canary} next`],
      },
      ctx,
    )
    b.memory.working.set({ key: `${canary}key`, value: `${canary} value` }, ctx)
    b.memory.lessons.save({ body: `${canary} lesson` }, ctx)
    const pend = b.memory.write({ kind: "note", body: `${canary} pending` }, { project: p, actor: miner })
    b.memory.approve(pend.id as string, { project: p, actor: person }, { body: `${canary} edited` })
    const prop = b.memory.propose({ project: p, items: [{ kind: "failure", body: `${canary} failure` }] }, ctx)
    b.memory.commit({ proposalId: prop.proposalId as string }, ctx)
    b.memory.forget({ project: p, text: `${canary} forgotten text` }, person)
    b.memory.write({ kind: "note", body: `token ${`ghp_${"Z".repeat(36)}`} ${canary}` }, ctx)
    b.memory.recall({ project: p, query: canary })
    expect(b.memory.search({ project: p, query: canary }).length).toBeGreaterThan(5)
    const scan = (path: string) => {
      if (!existsSync(path)) return []
      // read in another process: closing a descriptor of the database file in this process would
      // drop the POSIX locks SQLite holds on it (see readStoreFile in test/fixture.ts)
      const bytes = Buffer.from(Bun.spawnSync(["cat", path]).stdout)
      const hits: string[] = []
      for (const needle of [canary, canary.toUpperCase(), "ZZZZZZZZZZZZZZZZ"]) {
        if (bytes.includes(Buffer.from(needle, "latin1")) || bytes.includes(Buffer.from(needle, "utf16le")))
          hits.push(needle)
      }
      return hits
    }
    const wal = `${b.dbPath}-wal`
    expect(existsSync(wal)).toBe(true)
    expect(scan(b.dbPath)).toEqual([])
    expect(scan(wal)).toEqual([])
    b.memory.store.db.exec("PRAGMA wal_checkpoint(TRUNCATE)")
    expect(scan(b.dbPath)).toEqual([])
    // positive control: the scanner does find a plaintext canary written outside the write layer
    const raw = new Database(b.dbPath, { strict: true })
    raw.exec("CREATE TABLE IF NOT EXISTS scan_control (t TEXT)")
    raw.query("INSERT INTO scan_control VALUES (?)").run(canary)
    raw.close()
    expect(scan(b.dbPath).length + scan(wal).length).toBeGreaterThan(0)
  })
})
