import { z } from "zod"
import { defineTool } from "../../tool"
import { itemShape, memoryFor, projectField, toItem } from "./_shared"
import description from "./working-memory-get.md" with { type: "text" }

export const workingMemoryGet = defineTool({
  name: "working_memory_get",
  title: "Get working memory",
  description,
  profile: "full",
  input: { key: z.string().min(1).max(200).describe("the entry's key") },
  output: { project: projectField, found: z.boolean(), entry: itemShape.optional() },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (args, ctx) => {
    const v = (await memoryFor(ctx)).working.get({ project: ctx.project, key: args.key })
    return { project: ctx.project.display, found: v !== undefined, ...(v ? { entry: toItem(v) } : {}) }
  },
})
