import { afterEach, beforeEach, expect, test } from "bun:test"
import { join } from "node:path"
import { closeDb } from "../../src/core/db"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { memoryChecks } from "../../src/memory/doctor"
import { tmpdir, type TmpDir } from "../fixture"

// this test damages the default database on purpose: give it its own EGC_HOME, not the run's shared one
let home: TmpDir
const shared = process.env.EGC_HOME
beforeEach(() => {
  home = tmpdir()
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
  expect(bad.map((c) => [c.name, c.status])).toEqual([
    ["memory audit", "fail"],
    ["memory items", "fail"],
  ])
  expect(bad[1]?.detail).toContain(w.id as string)
})

test("doctor reports a log cut at its end and a deleted item, after an intact control", async () => {
  using repo = tmpdir({ git: { origin: "git@github.com:acme/doctor-cut.git" } })
  const memory = openMemory()
  const project = resolveProject(repo.path)
  const ids = ["first", "second", "third"].map(
    (body) =>
      memory.write({ kind: "note", body: `doctor ${body} note` }, { project, actor: { source: "cli" } }).id as string,
  )
  expect((await memoryChecks({ cwd: repo.path }))[0]).toMatchObject({ name: "memory audit", status: "ok" })
  const db = memory.store.db
  db.query("DELETE FROM memory_audit WHERE seq = (SELECT MAX(seq) FROM memory_audit)").run()
  db.query("DELETE FROM memory_items WHERE id = ?").run(ids[0] as string)
  const audit = (await memoryChecks({ cwd: repo.path }))[0]
  expect(audit).toMatchObject({ name: "memory audit", status: "fail" })
  expect(audit?.detail).toContain("1 record missing from the end")
  expect(audit?.detail).toContain(ids[0] as string)
})
