import { z } from "zod"
import { detectPatterns } from "../../../insight"
import { defineTool } from "../../tool"

const DESCRIPTION = `Find recurring patterns in this project's observed tool calls: the same failure seen again and again (with a redacted example error), and the command families used most.
Use it before retrying something that keeps failing, or when asked what usually goes wrong in this project.
Do not use it for memory or decisions (use the memory tools). Reads only this project; examples are redacted and capped; results are at most 'limit' groups.`

export default defineTool({
  name: "detect_patterns",
  title: "Detect patterns in observed tool calls",
  description: DESCRIPTION,
  profile: "full",
  input: {
    min_count: z
      .number()
      .int()
      .min(2)
      .max(1000)
      .default(3)
      .describe("smallest number of occurrences that counts as a pattern"),
    limit: z.number().int().min(1).max(50).default(10).describe("most patterns to return"),
  },
  deprecatedAliases: { minCount: "min_count" },
  output: {
    observed: z.number().int().describe("observations considered, rolled-up ones included"),
    patterns: z.array(
      z.object({
        kind: z.enum(["repeated-failure", "frequent-command"]),
        family: z.string().describe("program or tool the pattern is about"),
        count: z.number().int(),
        lastSeen: z.string().describe("ISO time of the latest occurrence"),
        sample: z.string().optional().describe("a redacted example error or command"),
      }),
    ),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: ({ min_count, limit }, ctx) => {
    const found = detectPatterns(ctx.project.id, { minCount: min_count, limit })
    return {
      observed: found.observed,
      patterns: found.patterns.map((p) => ({
        kind: p.kind,
        family: p.family,
        count: p.count,
        lastSeen: new Date(p.lastSeen).toISOString(),
        ...(p.sample ? { sample: p.sample } : {}),
      })),
    }
  },
})
