import { z } from "zod"
import { defineTool } from "../../tool"
import { isoTime, itemShape, parseTime, memoryFor, projectField, toItem, unreadableField, unreadableOut } from "./_shared"
import description from "./query-history.md" with { type: "text" }

export const queryHistory = defineTool({
  name: "query_history",
  title: "List recent decisions",
  description,
  profile: "full",
  input: {
    kinds: z.array(z.string().min(1).max(40)).max(20).default(["decision"]).describe("item kinds to list"),
    limit: z.number().int().min(1).max(100).default(20).describe("page size"),
    offset: z.number().int().min(0).max(100_000).default(0).describe("items to skip"),
    as_of: isoTime.optional().describe("ISO time: list what was held then"),
  },
  output: { project: projectField, items: z.array(itemShape), unreadable: unreadableField },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (args, ctx) => {
    const list = (await memoryFor(ctx)).list({ project: ctx.project, kinds: args.kinds, scope: "all", ...(args.as_of ? { asOf: parseTime(args.as_of) } : {}) })
    const sorted = [...list].sort((a, b) => b.recordedAt - a.recordedAt).slice(args.offset, args.offset + args.limit)
    return { project: ctx.project.display, items: sorted.map(toItem), ...unreadableOut(list.unreadable) }
  },
})
