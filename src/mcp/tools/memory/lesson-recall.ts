import { z } from "zod"
import { defineTool } from "../../tool"
import { agent, itemShape, memoryFor, projectField, toItem } from "./_shared"
import description from "./lesson-recall.md" with { type: "text" }

export const lessonRecall = defineTool({
  name: "lesson_recall",
  title: "Recall lessons",
  description,
  profile: "full",
  input: {
    query: z.string().min(1).max(1000).describe("what you are about to do, or the problem"),
    min_confidence: z.number().min(0).max(1).default(0.2).describe("leave out lessons below this confidence"),
    limit: z.number().int().min(1).max(50).default(10).describe("most lessons"),
  },
  output: { project: projectField, lessons: z.array(itemShape) },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (args, ctx) => {
    const found = (await memoryFor(ctx)).lessons.recall(
      { project: ctx.project, query: args.query, minConfidence: args.min_confidence, limit: args.limit },
      agent(ctx),
    )
    return { project: ctx.project.display, lessons: found.map(toItem) }
  },
})
