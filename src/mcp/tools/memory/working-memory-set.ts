import { z } from "zod"
import { HOUR } from "../../../core/clock"
import { defineTool } from "../../tool"
import { agent, memoryFor, settle, writeShape } from "./_shared"
import description from "./working-memory-set.md" with { type: "text" }

export const workingMemorySet = defineTool({
  name: "working_memory_set",
  title: "Set working memory",
  description,
  profile: "full",
  input: {
    key: z.string().min(1).max(200).describe("name of the entry; setting it again replaces the value"),
    value: z.string().min(1).max(20_000).describe("the value"),
    ttl_seconds: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 3600)
      .optional()
      .describe("lifetime; default 24 h, at most 7 days"),
  },
  output: writeShape,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (args, ctx) => {
    const ttlMs = args.ttl_seconds !== undefined ? args.ttl_seconds * 1000 : ctx.config.memory.workingTtlHours * HOUR
    return settle(
      ctx.project.display,
      (await memoryFor(ctx)).working.set(
        { key: args.key, value: args.value, ttlMs },
        { project: ctx.project, actor: agent(ctx) },
      ),
    )
  },
})
