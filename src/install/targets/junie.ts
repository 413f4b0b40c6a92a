import { probe } from "../context"
import type { Target } from "../types"
import { inHome, inProject, mcpJson, protocolIn, serverEntry } from "./_build"

const id = "junie"

export const junie: Target = {
  id,
  name: "JetBrains Junie",
  projectMarkers: [".junie"],
  detect: (ctx) => probe(ctx, [{ dir: inHome(".junie")(ctx) }, { bin: "junie" }]),
  mcp: {
    user: mcpJson(id, inHome(".junie", "mcp", "mcp.json"), ["mcpServers", "egc"], (ctx) => serverEntry(ctx)),
    project: mcpJson(id, inProject(".junie", "mcp", "mcp.json"), ["mcpServers", "egc"], (ctx) => serverEntry(ctx)),
  },
  hooks: { note: "Junie has no documented hook API" },
  instructions: {
    project: protocolIn(id, inProject(".junie", "guidelines.md")),
    note: "guidelines are project-level only",
  },
}
