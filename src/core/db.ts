import { constants, Database } from "bun:sqlite"
import { chmodSync, closeSync, existsSync, fstatSync, fchmodSync, openSync, readSync } from "node:fs"
import { checkWritable, closeVouched } from "./db-check"
import { EgcError } from "./errors"
import { ensureEgcHome, paths } from "./paths"

/**
 * One SQLite database per `$EGC_HOME`, in WAL mode. Each table owner declares its tables as one
 * `Schema` in a `schema.ts` beside it and applies it with `migrate(db, SCHEMA)`; versions are
 * recorded per faculty in egc_migrations. A corrupt file is reported and never rewritten.
 */
export interface Migration {
  version: number
  sql: string
}

export interface Schema {
  /** The key its versions are recorded under in egc_migrations. Existing databases hold it: never rename it. */
  faculty: string
  /** Versions 1, 2, 3…: a released step is never edited or renumbered; a change is a new step at the end. */
  migrations: readonly Migration[]
}

const SQLITE_MAGIC = "SQLite format 3\u0000"
const connections = new Map<string, Database>()

export function openDb(path = paths.db()): Database {
  const existing = connections.get(path)
  if (existing) return existing
  if (path !== ":memory:") {
    ensureEgcHome()
    checkHeader(path)
  }
  let db: Database
  try {
    db = new Database(path, { create: true, strict: true })
    db.exec("PRAGMA busy_timeout = 5000")
    db.exec("PRAGMA journal_mode = WAL")
    // keep the WAL file when the last connection closes: every hook is a new process, and
    // recreating the WAL cost each one's first write several milliseconds
    if (path !== ":memory:") db.fileControl(constants.SQLITE_FCNTL_PERSIST_WAL, 1)
    db.exec("PRAGMA synchronous = NORMAL")
    db.exec("PRAGMA foreign_keys = ON")
    db.exec(
      "CREATE TABLE IF NOT EXISTS egc_migrations (faculty TEXT NOT NULL, version INTEGER NOT NULL, applied_at INTEGER NOT NULL, PRIMARY KEY (faculty, version))",
    )
  } catch (cause) {
    throw asDbError(cause, path)
  }
  connections.set(path, db)
  // close (and keep the integrity stamp true) before the runtime closes it behind our back at exit
  if (path !== ":memory:" && !closingAtExit) {
    closingAtExit = true
    process.once("exit", closeAllDbs)
  }
  return db
}

let closingAtExit = false

/** Whether `db` is still the open connection this process keeps for `path` (nothing closed it since). */
export function isCurrent(db: Database, path = paths.db()): boolean {
  return connections.get(path) === db
}

export function closeDb(path = paths.db()): void {
  const db = connections.get(path)
  if (db) closeVouched(db)
  connections.delete(path)
}

export function closeAllDbs(): void {
  for (const db of connections.values()) closeVouched(db)
  connections.clear()
}

/**
 * Create the file 0600 before SQLite does (SQLite gives `-wal` and `-shm` the main file's mode), and
 * tighten one left readable by others; then refuse a file that is not SQLite.
 */
function checkHeader(path: string): void {
  const fd = openSync(path, "a+", 0o600)
  try {
    if (process.platform !== "win32" && (fstatSync(fd).mode & 0o077) !== 0) privateFiles(fd, path)
    const buf = Buffer.alloc(16)
    const n = readSync(fd, buf, 0, 16, 0)
    if (n === 0) return
    if (n < 16 || buf.toString("latin1") !== SQLITE_MAGIC) {
      throw corrupt(path)
    }
  } finally {
    closeSync(fd)
  }
}

function privateFiles(fd: number, path: string): void {
  fchmodSync(fd, 0o600)
  for (const side of [`${path}-wal`, `${path}-shm`]) {
    try {
      chmodSync(side, 0o600)
    } catch {
      // not there yet: SQLite will create it with the main file's mode
    }
  }
}

function corrupt(path: string, cause?: unknown): EgcError {
  return new EgcError("E_DB_CORRUPT", `${path} is not a valid egc database (corrupt or foreign file)`, {
    cause,
    hint: `it was left untouched; move it aside (mv '${path}' '${path}.bad') and restore a backup, or run egc doctor`,
  })
}

export function asDbError(cause: unknown, path = paths.db()): EgcError {
  if (cause instanceof EgcError) return cause
  const message = cause instanceof Error ? cause.message : String(cause)
  if (/malformed|not a database|SQLITE_CORRUPT|SQLITE_NOTADB|file is not a database/i.test(message))
    return corrupt(path, cause)
  return new EgcError("E_DB", `database error: ${message}`, { cause })
}

/**
 * Apply the schema's pending steps in one immediate transaction (safe across processes); the one
 * runner for every table owner. `applied(from)` runs inside that transaction when steps were
 * applied, for work SQL cannot do.
 */
export function migrate(db: Database, schema: Schema, applied?: (from: number) => void): void {
  const { faculty, migrations } = checkedSteps(schema)
  const last = migrations.length
  if (currentVersion(db, faculty) >= last) return
  checkWritable(db)
  try {
    db.transaction(() => {
      const now = currentVersion(db, faculty)
      for (const step of migrations.slice(now)) {
        db.exec(step.sql)
        db.query("INSERT INTO egc_migrations (faculty, version, applied_at) VALUES (?, ?, ?)").run(
          faculty,
          step.version,
          Date.now(),
        )
      }
      if (now < last) applied?.(now)
    }).immediate()
  } catch (cause) {
    throw asDbError(cause)
  }
}

/** Versions must run 1..n: a gap or a step slipped in below a recorded version would be skipped. */
function checkedSteps(schema: Schema): Schema {
  schema.migrations.forEach((step, i) => {
    if (step.version !== i + 1) {
      throw new Error(`schema ${schema.faculty}: step ${i + 1} has version ${step.version}; versions run 1, 2, 3…`)
    }
  })
  return schema
}

export function currentVersion(db: Database, faculty: string): number {
  const row = db.query("SELECT MAX(version) AS v FROM egc_migrations WHERE faculty = ?").get(faculty) as {
    v: number | null
  } | null
  return row?.v ?? 0
}

/** Full integrity check, for doctor (too slow for every hook call). */
export function integrityCheck(db: Database): string[] {
  const rows = db.query("PRAGMA quick_check").all() as Array<Record<string, string>>
  const problems = rows.map((r) => Object.values(r)[0] ?? "").filter((v) => v !== "ok")
  return problems
}

/**
 * Bind the database to the master key that sealed it: the first open records the key id, later
 * opens with another key are refused before anything is read or rewritten.
 */
export function bindKey(db: Database, keyId: string): void {
  let row = boundKeyId(db)
  if (row === undefined) {
    db.exec("CREATE TABLE IF NOT EXISTS egc_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.query("INSERT OR IGNORE INTO egc_meta (key, value) VALUES ('key_id', ?)").run(keyId)
    row = boundKeyId(db)
  }
  if (row !== undefined && row !== keyId) {
    throw new EgcError(
      "E_KEY_WRONG",
      `the master key (id ${keyId}) is not the key this database was sealed with (id ${row})`,
      {
        hint: "restore the original key: egc keys --import <recovery copy>; nothing was changed",
      },
    )
  }
}

/**
 * Inside a write transaction: the database is still bound to this key id. A process that loaded its
 * keys before another one rotated them must not seal rows the new key cannot open (fail closed).
 */
export function assertKeyId(db: Database, keyId: string): void {
  const bound = boundKeyId(db)
  if (bound === undefined || bound === keyId) return
  throw new EgcError(
    "E_KEY_WRONG",
    `the master key was rotated (now id ${bound}) after this process loaded id ${keyId}`,
    {
      hint: "run the command again; restart a long-running egc serve (nothing was written)",
    },
  )
}

/** `egc keys rotate`, inside its one transaction: the binding moves with the re-sealed rows. */
export function rebindKey(db: Database, from: string, to: string): void {
  const bound = boundKeyId(db)
  if (bound !== from) {
    throw new EgcError("E_KEY_WRONG", `the database is bound to key id ${bound ?? "none"}, not ${from}`, {
      hint: "nothing was changed; run egc keys",
    })
  }
  db.query("UPDATE egc_meta SET value = ? WHERE key = 'key_id'").run(to)
}

/**
 * A value kept beside the key binding in egc_meta (e.g. the audit chain's sealed head). Callers seal
 * what they store; set it inside the transaction whose outcome it records, so both commit together.
 */
export function metaValue(db: Database, key: string): string | undefined {
  try {
    const row = db.query("SELECT value FROM egc_meta WHERE key = ?").get(key) as { value: string } | null
    return row?.value
  } catch {
    return undefined
  }
}

const metaReady = new WeakSet<Database>()

export function setMetaValue(db: Database, key: string, value: string): void {
  if (!metaReady.has(db)) {
    db.exec("CREATE TABLE IF NOT EXISTS egc_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    metaReady.add(db)
  }
  db.query(
    "INSERT INTO egc_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(key, value)
}

/** The key id a database is bound to, if any (read only: no table is created). */
function boundKeyId(db: Database): string | undefined {
  try {
    const row = db.query("SELECT value FROM egc_meta WHERE key = 'key_id'").get() as { value: string } | null
    return row?.value
  } catch {
    return undefined
  }
}

/**
 * The key id the database file on disk is bound to, without creating or migrating anything:
 * `undefined` when there is no file or no binding; throws when the file cannot be read, so a
 * caller deciding whether a new key is safe never guesses.
 */
export function storedKeyId(path = paths.db()): string | undefined {
  if (!existsSync(path)) return undefined
  const open = connections.get(path)
  if (open) return boundKeyId(open)
  let db: Database | undefined
  try {
    db = new Database(path, { readonly: true })
    db.exec("PRAGMA busy_timeout = 5000")
    const tables = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'egc_meta'").get()
    return tables ? boundKeyId(db) : undefined
  } catch (cause) {
    throw asDbError(cause, path)
  } finally {
    db?.close()
  }
}
