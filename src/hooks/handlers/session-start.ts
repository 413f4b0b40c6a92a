import { EgcError } from "../../core/errors"
import type { HookContext } from "../ports"
import type { HookAnswer, HookInput } from "../types"
import { frame, section } from "./_context"

/**
 * Session start: this project's state view (through the memory reader), titles awaiting review,
 * live peers and unread messages. Everything is read for `ctx.project` only; when nothing matches,
 * nothing is injected — never another project's state as a fallback.
 */
export async function sessionStart(input: HookInput, ctx: HookContext): Promise<HookAnswer> {
  const { memory, mesh } = ctx.deps
  const { project } = ctx
  // each source on its own: a mesh failure must not cost the session its state, nor the reverse
  const safe = async <T>(what: string, fn: () => T | Promise<T>): Promise<T | undefined> => {
    try {
      return await fn()
    } catch (error) {
      // a key problem is the session's news, not one source's: the hook tells the session (run.ts)
      if (error instanceof EgcError && error.code.startsWith("E_KEY_")) throw error
      ctx.log.warn("session-start source failed", { what, error: error instanceof Error ? error.message : String(error) })
      return undefined
    }
  }
  await safe("heartbeat", () => mesh?.heartbeat?.({ sessionId: input.sessionId, project, tool: input.tool }))
  const [state, pending, peers, unread] = await Promise.all([
    safe("state", () => memory?.stateView(project)),
    safe("pending", () => memory?.pendingTitles(project)),
    safe("peers", () => mesh?.peersSummary?.(project, input.sessionId)),
    safe("unread", () => (input.sessionId ? mesh?.unreadFor?.(project, input.sessionId) : undefined)),
  ])
  const review = pending?.length
    ? `${pending.map((p) => `- ${p.id}: ${p.title}`).join("\n")}\nUntil the person approves them (\`egc memory review\`, \`egc memory approve <id>\`, or by asking you to call memory_review) they are not facts.`
    : undefined
  const context = frame([
    state,
    section(`Awaiting review (${pending?.length ?? 0})`, review),
    section("Other sessions on this project", peers),
    section("Unread messages", unread),
  ])
  return context ? { context } : {}
}
