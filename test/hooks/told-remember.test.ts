import { describe, expect, test } from "bun:test"
import { resolveProject } from "../../src/core/project"
import { listTold, TOLD_LIMITS } from "../../src/hooks/told"
import { recordTold } from "../../src/hooks/told"
import { runHook } from "../../src/hooks/run"
import { openMemory } from "../../src/memory"
import { tmpdir } from "../fixture"
import { payload } from "./_payloads"

const call = (event: Parameters<typeof runHook>[0], body: Record<string, unknown>) =>
  runHook(event, "claude-code", { payload: { text: JSON.stringify(body), truncated: false }, bin: "/bin/egc" })
const context = (stdout: string) => (stdout ? (JSON.parse(stdout).hookSpecificOutput?.additionalContext as string) : "")
const prompt = (cwd: string, text: string) =>
  call("prompt-submit", payload("claude-code", "prompt-submit", { cwd, prompt: text }))

describe("a person's own remember prompt", () => {
  test("is stored active by default; a miner capture in the same store still waits", async () => {
    using a = tmpdir({ git: { origin: "https://example.com/cli/remember-a.git" } })
    const project = resolveProject(a.path)
    const r = await prompt(a.path, "remember that the staging db is read-only")
    expect(context(r.stdout)).toContain("Stored in project memory")
    const mem = openMemory()
    mem.write(
      { kind: "decision", body: "mined: builds run on arm64" },
      { project, actor: { source: "hook:miner", sessionId: "s", tool: "t" } },
    )
    const byBody = Object.fromEntries(
      mem.list({ project, statuses: ["active", "pending"] }).map((v) => [v.body, v.status]),
    )
    expect(byBody).toEqual({ "the staging db is read-only": "active", "mined: builds run on arm64": "pending" })
  })

  test("waits for review when memory.rememberPrompt is pending, or the project's policy is review", async () => {
    const files = { ".egc/config.json": JSON.stringify({ memory: { rememberPrompt: "pending" } }) }
    using a = tmpdir({ git: { origin: "https://example.com/cli/remember-b.git" }, files })
    using b = tmpdir({ git: { origin: "https://example.com/cli/remember-c.git" } })
    const pa = resolveProject(a.path)
    const pb = resolveProject(b.path)
    const mem = openMemory()
    mem.setPolicy({ project: pb, policy: "review" }, { source: "cli", tool: "egc" })
    expect(context((await prompt(a.path, "remember that releases are cut on mondays")).stdout)).toContain(
      "Saved for review",
    )
    expect(context((await prompt(b.path, "remember that hotfixes need two reviewers")).stdout)).toContain(
      "Saved for review",
    )
    expect(mem.list({ project: pa, statuses: ["active", "pending"] }).map((v) => v.status)).toEqual(["pending"])
    expect(mem.list({ project: pb, statuses: ["active", "pending"] }).map((v) => v.status)).toEqual(["pending"])
  })
})

describe("what the agent was told", () => {
  test("session start and prompt injections are recorded per session and project, newest first", async () => {
    using a = tmpdir({ git: { origin: "https://example.com/cli/told-a.git" } })
    using b = tmpdir({ git: { origin: "https://example.com/cli/told-b.git" } })
    const pa = resolveProject(a.path)
    openMemory().write(
      { kind: "next", body: "wire the billing webhook" },
      { project: pa, actor: { source: "cli", tool: "egc" } },
    )
    const start = await call("session-start", payload("claude-code", "session-start", { cwd: a.path }))
    expect(context(start.stdout)).toContain("wire the billing webhook")
    await prompt(a.path, "remember that the queue is at-least-once")
    const told = listTold({ project: pa.id, session: "sess-1" })
    expect(told.map((t) => t.event)).toEqual(["prompt-submit", "session-start"])
    expect(told[1]?.text).toBe(context(start.stdout))
    expect(listTold({ project: pa.id, session: "another-session" })).toEqual([])
    expect(listTold({ project: resolveProject(b.path).id })).toEqual([])
    // a plain prompt that injects nothing records nothing
    await prompt(a.path, "hello there")
    expect(listTold({ project: pa.id })).toHaveLength(2)
  })

  test("text is redacted, capped, and sealed at rest", async () => {
    using a = tmpdir({ git: { origin: "https://example.com/cli/told-c.git" } })
    const project = resolveProject(a.path).id
    const secret = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    recordTold({
      project,
      session: "s-1",
      event: "prompt-submit",
      tool: "codex",
      text: `token ${secret} ${"x".repeat(TOLD_LIMITS.textChars)}`,
    })
    const [t] = listTold({ project })
    expect(t?.text).not.toContain(secret)
    expect(t?.text.startsWith("token ")).toBe(true)
    expect(t?.truncated).toBe(true)
    expect(t?.text.length).toBe(TOLD_LIMITS.textChars)
    const { openDb } = await import("../../src/core/db")
    const raw = openDb().query("SELECT * FROM told_injections WHERE project = ?").get(project) as Record<
      string,
      unknown
    >
    expect(JSON.stringify(raw)).not.toContain("s-1")
    expect(Buffer.from(raw.body_enc as Uint8Array).toString("latin1")).not.toContain("token")
  })
})
