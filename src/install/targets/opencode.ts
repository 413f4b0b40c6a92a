import { existsSync } from "node:fs"
import { join } from "node:path"
import { SERVE_ARGS } from "../command"
import { probe } from "../context"
import { openCodePluginSource } from "../../hooks"
import type { InstallContext, Target } from "../types"
import { inProject, inXdg, mcpJson, ownedFile, protocolIn } from "./_build"

const id = "opencode"
/** opencode.jsonc when the user already has one, else opencode.json. */
const config = (dir: (ctx: InstallContext) => string) => (ctx: InstallContext) => {
  const jsonc = join(dir(ctx), "opencode.jsonc")
  return existsSync(jsonc) ? jsonc : join(dir(ctx), "opencode.json")
}
const entry = (ctx: InstallContext) => ({ type: "local", command: [ctx.bin, ...SERVE_ARGS], enabled: true })

export const opencode: Target = {
  id,
  name: "OpenCode",
  projectMarkers: [".opencode", "opencode.json", "opencode.jsonc"],
  detect: (ctx) => probe(ctx, [{ dir: inXdg("opencode")(ctx) }, { bin: "opencode" }]),
  mcp: {
    user: mcpJson(id, config(inXdg("opencode")), ["mcp", "egc"], entry),
    project: mcpJson(id, config(inProject()), ["mcp", "egc"], entry),
  },
  hooks: {
    user: ownedFile(
      id,
      "hooks",
      inXdg("opencode", "plugin", "egc.js"),
      (ctx) => openCodePluginSource(ctx.bin),
      "plugin: session, prompt, tool.execute.before/after",
    ),
    project: ownedFile(
      id,
      "hooks",
      inProject(".opencode", "plugin", "egc.js"),
      (ctx) => openCodePluginSource(ctx.bin),
      "plugin: session, prompt, tool.execute.before/after",
    ),
  },
  instructions: {
    user: protocolIn(id, inXdg("opencode", "AGENTS.md")),
    project: protocolIn(id, inProject("AGENTS.md")),
  },
}
