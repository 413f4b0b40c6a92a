import { z } from "zod"
import { release } from "../../../mesh"
import { defineTool } from "../../tool"
import description from "./release-path.md" with { type: "text" }
import { ensureAnnounced } from "./session"
import { projectField } from "./shapes"

export const releasePath = defineTool({
  name: "release_path",
  title: "Release a claim",
  description,
  profile: "default",
  input: { path: z.string().min(1).max(1024).optional().describe("as claimed; omit to release all yours") },
  output: {
    project: projectField,
    released: z.array(z.string()).describe("patterns released (empty when you held none of them)"),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: ({ path }, ctx) => {
    ensureAnnounced(ctx)
    return { project: ctx.project.display, released: release(ctx.project, ctx.session.id, path) }
  },
})
