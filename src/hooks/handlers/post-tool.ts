import { lessonAlreadyProposed, noteLessonProposed, recordObservation } from "../../insight"
import type { HookContext } from "../ports"
import type { HookAnswer, HookInput } from "../types"

/** A command the pre-tool hook routed through the crusher is observed as the command it wraps. */
// the unquoted path starts only where a word starts: from every position, a long word cost quadratic time
const CRUSH_PREFIX =
  /(?:'[^']*[\\/]egc(?:\.exe)?'|"[^"]*[\\/]egc(?:\.exe)?"|(?<!\S)\S*[\\/]egc(?:\.exe)?|\begc)\s+crush\s+--\s+/g

export const unwrapCrush = (command: string): string =>
  command.includes("crush") ? command.replace(CRUSH_PREFIX, "") : command

/** After this many failures with one signature, the failure becomes a pending lesson candidate. */
const LESSON_AFTER_FAILURES = 3

/** Post-tool: record the observation; a repeated failure proposes a lesson (pending review). */
export async function postTool(input: HookInput, ctx: HookContext): Promise<HookAnswer> {
  const raw = input.call
  if (!raw?.result) return {}
  const call = raw.command === undefined ? raw : { ...raw, command: unwrapCrush(raw.command) }
  const result = raw.result
  // a successful read, search or edit says nothing worth keeping, and skipping it keeps those
  // calls free of any database work; shell commands are kept either way (frequent-command patterns)
  if (!result.failed && call.kind !== "shell") return {}
  const recorded = recordObservation({
    project: ctx.project.id,
    sessionId: input.sessionId,
    tool: input.tool,
    callName: call.name,
    ...(call.command !== undefined ? { command: call.command } : {}),
    failed: result.failed,
    ...(result.exitCode !== undefined ? { exitCode: result.exitCode } : {}),
    ...(result.error !== undefined || result.output !== undefined ? { errorText: result.error || result.output } : {}),
  })
  const memory = ctx.deps.memory
  if (!result.failed || !recorded.signature || recorded.failures < LESSON_AFTER_FAILURES || !memory) return {}
  if (lessonAlreadyProposed(ctx.project.id, recorded.signature)) return {}
  const what = call.command !== undefined ? `\`${call.command.split(/\s+/).slice(0, 3).join(" ")}\`` : call.name
  const outcome = await memory.write(
    ctx.project,
    {
      kind: "lesson",
      title: `Repeated failure of ${what}: ${recorded.errorSummary ?? "non-zero exit"}`.slice(0, 160),
      body: `Seen ${recorded.failures} times in this project. Error: ${recorded.errorSummary ?? "non-zero exit"}. Check the cause before running it again.`,
      pending: true,
    },
    { source: "hook:observer", sessionId: input.sessionId, tool: input.tool },
  )
  noteLessonProposed(ctx.project.id, recorded.signature, outcome.id)
  return {}
}
