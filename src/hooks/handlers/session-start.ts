import { EgcError } from "../../core/errors"
import type { HookContext } from "../ports"
import type { HookAnswer, HookInput } from "../types"
import { CONTEXT_CAP_CHARS, FRAME_OVERHEAD_CHARS, frame, section } from "./_context"

/** Titles awaiting review shown at session start; the rest are counted. */
const PENDING_SHOWN = 10
/** Peers and unread messages each get at most this many characters, so the state keeps its room. */
const SIDE_CAP_CHARS = 1200

const capped = (text: string | undefined) =>
  text && text.length > SIDE_CAP_CHARS ? `${text.slice(0, SIDE_CAP_CHARS - 40).trimEnd()}\n… (more: egc mesh)` : text

/**
 * Session start: this project's state view (through the memory reader), titles awaiting review,
 * live peers and unread messages. Everything is read for `ctx.project` only; when nothing matches,
 * nothing is injected — never another project's state as a fallback. The other sections are sized
 * first and the state view is rendered within the room left, so the frame never cuts its tail.
 */
export async function sessionStart(input: HookInput, ctx: HookContext): Promise<HookAnswer> {
  const { memory, mesh, sync } = ctx.deps
  const { project } = ctx
  // each source on its own: a mesh failure must not cost the session its state, nor the reverse
  const safe = async <T>(what: string, fn: () => T | Promise<T>): Promise<T | undefined> => {
    try {
      return await fn()
    } catch (error) {
      // a key problem is the session's news, not one source's: the hook tells the session (run.ts)
      if (error instanceof EgcError && error.code.startsWith("E_KEY_")) throw error
      ctx.log.warn("session-start source failed", {
        what,
        error: error instanceof Error ? error.message : String(error),
      })
      return undefined
    }
  }
  await safe("heartbeat", () => mesh?.heartbeat?.({ sessionId: input.sessionId, project, tool: input.tool }))
  // before the state is read, so promoted items show on the default branch in this very session
  const followed = await safe("branches", () => sync?.followBranches?.(project))
  const [pending, peers, unread] = await Promise.all([
    safe("pending", () => memory?.pendingTitles(project, PENDING_SHOWN)),
    safe("peers", () => mesh?.peersSummary?.(project, input.sessionId)),
    safe("unread", () => (input.sessionId ? mesh?.unreadFor?.(project, input.sessionId) : undefined)),
  ])
  const shown = (pending?.shown ?? []).slice(0, PENDING_SHOWN).map((p) => `- ${p.id}: ${p.title.slice(0, 160)}`)
  const hiddenCount = (pending?.total ?? 0) - shown.length
  const review = pending?.total
    ? `${shown.join("\n")}${hiddenCount > 0 ? `\n- … ${hiddenCount} more (egc memory review)` : ""}\nUntil the person approves them (\`egc memory review\`, \`egc memory approve <id>\`, or by asking you to call memory_review) they are not facts.`
    : undefined
  const sides = [
    section("Memory followed git", followed),
    section(`Awaiting review (${pending?.total ?? 0})`, review),
    section("Other sessions on this project", capped(peers)),
    section("Unread messages", capped(unread)),
  ]
  const room = CONTEXT_CAP_CHARS - FRAME_OVERHEAD_CHARS - sides.reduce((n, s) => n + (s ? s.length + 2 : 0), 0)
  const state = await safe("state", () => memory?.stateView(project, Math.floor(Math.max(400, room) / 4)))
  const context = frame([state, ...sides])
  return context ? { context } : {}
}
