import { describe, expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { makeGitRepo } from "../fixture"
import { privateEgcHome } from "./_egc-home"
import { clientWorld, repoWithHistory } from "./_world"
import { runClaude, sentText, toolResult, installClaudeHome } from "./_claude"

/**
 * The real Claude Code, end to end: its hooks call the compiled egc binary, its model is the
 * scripted server on 127.0.0.1. The scripted model only ever asks for harmless commands.
 */

describe("Claude Code with egc hooks", () => {
  test("a remember prompt is stored; once approved it is injected in the next session; another project sees nothing", async () => {
    using _home = privateEgcHome()
    using world = clientWorld()
    const { home } = world
    const alpha = world.folder("alpha")
    const beta = world.folder("beta")
    await installClaudeHome(home)
    makeGitRepo(alpha, { origin: "https://example.com/e2e/alpha.git" })
    makeGitRepo(beta, { origin: "https://example.com/e2e/beta.git" })
    writeFileSync(join(alpha, "README.md"), "alpha\n")

    const first = await runClaude({
      home,
      cwd: alpha,
      prompt: "remember that we deploy on fridays",
      script: [{ tool: "Bash", input: { command: "ls", description: "list files" } }, { text: "noted" }],
    })
    expect(first.code).toBe(0)
    expect(first.result.is_error).toBe(false)
    expect(sentText(first.loop[0])).toContain("Stored in project memory")
    expect(toolResult(first.loop, 1)).toContain("README.md")

    const project = resolveProject(alpha)
    const mem = openMemory()
    const stored = mem.list({ project, statuses: ["active", "pending"] })
    expect(stored.map((v) => [v.body, v.source, v.status])).toEqual([
      ["we deploy on fridays", "hook:remember", "active"],
    ])

    const second = await runClaude({
      home,
      cwd: alpha,
      prompt: "what is next?",
      script: [{ text: "here is the plan" }],
    })
    expect(second.code).toBe(0)
    const injected = sentText(second.loop[0])
    expect(injected).toContain("<egc-memory>")
    expect(injected).toContain("we deploy on fridays")

    const other = await runClaude({ home, cwd: beta, prompt: "what is next?", script: [{ text: "nothing yet" }] })
    expect(other.code).toBe(0)
    const seen = sentText(other.loop[0])
    expect(seen).not.toContain("fridays")
    expect(seen).not.toContain("<egc-memory>")
  }, 120_000)

  test("a destructive command is denied and listed in permission_denials; an allowed one is rewritten through the crusher and its output arrives filtered", async () => {
    using _home = privateEgcHome()
    using world = clientWorld()
    const { home } = world
    const repo = world.folder("repo")
    await installClaudeHome(home)
    const { head, git } = repoWithHistory(repo, home)
    for (let i = 0; i < 300; i++) writeFileSync(join(repo, `file_${i}.txt`), "x\n")

    const run = await runClaude({
      home,
      cwd: repo,
      prompt: "tidy up the repository",
      script: [
        { tool: "Bash", input: { command: "git reset --hard HEAD~1", description: "reset" } },
        { tool: "Bash", input: { command: "ls -la", description: "list" } },
        { text: "done" },
      ],
    })
    expect(run.code).toBe(0)
    const denials = run.result.permission_denials as Array<{ tool_name: string; tool_input: { command: string } }>
    expect(denials.map((d) => d.tool_input.command)).toEqual(["git reset --hard HEAD~1"])
    expect(toolResult(run.loop, 1)).toContain("git.reset-hard")
    expect(git("rev-parse", "HEAD")).toBe(head)
    expect(git("rev-list", "--count", "HEAD")).toBe("2")
    const listing = toolResult(run.loop, 2)
    expect(listing).toContain("[egc crush:")
    const shown = listing.match(/file_\d+\.txt/g)?.length ?? 0
    expect(shown).toBeGreaterThan(0)
    expect(shown).toBeLessThan(100)
  }, 120_000)

  test("PostToolUseFailure observations: the third identical failure becomes one pending lesson", async () => {
    using _home = privateEgcHome()
    using world = clientWorld()
    const { home } = world
    const proj = world.folder("proj")
    makeGitRepo(proj, { origin: "https://example.com/e2e/lesson.git" })
    await installClaudeHome(home)
    const missing = { tool: "Bash", input: { command: "ls /nonexistent-egc-e2e-dir", description: "list" } }
    const run = await runClaude({
      home,
      cwd: proj,
      prompt: "look around",
      script: [missing, missing, missing, { text: "done" }],
    })
    expect(run.code).toBe(0)
    const pending = openMemory().pending({ project: resolveProject(proj) })
    expect(pending.map((v) => [v.kind, v.source])).toEqual([["lesson", "hook:observer"]])
    expect(pending[0]?.title).toContain("ls /nonexistent-egc-e2e-dir")
  }, 120_000)
})
