import { z } from "zod"
import { ToolFailure, defineTool } from "../../tool"
import { agent, memoryFor, projectField } from "./_shared"
import description from "./memory-commit.md" with { type: "text" }

export const memoryCommit = defineTool({
  name: "memory_commit",
  title: "Commit a proposal",
  description,
  profile: "full",
  input: {
    proposal_id: z.string().min(1).max(100).describe("from memory_propose"),
    drop: z
      .array(z.number().int().min(0).max(100))
      .max(20)
      .optional()
      .describe("indexes of staged items the user declined"),
  },
  output: {
    project: projectField,
    results: z.array(
      z.object({
        outcome: z.string(),
        id: z.string().optional(),
        reason: z.string().optional(),
        conflict: z.string().optional(),
      }),
    ),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (args, ctx) => {
    const r = (await memoryFor(ctx)).commit(
      { proposalId: args.proposal_id, ...(args.drop ? { drop: args.drop } : {}) },
      { project: ctx.project, actor: agent(ctx) },
    )
    if (!r.ok)
      throw new ToolFailure(
        `nothing stored: ${r.reason ?? "refused"}; if consent is missing, ask the user and record it with memory_consent, then retry`,
        "E_REFUSED",
      )
    return {
      project: ctx.project.display,
      results: r.results.map((x) => ({
        outcome: x.outcome,
        ...(x.id ? { id: x.id } : {}),
        ...(x.reason ? { reason: x.reason } : {}),
        ...(x.conflictId ? { conflict: x.conflictId } : {}),
      })),
    }
  },
})
