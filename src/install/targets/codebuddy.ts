import { probe } from "../context"
import type { Target } from "../types"
import { CLAUDE_CODE_EVENTS, claudeHooks, inHome, inProject, mcpJson, protocolIn, serverEntry } from "./_build"

const id = "codebuddy"
const entry = (ctx: Parameters<typeof serverEntry>[0]) => serverEntry(ctx, { type: "stdio", env: {} })

/** CodeBuddy Code mirrors Claude Code's files and hook payloads, so its hooks use the Claude adapter. */
export const codebuddy: Target = {
  id,
  name: "CodeBuddy",
  projectMarkers: [".codebuddy", "CODEBUDDY.md"],
  detect: (ctx) =>
    probe(ctx, [{ dir: inHome(".codebuddy")(ctx) }, { file: inHome(".codebuddy.json")(ctx) }, { bin: "codebuddy" }]),
  mcp: {
    user: mcpJson(id, inHome(".codebuddy.json"), ["mcpServers", "egc"], entry),
    project: mcpJson(id, inProject(".mcp.json"), ["mcpServers", "egc"], entry),
  },
  hooks: {
    user: claudeHooks(id, "claude-code", inHome(".codebuddy", "settings.json"), CLAUDE_CODE_EVENTS),
    project: claudeHooks(id, "claude-code", inProject(".codebuddy", "settings.json"), CLAUDE_CODE_EVENTS),
  },
  instructions: {
    user: protocolIn(id, inHome(".codebuddy", "CODEBUDDY.md")),
    project: protocolIn(id, inProject("CODEBUDDY.md")),
  },
}
