import { z } from "zod"
import { readEvents } from "../../../mesh"
import { sweepSessions } from "../../../mesh"
import { defineTool } from "../../tool"
import description from "./session-events.md" with { type: "text" }
import { ensureAnnounced } from "./session"
import { eventShape, projectField, toEvent } from "./shapes"

export const sessionEvents = defineTool({
  name: "session_events",
  title: "Read messages and events",
  description,
  profile: "full",
  input: {
    peek: z.boolean().default(false).describe("look without marking read"),
    limit: z.number().int().min(1).max(50).default(50).describe("at most this many, oldest first"),
  },
  output: {
    project: projectField,
    events: z.array(eventShape).describe("unread events, oldest first"),
    more: z.boolean().describe("true when more are waiting"),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: ({ peek, limit }, ctx) => {
    ensureAnnounced(ctx)
    sweepSessions(ctx.project.id) // a peer that died announces its end before we read
    const events = readEvents(ctx.project, ctx.session.id, { peek, limit })
    return { project: ctx.project.display, events: events.map(toEvent), more: events.length === limit }
  },
})
