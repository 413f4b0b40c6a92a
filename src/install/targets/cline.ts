import { join } from "node:path"
import { hookCommand } from "../command"
import { probe } from "../context"
import type { HookEvent, InstallContext, Target } from "../types"
import { all, inHome, inProject, mcpJson, ownedFile, protocolRule, serverEntry } from "./_build"

const id = "cline"
const EVENTS: Record<string, HookEvent> = {
  TaskStart: "session-start",
  TaskResume: "session-start",
  UserPromptSubmit: "prompt-submit",
  PreToolUse: "pre-tool",
  PostToolUse: "post-tool",
  PreCompact: "pre-compact",
  TaskComplete: "stop",
}
const settings = (ctx: InstallContext) =>
  join(ctx.vscodeUser, "globalStorage", "saoudrizwan.claude-dev", "settings", "cline_mcp_settings.json")

/** Cline runs an executable file named after each event from its hooks folder. */
const script = (event: HookEvent) => (ctx: InstallContext) =>
  `#!/bin/sh\n# managed by egc install; egc uninstall removes this file\nexec ${hookCommand(ctx, event, id)}\n`
const hookFiles = (dir: (ctx: InstallContext) => string) =>
  all(
    ...Object.entries(EVENTS).map(([native, ours]) =>
      ownedFile(id, "hooks", (ctx) => join(dir(ctx), native), script(ours), `hook ${native}`, 0o755),
    ),
  )

export const cline: Target = {
  id,
  name: "Cline",
  projectMarkers: [".clinerules"],
  detect: (ctx) =>
    probe(ctx, [
      { dir: join(ctx.vscodeUser, "globalStorage", "saoudrizwan.claude-dev") },
      { dir: inHome("Documents", "Cline")(ctx) },
      { bin: "cline" },
    ]),
  mcp: {
    user: mcpJson(id, settings, ["mcpServers", "egc"], (ctx) => serverEntry(ctx, { disabled: false })),
    note: "servers are user-level only (the extension's settings)",
  },
  hooks: {
    user: hookFiles(inHome("Documents", "Cline", "Hooks")),
    project: hookFiles(inProject(".clinerules", "hooks")),
    note: "hook scripts are POSIX sh; on Windows Cline needs Git Bash or WSL",
  },
  instructions: {
    user: protocolRule(id, inHome("Documents", "Cline", "Rules", "egc.md")),
    project: protocolRule(id, inProject(".clinerules", "egc.md")),
  },
}
