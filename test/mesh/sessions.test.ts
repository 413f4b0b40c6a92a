import { afterEach, describe, expect, test } from "bun:test"
import { join } from "node:path"
import { setClock } from "../../src/core/clock"
import { resolveProject } from "../../src/core/project"
import {
  announce,
  claim,
  claimHolder,
  heartbeat,
  livePeers,
  peersSummary,
  processAncestors,
  readEvents,
  send,
  sessionOfHost,
  unreadFor,
} from "../../src/mesh"
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
    expect(() => announce(p, { id: "owned", pid: process.pid, tool: "x", cwd: dir.path })).toThrow(
      /belongs to another live process/,
    )
    for (const bad of ["../../etc", "a/b", "", "x".repeat(200), "s 1", "-flag", "cli:alice"]) {
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

  test("a hook finds the session its coding tool runs through the process tree", () => {
    using dir = tmpdir({ git: true })
    using other = tmpdir({ git: true })
    const p = resolveProject(dir.path)
    const q = resolveProject(other.path)
    announce(p, { id: "served", pid: process.pid, tool: "claude-code", cwd: dir.path, hostPid: process.ppid })
    expect(processAncestors()[0]).toBe(process.ppid)
    expect(sessionOfHost(p, processAncestors())).toBe("served")
    expect(sessionOfHost(p, [process.ppid + 100_000])).toBeUndefined()
    expect(sessionOfHost(q, processAncestors())).toBeUndefined()
    expect(sessionOfHost(p, [])).toBeUndefined()
  })

  test("hooks that pass their tool's own session id act as the session their tool hosts", () => {
    using dir = tmpdir({ git: true })
    const p = resolveProject(dir.path)
    let t = Date.now()
    setClock(() => t)
    announce(p, { id: "hosted", pid: process.pid, tool: "claude-code", cwd: dir.path, hostPid: process.ppid })
    const other = session(p)
    claim(p, "hosted", { pattern: "mine.ts" })
    claim(p, other, { pattern: "theirs.ts" })
    // the hook passes Claude's id, which the mesh has never seen
    expect(claimHolder(p, join(dir.path, "mine.ts"), "claude-session-uuid")).toBeUndefined()
    expect(claimHolder(p, join(dir.path, "theirs.ts"), "claude-session-uuid")).toMatch(
      /claimed exclusively by test session/,
    )
    expect(peersSummary(p, "claude-session-uuid")).not.toContain("hosted")
    readEvents(p, "hosted")
    send(p, other, { to: "hosted", text: "for the hosted session" })
    expect(unreadFor(p, "claude-session-uuid")).toContain("for the hosted session")
    t += 60_000
    heartbeat("claude-session-uuid")
    expect(livePeers(p).find((x) => x.id === "hosted")?.heartbeatAt).toBe(t)
  })
})
