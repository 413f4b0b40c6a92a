import { probe } from "../context"
import type { HookEvent, Target } from "../types"
import { flatHooks, inHome, inProject, mcpJson, protocolIn, protocolRule, serverEntry } from "./_build"

const id = "windsurf"
/** Cascade hooks; writes and commands both pass the guard. */
const EVENTS: Record<string, HookEvent> = {
  pre_user_prompt: "prompt-submit",
  pre_run_command: "pre-tool",
  pre_write_code: "pre-tool",
  post_run_command: "post-tool",
  post_write_code: "post-tool",
  post_cascade_response: "stop",
}

export const windsurf: Target = {
  id,
  name: "Windsurf",
  projectMarkers: [".windsurf", ".windsurfrules"],
  detect: (ctx) => probe(ctx, [{ dir: inHome(".codeium", "windsurf")(ctx) }, { bin: "windsurf" }]),
  mcp: {
    user: mcpJson(id, inHome(".codeium", "windsurf", "mcp_config.json"), ["mcpServers", "egc"], (ctx) =>
      serverEntry(ctx),
    ),
    note: "servers are user-level only",
  },
  hooks: {
    user: flatHooks(id, id, inHome(".codeium", "windsurf", "hooks.json"), EVENTS),
    project: flatHooks(id, id, inProject(".windsurf", "hooks.json"), EVENTS),
  },
  instructions: {
    user: protocolIn(id, inHome(".codeium", "windsurf", "memories", "global_rules.md")),
    project: protocolRule(id, inProject(".windsurf", "rules", "egc.md"), "trigger: always_on"),
  },
}
