import { z } from "zod"
import { waitForEvents } from "../../../mesh"
import { sweepSessions } from "../../../mesh"
import { defineTool } from "../../tool"
import description from "./session-wait.md" with { type: "text" }
import { ensureAnnounced } from "./session"
import { eventShape, projectField, toEvent } from "./shapes"

export const sessionWait = defineTool({
  name: "session_wait",
  title: "Wait for a message or event",
  description,
  profile: "full",
  input: {
    timeout_seconds: z.number().min(0).max(50).default(20).describe("give up after this many seconds (at most 50)"),
  },
  output: {
    project: projectField,
    events: z.array(eventShape).describe("events that arrived, oldest first"),
    timedOut: z.boolean().describe("true when nothing arrived in time"),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async ({ timeout_seconds }, ctx) => {
    ensureAnnounced(ctx)
    sweepSessions(ctx.project.id) // a peer that died announces its end before we read
    const events = await waitForEvents(ctx.project, ctx.session.id, timeout_seconds * 1000, { signal: ctx.signal })
    return { project: ctx.project.display, events: events.map(toEvent), timedOut: events.length === 0 }
  },
})
