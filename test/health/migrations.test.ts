import { afterEach, beforeEach, describe, expect, test } from "bun:test"
import type { Database } from "bun:sqlite"
import { readFileSync } from "node:fs"
import { basename, join } from "node:path"
import { closeAllDbs, migrate, openDb, type Schema } from "../../src/core/db"
import type { EgcError } from "../../src/core/errors"
import { loadKeys } from "../../src/core/keys"
import { listEvents } from "../../src/guard/record"
import { listTold } from "../../src/hooks/told"
import { minerDb } from "../../src/hooks/miner/store"
import { insightDb } from "../../src/insight/store"
import { ledgerRunCount } from "../../src/crush/ledger"
import { openMemory } from "../../src/memory"
import { meshDb } from "../../src/mesh/store"
import { openSyncDb } from "../../src/sync/team/store"
import { type TmpDir, tmpdir } from "../fixture"
import { SRC, sourceFiles } from "./_graph"

/**
 * One migration style (AGENTS.md): a table owner's DDL lives in the `schema.ts` beside it, as one
 * `Schema` applied by core/db's `migrate(db, SCHEMA)`. The faculty keys are what existing databases
 * recorded in egc_migrations; the fixtures are homes made by the code before this style (12bb4ad).
 */
const RECORDED_KEYS = ["crush", "guard", "hooks", "insight", "memory", "mesh", "sync", "told"]

const DDL =
  /\b(?:CREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX)|ALTER\s+TABLE|DROP\s+(?:TABLE|INDEX))\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+)?([a-z][a-z0-9_]*)/gi
const MIGRATE_CALL = /\bmigrate\(\s*\w+\s*,\s*(?!\s|SCHEMA\b)([^,)]+)/g

export function styleViolations(files: Array<{ file: string; text: string }>): string[] {
  const found: string[] = []
  for (const { file, text } of files) {
    if (basename(file) === "schema.ts" || file === "core/db.ts") continue
    for (const [, name] of text.matchAll(DDL)) found.push(`DDL on ${name} outside a schema.ts: src/${file}`)
    for (const [, arg = ""] of text.matchAll(MIGRATE_CALL)) found.push(`migrate(…, ${arg.trim()}): src/${file}`)
  }
  return found
}

const schemaFiles = () => sourceFiles().filter((f) => basename(f) === "schema.ts")

describe("one migration style", () => {
  test("the check names DDL and a migrate call outside the style, and passes a schema.ts", () => {
    expect(
      styleViolations([
        { file: "guard/schema.ts", text: "CREATE TABLE guard_events (id); CREATE INDEX guard_at ON guard_events (at)" },
        { file: "crush/ledger.ts", text: 'migrate(handle, SCHEMA); migrate(db, "crush", MIGRATIONS)' },
        { file: "insight/store.ts", text: "sql: `CREATE TABLE IF NOT EXISTS insight_x (a)`" },
        { file: "guard/rules/databases.ts", text: "ALTER TABLE … DROP removes a column" },
        { file: "core/db.ts", text: "CREATE TABLE IF NOT EXISTS egc_meta (key)" },
      ]),
    ).toEqual([
      'migrate(…, "crush"): src/crush/ledger.ts',
      "DDL on insight_x outside a schema.ts: src/insight/store.ts",
    ])
  })

  test("src/ keeps it", () => {
    const files = sourceFiles().map((file) => ({ file, text: readFileSync(join(SRC, file), "utf8") }))
    expect(styleViolations(files)).toEqual([])
  })

  test("every schema.ts exports one SCHEMA under a key existing databases recorded", async () => {
    const keys: string[] = []
    for (const file of schemaFiles()) {
      const mod = (await import(join(SRC, file))) as { SCHEMA?: Schema }
      expect(mod.SCHEMA?.migrations.length ?? 0).toBeGreaterThan(0)
      keys.push(mod.SCHEMA?.faculty ?? `(none in ${file})`)
    }
    expect(keys.sort()).toEqual(RECORDED_KEYS)
  })
})

const FIXTURES = join(import.meta.dir, "../fixtures/db")
type Meta = { type: string; name: string; sql: string | null }
type Applied = { faculty: string; version: number; applied_at: number }

const layout = (db: Database) =>
  db.query("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all() as Meta[]
const applied = (db: Database) =>
  db.query("SELECT faculty, version, applied_at FROM egc_migrations ORDER BY faculty, version").all() as Applied[]

/** Every store opened the way the code opens it (each through its own opener). */
function openEveryStore(): void {
  openMemory()
  meshDb()
  openSyncDb(loadKeys())
  insightDb()
  minerDb()
  listTold({ project: "p" })
  listEvents({})
  ledgerRunCount()
}

/** Steps added since the fixtures were dumped at 12bb4ad: a new migration adds itself here. */
const SINCE_FIXTURES: Array<[string, number]> = [
  ["memory", 5],
  ["memory", 6],
  ["memory", 7],
  ["sync", 3],
]
const byFacultyAndVersion = (steps: Array<[string, number]>) =>
  [...steps].sort(([fa, va], [fb, vb]) => fa.localeCompare(fb) || va - vb)
const touched = new Set(SINCE_FIXTURES.map(([faculty]) => `${faculty}_`))
const untouched = (m: Meta) => ![...touched].some((prefix) => m.name.startsWith(prefix))

describe("a database made before one migration style keeps opening", () => {
  let home: TmpDir
  const shared = process.env.EGC_HOME
  beforeEach(() => {
    home = tmpdir()
    process.env.EGC_HOME = join(home.path, "egc")
  })
  afterEach(() => {
    closeAllDbs()
    process.env.EGC_HOME = shared
    home[Symbol.dispose]()
  })

  const load = (name: string) => {
    const db = openDb()
    db.exec(readFileSync(join(FIXTURES, name), "utf8"))
    db.query(
      "INSERT INTO crush_runs (id, at, project, family, program, mode, bytes_in, bytes_out, tokens_in, tokens_out, duration_ms) VALUES ('r1', 1, 'p', 'git', 'git', 'full', 10, 5, 3, 2, 1)",
    ).run()
    return db
  }

  test("a current one: nothing re-run, only the steps added since, its rows kept", () => {
    const db = load("layout-12bb4ad.sql")
    const before = { layout: layout(db), applied: applied(db) }
    expect(before.applied.map((r) => r.faculty)).toContain("told")
    openEveryStore()
    const after = applied(db)
    expect(after.filter((r) => r.applied_at === 1_700_000_000_000)).toEqual(before.applied)
    expect(after.filter((r) => r.applied_at !== 1_700_000_000_000).map((r) => [r.faculty, r.version])).toEqual(
      SINCE_FIXTURES,
    )
    expect(layout(db).filter((m) => m.name !== "egc_meta" && untouched(m))).toEqual(before.layout.filter(untouched))
    expect(ledgerRunCount()).toBe(1)
    // the check can fail: the same tables under a key the database never recorded are run again
    const { SCHEMA } = require("../../src/crush/schema") as { SCHEMA: Schema }
    let err: unknown
    try {
      migrate(db, { ...SCHEMA, faculty: "crush-renamed" })
    } catch (e) {
      err = e
    }
    expect((err as EgcError).code).toBe("E_DB")
    expect(String((err as Error).message)).toContain("already exists")
  })

  test("an older one: exactly the later steps run, the earlier records stay as they were", () => {
    const db = load("layout-12bb4ad-older.sql")
    const before = applied(db)
    expect(before.filter((r) => ["memory", "mesh", "sync"].includes(r.faculty)).map((r) => r.version)).toEqual([
      1, 2, 3, 1, 1,
    ])
    openEveryStore()
    const after = applied(db)
    expect(after.filter((r) => r.applied_at === 1_700_000_000_000)).toEqual(before)
    expect(after.filter((r) => r.applied_at !== 1_700_000_000_000).map((r) => [r.faculty, r.version])).toEqual([
      ...byFacultyAndVersion([["memory", 4], ["mesh", 2], ["sync", 2], ...SINCE_FIXTURES]),
    ])
    const columns = db.query("SELECT name FROM pragma_table_info('mesh_sessions')").all() as Array<{ name: string }>
    expect(columns.map((c) => c.name)).toContain("host_pid")
    // the upgraded layout is the layout a current home has
    closeAllDbs()
    const fresh = tmpdir()
    try {
      process.env.EGC_HOME = join(fresh.path, "egc")
      const current = load("layout-12bb4ad.sql")
      openEveryStore()
      const strip = (m: Meta[]) => m.filter((x) => x.name !== "egc_meta")
      const upgraded = new (require("bun:sqlite").Database)(join(home.path, "egc", "egc.db"), { readonly: true })
      expect(strip(layout(upgraded))).toEqual(strip(layout(current)))
      upgraded.close()
    } finally {
      closeAllDbs()
      fresh[Symbol.dispose]()
    }
  })
})
