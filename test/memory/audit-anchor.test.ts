import { describe, expect, test } from "bun:test"
import { openMemory } from "../../src/memory"
import { agent, bench, person, type Bench } from "./_setup"

/**
 * Issue 14 item 5: the chain's head is sealed outside the audit table, so a log cut at its end (or
 * emptied) and an item row deleted are reported. Each case tampers a populated store that first
 * verifies (the positive control in the same store).
 */
function populated(): { b: Bench; ids: string[] } {
  const b = bench()
  const p = b.project()
  const ids: string[] = []
  for (let i = 0; i < 14; i++)
    ids.push(
      b.memory.write({ kind: "note", body: `anchored note number ${i}` }, { project: p, actor: agent }).id as string,
    )
  b.memory.forget({ project: p, id: ids[0] as string }, person)
  const ok = b.memory.auditVerify()
  // forget records the item and the tombstone: 16 rows
  expect(ok).toMatchObject({ ok: true, rows: 16, head: 16 })
  return { b, ids }
}

const run = (b: Bench, sql: string, ...args: string[]) => b.memory.store.db.query(sql).run(...args)

describe("a truncated audit log is reported", () => {
  test("the last row deleted", () => {
    const { b } = populated()
    using _ = b
    run(b, "DELETE FROM memory_audit WHERE seq = (SELECT MAX(seq) FROM memory_audit)")
    const v = b.memory.auditVerify()
    expect(v).toMatchObject({ ok: false, rows: 15, head: 16, brokenAt: 16 })
    expect(v.reason).toContain("1 record missing from the end (16..16)")
  })

  test("the last ten rows deleted", () => {
    const { b } = populated()
    using _ = b
    run(b, "DELETE FROM memory_audit WHERE seq > 6")
    expect(b.memory.auditVerify()).toMatchObject({
      ok: false,
      rows: 6,
      brokenAt: 7,
      reason: expect.stringContaining("10 records missing from the end"),
    })
  })

  test("every row deleted", () => {
    const { b } = populated()
    using _ = b
    run(b, "DELETE FROM memory_audit")
    expect(b.memory.auditVerify()).toMatchObject({
      ok: false,
      rows: 0,
      brokenAt: 1,
      reason: expect.stringContaining("16 records missing"),
    })
  })

  test("a write after the cut continues from the sealed head, so the gap stays visible", () => {
    const { b } = populated()
    using _ = b
    run(b, "DELETE FROM memory_audit WHERE seq > 12")
    b.memory.write({ kind: "note", body: "written after the cut" }, { project: b.project(), actor: agent })
    expect(b.memory.auditVerify()).toMatchObject({ ok: false, brokenAt: 17, reason: "row 13 is missing" })
  })

  test("the sealed head deleted, or rewound to an earlier row, is reported too", () => {
    const { b } = populated()
    using _ = b
    const meta = b.memory.store.db.query("SELECT value FROM egc_meta WHERE key = 'memory_audit_head'").get() as {
      value: string
    }
    const row15 = b.memory.store.db.query("SELECT hash FROM memory_audit WHERE seq = 15").get() as { hash: string }
    const rewound = JSON.stringify({ ...JSON.parse(meta.value), seq: 15, hash: row15.hash })
    run(b, "DELETE FROM memory_audit WHERE seq = 16")
    run(b, "UPDATE egc_meta SET value = ? WHERE key = 'memory_audit_head'", rewound)
    expect(b.memory.auditVerify()).toMatchObject({ ok: false, reason: expect.stringContaining("does not verify") })
    run(b, "DELETE FROM egc_meta WHERE key = 'memory_audit_head'")
    expect(b.memory.auditVerify()).toMatchObject({
      ok: false,
      reason: expect.stringContaining("sealed head is missing"),
    })
    // a later write cannot launder it: the head records that it was lost
    b.memory.write({ kind: "note", body: "written after the head was removed" }, { project: b.project(), actor: agent })
    expect(b.memory.auditVerify()).toMatchObject({
      ok: false,
      brokenAt: 16,
      reason: expect.stringContaining("missing or forged"),
    })
  })
})

describe("a deleted item is reported", () => {
  test("one item row deleted, with its id", () => {
    const { b, ids } = populated()
    using _ = b
    run(b, "DELETE FROM memory_items WHERE id = ?", ids[7] as string)
    const v = b.memory.auditVerify()
    expect(v).toMatchObject({ ok: false, missingItemCount: 1, missingItems: [ids[7]] })
    expect(v.reason).toContain("1 item the audit records as created is missing")
  })

  test("a forgotten item keeps its row and is not reported", () => {
    const { b, ids } = populated()
    using _ = b
    const row = b.memory.store.db.query("SELECT status FROM memory_items WHERE id = ?").get(ids[0] as string)
    expect(row).toEqual({ status: "forgotten" })
    expect(b.memory.auditVerify().ok).toBe(true)
  })
})

describe("positive controls", () => {
  test("an intact store verifies, also after rows appended by a writer that did not keep the head", () => {
    const { b } = populated()
    using _ = b
    // an older egc appends a correctly chained row without moving the head: not a truncation
    const head = b.memory.store.db.query("SELECT value FROM egc_meta WHERE key = 'memory_audit_head'").get() as {
      value: string
    }
    b.memory.write({ kind: "note", body: "one more" }, { project: b.project(), actor: agent })
    run(b, "UPDATE egc_meta SET value = ? WHERE key = 'memory_audit_head'", head.value)
    expect(b.memory.auditVerify()).toMatchObject({ ok: true, rows: 17, head: 16 })
  })

  test("a store made before the head existed is sealed once when it is upgraded", () => {
    const { b } = populated()
    using _ = b
    run(b, "DELETE FROM egc_meta WHERE key = 'memory_audit_head'")
    run(b, "DELETE FROM egc_migrations WHERE faculty = 'memory' AND version >= 4")
    const again = openMemory({ db: b.memory.store.db, keys: b.memory.store.keys })
    expect(again.auditVerify()).toMatchObject({ ok: true, rows: 16, head: 16 })
  })
})
