import { describe, expect, test } from "bun:test"
import { existsSync, readFileSync } from "node:fs"
import { normalWords } from "../../src/memory/write/near"
import { agent, bench, miner, person } from "./_setup"

const secret = "The staging database password rotates every Monday"
// trivial edits of forgotten text: each must be refused
const VARIANTS = [
  `${secret}.`,
  `Note: ${secret}`,
  `FYI - ${secret}!`,
  secret.replace("every", "\u0435very"), // Cyrillic е
  secret.replace("Monday", "M\u03bfnday"), // Greek ο
  `${secret}, as noted`,
  `Reminder: ${secret.toLowerCase()}!!`,
  `Ops log, 3 May: ${secret}; check the vault first.`,
  secret.replace(/ /g, "\u00a0"),
  secret.replace("database", "data\u200bbase"),
]
// neighbours that share words but are other facts: each must be stored
const NEIGHBOURS = [
  "The production database password rotates every Friday",
  "The staging database is read-only",
  "The staging database backup runs every Monday",
  "Passwords rotate monthly",
  "Monday is release day",
]

describe("tombstones refuse near copies of forgotten text", () => {
  test("the normal form drops labels, punctuation and look-alikes", () => {
    expect(normalWords(`Note: ${secret}.`)).toEqual(normalWords(secret))
    expect(normalWords(secret.replace("every", "\u0435very"))).toEqual(normalWords(secret))
  })

  test("variants are refused from every source; neighbours are stored; a person lifts by a near text", () => {
    using b = bench()
    const p = b.project()
    const keep = b.memory.write({ kind: "note", body: secret }, { project: p, actor: agent })
    expect(b.memory.forget({ project: p, id: keep.id as string }, person).forgotten).toEqual([keep.id as string])
    for (const actor of [agent, miner, person, { source: "sync" as const }, { source: "import" as const }]) {
      for (const body of VARIANTS)
        expect([body, b.memory.write({ kind: "note", body }, { project: p, actor }).code]).toEqual([body, "tombstoned"])
    }
    for (const v of VARIANTS.slice(0, 3)) {
      expect(
        b.memory.write({ kind: "note", title: v, body: "other words entirely" }, { project: p, actor: agent }).code,
      ).toBe("tombstoned")
      expect(b.memory.applyStatePatch({ preferences: [v] }, { project: p, actor: agent }).ok).toBe(false)
    }
    // an approval edit cannot bring it back either
    const pend = b.memory.write({ kind: "note", body: "draft about rotation" }, { project: p, actor: miner })
    expect(b.memory.approve(pend.id as string, { project: p, actor: person }, { body: `Note: ${secret}` }).code).toBe(
      "tombstoned",
    )
    for (const body of NEIGHBOURS)
      expect([body, b.memory.write({ kind: "note", body }, { project: p, actor: agent }).outcome]).toEqual([
        body,
        "created",
      ])
    expect(b.memory.liftTombstone({ project: p, text: `Note: ${secret}.` }, agent).lifted).toBe(false)
    expect(b.memory.liftTombstone({ project: p, text: `Note: ${secret}.` }, person).lifted).toBe(true)
    expect(b.memory.write({ kind: "note", body: `${secret}.` }, { project: p, actor: agent }).outcome).toBe("created")
  })

  test("forget by text and reject keep shingles too; no plaintext of them is stored", () => {
    using b = bench()
    const p = b.project()
    b.memory.forget({ project: p, text: "Use port 8443 for the admin console" }, person)
    expect(
      b.memory.write({ kind: "note", body: "Note: use port 8443 for the admin console." }, { project: p, actor: agent })
        .code,
    ).toBe("tombstoned")
    expect(
      b.memory.write({ kind: "note", body: "Use port 8080 for the public site" }, { project: p, actor: agent }).outcome,
    ).toBe("created")
    const pend = b.memory.write(
      { kind: "note", body: "Deploys freeze on Fridays after noon" },
      { project: p, actor: miner },
    )
    b.memory.reject(pend.id as string, { project: p, actor: person })
    expect(
      b.memory.write({ kind: "note", body: "Deploys freeze on Fridays after noon." }, { project: p, actor: agent })
        .code,
    ).toBe("tombstoned")
    expect(b.memory.write({ kind: "note", body: "Deploys run on Mondays" }, { project: p, actor: agent }).outcome).toBe(
      "created",
    )
    const rows = b.memory.store.db.query("SELECT sh FROM memory_tomb_shingles").all() as Array<{ sh: string }>
    expect(rows.length).toBeGreaterThan(10)
    for (const r of rows) expect(r.sh).toMatch(/^[0-9a-f]{24}$/)
    b.memory.store.db.exec("PRAGMA wal_checkpoint(TRUNCATE)")
    const bytes = Buffer.concat([b.dbPath, `${b.dbPath}-wal`].filter(existsSync).map((f) => readFileSync(f)))
    // words, not a bare "8443": four digits turn up by chance in the store's hex hashes and ids
    expect(bytes.includes("port 8443")).toBe(false)
    expect(bytes.includes("admin console")).toBe(false)
    expect(bytes.includes("freeze")).toBe(false)
  })
})
