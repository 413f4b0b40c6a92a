import { z } from "zod"
import { ToolFailure, defineTool } from "../../tool"
import { agent, memoryFor, projectField } from "./_shared"
import description from "./memory-forget.md" with { type: "text" }

export const memoryForget = defineTool({
  name: "memory_forget",
  title: "Forget memory",
  description,
  profile: "default",
  input: {
    id: z.string().min(1).max(100).optional().describe("id of the item to forget"),
    text: z.string().min(1).max(20_000).optional().describe("or the exact text to forget, wherever it is stored"),
  },
  output: { project: projectField, forgotten: z.array(z.string()), tombstones: z.number().describe("fingerprints kept so the text cannot come back") },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (args, ctx) => {
    if (!args.id && !args.text) throw new ToolFailure("give id or text: what should be forgotten?")
    const r = (await memoryFor(ctx)).forget({ project: ctx.project, ...(args.id ? { id: args.id } : {}), ...(args.text ? { text: args.text } : {}) }, agent(ctx))
    if (!r.forgotten.length && r.reason) throw new ToolFailure(`nothing forgotten: ${r.reason}; find the id with search_history or memory_recall`)
    return { project: ctx.project.display, forgotten: r.forgotten, tombstones: r.tombstones }
  },
})
