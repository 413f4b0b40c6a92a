import { z } from "zod"
import { ToolFailure, defineTool } from "../../tool"
import { agent, itemShape, memoryFor, projectField, settle, toItem } from "./_shared"
import description from "./memory-review.md" with { type: "text" }

export const memoryReview = defineTool({
  name: "memory_review",
  title: "Review pending memory",
  description,
  profile: "full",
  input: {
    action: z.enum(["list", "approve", "reject"]).default("list").describe("list pending items, or approve / reject one"),
    id: z.string().min(1).max(100).optional().describe("the pending item (approve, reject)"),
    title: z.string().min(1).max(300).optional().describe("approve with this title instead"),
    body: z.string().min(1).max(20_000).optional().describe("approve with this text instead"),
  },
  output: { project: projectField, pending: z.array(itemShape).optional(), outcome: z.string().optional(), id: z.string().optional() },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler: async (args, ctx) => {
    const memory = (await memoryFor(ctx))
    if (args.action === "list") return { project: ctx.project.display, pending: memory.pending({ project: ctx.project }).map(toItem) }
    if (!args.id) throw new ToolFailure(`${args.action} needs the id of a pending item; list them first`)
    const wctx = { project: ctx.project, actor: agent(ctx) }
    const edits = args.title || args.body ? { ...(args.title ? { title: args.title } : {}), ...(args.body ? { body: args.body } : {}) } : undefined
    const r = args.action === "approve" ? memory.approve(args.id, wctx, edits) : memory.reject(args.id, wctx)
    const out = settle(ctx.project.display, r)
    return { project: out.project, outcome: args.action === "approve" ? "approved" : "rejected", ...(out.id ? { id: out.id } : { id: args.id }) }
  },
})
