import { describe, expect, test } from "bun:test"
import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { resolveProject } from "../../src/core/project"
import { recordTold } from "../../src/hooks/told"
import { openMemory } from "../../src/memory"
import { tmpdir } from "../fixture"
import { runSource } from "./_egc"

const person = { source: "cli" as const, tool: "egc" }
const miner = { source: "hook:miner" as const, sessionId: "s", tool: "t" }

describe("egc status", () => {
  test("one screen of this project: items by kind, pending review, last hook; another project's items are not counted", async () => {
    using a = tmpdir({ git: { origin: "https://example.com/cli/status-a.git", branch: "feature/x" } })
    using b = tmpdir({ git: { origin: "https://example.com/cli/status-b.git" } })
    const pa = resolveProject(a.path)
    const mem = openMemory()
    mem.write({ kind: "decision", body: "use pnpm workspaces" }, { project: pa, actor: person })
    mem.write({ kind: "decision", body: "postgres over mysql" }, { project: pa, actor: person })
    mem.write({ kind: "lesson", body: "run migrations before seeding" }, { project: pa, actor: person })
    mem.write({ kind: "preference", body: "small pull requests" }, { project: pa, actor: miner })
    mem.write({ kind: "decision", body: "beta's own decision" }, { project: resolveProject(b.path), actor: person })
    recordTold({ project: pa.id, session: "sess-9", event: "session-start", tool: "codex", text: "state" })
    const r = await runSource(["status", "--json", "--cwd", a.path])
    expect(r.code).toBe(0)
    const s = JSON.parse(r.stdout)
    expect(s.project).toMatchObject({ id: pa.id, branch: "feature/x" })
    expect(s.memory).toMatchObject({ byKind: { decision: 2, lesson: 1 }, pending: 1, conflicts: 0 })
    expect(s.lastHook).toMatchObject({ event: "session-start", tool: "codex" })
    expect(s.guard).toEqual({ deny: 0, ask: 0 })
    const text = await runSource(["status", "--cwd", a.path])
    expect(text.stdout).toContain("branch     feature/x")
    expect(text.stdout).toContain("2 decision, 1 lesson")
    expect(text.stdout).toContain("1 pending, 0 hidden → egc memory review")
    expect(text.stdout).toContain("session-start (codex)")
    const other = JSON.parse((await runSource(["status", "--json", "--cwd", b.path])).stdout)
    expect(other.memory).toMatchObject({ byKind: { decision: 1 }, pending: 0 })
    expect(other.lastHook).toBeNull()
  }, 60_000)
})

test("install health: this project's entries and your user-level ones, not another project's", async () => {
  using a = tmpdir({ git: { origin: "https://example.com/cli/status-install-a.git" } })
  using b = tmpdir({ git: { origin: "https://example.com/cli/status-install-b.git" } })
  const binDir = join(a.path, ".bin")
  mkdirSync(binDir)
  writeFileSync(join(binDir, "egc"), "#!/bin/sh\necho stand-in\n")
  chmodSync(join(binDir, "egc"), 0o755)
  const env = { PATH: `${binDir}:/usr/bin:/bin` }
  const install = ["install", "--scope", "project", "--target", "claude-code", "--yes", "--bin", join(binDir, "egc")]
  expect((await runSource([...install, "--cwd", a.path], { env })).code).toBe(0)
  const here = JSON.parse((await runSource(["status", "--json", "--cwd", a.path])).stdout).install
  expect(here).toContainEqual({ tool: "claude-code", ok: true, detail: "every recorded entry is in place" })
  // another project: a's entries are not its health, broken or not
  rmSync(join(a.path, ".mcp.json"))
  const there = JSON.parse((await runSource(["status", "--json", "--cwd", b.path])).stdout).install
  expect(JSON.stringify(there)).not.toContain(a.path)
  const broken = JSON.parse((await runSource(["status", "--json", "--cwd", a.path])).stdout).install
  expect(broken.find((t: { tool: string }) => t.tool === "claude-code")?.ok).toBe(false)
}, 60_000)

describe("egc context", () => {
  test("lists the sessions told something, then one session's injections newest first; an unknown session is 66", async () => {
    using a = tmpdir({ git: { origin: "https://example.com/cli/context-a.git" } })
    using b = tmpdir({ git: { origin: "https://example.com/cli/context-b.git" } })
    const project = resolveProject(a.path).id
    recordTold({
      project,
      session: "sess-1",
      event: "session-start",
      tool: "claude-code",
      text: "## Next\n- wire the webhook",
    })
    recordTold({
      project,
      session: "sess-1",
      event: "prompt-submit",
      tool: "claude-code",
      text: "## From project history\n- [decision] postgres",
    })
    recordTold({ project, session: "sess-2", event: "session-start", tool: "gemini", text: "other session" })
    recordTold({
      project: resolveProject(b.path).id,
      session: "sess-1",
      event: "session-start",
      tool: "codex",
      text: "beta text",
    })
    const sessions = JSON.parse((await runSource(["context", "--json", "--cwd", a.path])).stdout).sessions
    expect(sessions.map((s: { session: string; count: number }) => [s.session, s.count]).sort()).toEqual([
      ["sess-1", 2],
      ["sess-2", 1],
    ])
    const one = await runSource(["context", "--session", "sess-1", "--cwd", a.path])
    expect(one.code).toBe(0)
    expect(one.stdout.indexOf("prompt-submit")).toBeLessThan(one.stdout.indexOf("session-start"))
    expect(one.stdout).toContain("wire the webhook")
    expect(one.stdout).not.toContain("other session")
    expect(one.stdout).not.toContain("beta text")
    const json = JSON.parse((await runSource(["context", "--session", "sess-1", "--json", "--cwd", a.path])).stdout)
    expect(json.injections.map((t: { event: string }) => t.event)).toEqual(["prompt-submit", "session-start"])
    const none = await runSource(["context", "--session", "sess-404", "--cwd", a.path])
    expect(none.code).toBe(66)
  }, 60_000)
})
