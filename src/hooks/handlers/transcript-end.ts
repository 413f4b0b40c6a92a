import { existsSync } from "node:fs"
import { paths } from "../../core/paths"
import { mineTranscript } from "../miner"
import type { HookContext } from "../ports"
import type { HookAnswer, HookInput } from "../types"

/**
 * Pre-compact, stop and session end: mine the transcript into pending items. It answers nothing
 * to the tool: a Stop hook that blocks would keep the agent looping, and PreCompact output is
 * not injected anyway (after compaction, SessionStart with source "compact" re-injects state).
 * At session end, with `sync.autoPush` on, `egc sync push` is started in the background first, and a
 * mirror the person turned on is refreshed the same way (`egc mirror refresh`, detached).
 */
export async function transcriptEnd(input: HookInput, ctx: HookContext): Promise<HookAnswer> {
  if (input.event === "session-end" && ctx.config.sync.autoPush) await pushLater(ctx)
  // the mirror module (git, keys) loads only for a home where someone turned a mirror on
  if (input.event === "session-end" && existsSync(paths.mirror())) await refreshMirror(ctx)
  const memory = ctx.deps.memory
  if (!memory || !input.transcriptPath || input.stopHookActive) return {}
  const result = await mineTranscript(input.transcriptPath, ctx.project, memory, {
    source: "hook:miner",
    sessionId: input.sessionId,
    tool: input.tool,
  })
  if (result.proposed)
    ctx.log.info("mined transcript", { event: input.event, proposed: result.proposed, skipped: result.skipped })
  return {}
}

/** A push that cannot start costs the session nothing: logged, and the next push sends it. */
async function pushLater(ctx: HookContext): Promise<void> {
  try {
    if (await ctx.deps.sync?.pushInBackground?.(ctx.project)) ctx.log.info("sync push started in the background")
  } catch (error) {
    ctx.log.warn("sync push could not start", { error: error instanceof Error ? error.message : String(error) })
  }
}

/** An instruction-file mirror the person turned on is refreshed in the background; starting it never fails the hook. */
async function refreshMirror(ctx: HookContext): Promise<void> {
  try {
    const started = (await (await import("../../mirror")).background()).refreshInBackground(ctx.project)
    if (started) ctx.log.info("mirror refresh started in the background")
  } catch (error) {
    ctx.log.warn("mirror refresh could not start", { error: error instanceof Error ? error.message : String(error) })
  }
}
