import { z } from "zod"
import { savings } from "../../../crush"
import { parseSince } from "../../../crush"
import { defineTool, ToolFailure } from "../../tool"
import description from "./token-savings.md" with { type: "text" }

const row = z.object({
  key: z.string().describe("family, project id or day"),
  runs: z.number().int(),
  bytesIn: z.number().int(),
  bytesOut: z.number().int(),
  tokensIn: z.number().int(),
  tokensOut: z.number().int(),
  tokensSaved: z.number().int(),
  saving: z.number().describe("share of bytes removed, 0..1"),
})

export const tokenSavings = defineTool({
  name: "token_savings",
  title: "Token savings of the output crusher",
  description,
  profile: "full",
  input: {
    since: z
      .string()
      .max(40)
      .optional()
      .describe("only runs since a duration ago (30m, 24h, 7d, 2w) or a date (2026-01-31); default: all kept history"),
    scope: z
      .enum(["project", "all"])
      .default("project")
      .describe("this project only, or every project on this machine"),
  },
  output: {
    scope: z.enum(["project", "all"]),
    since: z.number().nullable().describe("epoch ms of the window start, or null"),
    total: row,
    byFamily: z.array(row),
    byProject: z.array(row),
    byDay: z.array(row),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (args, ctx) => {
    let since: number | undefined
    try {
      since = args.since ? parseSince(args.since) : undefined
    } catch (e) {
      throw new ToolFailure(`${(e as Error).message}. Pass a duration such as "7d" or a date such as "2026-01-31".`)
    }
    const report = savings({
      ...(since === undefined ? {} : { since }),
      ...(args.scope === "all" ? {} : { project: ctx.project.id }),
    })
    return { scope: args.scope, ...report }
  },
})
