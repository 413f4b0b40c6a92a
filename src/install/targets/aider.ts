import { probe } from "../context"
import type { Target } from "../types"
import { inHome } from "./_build"

/**
 * Aider has neither MCP nor hooks. Writing the memory protocol there would tell the model to call
 * tools it does not have, so egc installs nothing and says so; `egc guard --` and `egc crush --`
 * still work when run by hand.
 */
export const aider: Target = {
  id: "aider",
  name: "Aider",
  projectMarkers: [".aider.conf.yml"],
  detect: (ctx) => probe(ctx, [{ file: inHome(".aider.conf.yml")(ctx) }, { bin: "aider" }]),
  mcp: { note: "Aider has no MCP client" },
  hooks: { note: "Aider has no hook API" },
  instructions: { note: "without MCP the memory protocol would name tools Aider cannot call" },
}
