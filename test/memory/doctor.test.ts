import { afterEach, beforeEach, expect, test } from "bun:test"
import { join } from "node:path"
import { closeDb } from "../../src/core/db"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { memoryChecks } from "../../src/memory/doctor"
import { tmpdir } from "../fixture"

// this test damages the default database on purpose: give it its own EGC_HOME, not the run's shared one
const home = tmpdir()
const shared = process.env.EGC_HOME
beforeEach(() => {
  process.env.EGC_HOME = join(home.path, "egc")
})
afterEach(() => {
  closeDb()
  process.env.EGC_HOME = shared
  home[Symbol.dispose]()
})

test("doctor reports an intact chain and openable records, then the broken link and the unreadable record", async () => {
  using repo = tmpdir({ git: { origin: "git@github.com:acme/doctor.git" } })
  const memory = openMemory()
  const project = resolveProject(repo.path)
  const w = memory.write({ kind: "note", body: "doctor control note" }, { project, actor: { source: "cli" } })
  const ok = await memoryChecks({ cwd: repo.path })
  expect(ok.map((c) => c.status)).toEqual(["ok", "ok"])
  const db = memory.store.db
  db.query("UPDATE memory_items SET content_enc = X'01020304' WHERE id = ?").run(w.id as string)
  db.query("UPDATE memory_audit SET detail = 'edited' WHERE seq = (SELECT MAX(seq) FROM memory_audit)").run()
  const bad = await memoryChecks({ cwd: repo.path })
  expect(bad.map((c) => [c.name, c.status])).toEqual([["memory audit", "fail"], ["memory items", "fail"]])
  expect(bad[1]?.detail).toContain(w.id as string)
})
