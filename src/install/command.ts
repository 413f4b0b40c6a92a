import type { HookEvent, InstallContext } from "./types"

const SAFE = /^[A-Za-z0-9_./:@%+=,-]+$/

/** Quote a path for the shell that will run the hook (sh on POSIX, cmd/PowerShell on Windows). */
export function shellQuote(path: string, platform: NodeJS.Platform): string {
  if (SAFE.test(path)) return path
  if (platform === "win32") return `"${path.replace(/"/g, '""')}"`
  return `'${path.replace(/'/g, `'\\''`)}'`
}

/** The one hook command line: `<egc> hook <event> --tool <tool>`. */
export function hookCommand(ctx: InstallContext, event: HookEvent, tool: string): string {
  return `${shellQuote(ctx.bin, ctx.platform)} hook ${event} --tool ${tool}`
}

const EVENTS = "session-start|prompt-submit|pre-tool|post-tool|pre-compact|stop|session-end"
const HOOK_LINE = new RegExp(
  `^\\s*(?:&\\s*)?(?:"[^"]+"|'[^']+'|\\S+)\\s+hook\\s+(?:${EVENTS})\\s+--tool\\s+[a-z-]+\\s*$`,
)

/**
 * Recognises egc's hook commands by their shape, whatever binary path they name, so entries
 * left by an older install or another binary location are updated in place, never duplicated.
 */
export function isEgcHookCommand(command: unknown): boolean {
  return typeof command === "string" && HOOK_LINE.test(command)
}

export const SERVE_ARGS = ["serve"]
