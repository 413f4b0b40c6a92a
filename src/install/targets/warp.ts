import { probe } from "../context"
import type { Target } from "../types"
import { inHome, inProject, protocolIn } from "./_build"

const id = "warp"

export const warp: Target = {
  id,
  name: "Warp",
  projectMarkers: ["WARP.md"],
  detect: (ctx) =>
    probe(ctx, [
      { dir: inHome(".warp")(ctx) },
      { dir: inHome(".local", "share", "warp-terminal")(ctx) },
      { bin: "warp" },
      { bin: "warp-terminal" },
    ]),
  mcp: { note: "Warp keeps MCP servers in its app settings (UI only): add `egc serve` there" },
  hooks: { note: "Warp has no hook API" },
  instructions: { project: protocolIn(id, inProject("AGENTS.md")), note: "global rules are edited in Warp's UI" },
}
