import { probe } from "../context"
import type { Target } from "../types"
import { inProject, inXdg, mcpJson, protocolIn, serverEntry } from "./_build"

const id = "zed"
const entry = (ctx: Parameters<typeof serverEntry>[0]) => serverEntry(ctx, { source: "custom", env: {} })

/** Zed: flat custom context servers in a JSONC settings file (comments kept). */
export const zed: Target = {
  id,
  name: "Zed",
  projectMarkers: [".zed", ".rules"],
  detect: (ctx) => probe(ctx, [{ dir: inXdg("zed")(ctx) }, { bin: "zed" }, { bin: "zeditor" }]),
  mcp: {
    user: mcpJson(id, inXdg("zed", "settings.json"), ["context_servers", "egc"], entry),
    project: mcpJson(id, inProject(".zed", "settings.json"), ["context_servers", "egc"], entry),
  },
  hooks: { note: "Zed has no hook API" },
  instructions: {
    project: protocolIn(id, inProject("AGENTS.md")),
    note: "user rules live in Zed's Rules Library (UI); Zed reads the first of .rules, …, AGENTS.md in a project",
  },
}
