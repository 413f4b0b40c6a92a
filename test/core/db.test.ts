import { describe, expect, test } from "bun:test"
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { bindKey, closeDb, currentVersion, integrityCheck, migrate, openDb } from "../../src/core/db"
import { EgcError } from "../../src/core/errors"
import { newId } from "../../src/core/ids"
import { setClock } from "../../src/core/clock"
import { tmpdir } from "../fixture"

const steps = [
  { version: 1, sql: "CREATE TABLE t_items (id TEXT PRIMARY KEY, v INTEGER)" },
  { version: 2, sql: "ALTER TABLE t_items ADD COLUMN note TEXT" },
]
const schema = { faculty: "test", migrations: steps }

describe("database", () => {
  test("migrates from empty, records versions, and re-opens without re-applying", () => {
    using t = tmpdir()
    const file = join(t.path, "a.db")
    const db = openDb(file)
    migrate(db, schema)
    expect(currentVersion(db, "test")).toBe(2)
    db.query("INSERT INTO t_items (id, v, note) VALUES ('a', 1, 'n')").run()
    closeDb(file)
    const again = openDb(file)
    migrate(again, schema)
    expect(again.query("SELECT COUNT(*) AS n FROM t_items").get()).toEqual({ n: 1 })
    expect((again.query("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode).toBe("wal")
    expect(again.query("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 })
    expect(integrityCheck(again)).toEqual([])
    closeDb(file)
  })

  test("a new migration step applies on the next open", () => {
    using t = tmpdir()
    const file = join(t.path, "b.db")
    migrate(openDb(file), { faculty: "test", migrations: steps.slice(0, 1) })
    expect(currentVersion(openDb(file), "test")).toBe(1)
    migrate(openDb(file), schema)
    expect(currentVersion(openDb(file), "test")).toBe(2)
    closeDb(file)
  })

  test("versions must run 1..n: a gap or a step slipped in below is refused before anything runs", () => {
    using t = tmpdir()
    const file = join(t.path, "g.db")
    const db = openDb(file)
    const third = { version: 3, sql: "CREATE TABLE t_three (id TEXT)" }
    expect(() => migrate(db, { faculty: "gap", migrations: [steps[0]!, third] })).toThrow(/versions run 1, 2, 3/)
    expect(() => migrate(db, { faculty: "order", migrations: [steps[1]!, steps[0]!] })).toThrow(/versions run/)
    expect(currentVersion(db, "gap")).toBe(0)
    expect(db.query("SELECT name FROM sqlite_master WHERE name IN ('t_items', 't_three')").all()).toEqual([])
    migrate(db, { faculty: "gap", migrations: [...steps, third] })
    expect(currentVersion(db, "gap")).toBe(3)
    closeDb(file)
  })

  test("a corrupt file is reported clearly and never overwritten", () => {
    using t = tmpdir()
    const file = join(t.path, "c.db")
    writeFileSync(file, "this is not sqlite at all, just text that someone put here")
    const before = readFileSync(file)
    let err: unknown
    try {
      openDb(file)
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(EgcError)
    expect((err as EgcError).code).toBe("E_DB_CORRUPT")
    expect((err as EgcError).hint).toContain("left untouched")
    expect(readFileSync(file).equals(before)).toBe(true)
  })

  test("a database sealed with one key refuses another and keeps its record", () => {
    using t = tmpdir()
    const file = join(t.path, "d.db")
    const db = openDb(file)
    bindKey(db, "key-one")
    bindKey(db, "key-one")
    expect(() => bindKey(db, "key-two")).toThrow(/not the key this database was sealed with/)
    expect(db.query("SELECT value FROM egc_meta WHERE key = 'key_id'").get()).toEqual({ value: "key-one" })
    closeDb(file)
    expect(existsSync(file)).toBe(true)
  })
})

describe("ids", () => {
  test("sort by creation time, unique within one millisecond", () => {
    setClock(() => 1_700_000_000_000)
    const same = Array.from({ length: 1000 }, () => newId())
    setClock(() => 1_700_000_000_001)
    const later = newId()
    setClock(undefined)
    expect(new Set(same).size).toBe(1000)
    expect([...same].sort()).toEqual(same)
    expect(later > (same.at(-1) ?? "")).toBe(true)
    expect(later).toHaveLength(26)
  })
})

describe("database file modes", () => {
  test("egc.db, -wal and -shm are created 0600; a database left readable by others is tightened", () => {
    using dir = tmpdir()
    const path = join(dir.path, "modes.db")
    const db = openDb(path)
    db.exec("CREATE TABLE t (x)")
    db.query("INSERT INTO t VALUES (1)").run()
    for (const f of [path, `${path}-wal`, `${path}-shm`]) expect([f, statSync(f).mode & 0o777]).toEqual([f, 0o600])
    closeDb(path)
    chmodSync(path, 0o644)
    chmodSync(`${path}-wal`, 0o644)
    openDb(path)
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(statSync(`${path}-wal`).mode & 0o777).toBe(0o600)
    closeDb(path)
  })
})
