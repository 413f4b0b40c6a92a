import { z } from "zod"
import { livePeers } from "../../../mesh"
import { defineTool } from "../../tool"
import description from "./session-announce.md" with { type: "text" }
import { projectField } from "./shapes"
import { ensureAnnounced } from "./session"

export const sessionAnnounce = defineTool({
  name: "session_announce",
  title: "Announce this session",
  description,
  profile: "full",
  input: { task: z.string().min(1).max(300).optional().describe("what this session is working on, in one sentence") },
  output: {
    session: z.string().describe("this session's id"),
    project: projectField,
    created: z.boolean().describe("true when the session was new (peers were told)"),
    peers: z.number().describe("how many other live sessions this project has"),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: ({ task }, ctx) => {
    const { created } = ensureAnnounced(ctx, task)
    return {
      session: ctx.session.id,
      project: ctx.project.display,
      created,
      peers: livePeers(ctx.project, ctx.session.id).length,
    }
  },
})
