import { probe } from "../context"
import { GEMINI_TRUST_HINT } from "../gemini-trust"
import type { HookEvent, Target } from "../types"
import { claudeHooks, inHome, inProject, mcpJson, protocolIn, serverEntry } from "./_build"

const id = "gemini"
/** Gemini CLI's own event names, in settings.json beside mcpServers. */
const EVENTS: Record<string, HookEvent> = {
  SessionStart: "session-start",
  BeforeAgent: "prompt-submit",
  BeforeTool: "pre-tool",
  AfterTool: "post-tool",
  PreCompress: "pre-compact",
  AfterAgent: "stop",
  SessionEnd: "session-end",
}

export const gemini: Target = {
  id,
  name: "Gemini CLI",
  projectMarkers: [".gemini", "GEMINI.md"],
  afterNote: GEMINI_TRUST_HINT,
  detect: (ctx) => probe(ctx, [{ dir: inHome(".gemini")(ctx) }, { bin: "gemini" }]),
  mcp: {
    user: mcpJson(id, inHome(".gemini", "settings.json"), ["mcpServers", "egc"], (ctx) => serverEntry(ctx)),
    project: mcpJson(id, inProject(".gemini", "settings.json"), ["mcpServers", "egc"], (ctx) => serverEntry(ctx)),
  },
  hooks: {
    user: claudeHooks(id, id, inHome(".gemini", "settings.json"), EVENTS),
    project: claudeHooks(id, id, inProject(".gemini", "settings.json"), EVENTS),
  },
  instructions: {
    user: protocolIn(id, inHome(".gemini", "GEMINI.md")),
    project: protocolIn(id, inProject("GEMINI.md")),
  },
}
