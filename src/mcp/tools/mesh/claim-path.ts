import { z } from "zod"
import { claim } from "../../../mesh"
import { defineTool } from "../../tool"
import description from "./claim-path.md" with { type: "text" }
import { ensureAnnounced } from "./session"
import { claimShape, projectField, toClaim } from "./shapes"

export const claimPath = defineTool({
  name: "claim_path",
  title: "Claim a file or folder",
  description,
  profile: "default",
  input: {
    path: z.string().min(1).max(1024).describe("file, folder/ or glob relative to the project root, e.g. src/api/**"),
    mode: z.enum(["exclusive", "shared"]).default("exclusive").describe("shared only excludes exclusive claims"),
    reason: z.string().max(500).optional().describe("why, shown to anyone refused"),
    minutes: z.number().int().min(1).max(240).optional().describe("lease minutes (default 15)"),
  },
  output: {
    project: projectField,
    claimed: z.boolean().describe("true when the claim is yours"),
    renewed: z.boolean().describe("true when an existing claim of yours was extended"),
    claim: claimShape.optional().describe("your claim, when granted"),
    conflict: claimShape.optional().describe("the claim that blocks you, when refused"),
    message: z.string().describe("what happened and what to do next"),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (args, ctx) => {
    ensureAnnounced(ctx)
    const r = claim(ctx.project, ctx.session.id, {
      pattern: args.path,
      mode: args.mode,
      reason: args.reason,
      minutes: args.minutes,
    })
    if (r.ok)
      return {
        project: ctx.project.display,
        claimed: true,
        renewed: r.renewed,
        claim: toClaim(r.claim),
        message: `claimed ${r.claim.pattern} until ${new Date(r.claim.until).toISOString()}; release it with release_path when done`,
      }
    const c = toClaim(r.conflict)
    return {
      project: ctx.project.display,
      claimed: false,
      renewed: false,
      conflict: c,
      message: `refused: ${c.path} is held (${c.mode}) by ${c.tool} session ${c.session} since ${c.since} until ${c.until}. Work on something else or message the holder with session_send; do not retry in a loop.`,
    }
  },
})
