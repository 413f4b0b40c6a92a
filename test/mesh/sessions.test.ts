import { afterEach, describe, expect, test } from "bun:test"
import { join } from "node:path"
import { setClock } from "../../src/core/clock"
import { resolveProject } from "../../src/core/project"
import { announce, livePeers, peersSummary } from "../../src/mesh"
import { meshDb } from "../../src/mesh/store"
import { tmpdir } from "../fixture"
import { addWorktree, session } from "./_mesh"

afterEach(() => setClock(undefined))

describe("sessions", () => {
  test("peers see each other within a project, across its worktrees, and never across projects", () => {
    using one = tmpdir({ git: true })
    using two = tmpdir({ git: true })
    using wt = tmpdir()
    const p1 = resolveProject(one.path)
    const p2 = resolveProject(two.path)
    const w = addWorktree(one.path, join(wt.path, "fix"), "fix")
    const a = session(p1, { task: "write docs" })
    const b = session(w, { tool: "gemini" })
    const c = session(p2)
    const seen = livePeers(p1, a)
    expect(seen.map((x) => x.id)).toEqual([b])
    expect(seen[0]).toMatchObject({ tool: "gemini", branch: "fix", sameWorktree: false })
    expect(livePeers(p2, c)).toEqual([])
    expect(peersSummary(p2, c)).toBe("")
    expect(peersSummary(w, b)).toMatch(/test session .* on main in another working tree, task "write docs"/)
  })

  test("a live session id cannot be taken over by another process; crafted ids are refused", () => {
    using dir = tmpdir({ git: true })
    const p = resolveProject(dir.path)
    announce(p, { id: "owned", pid: process.ppid, tool: "x", cwd: dir.path })
    expect(() => announce(p, { id: "owned", pid: process.pid, tool: "x", cwd: dir.path })).toThrow(/belongs to another live process/)
    for (const bad of ["../../etc", "a/b", "", "x".repeat(200), "s 1", "-flag"]) {
      expect(() => announce(p, { id: bad, pid: process.pid, tool: "x", cwd: dir.path })).toThrow(/not valid/)
    }
  })

  test("session text is sealed at rest: the task is not in the database file in clear", () => {
    using dir = tmpdir({ git: true })
    const p = resolveProject(dir.path)
    session(p, { task: "secret-plan-zebra-42" })
    const rows = meshDb().query("SELECT * FROM mesh_sessions").all()
    expect(JSON.stringify(rows)).not.toContain("zebra")
    expect(livePeers(p).some((x) => x.task === "secret-plan-zebra-42")).toBe(true)
  })
})
