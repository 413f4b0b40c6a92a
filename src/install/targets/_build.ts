import { join } from "node:path"
import { hookCommand, SERVE_ARGS } from "../command"
import { protocolBlock, protocolFile } from "../protocol"
import type { Edit, Facet, HookEvent, InstallContext, Op, Purpose } from "../types"

/** Small builders so each target file reads as a table of facts about one tool. */
type At = (ctx: InstallContext) => string
export const tilde = (ctx: InstallContext, p: string) =>
  p.startsWith(ctx.home)
    ? `~${p.slice(ctx.home.length)}`
    : p.startsWith(ctx.project)
      ? `<project>${p.slice(ctx.project.length)}`
      : p

export const inHome =
  (...parts: string[]): At =>
  (ctx) =>
    join(ctx.home, ...parts)
export const inProject =
  (...parts: string[]): At =>
  (ctx) =>
    join(ctx.project, ...parts)
export const inXdg =
  (...parts: string[]): At =>
  (ctx) =>
    join(ctx.xdgConfig, ...parts)

function facet(target: string, purpose: Purpose, at: At, op: (ctx: InstallContext) => Op, format: string): Facet {
  return {
    describe: (ctx) => `${tilde(ctx, at(ctx))} (${format})`,
    edits: (ctx): Edit[] => [{ file: at(ctx), op: op(ctx), target, purpose }],
  }
}

/** The stdio server entry most tools share: `{command, args}` plus tool-specific fields. */
export const serverEntry = (ctx: InstallContext, extra: Record<string, unknown> = {}) => ({
  command: ctx.bin,
  args: SERVE_ARGS,
  ...extra,
})

export function mcpJson(
  target: string,
  at: At,
  key: string[],
  value: (ctx: InstallContext) => unknown,
  format = `${key.slice(0, -1).join(".")}.${key.at(-1)}`,
): Facet {
  return facet(target, "mcp", at, (ctx) => ({ kind: "json-set", path: key, value: value(ctx) }), format)
}

/** Claude-shaped hooks: {hooks: {Event: [{matcher?, hooks: [{type: "command", command}]}]}}. */
export function claudeHooks(
  target: string,
  tool: string,
  at: At,
  map: Record<string, HookEvent>,
  path = ["hooks"],
): Facet {
  return facet(
    target,
    "hooks",
    at,
    (ctx) => ({
      kind: "json-hooks",
      path,
      events: Object.fromEntries(
        Object.entries(map).map(([native, ours]) => [
          native,
          [{ hooks: [{ type: "command", command: hookCommand(ctx, ours, tool) }] }],
        ]),
      ),
    }),
    `hooks: ${Object.keys(map).join(", ")}`,
  )
}

/** Flat hooks: {hooks: {event: [{command, ...extra}]}} (Cursor, Windsurf). */
export function flatHooks(
  target: string,
  tool: string,
  at: At,
  map: Record<string, HookEvent>,
  defaults?: Record<string, unknown>,
): Facet {
  return facet(
    target,
    "hooks",
    at,
    (ctx) => ({
      kind: "json-hooks",
      path: ["hooks"],
      events: Object.fromEntries(
        Object.entries(map).map(([native, ours]) => [native, [{ command: hookCommand(ctx, ours, tool) }]]),
      ),
      ...(defaults ? { defaults } : {}),
    }),
    `hooks: ${Object.keys(map).join(", ")}`,
  )
}

export function ownedFile(
  target: string,
  purpose: Purpose,
  at: At,
  content: (ctx: InstallContext) => string,
  format: string,
  mode?: number,
): Facet {
  return facet(
    target,
    purpose,
    at,
    (ctx) => ({ kind: "file", content: content(ctx), ...(mode ? { mode } : {}) }),
    format,
  )
}

export const protocolIn = (target: string, at: At): Facet =>
  facet(target, "instructions", at, () => protocolBlock(), "memory protocol block")
export const protocolRule = (target: string, at: At, frontMatter?: string): Facet =>
  facet(target, "instructions", at, () => protocolFile(frontMatter), "memory protocol rule file")

/** Several facets as one (e.g. one hook script per event). */
export function all(...facets: Facet[]): Facet {
  return {
    describe: (ctx) => facets.map((f) => f.describe(ctx)).join("; "),
    edits: (ctx) => facets.flatMap((f) => f.edits(ctx)),
  }
}

export const CLAUDE_EVENTS: Record<string, HookEvent> = {
  SessionStart: "session-start",
  UserPromptSubmit: "prompt-submit",
  PreToolUse: "pre-tool",
  PostToolUse: "post-tool",
  PreCompact: "pre-compact",
  Stop: "stop",
  SessionEnd: "session-end",
}

/** Claude Code reports a failed tool call only as PostToolUseFailure (seen with the real CLI). */
export const CLAUDE_CODE_EVENTS: Record<string, HookEvent> = { ...CLAUDE_EVENTS, PostToolUseFailure: "post-tool" }
