import { z } from "zod"
import { ToolFailure, defineTool } from "../../tool"
import { agent, memoryFor, projectField } from "./_shared"
import { askPerson, egcCommand, personInClient, preview } from "./_person"
import description from "./memory-forget.md" with { type: "text" }

export const memoryForget = defineTool({
  name: "memory_forget",
  title: "Forget memory",
  description,
  profile: "default",
  input: {
    id: z.string().min(1).max(100).optional().describe("id of the item to forget"),
    text: z.string().min(1).max(20_000).optional().describe("or the exact text to forget, wherever it is stored"),
  },
  output: {
    project: projectField,
    hidden: z.array(z.string()).describe("hidden from every read now, waiting for the user to confirm"),
    forgotten: z.array(z.string()).describe("destroyed (the user confirmed)"),
    tombstones: z.number().describe("fingerprints kept so the text cannot come back"),
    note: z.string().optional(),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (args, ctx) => {
    if (!args.id && !args.text) throw new ToolFailure("give id or text: what should be forgotten?")
    const memory = await memoryFor(ctx)
    const target = {
      project: ctx.project,
      ...(args.id ? { id: args.id } : {}),
      ...(args.text ? { text: args.text } : {}),
    }
    const h = memory.hide(target, agent(ctx))
    if (!h.hidden.length)
      throw new ToolFailure(
        `nothing forgotten: ${h.reason ?? "no match"}; find the id with search_history or memory_recall`,
        "E_NOT_FOUND",
      )
    // the person sees every item that would go, copies of the same text included
    const ids = new Set(h.hidden)
    const views = memory.hidden({ project: ctx.project }).filter((v) => ids.has(v.id))
    const message = [
      `Destroy ${h.hidden.length} memory item(s) of ${ctx.project.display} for good?`,
      ...views.map((v) => `- ${v.kind} ${JSON.stringify(preview(v.title, 200))} (${v.project.display})`),
      ...(views.length < ids.size ? [`- and ${ids.size - views.length} record(s) that cannot be opened`] : []),
      "They are hidden already. Destroyed, they cannot be recovered and the same text is refused from then on.",
    ].join("\n")
    const answer = await askPerson(ctx, { message, confirm: "Destroy them" })
    if (answer === "accepted") {
      const r = memory.forget(target, personInClient(ctx))
      return { project: ctx.project.display, hidden: [], forgotten: r.forgotten, tombstones: r.tombstones }
    }
    const confirm = args.id ? egcCommand(ctx, "forget", args.id) : egcCommand(ctx, "forget", "--text", args.text ?? "")
    const restore = h.hidden.map((id) => egcCommand(ctx, "restore", id)).join(" ; ")
    const note = `hidden from every read now; destroyed only when the user confirms (not asked or not confirmed here). The user can run: ${confirm} (destroy) or ${restore} (bring back)`
    return { project: ctx.project.display, hidden: h.hidden, forgotten: [], tombstones: 0, note }
  },
})
