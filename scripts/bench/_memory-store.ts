import { Database } from "bun:sqlite"
import { mkdirSync, mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { makeGitRepo } from "../../test/fixture"
import { TOPICS } from "./memory-corpus"

/**
 * The memory benches' store: a temp root with its own EGC_HOME and HOME (set before anything opens a key),
 * one WAL database opened the way egc opens it, and git repositories to resolve projects from. Source
 * modules read the environment on each call, so importing them before the root exists is harmless.
 */
export function benchStore(name: string) {
  const root = mkdtempSync(join(tmpdir(), `egc-bench-${name}-`))
  process.env.EGC_HOME = join(root, "egc")
  process.env.HOME = join(root, "home")
  mkdirSync(process.env.HOME, { recursive: true })
  const dbPath = join(root, "bench.db")
  const db = new Database(dbPath, { create: true, strict: true })
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000")
  db.exec(
    "CREATE TABLE IF NOT EXISTS egc_migrations (faculty TEXT NOT NULL, version INTEGER NOT NULL, applied_at INTEGER NOT NULL, PRIMARY KEY (faculty, version))",
  )
  const memory = openMemory({ db, consent: "agent", recallTokenCap: 2500, workingTtlHours: 24 })
  const repo = (dir: string, origin: string) => {
    const path = join(root, "repos", dir)
    mkdirSync(path, { recursive: true })
    makeGitRepo(path, { branch: "main", origin })
    return { path, project: resolveProject(path) }
  }
  return { root, dbPath, db, memory, repo }
}

const SYL = ["ka", "lo", "mi", "ter", "vo", "sun", "pra", "dex", "qui", "ron", "bel", "tas", "fi", "gor", "nu", "wex"]
const KINDS = ["decision", "lesson", "failure", "constraint", "discovery", "note", "architecture", "requirement"]

/**
 * Item n of the benches' deterministic stream: a topic's title and body with twelve made-up words (so the
 * index has a realistic number of distinct terms) and a file entity. `kind` cycles through KINDS; the
 * topic's own kind is beside it for a bench that files items as their topic says.
 */
export function itemStream(seed0 = 42) {
  let seed = seed0
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
  const vocab = Array.from({ length: 4000 }, () =>
    Array.from({ length: 2 + Math.floor(rand() * 3) }, () => SYL[Math.floor(rand() * SYL.length)]).join(""),
  )
  return (n: number) => {
    const topic = TOPICS[n % TOPICS.length] as (typeof TOPICS)[number]
    const value = topic.values[Math.floor(rand() * topic.values.length)] as string
    const extra = Array.from({ length: 12 }, () => vocab[Math.floor(rand() * vocab.length)]).join(" ")
    return {
      kind: KINDS[n % KINDS.length] as string,
      topicKind: topic.kind,
      title: `${topic.title(value)} #${n}`,
      body: `${topic.body(value)} Ticket ${n}: ${extra}.`,
      entities: [...topic.entities, `src/${vocab[n % vocab.length]}.ts`],
      scope: "project" as const,
    }
  }
}
