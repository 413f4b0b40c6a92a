import { describe, expect, test } from "bun:test"
import { resolveProject } from "../../src/core/project"
import { recordObservation } from "../../src/insight"
import { insightTools } from "../../src/mcp/tools/insight"
import type { ToolDef } from "../../src/mcp/tool"
import { tmpdir } from "../fixture"
import { connect, textOf } from "../mcp/_client"

/** detect_patterns and compress_observations through a real SDK client (schemas validated both ways). */
describe("insight tools through a real SDK client", () => {
  test("patterns of the bound project only; compression keeps them; bad input is refused", async () => {
    using dir = tmpdir({ git: { origin: "https://example.com/insight/one.git" } })
    using other = tmpdir({ git: { origin: "https://example.com/insight/two.git" } })
    const project = resolveProject(dir.path).id
    for (let i = 0; i < 4; i++)
      recordObservation({
        project,
        sessionId: "s",
        tool: "codex",
        callName: "Bash",
        command: "cargo test",
        failed: true,
        exitCode: 101,
        errorText: `test result: FAILED. ${i} passed; 1 failed`,
      })
    const tools = insightTools as unknown as ToolDef[]
    const mine = await connect({ cwd: dir.path, tools })
    const theirs = await connect({ cwd: other.path, tools })
    try {
      const found = await mine.client.callTool({ name: "detect_patterns", arguments: { min_count: 3 } })
      expect(found.isError).toBeFalsy()
      expect(found.structuredContent).not.toHaveProperty("deprecated")
      const patterns = (found.structuredContent as { patterns: Array<Record<string, unknown>> }).patterns
      expect(patterns).toHaveLength(1)
      expect(patterns[0]).toMatchObject({ kind: "repeated-failure", family: "cargo", count: 4 })
      expect(String(patterns[0]?.sample)).toContain("FAILED")
      const none = await theirs.client.callTool({ name: "detect_patterns", arguments: {} })
      expect((none.structuredContent as { patterns: unknown[] }).patterns).toEqual([])
      const compressed = await mine.client.callTool({
        name: "compress_observations",
        arguments: { older_than_days: 0 },
      })
      expect(compressed.structuredContent).toEqual({ compressed: 4, groups: 1 })
      const again = await mine.client.callTool({ name: "detect_patterns", arguments: { min_count: 3 } })
      expect((again.structuredContent as { patterns: Array<{ count: number }> }).patterns[0]?.count).toBe(4)
      const bad = await mine.client.callTool({ name: "detect_patterns", arguments: { min_count: "many" } })
      expect(bad.isError).toBe(true)
      expect(textOf(bad).length).toBeGreaterThan(0)
    } finally {
      await mine.close()
      await theirs.close()
    }
  })

  test("the old camelCase names work for one release, with a deprecation note; both spellings are refused", async () => {
    using dir = tmpdir({ git: { origin: "https://example.com/insight/three.git" } })
    const project = resolveProject(dir.path).id
    for (let i = 0; i < 4; i++)
      recordObservation({
        project,
        sessionId: "s",
        tool: "codex",
        callName: "Bash",
        command: "make",
        failed: true,
        exitCode: 2,
        errorText: "make: *** [all] Error 2",
      })
    const mine = await connect({ cwd: dir.path, tools: insightTools as unknown as ToolDef[] })
    try {
      const current = await mine.client.callTool({ name: "detect_patterns", arguments: { min_count: 5 } })
      expect((current.structuredContent as { patterns: unknown[] }).patterns).toEqual([])
      const old = await mine.client.callTool({ name: "detect_patterns", arguments: { minCount: 4 } })
      expect(old.isError).toBeFalsy()
      const content = old.structuredContent as { patterns: Array<{ count: number }>; deprecated?: string }
      expect(content.patterns[0]?.count).toBe(4)
      expect(content.deprecated).toContain("minCount is now min_count")
      const oldTooHigh = await mine.client.callTool({ name: "detect_patterns", arguments: { minCount: 5 } })
      expect((oldTooHigh.structuredContent as { patterns: unknown[] }).patterns).toEqual([])
      const both = await mine.client.callTool({ name: "detect_patterns", arguments: { minCount: 3, min_count: 3 } })
      expect(both.isError).toBe(true)
      expect(textOf(both)).toContain("not both")
      const oldBad = await mine.client.callTool({ name: "detect_patterns", arguments: { minCount: 1 } })
      expect(oldBad.isError).toBe(true)
      const unknown = await mine.client.callTool({ name: "detect_patterns", arguments: { maxCount: 3 } })
      expect(unknown.isError).toBe(true)
      const folded = await mine.client.callTool({ name: "compress_observations", arguments: { olderThanDays: 0 } })
      expect(folded.structuredContent).toMatchObject({ compressed: 4, groups: 1 })
      expect((folded.structuredContent as { deprecated?: string }).deprecated).toContain(
        "olderThanDays is now older_than_days",
      )
    } finally {
      await mine.close()
    }
  })
})
