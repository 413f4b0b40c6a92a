import { z } from "zod"
import { defineTool } from "../../tool"
import { agent, memoryFor, projectField, scopeArg } from "./_shared"
import description from "./memory-propose.md" with { type: "text" }

const candidate = z.object({
  kind: z
    .string()
    .min(1)
    .max(40)
    .describe("decision, constraint, failure, discovery, requirement, architecture, file, symbol, note, lesson, …"),
  title: z.string().min(1).max(300).describe("one line"),
  body: z.string().max(20_000).describe("the fact"),
  entities: z.array(z.string().min(1).max(200)).max(50).optional().describe("files, symbols, concepts"),
  confidence: z.number().min(0).max(1).optional().describe("how sure you are"),
  supersedes: z.string().max(100).optional().describe("id of an item this replaces"),
  scope: scopeArg,
})

export const memoryPropose = defineTool({
  name: "memory_propose",
  title: "Propose memory",
  description,
  profile: "full",
  input: { items: z.array(candidate).min(1).max(20).describe("facts to stage") },
  output: {
    project: projectField,
    proposal_id: z.string().optional().describe("pass to memory_commit"),
    expires_at: z.string().optional(),
    placements: z.array(
      z.object({
        index: z.number(),
        placement: z.enum(["duplicate", "supersede", "related", "new"]),
        similarity: z.number(),
        ambiguous: z.boolean(),
        targets: z.array(z.object({ id: z.string(), title: z.string(), kind: z.string(), similarity: z.number() })),
      }),
    ),
    refused: z.array(z.object({ index: z.number(), reason: z.string() })),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (args, ctx) => {
    const r = (await memoryFor(ctx)).propose(
      { project: ctx.project, items: args.items },
      { project: ctx.project, actor: agent(ctx) },
    )
    return {
      project: ctx.project.display,
      ...(r.proposalId ? { proposal_id: r.proposalId } : {}),
      ...(r.expiresAt ? { expires_at: new Date(r.expiresAt).toISOString() } : {}),
      placements: r.placements.map((p) => ({
        index: p.index,
        placement: p.placement,
        similarity: Math.round(p.similarity * 100) / 100,
        ambiguous: p.ambiguous,
        targets: p.targets,
      })),
      refused: r.refused,
    }
  },
})
