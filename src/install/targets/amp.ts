import { probe } from "../context"
import type { Target } from "../types"
import { inProject, inXdg, mcpJson, protocolIn, serverEntry } from "./_build"

const id = "amp"

/** Amp: `amp.mcpServers` (a dotted key) in its settings.json. */
export const amp: Target = {
  id,
  name: "Amp",
  projectMarkers: [".amp"],
  detect: (ctx) => probe(ctx, [{ dir: inXdg("amp")(ctx) }, { bin: "amp" }]),
  mcp: {
    user: mcpJson(id, inXdg("amp", "settings.json"), ["amp.mcpServers", "egc"], (ctx) => serverEntry(ctx)),
    project: mcpJson(id, inProject(".amp", "settings.json"), ["amp.mcpServers", "egc"], (ctx) => serverEntry(ctx)),
  },
  hooks: { note: "Amp's plugin API is experimental; egc does not wire it yet" },
  instructions: { user: protocolIn(id, inXdg("amp", "AGENTS.md")), project: protocolIn(id, inProject("AGENTS.md")) },
}
