import { Database } from "bun:sqlite"
import { describe, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { closeAllDbs } from "../../src/core/db"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { flipDataPage } from "../core/_flip"
import { tmpdir } from "../fixture"
import { runSource } from "./_egc"

/** Issue 14 items 5 and 6 as a person meets them on the command line: exit codes and what is said. */
function store() {
  const home = tmpdir()
  const repo = tmpdir({ git: { origin: "git@github.com:acme/cli-integrity.git" } })
  const egcHome = join(home.path, "egc")
  const shared = process.env.EGC_HOME
  process.env.EGC_HOME = egcHome
  try {
    const memory = openMemory()
    const project = resolveProject(repo.path)
    for (let i = 0; i < 80; i++)
      memory.write(
        { kind: "note", body: `cli integrity note ${i} about the cache` },
        { project, actor: { source: "cli" } },
      )
    memory.store.db.exec("PRAGMA wal_checkpoint(TRUNCATE)")
  } finally {
    closeAllDbs()
    process.env.EGC_HOME = shared
  }
  const env = { EGC_HOME: egcHome }
  const db = join(egcHome, "egc.db")
  return {
    home,
    repo,
    env,
    db,
    [Symbol.dispose]: () => {
      repo[Symbol.dispose]()
      home[Symbol.dispose]()
    },
  }
}

describe("integrity on the command line", () => {
  test("egc memory audit: intact, then 3 records cut from the end → exit 1 naming them", async () => {
    using s = store()
    const ok = await runSource(["memory", "audit", "--cwd", s.repo.path], { env: s.env })
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain("audit chain intact")
    const db = new Database(s.db)
    db.exec("DELETE FROM memory_audit WHERE seq > (SELECT MAX(seq) - 3 FROM memory_audit)")
    db.close()
    const cut = await runSource(["memory", "audit", "--cwd", s.repo.path], { env: s.env })
    expect(cut.code).toBe(1)
    expect(cut.stdout).toContain("3 records missing from the end (78..80)")
  }, 60_000)

  test("a damaged file: a write exits 74, says how to recover, and leaves the file as it was", async () => {
    using s = store()
    const control = await runSource(["memory", "consent", "review", "--cwd", s.repo.path], { env: s.env })
    expect(control.code).toBe(0)
    const settle = new Database(s.db)
    settle.exec("PRAGMA wal_checkpoint(TRUNCATE)")
    settle.close()
    flipDataPage(s.db, "memory_items", 2026)
    const before = readFileSync(s.db)
    const refused = await runSource(["memory", "consent", "agent", "--cwd", s.repo.path], { env: s.env })
    expect(refused.code).toBe(74)
    expect(refused.stderr).toContain("damaged")
    expect(refused.stderr).toContain("egc doctor")
    expect(readFileSync(s.db).equals(before)).toBe(true)
  }, 60_000)
})
