import { detectTarget, makeContext } from "./context"
import { TARGETS } from "./targets"
import type { Facets, InstallContext, Scope } from "./types"

export interface TargetInfo {
  id: string
  name: string
  detected: string | null
  mcp: string
  hooks: string
  instructions: string
}

const say = (f: Facets, ctx: InstallContext, what: string) =>
  f[ctx.scope]?.describe(ctx) ?? `no ${what} at ${ctx.scope} scope${f.note ? `: ${f.note}` : ""}`

/** `egc install --list`: every target, what it would get at this scope, or why not. */
export function listTargets(opts: {
  scope: Scope
  project: string
  bin: string
  home?: string
  pathDirs?: string[]
}): TargetInfo[] {
  const ctx = makeContext(opts)
  return TARGETS.map((t) => ({
    id: t.id,
    name: t.name,
    detected: detectTarget(ctx, t) ?? null,
    mcp: say(t.mcp, ctx, "MCP"),
    hooks: say(t.hooks, ctx, "hooks"),
    instructions: say(t.instructions, ctx, "instruction file"),
  }))
}

export function renderList(rows: TargetInfo[]): string {
  return rows
    .map((r) =>
      [
        `${r.detected ? "●" : "○"} ${r.id} — ${r.name}${r.detected ? ` (found ${r.detected})` : " (not detected)"}`,
        `    mcp:          ${r.mcp}`,
        `    hooks:        ${r.hooks}`,
        `    instructions: ${r.instructions}`,
      ].join("\n"),
    )
    .join("\n")
}
