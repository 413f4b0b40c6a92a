import { describe, expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { privateEgcHome } from "./_egc-home"
import { clientWorld, repoWithHistory } from "./_world"
import { callOutput, runCodex } from "./_codex"

/** The real Codex CLI with egc's hooks; the scripted model asks only for harmless commands. */
describe("Codex with egc hooks", () => {
  test("UserPromptSubmit stores a remember; PreToolUse denies a destructive reset while ls runs", async () => {
    using _home = privateEgcHome()
    using world = clientWorld()
    const { home } = world
    const repo = world.folder("repo")
    const { head, git } = repoWithHistory(repo, home)
    writeFileSync(join(repo, "notes.txt"), "hello\n")

    const run = await runCodex({
      home,
      cwd: repo,
      prompt: "remember that releases are cut on mondays",
      script: [{ cmd: "git reset --hard HEAD~1" }, { cmd: "ls" }, { text: "done" }],
    })
    expect(run.code).toBe(0)
    expect(JSON.stringify(run.requests[0])).toContain("Stored in project memory")
    expect(callOutput(run.requests, 1)).toContain("git.reset-hard")
    expect(callOutput(run.requests, 2)).toContain("notes.txt")
    expect(git("rev-parse", "HEAD")).toBe(head)
    const stored = openMemory().list({ project: resolveProject(repo), statuses: ["active", "pending"] })
    expect(stored.map((v) => [v.body, v.source, v.status])).toEqual([
      ["releases are cut on mondays", "hook:remember", "active"],
    ])
  }, 120_000)
})
