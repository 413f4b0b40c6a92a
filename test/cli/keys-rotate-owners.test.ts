import { Database } from "bun:sqlite"
import { describe, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { closeAllDbs } from "../../src/core/db"
import { keysOf, resetKeyCache } from "../../src/core/keys"
import { parseKeyText } from "../../src/core/key-file"
import { paths } from "../../src/core/paths"
import { resolveProject } from "../../src/core/project"
import { type ResealRun, resealRun, type TableResealer } from "../../src/core/reseal"
import { runResealer } from "../../src/crush"
import { resealer as guardResealer } from "../../src/guard"
import { resealer as hooksResealer } from "../../src/hooks"
import { recordTold } from "../../src/hooks/told"
import { compressObservations, resealer as insightResealer } from "../../src/insight"
import { resealer as memoryResealer } from "../../src/memory"
import { announce, claim, forceRelease, resealer as meshResealer, send } from "../../src/mesh"
import { resealer as syncResealer } from "../../src/sync"
import { openSyncDb, putLink, setFollowState, setTeam } from "../../src/sync/team/store"
import { loadKeys } from "../../src/core/keys"
import { ownEgcHome, tmpdir } from "../fixture"
import { observeZebraFailure } from "./_rotate"
import { runSource } from "./_egc"

ownEgcHome()

/** Every sealed column of every owner, with a row in it: the rotation must leave none under the old key. */
const SEALED: Array<[table: string, column: string]> = [
  ["memory_items", "content_enc"],
  ["memory_versions", "content_enc"],
  ["memory_projects", "display_enc"],
  ["memory_branches", "name_enc"],
  ["guard_events", "command_sealed"],
  ["told_injections", "body_enc"],
  ["insight_observations", "body"],
  ["insight_rollups", "sample"],
  ["mesh_sessions", "info"],
  ["mesh_claims", "body"],
  ["mesh_audit", "detail"],
  ["mesh_events", "body"],
  ["sync_teams", "config_enc"],
  ["sync_follow", "report_enc"],
  ["sync_links", "author_enc"],
]

const home = () => paths.db().slice(0, -"/egc.db".length)

describe("egc keys rotate: every owner's sealed values", () => {
  test("each owner's values open under the new key and none under the old; every sealed column had rows", async () => {
    using dir = tmpdir({ git: { origin: "https://github.com/org/owners", branch: "feature-owners" } })
    const egc = async (args: string[]) => {
      const r = await runSource(args, { cwd: dir.path, env: { EGC_HOME: home() } })
      if (r.code !== 0) throw new Error(`egc ${args.join(" ")} → ${r.code}: ${r.stderr}`)
      return r.stdout
    }
    const project = resolveProject(dir.path)
    await egc(["memory", "add", "zebra-owners-1: WAL mode", "--kind", "decision", "--title", "Use SQLite"])
    const id = (JSON.parse(await egc(["memory", "list", "--json"])) as { items: Array<{ id: string }> }).items[0]?.id
    await egc(["memory", "edit", id ?? "", "--body", "zebra-owners-1: WAL mode, one file"])
    const guarded = await runSource(["guard", "check", "git push --force origin main"], {
      cwd: dir.path,
      env: { EGC_HOME: home() },
    })
    expect(guarded.code).toBe(2)
    await egc(["crush", "--", "seq", "1", "3000"])
    closeAllDbs()
    resetKeyCache()
    recordTold({ project: project.id, session: "s-1", event: "session-start", tool: "claude-code", text: "zebra-told" })
    const observe = () => observeZebraFailure(project.id)
    observe()
    expect(compressObservations(project.id, { olderThanMs: -1 }).compressed).toBe(1)
    observe()
    announce(project, { id: "s-own", pid: process.pid, tool: "claude-code", cwd: dir.path })
    send(project, "cli:me", { text: "zebra-mesh message" })
    const held = claim(project, "s-own", { pattern: "src/**", reason: "zebra-claim" })
    expect(held.ok).toBe(true)
    claim(project, "s-own", { pattern: "docs/**", reason: "zebra-claim-2" })
    expect(forceRelease(project, "docs/**", "cli:me").length).toBe(1)
    const sync = openSyncDb(loadKeys())
    setTeam(sync, project.id, { remote: "/nowhere.git", origin: "o", keys: ["k"], member: "m" }, true)
    putLink(sync, project.id, { shared: "sh-1", local: "mi-1", version: "1", direction: "in", author: "zebra-author" })
    setFollowState(sync, project.id, { digest: "d", report: "zebra-report" })
    closeAllDbs()

    const before = readFileSync(paths.masterKey(), "utf8")
    const r = await runSource(["keys", "rotate", "--json"], { cwd: dir.path, env: { EGC_HOME: home() } })
    expect(r.code).toBe(0)
    const after = readFileSync(paths.masterKey(), "utf8")
    const oldKeys = keysOf(parseKeyText(before, "old"))
    const newKeys = keysOf(parseKeyText(after, "new"))

    const db = new Database(paths.db(), { readonly: true })
    try {
      const present = SEALED.map(([table, column]) => {
        const n = db.query(`SELECT count(*) AS n FROM ${table} WHERE ${column} IS NOT NULL`).get() as { n: number }
        return [table, n.n] as const
      })
      // the positive control: every owner's column has something sealed in it
      expect(present.filter(([, n]) => n === 0)).toEqual([])
      const total = present.reduce((sum, [, n]) => sum + n, 0)

      const owners: Array<[string, TableResealer]> = [
        ["memory", await memoryResealer()],
        ["guard", await guardResealer()],
        ["hooks", await hooksResealer()],
        ["insight", await insightResealer()],
        ["mesh", await meshResealer()],
        ["sync", await syncResealer()],
      ]
      let opened = 0
      for (const [name, reseal] of owners) {
        const check = resealRun("check", oldKeys.content, newKeys.content)
        reseal(db, check)
        expect({ name, ...check.counts, some: check.counts.done > 0 }).toEqual({
          name,
          done: check.counts.done,
          stale: 0,
          unreadable: 0,
          some: true,
        })
        opened += check.counts.done
        // the same values, asked the other way round: none opens under the old key
        const back = resealRun("check", newKeys.content, oldKeys.content)
        reseal(db, back)
        expect({ name, ...back.counts }).toEqual({ name, done: 0, stale: check.counts.done, unreadable: 0 })
      }
      // every sealed value of the columns above was checked by its owner, no fewer
      expect(opened).toBe(total)

      const files: ResealRun = resealRun("check", oldKeys.content, newKeys.content)
      ;(await runResealer())(files)
      expect(files.counts).toEqual({ done: 1, stale: 0, unreadable: 0 })
      const filesBack = resealRun("check", newKeys.content, oldKeys.content)
      ;(await runResealer())(filesBack)
      expect(filesBack.counts).toEqual({ done: 0, stale: 1, unreadable: 0 })
    } finally {
      db.close()
    }
  }, 90_000)
})
