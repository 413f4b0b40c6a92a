import { z } from "zod"
import { defineTool } from "../../tool"
import { agent, memoryFor, settle, writeShape } from "./_shared"
import description from "./lesson-reinforce.md" with { type: "text" }

export const lessonReinforce = defineTool({
  name: "lesson_reinforce",
  title: "Reinforce a lesson",
  description,
  profile: "full",
  input: { id: z.string().min(1).max(100).describe("lesson id from lesson_recall") },
  output: writeShape,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (args, ctx) =>
    settle(
      ctx.project.display,
      (await memoryFor(ctx)).lessons.reinforce(args.id, { project: ctx.project, actor: agent(ctx) }),
    ),
})
