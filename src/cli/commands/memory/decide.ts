import { defineCommand } from "citty"
import { EgcError } from "../../../core/errors"
import type { GrantDecision } from "../../../memory"
import { cwdArgs } from "../../_args"
import { ui } from "../../ui"
import { fullId, session } from "./_shared"

/** The person's decisions an agent can only ask for (the MCP tools name these commands). */
const DECISIONS = ["approve-run", "approve-session", "reject", "reject-session"] as const

export const grant = defineCommand({
  meta: {
    name: "grant",
    description: "grant or refuse an agent session consent to store memory (consent policy grant)",
  },
  args: {
    ...cwdArgs,
    decision: { type: "positional", required: true, description: DECISIONS.join(" | ") },
    session: { type: "string", required: true, description: "the agent session id (the agent's error names it)" },
  },
  async run({ args }) {
    if (!DECISIONS.includes(args.decision as GrantDecision)) {
      throw new EgcError("E_USAGE", `unknown decision ${JSON.stringify(args.decision)}`, {
        hint: `one of: ${DECISIONS.join(", ")}`,
      })
    }
    const { project, memory, actor } = await session(args.cwd)
    const g = memory.grant(
      { project, sessionId: String(args.session), decision: args.decision as GrantDecision },
      actor,
    )
    ;(await ui()).success(
      `${g.decision} for session ${args.session} in ${project.display} until ${new Date(g.expiresAt).toISOString()}`,
    )
  },
})

export const restore = defineCommand({
  meta: { name: "restore", description: "bring back an item an agent asked to forget (instead of destroying it)" },
  args: { ...cwdArgs, id: { type: "positional", required: true, description: "item id" } },
  async run({ args }) {
    const { project, memory, actor } = await session(args.cwd)
    const r = memory.restore({ project, id: fullId(memory, project, String(args.id)) }, actor)
    if (!r.ok) throw new EgcError("E_NOT_FOUND", r.reason ?? "nothing restored", { hint: "see: egc memory review" })
    ;(await ui()).success(`restored ${args.id}`)
  },
})

export const resolve = defineCommand({
  meta: { name: "resolve", description: "resolve a memory conflict: keep the new item, the old one, or both" },
  args: {
    ...cwdArgs,
    id: { type: "positional", required: true, description: "conflict id" },
    keep: { type: "string", required: true, description: "new | old | both" },
  },
  async run({ args }) {
    const keep = String(args.keep)
    if (keep !== "new" && keep !== "old" && keep !== "both")
      throw new EgcError("E_USAGE", `--keep must be new, old or both, not ${JSON.stringify(keep)}`)
    const { project, memory, actor } = await session(args.cwd)
    const r = memory.resolve({ project, id: fullId(memory, project, String(args.id), "conflicts"), keep }, actor)
    if (!r.ok) throw new EgcError("E_NOT_FOUND", r.reason ?? "not resolved")
    ;(await ui()).success(`resolved ${args.id}: kept ${keep}`)
  },
})
