import { describe, expect, test } from "bun:test"
import { Database } from "bun:sqlite"
import { join } from "node:path"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { tmpdir } from "../fixture"

const WORKER = join(import.meta.dir, "_worker.ts")

function spawnWorker(dbPath: string, projectDir: string, mode: string, tag: string, count: number) {
  const proc = Bun.spawn([process.execPath, WORKER, dbPath, projectDir, mode, tag, String(count)], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
    // the preload's temp HOME and EGC_HOME (same master key), never the real ones
    env: { ...process.env },
  })
  const reader = proc.stdout.getReader()
  let buffer = ""
  const waitFor = async (word: string, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs
    while (!buffer.includes(`${word}\n`)) {
      if (Date.now() > deadline) throw new Error(`worker ${tag} never said ${word}`)
      const { value, done } = await reader.read()
      if (done) throw new Error(`worker ${tag} exited before ${word}: ${await new Response(proc.stderr).text()}`)
      buffer += new TextDecoder().decode(value)
    }
  }
  return { proc, waitFor, go: () => proc.stdin.write("go\n") && proc.stdin.flush() }
}

function reopen(dbPath: string) {
  const db = new Database(dbPath, { create: true, strict: true })
  db.exec("PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL")
  db.exec(
    "CREATE TABLE IF NOT EXISTS egc_migrations (faculty TEXT NOT NULL, version INTEGER NOT NULL, applied_at INTEGER NOT NULL, PRIMARY KEY (faculty, version))",
  )
  return { db, memory: openMemory({ db, consent: "agent", recallTokenCap: 2500, workingTtlHours: 24 }) }
}

describe("several processes", () => {
  test("two processes writing the same project at once: nothing lost, no duplicate, chain intact", async () => {
    using dir = tmpdir()
    using repo = tmpdir({ git: { origin: "git@github.com:acme/conc.git" } })
    const dbPath = join(dir.path, "m.db")
    // the store exists before the writers start, as it does once egc has run once; switching a
    // brand-new file to WAL from two processes at once can fail without waiting
    reopen(dbPath).db.close()
    const n = 60
    const a = spawnWorker(dbPath, repo.path, "write", "A", n)
    const b = spawnWorker(dbPath, repo.path, "write", "B", n)
    await Promise.all([a.waitFor("ready"), b.waitFor("ready")])
    a.go()
    b.go()
    await Promise.all([a.waitFor("done"), b.waitFor("done")])
    expect(await a.proc.exited).toBe(0)
    expect(await b.proc.exited).toBe(0)
    const { db, memory } = reopen(dbPath)
    const project = resolveProject(repo.path)
    const notes = memory.list({ project, kinds: ["note"], scope: "project" })
    expect(notes.length).toBe(2 * n)
    expect(new Set(notes.map((v) => v.body)).size).toBe(2 * n)
    expect(memory.list({ project, kinds: ["decision"] }).length).toBe(1)
    expect(memory.auditVerify().ok).toBe(true)
    db.close()
  }, 60_000)

  test("a process killed inside a transaction leaves the database consistent and unlocked", async () => {
    using dir = tmpdir()
    using repo = tmpdir({ git: { origin: "git@github.com:acme/kill.git" } })
    const dbPath = join(dir.path, "m.db")
    const pre = reopen(dbPath)
    const project = resolveProject(repo.path)
    pre.memory.write({ kind: "note", body: "committed before the crash" }, { project, actor: { source: "agent" } })
    pre.db.close()
    const w = spawnWorker(dbPath, repo.path, "hang", "K", 20)
    await w.waitFor("ready")
    w.go()
    await w.waitFor("inside")
    w.proc.kill("SIGKILL")
    await w.proc.exited
    const { db, memory } = reopen(dbPath)
    const check = db.query("PRAGMA integrity_check").get() as Record<string, string>
    expect(Object.values(check)).toEqual(["ok"])
    expect(memory.list({ project, scope: "project" }).map((v) => v.body)).toEqual(["committed before the crash"])
    expect(
      memory.write({ kind: "note", body: "written after the crash" }, { project, actor: { source: "agent" } }).outcome,
    ).toBe("created")
    expect(memory.auditVerify().ok).toBe(true)
    db.close()
  }, 60_000)
})
