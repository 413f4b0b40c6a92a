import { hookCommand } from "../command"
import { probe } from "../context"
import type { Facet, HookEvent, InstallContext, Target } from "../types"
import { inHome, inProject, mcpJson, ownedFile, protocolIn, serverEntry } from "./_build"

const id = "copilot-cli"
const EVENTS: Record<string, HookEvent> = {
  sessionStart: "session-start",
  userPromptSubmitted: "prompt-submit",
  preToolUse: "pre-tool",
  postToolUse: "post-tool",
  sessionEnd: "session-end",
}

/** `.github/hooks/egc.json` (version 1, bash/powershell commands): read by Copilot CLI and VS Code. */
function hooksJson(ctx: InstallContext): string {
  // PowerShell runs a quoted path only through the call operator.
  const line = (event: HookEvent) =>
    ctx.platform === "win32"
      ? { powershell: `& ${hookCommand(ctx, event, "copilot")}` }
      : { bash: hookCommand(ctx, event, "copilot") }
  const hooks = Object.fromEntries(
    Object.entries(EVENTS).map(([native, ours]) => [native, [{ type: "command", ...line(ours), timeoutSec: 30 }]]),
  )
  return `${JSON.stringify({ version: 1, hooks }, null, 2)}\n`
}

export const copilotHooksFile = (target: string): Facet =>
  ownedFile(
    target,
    "hooks",
    inProject(".github", "hooks", "egc.json"),
    hooksJson,
    `hooks: ${Object.keys(EVENTS).join(", ")}`,
  )

export const copilotCli: Target = {
  id,
  name: "Copilot CLI",
  projectMarkers: [".github/copilot-instructions.md", ".github/hooks"],
  detect: (ctx) => probe(ctx, [{ dir: inHome(".copilot")(ctx) }, { bin: "copilot" }]),
  mcp: {
    user: mcpJson(id, inHome(".copilot", "mcp-config.json"), ["mcpServers", "egc"], (ctx) =>
      serverEntry(ctx, { type: "local", tools: ["*"] }),
    ),
    note: "servers are user-level only (~/.copilot/mcp-config.json)",
  },
  hooks: { project: copilotHooksFile(id), note: "hooks load from the repository's .github/hooks only" },
  instructions: {
    user: protocolIn(id, inHome(".copilot", "copilot-instructions.md")),
    project: protocolIn(id, inProject(".github", "copilot-instructions.md")),
  },
}
