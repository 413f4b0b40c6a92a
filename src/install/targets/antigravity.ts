import { existsSync } from "node:fs"
import { join } from "node:path"
import { probe } from "../context"
import type { InstallContext, Target } from "../types"
import { inHome, inProject, mcpJson, protocolIn, protocolRule, serverEntry } from "./_build"

const id = "antigravity"
/** The CLI keeps its data in antigravity-cli/, the IDE in antigravity/. */
const dir = (ctx: InstallContext) =>
  existsSync(join(ctx.home, ".gemini", "antigravity-cli"))
    ? join(ctx.home, ".gemini", "antigravity-cli")
    : join(ctx.home, ".gemini", "antigravity")

export const antigravity: Target = {
  id,
  name: "Antigravity",
  projectMarkers: [".agent"],
  detect: (ctx) =>
    probe(ctx, [
      { dir: inHome(".gemini", "antigravity-cli")(ctx) },
      { dir: inHome(".gemini", "antigravity")(ctx) },
      { bin: "agy" },
      { bin: "antigravity" },
    ]),
  mcp: {
    user: mcpJson(
      id,
      (ctx) => join(dir(ctx), "mcp_config.json"),
      ["mcpServers", "egc"],
      (ctx) => serverEntry(ctx),
    ),
    note: "servers are user-level only",
  },
  hooks: { note: "Antigravity's hook format is not documented; egc does not guess" },
  instructions: {
    user: protocolIn(id, inHome(".gemini", "GEMINI.md")),
    project: protocolRule(id, inProject(".agent", "rules", "egc.md"), "trigger: always_on"),
  },
}
