import { join } from "node:path"
import { probe } from "../context"
import type { HookEvent, Target } from "../types"
import { flatHooks, inHome, inProject, mcpJson, protocolRule, serverEntry } from "./_build"

const id = "cursor"
const EVENTS: Record<string, HookEvent> = {
  sessionStart: "session-start",
  beforeSubmitPrompt: "prompt-submit",
  preToolUse: "pre-tool",
  postToolUse: "post-tool",
  postToolUseFailure: "post-tool",
  preCompact: "pre-compact",
  stop: "stop",
  sessionEnd: "session-end",
}

export const cursor: Target = {
  id,
  name: "Cursor",
  projectMarkers: [".cursor", ".cursorrules"],
  detect: (ctx) =>
    probe(ctx, [{ dir: inHome(".cursor")(ctx) }, { dir: join(ctx.xdgConfig, "Cursor") }, { bin: "cursor" }]),
  mcp: {
    user: mcpJson(id, inHome(".cursor", "mcp.json"), ["mcpServers", "egc"], (ctx) => serverEntry(ctx)),
    project: mcpJson(id, inProject(".cursor", "mcp.json"), ["mcpServers", "egc"], (ctx) => serverEntry(ctx)),
  },
  hooks: {
    user: flatHooks(id, id, inHome(".cursor", "hooks.json"), EVENTS, { version: 1 }),
    project: flatHooks(id, id, inProject(".cursor", "hooks.json"), EVENTS, { version: 1 }),
  },
  instructions: {
    project: protocolRule(
      id,
      inProject(".cursor", "rules", "egc.mdc"),
      "description: egc memory protocol\nalwaysApply: true",
    ),
    note: "user rules live in Cursor's settings UI (no file); the MCP server's instructions carry the protocol",
  },
}
