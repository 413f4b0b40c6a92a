import { z } from "zod"
import { defineTool } from "../../tool"
import { agent, memoryFor, settle, writeShape } from "./_shared"
import description from "./lesson-save.md" with { type: "text" }

const tagList = z.union([z.string().max(600), z.array(z.string().min(1).max(64)).max(16)])

export const lessonSave = defineTool({
  name: "lesson_save",
  title: "Save a lesson",
  description,
  profile: "default",
  input: {
    content: z.string().min(1).max(5000).describe("the lesson, as a rule"),
    context: z.string().min(1).max(2000).describe("when it applies, how it was learned"),
    tags: tagList.optional().describe("labels"),
    initial_confidence: z.number().min(0).max(1).optional().describe("0..1, default 0.7"),
    scope: z.enum(["project", "global"]).optional().describe("project (default) or global"),
  },
  output: writeShape,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (args, ctx) => {
    const tags =
      typeof args.tags === "string"
        ? args.tags
            .split(",")
            .map((t) => t.trim())
            .filter(Boolean)
        : args.tags
    const r = (await memoryFor(ctx)).lessons.save(
      {
        title: args.content.slice(0, 300),
        body: `${args.content}\n\n${args.context}`,
        ...(tags?.length ? { tags } : {}),
        ...(args.initial_confidence !== undefined ? { confidence: args.initial_confidence } : {}),
        ...(args.scope ? { scope: args.scope } : {}),
      },
      { project: ctx.project, actor: agent(ctx) },
    )
    return settle(ctx.project.display, r)
  },
})
