import { z } from "zod"
import { refusalCode } from "../../../core/errors"
import { ToolFailure, defineTool } from "../../tool"
import { agent, memoryFor, projectField, scopeArg } from "./_shared"
import description from "./update-state.md" with { type: "text" }

const entry = z.object({ what: z.string().min(1).max(1000), why: z.string().max(4000).optional() })

export const updateState = defineTool({
  name: "update_state",
  title: "Update project state",
  description,
  profile: "default",
  input: {
    context: z.string().max(20_000).optional().describe("what the work is now; replaces the old context"),
    decisions: z.array(entry).max(50).optional().describe("decisions made"),
    avoid: z.array(entry).max(50).optional().describe("things not to repeat, as {what, why}"),
    preferences: z.array(z.string().min(1).max(1000)).max(50).optional().describe("the user's preferences"),
    next: z.array(z.string().min(1).max(1000)).max(20).optional().describe("next steps; replaces the list ([] clears)"),
    scope: scopeArg,
  },
  output: {
    project: projectField,
    stored: z.number().describe("entries created"),
    unchanged: z.number().describe("entries already present"),
    pending: z.number().describe("entries waiting for a person's review"),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (args, ctx) => {
    const avoid = args.avoid?.map((a) => (a.why ? `${a.what} — ${a.why}` : a.what))
    const r = (await memoryFor(ctx)).applyStatePatch(
      { context: args.context, decisions: args.decisions, avoid, preferences: args.preferences, next: args.next },
      { project: ctx.project, actor: agent(ctx), ...(args.scope ? { scope: args.scope } : {}) },
    )
    if (!r.ok)
      throw new ToolFailure(
        `state not updated (nothing was written): ${r.reason}; rephrase that entry as a plain statement and retry`,
        r.results[0]?.code ? refusalCode(r.results[0].code) : "E_INPUT",
      )
    const count = (o: string) => r.results.filter((x) => x.outcome === o).length
    return {
      project: ctx.project.display,
      stored: count("created"),
      unchanged: count("unchanged") + count("reinforced"),
      pending: count("pending"),
    }
  },
})
