import { z } from "zod"
import { ToolFailure, defineTool } from "../../tool"
import { agent, memoryFor, projectField } from "./_shared"
import description from "./memory-conflicts.md" with { type: "text" }

export const memoryConflicts = defineTool({
  name: "memory_conflicts",
  title: "Memory conflicts",
  description,
  profile: "full",
  input: {
    action: z.enum(["list", "resolve"]).default("list").describe("list open conflicts or resolve one"),
    id: z.string().min(1).max(100).optional().describe("conflict id (resolve)"),
    keep: z.enum(["new", "old", "both"]).optional().describe("which item stays current (resolve)"),
  },
  output: {
    project: projectField,
    conflicts: z.array(z.object({ id: z.string(), new_item: z.string(), old_item: z.string(), reason: z.string(), since: z.string() })).optional(),
    resolved: z.boolean().optional(),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (args, ctx) => {
    const memory = (await memoryFor(ctx))
    if (args.action === "list") {
      const list = memory.conflicts({ project: ctx.project })
      return { project: ctx.project.display, conflicts: list.map((c) => ({ id: c.id, new_item: c.newItem, old_item: c.oldItem, reason: c.reason, since: new Date(c.createdAt).toISOString() })) }
    }
    if (!args.id || !args.keep) throw new ToolFailure("resolve needs id and keep (new, old or both)")
    const r = memory.resolve({ project: ctx.project, id: args.id, keep: args.keep }, agent(ctx))
    if (!r.ok) throw new ToolFailure(`not resolved: ${r.reason ?? "unknown conflict"}; list the open conflicts first`)
    return { project: ctx.project.display, resolved: true }
  },
})
