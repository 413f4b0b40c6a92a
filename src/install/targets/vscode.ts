import { join } from "node:path"
import { probe } from "../context"
import type { Target } from "../types"
import { inProject, mcpJson, protocolIn, serverEntry } from "./_build"
import { copilotHooksFile } from "./copilot-cli"

const id = "vscode"
const entry = (ctx: Parameters<typeof serverEntry>[0]) => serverEntry(ctx, { type: "stdio" })

/** VS Code with Copilot: mcp.json uses `servers`, not `mcpServers`. */
export const vscode: Target = {
  id,
  name: "VS Code (Copilot)",
  projectMarkers: [".vscode"],
  detect: (ctx) => probe(ctx, [{ dir: ctx.vscodeUser }, { bin: "code" }]),
  mcp: {
    user: mcpJson(id, (ctx) => join(ctx.vscodeUser, "mcp.json"), ["servers", "egc"], entry),
    project: mcpJson(id, inProject(".vscode", "mcp.json"), ["servers", "egc"], entry),
  },
  hooks: {
    project: copilotHooksFile(id),
    note: "agent hooks (preview) are read from the repository's .github/hooks, shared with Copilot CLI",
  },
  instructions: {
    project: protocolIn(id, inProject(".github", "copilot-instructions.md")),
    note: "user-level instructions live in VS Code's prompts folder, managed in its UI",
  },
}
