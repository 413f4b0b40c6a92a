import type { Actor } from "../../../memory"
import type { Answer, Question } from "../../ask"
import { ToolFailure, type ToolContext } from "../../tool"

/**
 * A person's decision (review, consent, cross-project read, destroying memory, overwriting in a
 * conflict) is never the agent's: it comes from the client's dialog (MCP elicitation) or from the
 * person running the egc command this module names. Everything else means nothing changes.
 */
export const askPerson = async (ctx: ToolContext, q: Question): Promise<Answer> =>
  ctx.ask ? ctx.ask(q, ctx.signal) : "unavailable"

/** The actor recorded when the person accepted in the client's dialog. */
export const personInClient = (ctx: ToolContext): Actor => ({
  source: "elicitation",
  sessionId: ctx.session.id,
  ...(ctx.session.client ? { tool: ctx.session.client } : {}),
})

const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`)

/** The exact command for the person, bound to this project's folder. */
export const egcCommand = (ctx: ToolContext, ...words: string[]): string =>
  `egc memory ${words.map(quote).join(" ")} --cwd ${quote(ctx.project.root)}`

const WHY: Record<Exclude<Answer, "accepted">, string> = {
  unavailable: "this client cannot ask the person here (it offers no MCP elicitation)",
  declined: "the person declined in the dialog",
  cancelled: "the dialog was cancelled (or the client answered by itself, as headless runs do)",
  failed: "asking the person failed (no answer in time, or the client returned an error)",
}

/** Why nothing happened, and what the person can run; a tool error the agent must pass on, not retry. */
export function notDecided(answer: Exclude<Answer, "accepted">, what: string, command: string): ToolFailure {
  return new ToolFailure(
    `${what} needs the person's decision and ${WHY[answer]}, so nothing changed. Do not retry on your own; tell the user they can run: ${command}`,
    "E_REFUSED",
  )
}

export const preview = (text: string, max = 400): string => (text.length > max ? `${text.slice(0, max)}…` : text)
