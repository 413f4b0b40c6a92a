import { Database } from "bun:sqlite"
import {
  closeSync,
  existsSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  rmdirSync,
  rmSync,
} from "node:fs"
import { dirname, join, relative, resolve, sep } from "node:path"
import { EgcError } from "../core/errors"
import { egcHome, userHome } from "../core/paths"

/**
 * `egc uninstall --purge` deletes `$EGC_HOME`, and EGC_HOME is only a variable: the folder must be
 * recognisably egc's before anything goes. The rule: a real directory (not a symlink), not `/`, not
 * the person's home or a folder above it, holding only the names egc creates there (each of the
 * kind egc creates), and at least one of egc's markers: `keys/master.key` in egc's key format, or
 * `egc.db` with egc's migrations table. An empty folder may go too. Anything else is refused,
 * naming what did not fit, and nothing is deleted.
 */
const FILES = new Set([
  "egc.db",
  "egc.db-wal",
  "egc.db-shm",
  "egc.db-journal",
  "egc.db-checked",
  "config.json",
  "install.json",
  "install.lock",
  "trust.json",
  "mirror.json",
])
const DIRS = new Set(["keys", "logs", "crush", "backups", "quarantine", "mesh", "sync"])
// an atomic write interrupted by a crash leaves `.<name>.egc-<pid>-<id>.tmp` (core/atomic-write.ts; older
// versions put the time in milliseconds where the id is)
const LEFTOVER = /^\.(install|config|trust|mirror)\.json\.egc-\d+-(\d+|[0-9A-Z]{26})\.tmp$/

export interface PurgePlan {
  home: string
  /** Absolute paths of the entries to delete, in order; then the folder itself. */
  entries: string[]
}

export function purgePlan(home = egcHome()): PurgePlan | undefined {
  const dir = resolve(home)
  if (!existsSync(dir)) return undefined
  const refuse = (why: string, hint = "delete it yourself if you are sure, or point EGC_HOME at egc's folder") =>
    new EgcError("E_REFUSED", `not deleting ${dir}: ${why}`, { hint })
  const st = lstatSync(dir)
  if (st.isSymbolicLink()) throw refuse("it is a symbolic link")
  if (!st.isDirectory()) throw refuse("it is not a folder")
  const real = realpathSync(dir)
  if (dirname(real) === real) throw refuse("it is the root of a file system")
  if (above(real, realHome())) throw refuse("it is your home folder or a folder above it")
  const names = readdirSync(real).sort()
  const unknown = names.filter((n) => !fits(join(real, n), n))
  if (unknown.length)
    throw refuse(
      `it holds entries egc does not create: ${unknown.slice(0, 10).join(", ")}${unknown.length > 10 ? ", …" : ""}`,
    )
  if (names.length && !isKeyFile(join(real, "keys", "master.key")) && !isEgcDb(join(real, "egc.db"))) {
    throw refuse("it has neither egc's key file nor egc's database")
  }
  return { home: real, entries: names.map((n) => join(real, n)) }
}

/** Delete exactly the planned entries, then the folder (which fails if something new appeared). */
export function purge(plan: PurgePlan): void {
  for (const entry of plan.entries) rmSync(entry, { recursive: true, force: true })
  try {
    rmdirSync(plan.home)
  } catch (cause) {
    throw new EgcError("E_IO", `${plan.home} was emptied of egc's files but not removed`, {
      cause,
      hint: "something new appeared in it meanwhile; look before deleting it",
    })
  }
}

function realHome(): string {
  try {
    return realpathSync(userHome())
  } catch {
    return resolve(userHome())
  }
}

function above(dir: string, home: string): boolean {
  const rel = relative(dir, home)
  return rel === "" || (!rel.startsWith("..") && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel))
}

function fits(path: string, name: string): boolean {
  const st = lstatSync(path)
  if (FILES.has(name) || LEFTOVER.test(name)) return st.isFile()
  return DIRS.has(name) && st.isDirectory()
}

function isKeyFile(path: string): boolean {
  try {
    if (!lstatSync(path).isFile()) return false
    return /^egc-master-key-v[12] $/.test(head(path, 18))
  } catch {
    return false
  }
}

function isEgcDb(path: string): boolean {
  try {
    if (!lstatSync(path).isFile() || head(path, 16) !== "SQLite format 3\u0000") return false
    const db = new Database(path, { readonly: true })
    try {
      return db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'egc_migrations'").get() !== null
    } finally {
      db.close()
    }
  } catch {
    return false
  }
}

function head(path: string, n: number): string {
  const fd = openSync(path, "r")
  try {
    const buf = Buffer.alloc(n)
    const read = readSync(fd, buf, 0, n, 0)
    return buf.subarray(0, read).toString("latin1")
  } finally {
    closeSync(fd)
  }
}
