import { describe, expect, test } from "bun:test"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { tmpdir } from "../fixture"
import { callOutput, runCodex } from "./_codex"

/** The real Codex CLI with egc's hooks; the scripted model asks only for harmless commands. */
describe("Codex with egc hooks", () => {
  test("UserPromptSubmit stores a remember; PreToolUse denies a destructive reset while ls runs", async () => {
    using root = tmpdir()
    const home = join(root.path, "home")
    const repo = join(root.path, "repo")
    mkdirSync(home, { recursive: true })
    mkdirSync(repo, { recursive: true })
    const git = (...args: string[]) =>
      Bun.spawnSync(["git", "-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "commit.gpgsign=false", ...args], { cwd: repo, env: { PATH: process.env.PATH ?? "", HOME: home, GIT_CONFIG_NOSYSTEM: "1" } })
        .stdout.toString()
        .trim()
    git("init", "-q", "-b", "main")
    git("commit", "-q", "--allow-empty", "-m", "one")
    git("commit", "-q", "--allow-empty", "-m", "two")
    writeFileSync(join(repo, "notes.txt"), "hello\n")
    const head = git("rev-parse", "HEAD")

    const run = await runCodex({
      home,
      cwd: repo,
      prompt: "remember that releases are cut on mondays",
      script: [{ cmd: "git reset --hard HEAD~1" }, { cmd: "ls" }, { text: "done" }],
    })
    expect(run.code).toBe(0)
    expect(JSON.stringify(run.requests[0])).toContain("Saved for review")
    expect(callOutput(run.requests, 1)).toContain("git.reset-hard")
    expect(callOutput(run.requests, 2)).toContain("notes.txt")
    expect(git("rev-parse", "HEAD")).toBe(head)
    const pending = openMemory().pending({ project: resolveProject(repo) })
    expect(pending.map((v) => [v.body, v.source])).toEqual([["releases are cut on mondays", "hook:remember"]])
  }, 120_000)
})
