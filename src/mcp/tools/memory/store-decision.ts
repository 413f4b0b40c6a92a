import { z } from "zod"
import { defineTool } from "../../tool"
import { agent, memoryFor, settle, writeShape } from "./_shared"
import description from "./store-decision.md" with { type: "text" }

export const storeDecision = defineTool({
  name: "store_decision",
  title: "Store a decision",
  description,
  profile: "default",
  input: {
    decision: z.string().min(1).max(1000).describe("what was decided, in one sentence"),
    context: z.string().min(1).max(10_000).describe("why, and what it applies to"),
    entities: z.array(z.string().min(1).max(200)).max(50).optional().describe("files, symbols, concepts"),
    tags: z.array(z.string().min(1).max(64)).max(16).optional().describe("labels"),
    supersedes: z.string().max(100).optional().describe("id of the decision it replaces"),
    scope: z.enum(["project", "branch", "global"]).optional().describe("project (default), branch or global"),
  },
  output: writeShape,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (args, ctx) =>
    settle(
      ctx.project.display,
      (await memoryFor(ctx)).write(
        {
          kind: "decision",
          title: args.decision,
          body: args.context,
          scope: args.scope ?? "project",
          ...(args.entities ? { entities: args.entities } : {}),
          ...(args.tags ? { tags: args.tags } : {}),
          ...(args.supersedes ? { supersedes: args.supersedes } : {}),
        },
        { project: ctx.project, actor: agent(ctx) },
      ),
    ),
})
