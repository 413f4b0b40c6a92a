import { hookCommand } from "../command"
import type { HookEvent, InstallContext } from "../types"
import { serverEntry } from "./_build"

/** Kiro CLI and Amazon Q CLI agents: one JSON file carrying the server and the hooks. */
const EVENTS: Record<string, HookEvent> = {
  agentSpawn: "session-start",
  userPromptSubmit: "prompt-submit",
  preToolUse: "pre-tool",
  postToolUse: "post-tool",
  stop: "stop",
}

export function agentFile(tool: string) {
  return (ctx: InstallContext): string => {
    const hooks = Object.fromEntries(
      Object.entries(EVENTS).map(([native, ours]) => [
        native,
        [{ ...(native.endsWith("ToolUse") ? { matcher: "*" } : {}), command: hookCommand(ctx, ours, tool) }],
      ]),
    )
    const agent = {
      name: "egc",
      description: "egc memory, guard and mesh (managed by egc install)",
      mcpServers: { egc: serverEntry(ctx) },
      tools: ["*"],
      allowedTools: ["@egc"],
      hooks,
    }
    return `${JSON.stringify(agent, null, 2)}\n`
  }
}

export const AGENT_EVENTS = Object.keys(EVENTS).join(", ")
