import { describe, expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { makeGitRepo } from "../fixture"
import { privateEgcHome } from "./_egc-home"
import { clientWorld } from "./_world"
import { runQwen, toolMessage } from "./_qwen"

/** The real Qwen Code with egc's hooks; the scripted model asks only for harmless commands. */
describe("Qwen Code with egc hooks", () => {
  test("UserPromptSubmit stores a remember; PreToolUse denies a destructive reset while ls runs", async () => {
    using _home = privateEgcHome()
    using world = clientWorld()
    const { home } = world
    const repo = world.folder("repo")
    makeGitRepo(repo, { origin: "https://example.com/e2e/qwen.git" })
    writeFileSync(join(repo, "marker.txt"), "hi\n")

    const attempt = () =>
      runQwen({
        home,
        cwd: repo,
        prompt: "remember that hotfixes need two reviewers",
        script: [{ command: "git reset --hard HEAD~1" }, { command: "ls" }, { text: "done" }],
      })
    // Qwen Code's shell tool (without node-pty, whose install script does not run here) now and
    // then reports "Output: (empty)" for a command that printed; seen once in a loaded full run.
    // One more session is run then; every assertion below holds for the run that is checked.
    let run = await attempt()
    if (toolMessage(run.requests, 2).includes("Output: (empty)")) run = await attempt()
    expect(run.code).toBe(0)
    const main = run.requests.filter((r) => Array.isArray(r.tools) && r.tools.length > 0)
    expect(JSON.stringify(main[0])).toContain("Stored in project memory")
    expect(toolMessage(run.requests, 1)).toContain("git.reset-hard")
    expect(toolMessage(run.requests, 2)).toContain("marker.txt")
    const stored = openMemory().list({ project: resolveProject(repo), statuses: ["active", "pending"] })
    expect(stored.map((v) => [v.body, v.source, v.status])).toEqual([
      ["hotfixes need two reviewers", "hook:remember", "active"],
    ])
  }, 120_000)
})
