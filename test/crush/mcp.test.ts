import { describe, expect, test } from "bun:test"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { DEFAULTS } from "../../src/core/config"
import { resolveProject } from "../../src/core/project"
import { recordRun } from "../../src/crush/ledger"
import { crushTools } from "../../src/mcp/tools/crush"
import { ToolFailure, type ToolContext } from "../../src/mcp/tool"
import { ownEgcHome, tmpdir } from "../fixture"

// counts runs across projects: its own home, so other tests' runs never count
ownEgcHome()

/** token_savings through a real SDK client and server (the SDK validates input and output). */
async function connect(ctx: ToolContext) {
  const server = new McpServer({ name: "egc-test", version: "0" })
  for (const tool of crushTools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: tool.annotations,
      },
      async (args) => {
        try {
          const out = await tool.handler(args as never, ctx)
          return { content: [{ type: "text" as const, text: JSON.stringify(out) }], structuredContent: out }
        } catch (e) {
          if (e instanceof ToolFailure) return { content: [{ type: "text" as const, text: e.message }], isError: true }
          throw e
        }
      },
    )
  }
  const [a, b] = InMemoryTransport.createLinkedPair()
  const client = new Client({ name: "test", version: "0" })
  await Promise.all([server.connect(a), client.connect(b)])
  return client
}

describe("token_savings MCP tool", () => {
  test("reports this project's savings; scope all adds other projects", async () => {
    using dir = tmpdir({ git: true })
    const project = resolveProject(dir.path)
    const ctx: ToolContext = { project, boundProjects: [project], session: { id: "s1" }, config: DEFAULTS }
    recordRun({
      id: "r_mcp_1",
      at: Date.now(),
      project: project.id,
      family: "test",
      program: "npm",
      mode: "filtered",
      bytesIn: 8000,
      bytesOut: 800,
      durationMs: 3,
      exitCode: 1,
    })
    recordRun({
      id: "r_mcp_2",
      at: Date.now(),
      project: "p_someone_else",
      family: "git",
      program: "git",
      mode: "filtered",
      bytesIn: 5000,
      bytesOut: 1000,
      durationMs: 3,
      exitCode: 0,
    })
    const client = await connect(ctx)
    const tools = await client.listTools()
    expect(tools.tools.map((t) => t.name)).toEqual(["token_savings"])
    expect(tools.tools[0]?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false })

    const mine = await client.callTool({ name: "token_savings", arguments: {} })
    expect(mine.isError).toBeFalsy()
    const s = mine.structuredContent as {
      scope: string
      total: { runs: number; tokensSaved: number }
      byProject: Array<{ key: string }>
    }
    expect(s.scope).toBe("project")
    expect(s.total).toMatchObject({ runs: 1, tokensSaved: 1800 })
    expect(s.byProject.map((r) => r.key)).toEqual([project.id])

    const all = await client.callTool({ name: "token_savings", arguments: { scope: "all", since: "1h" } })
    const a = all.structuredContent as { byProject: Array<{ key: string }> }
    expect(a.byProject.map((r) => r.key).sort()).toEqual([project.id, "p_someone_else"].sort())
  })

  test("a bad since is a tool error that says what to pass", async () => {
    using dir = tmpdir()
    const project = resolveProject(dir.path)
    const client = await connect({ project, boundProjects: [project], session: { id: "s2" }, config: DEFAULTS })
    const r = await client.callTool({ name: "token_savings", arguments: { since: "last tuesday" } })
    expect(r.isError).toBe(true)
    expect(JSON.stringify(r.content)).toContain('Pass a duration such as \\"7d\\"')
  })

  test("input is validated by the schema", async () => {
    using dir = tmpdir()
    const project = resolveProject(dir.path)
    const client = await connect({ project, boundProjects: [project], session: { id: "s3" }, config: DEFAULTS })
    const r = await client.callTool({ name: "token_savings", arguments: { scope: "everyone" } })
    expect(r.isError).toBe(true)
  })
})
