import { describe, expect, test } from "bun:test"
import { DEFAULT_PROFILE_MAX, estimateTokens, TOOL_LIST_TOKEN_BUDGET } from "../../src/mcp/profile"
import { allTools } from "../../src/mcp/tools"
import { tmpdir } from "../fixture"
import { connect } from "./_client"

describe("context budget", () => {
  test("the default profile lists at most 16 tools and its tools/list costs under 4,000 tokens", async () => {
    using dir = tmpdir({ git: true })
    const c = await connect({ cwd: dir.path, tools: allTools, profile: "default" })
    const listed = await c.client.listTools()
    expect(listed.tools.length).toBeGreaterThan(0)
    expect(listed.tools.length).toBeLessThanOrEqual(DEFAULT_PROFILE_MAX)
    expect(estimateTokens(listed)).toBeLessThan(TOOL_LIST_TOKEN_BUDGET)
    await c.close()
  })

  test("tool names and argument names are snake_case, and every tool has a description and described fields", () => {
    const names = allTools.map((t) => t.name)
    expect(new Set(names).size).toBe(names.length)
    for (const t of allTools) {
      expect(t.name).toMatch(/^[a-z]+(_[a-z]+)+$/)
      expect(t.description.length).toBeGreaterThan(80)
      const camel = Object.keys(t.input).filter((field) => !/^[a-z][a-z0-9_]*$/.test(field))
      expect({ tool: t.name, camel }).toEqual({ tool: t.name, camel: [] })
      for (const [field, schema] of Object.entries(t.input))
        expect({ field, described: Boolean((schema as { description?: string }).description) }).toEqual({
          field,
          described: true,
        })
    }
  })
})
