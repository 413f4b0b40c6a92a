import { describe, expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeGitRepo } from "../fixture"
import { runClaude, sentText } from "./_claude"
import { installedHome } from "./_installed-home"

/**
 * The installer and the hooks together: a home configured by `egc install --yes` alone, then the
 * real Claude Code runs the hook lines the installer wrote. The scripted model asks only for
 * commands that are harmless here (the repository is a bare skeleton without commits).
 */
describe("hooks as installed by egc install", () => {
  test("Claude Code runs the installed hook lines: remember is stored, a destructive reset is denied", async () => {
    using h = await installedHome(["claude-code"])
    makeGitRepo(h.project, { origin: "https://example.com/e2e/installed.git" })
    writeFileSync(join(h.project, "README.md"), "installed\n")
    const run = await runClaude({
      home: h.home,
      cwd: h.project,
      prompt: "remember that the api is versioned by date",
      script: [{ tool: "Bash", input: { command: "git reset --hard HEAD~1", description: "reset" } }, { text: "ok" }],
      env: h.env,
    })
    expect(run.code).toBe(0)
    // a person's own "remember" is their consent: stored active (memory.rememberPrompt), and said so
    expect(sentText(run.loop[0])).toContain("Stored in project memory as the person asked")
    const denials = run.result.permission_denials as Array<{ tool_input: { command: string } }>
    expect(denials.map((d) => d.tool_input.command)).toEqual(["git reset --hard HEAD~1"])
  }, 120_000)
})
