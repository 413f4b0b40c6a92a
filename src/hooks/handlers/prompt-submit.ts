import { detectIntent } from "../intent"
import { captureTitle, rememberKind } from "../intent/kind"
import type { HookContext } from "../ports"
import type { HookAnswer, HookInput } from "../types"
import { CONTEXT_CAP_CHARS, FRAME_OVERHEAD_CHARS, frame, section } from "./_context"

/**
 * Prompt submit: recognise remember / forget / resume / history / save by rule (no model).
 * Remember goes through the write layer under the consent policy; forget only lists what would be
 * forgotten and asks the person to confirm; resume and history inject a token-capped recall.
 */
export async function promptSubmit(input: HookInput, ctx: HookContext): Promise<HookAnswer> {
  const intent = input.prompt ? detectIntent(input.prompt) : undefined
  const memory = ctx.deps.memory
  if (!intent || !memory) return {}
  const actor = { source: "hook:remember" as const, sessionId: input.sessionId, tool: input.tool }
  switch (intent.kind) {
    case "remember": {
      if (!intent.text) return {}
      const kind = rememberKind(intent.text, input.prompt)
      const outcome = await memory.write(
        ctx.project,
        { kind, title: captureTitle(intent.text), body: intent.text, pending: false },
        actor,
      )
      return wrap([section("egc", rememberNotice(outcome.status, outcome.reason))])
    }
    case "forget": {
      const candidates = await memory.forgetCandidates(ctx.project, intent.text || input.prompt || "")
      const list = candidates.length
        ? `${candidates.map((c) => `- ${c.id}: ${c.title}`).join("\n")}\nNothing has been forgotten yet. Ask the person which of these to forget; once they confirm, call memory_forget with that id (it hides the item and asks them to confirm destroying it), or they run \`egc memory forget <id>\`. A forgotten item leaves a tombstone so it is not stored again.`
        : "The person asked to forget something, but no stored item matches. Tell them nothing was found."
      return wrap([section("Forget request (needs confirmation)", list)])
    }
    case "resume":
    case "history": {
      const query = intent.kind === "resume" ? "next steps current work decisions" : intent.text || input.prompt || ""
      // the frame holds both: the state view and the recall each get a share, neither is cut at the tail
      const room = Math.floor((CONTEXT_CAP_CHARS - FRAME_OVERHEAD_CHARS - 80) / 4)
      const state = intent.kind === "resume" ? await memory.stateView(ctx.project, Math.floor(room / 2)) : undefined
      const left = room - Math.ceil((state?.length ?? 0) / 4)
      const recall = await memory.recall(
        ctx.project,
        query,
        Math.max(100, Math.min(ctx.config.memory.recallTokenCap, left)),
      )
      return wrap([
        section("Project state", state),
        section(intent.kind === "resume" ? "Where we left off" : "From project history", recall),
      ])
    }
    case "save":
      return wrap([
        section(
          "egc",
          "The person asked to save progress: call update_state with the current context, decisions and next steps (the state is stored through egc's memory).",
        ),
      ])
  }
}

function rememberNotice(status: string, reason: string | undefined): string {
  if (status === "active") return "Stored in project memory as the person asked."
  if (status === "pending")
    return "Saved for review: the person approves it (`egc memory review`, or memory_review) before it counts as fact."
  if (status === "duplicate") return "Already in project memory; nothing new stored."
  return `Not stored: ${reason ?? "refused by the memory write layer"}. Tell the person why.`
}

function wrap(parts: Array<string | undefined>): HookAnswer {
  const context = frame(parts)
  return context ? { context } : {}
}
