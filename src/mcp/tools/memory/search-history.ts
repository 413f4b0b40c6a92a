import { z } from "zod"
import { defineTool } from "../../tool"
import { itemShape, memoryFor, projectField, toItem, unreadableField, unreadableOut } from "./_shared"
import { askPerson, egcCommand, notDecided, preview } from "./_person"
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
    all_projects: z.boolean().default(false).describe("also your other projects (the user is asked first)"),
  },
  output: { project: projectField, results: z.array(itemShape), unreadable: unreadableField },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (args, ctx) => {
    const list = (await memoryFor(ctx)).search({
      project: ctx.project,
      query: args.query,
      limit: args.limit,
      crossProject: args.all_projects,
      ...(args.kinds ? { kinds: args.kinds } : {}),
    })
    const results = list.filter((v) => v.kind !== "working")
    const here = new Set([ctx.project.id, "global"])
    const foreign = results.filter((v) => !here.has(v.project.id))
    let shared = false
    if (foreign.length) {
      // another repository's memory is the person's to hand over: they see exactly what would be read
      const message = [
        `Let the agent in ${ctx.project.display} read ${foreign.length} item(s) from your other projects (search ${JSON.stringify(preview(args.query, 100))})?`,
        ...foreign.map((v) => `- [${v.project.display}] ${v.kind}: ${JSON.stringify(preview(v.title, 160))}`),
      ].join("\n")
      const answer = await askPerson(ctx, { message, confirm: `Share these ${foreign.length} item(s)` })
      if (answer !== "accepted")
        throw notDecided(answer, "reading other projects' memory", egcCommand(ctx, "search", args.query, "--all"))
      shared = true
    }
    const unreadable = list.unreadable.filter((u) => shared || here.has(u.project))
    return { project: ctx.project.display, results: results.map(toItem), ...unreadableOut(unreadable) }
  },
})
