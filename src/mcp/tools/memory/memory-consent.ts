import { z } from "zod"
import { defineTool } from "../../tool"
import { agent, memoryFor, projectField } from "./_shared"
import { askPerson, egcCommand, notDecided, personInClient } from "./_person"
import description from "./memory-consent.md" with { type: "text" }

const ASKS: Record<string, string> = {
  "approve-run": "store the next memory write (one write)",
  "approve-session": "store memory for the rest of this session",
}

export const memoryConsent = defineTool({
  name: "memory_consent",
  title: "Ask the user's consent",
  description,
  profile: "full",
  input: {
    decision: z
      .enum(["approve-run", "approve-session", "reject", "reject-session"])
      .describe("what to ask for (approve-*) or record (reject-*)"),
    ttl_minutes: z.number().int().min(1).max(720).optional().describe("how long the grant lasts (at most 12 hours)"),
  },
  output: {
    project: projectField,
    policy: z.string().describe("the project's consent policy"),
    grant: z.string(),
    decision: z.string(),
    expires_at: z.string(),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (args, ctx) => {
    const memory = await memoryFor(ctx)
    const what = ASKS[args.decision]
    // a refusal only narrows what the agent may do, so the agent may record it; a grant is the person's
    let actor = agent(ctx)
    if (what) {
      const minutes = args.ttl_minutes ? ` for ${args.ttl_minutes} minutes` : ""
      const message = `Allow the agent to ${what} in ${ctx.project.display}${minutes}?\nsession: ${ctx.session.id}${ctx.session.client ? ` (${ctx.session.client})` : ""}`
      const answer = await askPerson(ctx, { message, confirm: `Allow: ${args.decision}` })
      if (answer !== "accepted")
        throw notDecided(
          answer,
          `consent (${args.decision})`,
          egcCommand(ctx, "grant", args.decision, "--session", ctx.session.id),
        )
      actor = personInClient(ctx)
    }
    const g = memory.grant(
      {
        project: ctx.project,
        sessionId: ctx.session.id,
        decision: args.decision,
        ...(args.ttl_minutes ? { ttlMs: args.ttl_minutes * 60_000 } : {}),
      },
      actor,
    )
    return {
      project: ctx.project.display,
      policy: memory.policy({ project: ctx.project }),
      grant: g.id,
      decision: g.decision,
      expires_at: new Date(g.expiresAt).toISOString(),
    }
  },
})
