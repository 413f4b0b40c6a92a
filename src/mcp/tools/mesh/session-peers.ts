import { z } from "zod"
import { livePeers } from "../../../mesh"
import { defineTool } from "../../tool"
import description from "./session-peers.md" with { type: "text" }
import { ensureAnnounced } from "./session"
import { peerShape, projectField, toPeer } from "./shapes"

export const sessionPeers = defineTool({
  name: "session_peers",
  title: "List live peer sessions",
  description,
  profile: "full",
  input: {},
  output: { project: projectField, peers: z.array(peerShape).describe("other live sessions of this project") },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (_args, ctx) => {
    ensureAnnounced(ctx)
    return { project: ctx.project.display, peers: livePeers(ctx.project, ctx.session.id).map(toPeer) }
  },
})
