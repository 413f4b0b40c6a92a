import { describe, expect, test } from "bun:test"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { makeGitRepo } from "../fixture"
import { privateEgcHome } from "./_egc-home"
import { clientWorld } from "./_world"
import { runGemini, writeGeminiSettings } from "./_gemini"

/** The real Gemini CLI: BeforeAgent stores a remember, SessionStart injects it in the next session. */
describe("Gemini CLI with egc hooks", () => {
  test("BeforeAgent stores a remember prompt; SessionStart injects the approved state next time", async () => {
    using _home = privateEgcHome()
    using world = clientWorld()
    const { home } = world
    const proj = world.folder("proj")
    makeGitRepo(proj, { origin: "https://example.com/e2e/gemini.git" })
    await writeGeminiSettings(home)

    const first = await runGemini({
      home,
      cwd: proj,
      prompt: "remember that the release train leaves on tuesdays",
      answer: "noted",
    })
    expect(first.code).toBe(0)
    expect(first.stdout).toContain("noted")
    const main = first.requests.filter((r) => String(r.path).includes("streamGenerateContent"))
    // the person's own "remember …" is their consent: stored active (memory.rememberPrompt)
    expect(JSON.stringify(main.at(-1)?.body)).toContain("Stored in project memory")

    const project = resolveProject(proj)
    const stored = openMemory().list({ project, statuses: ["active", "pending"] })
    expect(stored.map((v) => [v.body, v.source, v.status])).toEqual([
      ["the release train leaves on tuesdays", "hook:remember", "active"],
    ])

    const second = await runGemini({ home, cwd: proj, prompt: "what should I do today?", answer: "plan" })
    expect(second.code).toBe(0)
    const sent = JSON.stringify(
      second.requests.filter((r) => String(r.path).includes("streamGenerateContent")).map((r) => r.body),
    )
    expect(sent).toContain("the release train leaves on tuesdays")
    expect(sent).toContain("egc-memory")
  }, 120_000)
})
