import { Database } from "bun:sqlite"
import { join } from "node:path"
import { resolveProject, type Project } from "../../src/core/project"
import { openMemory, type Actor, type Memory, type OpenOptions } from "../../src/memory"
import { tmpdir, type TmpDir } from "../fixture"

/** A memory over a fresh database file in a temp dir, and helpers to make real projects. */
export interface Bench {
  dir: TmpDir
  dbPath: string
  memory: Memory
  project(opts?: { origin?: string; branch?: string; detached?: string; at?: string }): Project
  [Symbol.dispose](): void
}

export const agent: Actor = { source: "agent", sessionId: "s-1", tool: "claude-code" }
export const person: Actor = { source: "cli" }
export const miner: Actor = { source: "hook:miner", sessionId: "s-1" }

export function bench(opts: OpenOptions = {}): Bench {
  const dir = tmpdir()
  const dbPath = join(dir.path, "memory.db")
  const db = new Database(dbPath, { create: true, strict: true })
  db.exec("PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
  db.exec(
    "CREATE TABLE IF NOT EXISTS egc_migrations (faculty TEXT NOT NULL, version INTEGER NOT NULL, applied_at INTEGER NOT NULL, PRIMARY KEY (faculty, version))",
  )
  const memory = openMemory({ db, ...opts })
  const projects: TmpDir[] = []
  return {
    dir,
    dbPath,
    memory,
    project(p = {}) {
      const t = tmpdir({ git: { origin: p.origin, branch: p.branch, detached: p.detached } })
      projects.push(t)
      return resolveProject(t.path)
    },
    [Symbol.dispose]() {
      db.close()
      for (const t of projects) t[Symbol.dispose]()
      dir[Symbol.dispose]()
    },
  }
}
