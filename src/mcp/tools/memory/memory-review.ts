import { z } from "zod"
import { ToolFailure, defineTool } from "../../tool"
import { itemShape, memoryFor, projectField, settle, toItem } from "./_shared"
import { askPerson, egcCommand, notDecided, personInClient, preview } from "./_person"
import description from "./memory-review.md" with { type: "text" }

export const memoryReview = defineTool({
  name: "memory_review",
  title: "Review pending memory",
  description,
  profile: "full",
  input: {
    action: z
      .enum(["list", "approve", "reject"])
      .default("list")
      .describe("list pending items, or ask the user to approve / reject one"),
    id: z.string().min(1).max(100).optional().describe("the pending item (approve, reject)"),
    title: z.string().min(1).max(300).optional().describe("approve with this title instead"),
    body: z.string().min(1).max(20_000).optional().describe("approve with this text instead"),
  },
  output: {
    project: projectField,
    pending: z.array(itemShape).optional(),
    outcome: z.string().optional(),
    id: z.string().optional(),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler: async (args, ctx) => {
    const memory = await memoryFor(ctx)
    const pending = memory.pending({ project: ctx.project })
    if (args.action === "list") return { project: ctx.project.display, pending: pending.map(toItem) }
    if (!args.id) throw new ToolFailure(`${args.action} needs the id of a pending item; list them first`)
    const item = pending.find((v) => v.id === args.id)
    if (!item)
      throw new ToolFailure(`no pending item ${args.id} in ${ctx.project.display}; list them first`, "E_NOT_FOUND")
    const edits =
      args.title || args.body
        ? { ...(args.title ? { title: args.title } : {}), ...(args.body ? { body: args.body } : {}) }
        : undefined
    const verb = args.action === "approve" ? "Approve" : "Reject"
    const shown = { title: edits?.title ?? item.title, body: edits?.body ?? item.body }
    const message = [
      `${verb} this memory item${edits ? " (as edited by the agent)" : ""}?`,
      `project: ${item.project.display}`,
      `kind: ${item.kind} (captured by ${item.source})`,
      `title: ${JSON.stringify(shown.title)}`,
      `text: ${JSON.stringify(preview(shown.body))}`,
      // a question egc asks (a deleted branch: were its items merged?) is answered yes or no, not stored as fact
      item.kind === "question"
        ? `This is a question to you: ${args.action === "approve" ? "approving answers yes" : "rejecting answers no"}.`
        : args.action === "approve"
          ? "Approved, it becomes memory that agents recall as fact."
          : "Rejected, its text is never captured again.",
    ].join("\n")
    const answer = await askPerson(ctx, { message, confirm: `${verb} ${JSON.stringify(preview(shown.title, 80))}` })
    if (answer !== "accepted")
      throw notDecided(
        answer,
        `${args.action === "approve" ? "approving" : "rejecting"} ${args.id}`,
        egcCommand(ctx, args.action, args.id),
      )
    const wctx = { project: ctx.project, actor: personInClient(ctx) }
    const r = args.action === "approve" ? memory.approve(args.id, wctx, edits) : memory.reject(args.id, wctx)
    const out = settle(ctx.project.display, r)
    return {
      project: out.project,
      outcome: args.action === "approve" ? "approved" : "rejected",
      ...(out.id ? { id: out.id } : { id: args.id }),
    }
  },
})
