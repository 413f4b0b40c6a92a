import { z } from "zod"
import { send } from "../../../mesh"
import { defineTool } from "../../tool"
import description from "./session-send.md" with { type: "text" }
import { ensureAnnounced } from "./session"
import { projectField } from "./shapes"

export const sessionSend = defineTool({
  name: "session_send",
  title: "Message peer sessions",
  description,
  profile: "default",
  input: {
    text: z.string().min(1).max(8192).describe("the message"),
    to: z.string().min(1).max(128).optional().describe("session id; omit for all sessions of the project"),
    kind: z.enum(["message", "handoff"]).default("message").describe("handoff passes work on"),
    note: z.string().max(2048).optional().describe("handoff note: state, files, next step"),
  },
  output: {
    project: projectField,
    id: z.string().describe("event id"),
    toAll: z.boolean().describe("true when sent to every session of the project"),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: (args, ctx) => {
    ensureAnnounced(ctx)
    const r = send(ctx.project, ctx.session.id, { text: args.text, to: args.to, kind: args.kind, note: args.note })
    return { project: ctx.project.display, id: r.id, toAll: r.to === null }
  },
})
