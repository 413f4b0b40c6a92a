import { z } from "zod"
import { defineTool } from "../../tool"
import { itemShape, memoryFor, projectField, toItem, unreadableField, unreadableOut } from "./_shared"
import description from "./search-history.md" with { type: "text" }

export const searchHistory = defineTool({
  name: "search_history",
  title: "Search decisions and history",
  description,
  profile: "default",
  input: {
    query: z.string().min(1).max(1000).describe("words to look for"),
    kinds: z.array(z.string().min(1).max(40)).max(20).optional().describe("only these kinds"),
    limit: z.number().int().min(1).max(50).default(10).describe("most results"),
    all_projects: z.boolean().default(false).describe("search all your projects"),
  },
  output: { project: projectField, results: z.array(itemShape), unreadable: unreadableField },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (args, ctx) => {
    const list = (await memoryFor(ctx)).search({ project: ctx.project, query: args.query, limit: args.limit, crossProject: args.all_projects, ...(args.kinds ? { kinds: args.kinds } : {}) })
    return { project: ctx.project.display, results: list.filter((v) => v.kind !== "working").map(toItem), ...unreadableOut(list.unreadable) }
  },
})
