import { z } from "zod"
import { defineTool } from "../../tool"
import { itemShape, memoryFor, projectField, toItem } from "./_shared"
import description from "./working-memory-list.md" with { type: "text" }

export const workingMemoryList = defineTool({
  name: "working_memory_list",
  title: "List working memory",
  description,
  profile: "full",
  input: {},
  output: { project: projectField, entries: z.array(itemShape) },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (_args, ctx) => ({
    project: ctx.project.display,
    entries: (await memoryFor(ctx)).working.list({ project: ctx.project }).map(toItem),
  }),
})
