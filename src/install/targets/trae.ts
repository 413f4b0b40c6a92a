import { probe } from "../context"
import type { Target } from "../types"
import { inHome, inProject, mcpJson, protocolIn, serverEntry } from "./_build"

const id = "trae"

export const trae: Target = {
  id,
  name: "Trae",
  projectMarkers: [".trae"],
  detect: (ctx) => probe(ctx, [{ dir: inHome(".trae")(ctx) }, { dir: inHome(".trae-cn")(ctx) }, { bin: "trae" }]),
  mcp: {
    project: mcpJson(id, inProject(".trae", "mcp.json"), ["mcpServers", "egc"], (ctx) => serverEntry(ctx)),
    note: "user-level servers are added in Trae's MCP settings UI",
  },
  hooks: { note: "Trae has no documented hook API" },
  instructions: {
    project: protocolIn(id, inProject(".trae", "rules", "project_rules.md")),
    note: "user rules are edited in Trae's UI",
  },
}
