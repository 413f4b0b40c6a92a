import { probe } from "../context"
import type { Target } from "../types"
import { CLAUDE_EVENTS, claudeHooks, inHome, inProject, mcpJson, protocolIn, serverEntry } from "./_build"

const id = "qwen"

/** Qwen Code: Gemini-style settings.json for servers, Claude-style hook events. */
export const qwen: Target = {
  id,
  name: "Qwen Code",
  projectMarkers: [".qwen", "QWEN.md"],
  detect: (ctx) => probe(ctx, [{ dir: inHome(".qwen")(ctx) }, { bin: "qwen" }]),
  mcp: {
    user: mcpJson(id, inHome(".qwen", "settings.json"), ["mcpServers", "egc"], (ctx) => serverEntry(ctx)),
    project: mcpJson(id, inProject(".qwen", "settings.json"), ["mcpServers", "egc"], (ctx) => serverEntry(ctx)),
  },
  hooks: {
    user: claudeHooks(id, id, inHome(".qwen", "settings.json"), CLAUDE_EVENTS),
    project: claudeHooks(id, id, inProject(".qwen", "settings.json"), CLAUDE_EVENTS),
  },
  instructions: { user: protocolIn(id, inHome(".qwen", "QWEN.md")), project: protocolIn(id, inProject("QWEN.md")) },
}
