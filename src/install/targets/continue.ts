import { SERVE_ARGS } from "../command"
import { probe } from "../context"
import type { InstallContext, Target } from "../types"
import { inHome, inProject, ownedFile, protocolRule } from "./_build"

const id = "continue"

/** Continue: one YAML block file per server under mcpServers/ (config.yaml schema v1). */
const block = (ctx: InstallContext) =>
  `# managed by egc install; egc uninstall removes this file\nname: egc\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: egc\n    type: stdio\n    command: ${JSON.stringify(ctx.bin)}\n    args: ${JSON.stringify(SERVE_ARGS)}\n`

export const continueDev: Target = {
  id,
  name: "Continue",
  projectMarkers: [".continue"],
  detect: (ctx) => probe(ctx, [{ dir: inHome(".continue")(ctx) }, { bin: "cn" }]),
  mcp: {
    user: ownedFile(id, "mcp", inHome(".continue", "mcpServers", "egc.yaml"), block, "mcpServers block (YAML)"),
    project: ownedFile(id, "mcp", inProject(".continue", "mcpServers", "egc.yaml"), block, "mcpServers block (YAML)"),
  },
  hooks: { note: "Continue has no hook API" },
  instructions: {
    user: protocolRule(id, inHome(".continue", "rules", "egc.md"), "name: egc memory protocol\nalwaysApply: true"),
    project: protocolRule(
      id,
      inProject(".continue", "rules", "egc.md"),
      "name: egc memory protocol\nalwaysApply: true",
    ),
  },
}
