import { describe, expect, test } from "bun:test"
import { DEFAULTS } from "../../src/core/config"
import { closeAllDbs } from "../../src/core/db"
import { resolveProject } from "../../src/core/project"
import { memoryFor } from "../../src/mcp/tools/_memory"
import type { ToolContext } from "../../src/mcp/tool"
import { makeGitRepo, ownEgcHome, tmpdir } from "../fixture"

ownEgcHome()

describe("the server's memory handle", () => {
  test("is reused while open, and opened again (not used closed) after every connection was closed", async () => {
    using t = tmpdir()
    makeGitRepo(t.path, { origin: "git@github.com:acme/handle.git", branch: "main" })
    const project = resolveProject(t.path)
    const ctx = { project, boundProjects: [project], session: { id: "s" }, config: DEFAULTS } as ToolContext
    const first = await memoryFor(ctx)
    expect(await memoryFor(ctx)).toBe(first)
    first.applyStatePatch({ context: "kept across reopening" }, { project, actor: { source: "agent", sessionId: "s" } })
    closeAllDbs()
    const again = await memoryFor(ctx)
    expect(again).not.toBe(first)
    expect(again.renderState({ project })).toContain("kept across reopening")
  })
})
