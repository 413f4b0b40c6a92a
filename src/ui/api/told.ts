import { listTold, toldSessions } from "../../hooks"
import { HttpError, type UiContext } from "../context"

/** The sessions of this project that a hook told something, newest (latest start) first. */
export function toldList(ctx: UiContext) {
  return toldSessions({ project: ctx.project.id, limit: 200 })
    .map((s) => ({ session: s.session, tool: s.tool, started: s.first, last: s.last, count: s.count }))
    .sort((a, b) => b.started - a.started || b.last - a.last)
}

/** One session's injections, newest first; the text is data for the page to show as text. */
export function toldSession(ctx: UiContext, params: URLSearchParams) {
  const session = params.get("session")
  if (!session) throw new HttpError(400, "session must be a non-empty string")
  const injections = listTold({ project: ctx.project.id, session, limit: 500 }).map((t) => ({
    id: t.id,
    at: t.at,
    event: t.event,
    tool: t.tool,
    text: t.text,
    truncated: t.truncated,
  }))
  return { session, injections }
}

/** The overview's card: the last injection of this project (with its session, to open it), or why it is missing. */
export function lastInjection(ctx: UiContext): {
  last: { at: number; event: string; tool: string; session: string } | null
  error: string | null
} {
  try {
    const t = listTold({ project: ctx.project.id, limit: 1 })[0]
    return { last: t ? { at: t.at, event: t.event, tool: t.tool, session: t.session } : null, error: null }
  } catch (e) {
    return { last: null, error: e instanceof Error ? e.message : String(e) }
  }
}
