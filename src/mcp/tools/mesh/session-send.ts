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
    text: z.string().min(1).max(8192).describe("the message (at most 8 KiB)"),
    to: z.string().min(1).max(128).optional().describe("one peer's session id from session_peers; omit to write to every session of this project"),
    kind: z.enum(["message", "handoff"]).default("message").describe("handoff when passing work to the peer"),
    note: z.string().max(2048).optional().describe("handoff note: state of the work, files, next step"),
  },
  output: { project: projectField, id: z.string().describe("event id"), toAll: z.boolean().describe("true when sent to every session of the project") },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: (args, ctx) => {
    ensureAnnounced(ctx)
    const r = send(ctx.project, ctx.session.id, { text: args.text, to: args.to, kind: args.kind, note: args.note })
    return { project: ctx.project.display, id: r.id, toAll: r.to === null }
  },
})
