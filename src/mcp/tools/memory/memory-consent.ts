import { z } from "zod"
import { defineTool } from "../../tool"
import { agent, memoryFor, projectField } from "./_shared"
import description from "./memory-consent.md" with { type: "text" }

export const memoryConsent = defineTool({
  name: "memory_consent",
  title: "Record the user's consent",
  description,
  profile: "full",
  input: {
    decision: z.enum(["approve-run", "approve-session", "reject", "reject-session"]).describe("what the user chose"),
    ttl_minutes: z.number().int().min(1).max(720).optional().describe("how long the grant lasts (at most 12 hours)"),
  },
  output: { project: projectField, policy: z.string().describe("the project's consent policy"), grant: z.string(), decision: z.string(), expires_at: z.string() },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (args, ctx) => {
    const memory = (await memoryFor(ctx))
    const g = memory.grant({ project: ctx.project, sessionId: ctx.session.id, decision: args.decision, ...(args.ttl_minutes ? { ttlMs: args.ttl_minutes * 60_000 } : {}) }, agent(ctx))
    return { project: ctx.project.display, policy: memory.policy({ project: ctx.project }), grant: g.id, decision: g.decision, expires_at: new Date(g.expiresAt).toISOString() }
  },
})
