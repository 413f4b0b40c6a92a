import { mineTranscript } from "../miner"
import type { HookContext } from "../ports"
import type { HookAnswer, HookInput } from "../types"

/**
 * Pre-compact, stop and session end: mine the transcript into pending items. It answers nothing
 * to the tool: a Stop hook that blocks would keep the agent looping, and PreCompact output is
 * not injected anyway (after compaction, SessionStart with source "compact" re-injects state).
 */
export async function transcriptEnd(input: HookInput, ctx: HookContext): Promise<HookAnswer> {
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
