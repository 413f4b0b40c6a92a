import { Database } from "bun:sqlite"
import { describe, expect, test } from "bun:test"
import { agent, bench } from "./_setup"

/** The create's row, column by column: each value lands in the column that names it. */
describe("write layer: the memory_items row of a create", () => {
  test("every column holds its own value (distinct values, so a swapped column shows)", () => {
    using b = bench()
    const p = b.project({ origin: "https://example.com/acme/rows.git" })
    const ctx = { project: p, actor: agent }
    const w = b.memory.write(
      { kind: "working", title: "ttl", body: "soon", key: "row-key", confidence: 0.9, validFrom: 1_000, ttlMs: 60_000 },
      ctx,
    )
    expect(w.outcome).toBe("created")
    const plain = b.memory.write({ kind: "note", body: "no title, no key" }, ctx)
    const db = new Database(b.dbPath, { readonly: true })
    try {
      const byId = db.query("SELECT * FROM memory_items WHERE id = ?")
      const read = (id: string) => byId.get(id) as Record<string, unknown>
      const row = read(w.id as string)
      expect(row).toMatchObject({ id: w.id, project: p.id, kind: "working", status: "active" })
      expect(row).toMatchObject({ confidence: 0.9, base_confidence: 0.9 })
      expect(row).toMatchObject({ source: "agent", tool: "claude-code", disputed: 0 })
      expect(row).toMatchObject({ valid_from: 1_000, valid_to: null })
      expect(row).toMatchObject({ retracted_at: null, last_used_at: null })
      expect(row.recorded_at).toBe(row.updated_at)
      expect(row.expires_at).toBe((row.recorded_at as number) + 60_000)
      expect(typeof row.session).toBe("string")
      expect(row.session).not.toBe("s-1")
      expect(row.content_enc).toBeInstanceOf(Uint8Array)
      const prints = [row.fp, row.text_fp, row.title_fp, row.key_hash, row.entity_keys]
      for (const v of prints.slice(0, 4)) expect(typeof v).toBe("string")
      expect(new Set(prints.slice(0, 4)).size).toBe(4)
      expect(row.rev).toBeGreaterThan(0)
      const other = read(plain.id as string)
      expect(other).toMatchObject({ kind: "note", confidence: 1, title_fp: null, key_hash: null, expires_at: null })
      expect(other.rev).toBeGreaterThan(row.rev as number)
    } finally {
      db.close()
    }
  })
})
