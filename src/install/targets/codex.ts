import { join } from "node:path"
import { SERVE_ARGS } from "../command"
import { probe } from "../context"
import type { Facet, HookEvent, Target } from "../types"
import { claudeHooks, inHome, inProject, protocolIn, tilde } from "./_build"

const id = "codex"
const EVENTS: Record<string, HookEvent> = {
  SessionStart: "session-start",
  UserPromptSubmit: "prompt-submit",
  PreToolUse: "pre-tool",
  PostToolUse: "post-tool",
  PreCompact: "pre-compact",
  Stop: "stop",
}

/** `[mcp_servers.egc]` in config.toml: the official table form (never `[[mcp_servers]]`). */
const toml = (dir: (ctx: Parameters<Facet["edits"]>[0]) => string): Facet => ({
  describe: (ctx) => `${tilde(ctx, join(dir(ctx), "config.toml"))} ([mcp_servers.egc])`,
  edits: (ctx) => [
    {
      file: join(dir(ctx), "config.toml"),
      op: { kind: "toml-table", table: "mcp_servers.egc", values: { command: ctx.bin, args: SERVE_ARGS } },
      target: id,
      purpose: "mcp",
    },
  ],
})

export const codex: Target = {
  id,
  name: "Codex CLI",
  projectMarkers: [".codex"],
  detect: (ctx) => probe(ctx, [{ dir: inHome(".codex")(ctx) }, { bin: "codex" }]),
  mcp: { user: toml(inHome(".codex")), project: toml(inProject(".codex")) },
  hooks: {
    user: claudeHooks(id, id, inHome(".codex", "hooks.json"), EVENTS),
    project: claudeHooks(id, id, inProject(".codex", "hooks.json"), EVENTS),
  },
  instructions: {
    user: protocolIn(id, inHome(".codex", "AGENTS.md")),
    project: protocolIn(id, inProject("AGENTS.md")),
  },
  afterNote:
    "Codex runs new hooks only after you review and trust them (/hooks); project .codex/ layers load only in trusted projects",
}
