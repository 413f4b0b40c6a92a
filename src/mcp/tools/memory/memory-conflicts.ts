import { z } from "zod"
import { ToolFailure, defineTool } from "../../tool"
import { agent, memoryFor, projectField } from "./_shared"
import { askPerson, egcCommand, notDecided, personInClient, preview } from "./_person"
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
    conflicts: z
      .array(
        z.object({ id: z.string(), new_item: z.string(), old_item: z.string(), reason: z.string(), since: z.string() }),
      )
      .optional(),
    resolved: z.boolean().optional(),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (args, ctx) => {
    const memory = await memoryFor(ctx)
    if (args.action === "list") {
      const list = memory.conflicts({ project: ctx.project })
      return {
        project: ctx.project.display,
        conflicts: list.map((c) => ({
          id: c.id,
          new_item: c.newItem,
          old_item: c.oldItem,
          reason: c.reason,
          since: new Date(c.createdAt).toISOString(),
        })),
      }
    }
    if (!args.id || !args.keep) throw new ToolFailure("resolve needs id and keep (new, old or both)")
    const conflict = memory.conflicts({ project: ctx.project }).find((c) => c.id === args.id)
    if (!conflict)
      throw new ToolFailure(`not resolved: no open conflict ${args.id}; list the open conflicts first`, "E_NOT_FOUND")
    // keeping both changes no item; keeping one replaces the other, which is the person's call
    let actor = agent(ctx)
    if (args.keep !== "both") {
      const title = (id: string) => {
        const v = memory.get({ project: ctx.project, id })
        return v && "kind" in v ? `${v.kind} ${JSON.stringify(preview(v.title, 200))}` : id
      }
      const [keep, lose] =
        args.keep === "new" ? [conflict.newItem, conflict.oldItem] : [conflict.oldItem, conflict.newItem]
      const message = `In ${ctx.project.display}, keep ${title(keep)}\nand replace ${title(lose)}?\n(the replaced item stays in history)`
      const answer = await askPerson(ctx, { message, confirm: `Keep the ${args.keep} item` })
      if (answer !== "accepted")
        throw notDecided(
          answer,
          `resolving ${args.id} (keep ${args.keep})`,
          egcCommand(ctx, "resolve", args.id, "--keep", args.keep),
        )
      actor = personInClient(ctx)
    }
    const r = memory.resolve({ project: ctx.project, id: args.id, keep: args.keep }, actor)
    if (!r.ok) throw new ToolFailure(`not resolved: ${r.reason ?? "unknown conflict"}; list the open conflicts first`)
    return { project: ctx.project.display, resolved: true }
  },
})
