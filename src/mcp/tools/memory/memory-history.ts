import { z } from "zod"
import { ToolFailure, defineTool } from "../../tool"
import { itemShape, memoryFor, projectField, toItem, unreadableField, unreadableOut } from "./_shared"
import description from "./memory-history.md" with { type: "text" }

export const memoryHistory = defineTool({
  name: "memory_history",
  title: "Item history",
  description,
  profile: "full",
  input: { id: z.string().min(1).max(100).describe("item id") },
  output: {
    project: projectField,
    versions: z.array(itemShape),
    audit: z.array(
      z.object({
        at: z.string(),
        action: z.string(),
        source: z.string(),
        item: z.string().optional(),
        detail: z.string().optional(),
      }),
    ),
    unreadable: unreadableField,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (args, ctx) => {
    const memory = await memoryFor(ctx)
    const versions = memory.history({ project: ctx.project, id: args.id })
    // an id of another project (or none at all) is not an empty history: say so
    if (!versions.length && !versions.unreadable.length) {
      const hint = "take ids from search_history, query_history or memory_recall"
      throw new ToolFailure(`no such item ${JSON.stringify(args.id)} in this project; ${hint}`, "E_NOT_FOUND")
    }
    const ids = new Set(versions.map((v) => v.id).concat(args.id))
    const audit = [...ids].flatMap((item) => memory.audit({ project: ctx.project, item, limit: 50 }))
    return {
      project: ctx.project.display,
      versions: versions.map(toItem),
      audit: audit
        .sort((a, b) => a.seq - b.seq)
        .map((a) => ({
          at: new Date(a.at).toISOString(),
          action: a.action,
          source: a.source,
          ...(a.item ? { item: a.item } : {}),
          ...(a.detail ? { detail: a.detail } : {}),
        })),
      ...unreadableOut(versions.unreadable),
    }
  },
})
