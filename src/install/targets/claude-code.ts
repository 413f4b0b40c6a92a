import { probe } from "../context"
import type { Target } from "../types"
import { CLAUDE_CODE_EVENTS, claudeHooks, inHome, inProject, mcpJson, protocolIn, serverEntry } from "./_build"

const id = "claude-code"
const entry = (ctx: Parameters<typeof serverEntry>[0]) => serverEntry(ctx, { type: "stdio", env: {} })

/** Claude Code: user servers in ~/.claude.json (what `claude mcp add -s user` writes), hooks in settings.json. */
export const claudeCode: Target = {
  id,
  name: "Claude Code",
  projectMarkers: [".claude", ".mcp.json", "CLAUDE.md"],
  detect: (ctx) =>
    probe(ctx, [{ dir: inHome(".claude")(ctx) }, { file: inHome(".claude.json")(ctx) }, { bin: "claude" }]),
  mcp: {
    user: mcpJson(id, inHome(".claude.json"), ["mcpServers", "egc"], entry),
    project: mcpJson(id, inProject(".mcp.json"), ["mcpServers", "egc"], entry),
  },
  hooks: {
    user: claudeHooks(id, id, inHome(".claude", "settings.json"), CLAUDE_CODE_EVENTS),
    project: claudeHooks(id, id, inProject(".claude", "settings.json"), CLAUDE_CODE_EVENTS),
  },
  instructions: {
    user: protocolIn(id, inHome(".claude", "CLAUDE.md")),
    project: protocolIn(id, inProject("CLAUDE.md")),
  },
  afterNote: "Claude Code asks once to approve the servers of a project's .mcp.json",
}
