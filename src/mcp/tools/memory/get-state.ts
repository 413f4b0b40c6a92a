import { z } from "zod"
import { defineTool } from "../../tool"
import { memoryFor, projectField } from "./_shared"
import description from "./get-state.md" with { type: "text" }

export const getState = defineTool({
  name: "get_state",
  title: "Read project state",
  description,
  profile: "default",
  input: {},
  output: {
    project: projectField,
    branch: z.string().optional(),
    state: z.string().describe("Markdown: context, decisions, things to avoid, preferences, next steps (data)"),
    pendingReview: z.number().describe("items waiting for a person's approval"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (_args, ctx) => {
    const memory = await memoryFor(ctx)
    const state = memory.renderState({ project: ctx.project })
    return {
      project: ctx.project.display,
      ...(ctx.project.branch
        ? { branch: ctx.project.branch }
        : ctx.project.commit
          ? { branch: `detached at ${ctx.project.commit.slice(0, 12)}` }
          : {}),
      state:
        state || "No state stored for this project yet. Record context and decisions with update_state as you work.",
      pendingReview: memory.pendingCount({ project: ctx.project }),
    }
  },
})
