import { loadConfig, type Config } from "../core/config"
import { env } from "../core/env"
import { EgcError } from "../core/errors"
import { createLogger } from "../core/log"
import { resolveProject } from "../core/project"
import { ADAPTERS } from "./adapters"
import type { HookContext, HookDeps } from "./ports"
import { parsePayload, type Payload } from "./stdin"
import { GUARDING_EVENTS, NEUTRAL, type HookAnswer, type HookEvent, type HookInput, type HookTool, type Rendered } from "./types"

const log = createLogger("hook")

type Handler = (input: HookInput, ctx: HookContext) => Promise<HookAnswer>

const HANDLERS: Record<HookEvent, () => Promise<Handler>> = {
  "session-start": () => import("./handlers/session-start").then((m) => m.sessionStart),
  "prompt-submit": () => import("./handlers/prompt-submit").then((m) => m.promptSubmit),
  "pre-tool": () => import("./handlers/pre-tool").then((m) => m.preTool),
  "post-tool": () => import("./handlers/post-tool").then((m) => m.postTool),
  "pre-compact": () => import("./handlers/transcript-end").then((m) => m.transcriptEnd),
  stop: () => import("./handlers/transcript-end").then((m) => m.transcriptEnd),
  "session-end": () => import("./handlers/transcript-end").then((m) => m.transcriptEnd),
}

export interface RunOptions {
  payload: Payload
  /** Faculty bindings; by default the real faculties for this event. */
  deps?: HookDeps
  bin?: string
}

/**
 * One hook call, from raw stdin to the tool's answer. Never throws: every failure is logged and
 * answered with the tool's neutral response, except a truncated payload on a guarding event,
 * which blocks (we cannot judge what we could not read).
 */
export async function runHook(event: HookEvent, tool: HookTool, opts: RunOptions): Promise<Rendered> {
  const adapter = ADAPTERS[tool]
  const neutral = (input?: HookInput) => adapter.render(event, NEUTRAL, input)
  let input: HookInput | undefined
  try {
    if (env.disabled()) return neutral()
    if (opts.payload.truncated) {
      log.warn("hook payload over the size limit", { event, tool })
      if (!GUARDING_EVENTS.has(event)) return neutral()
      return adapter.render(event, { decision: { kind: "deny", reason: "egc: the hook payload exceeded 1 MiB and could not be checked; the action was blocked" } }, undefined)
    }
    const parsed = parsePayload(opts.payload.text)
    if (parsed.kind === "empty" && env.hookProbe()) return neutral()
    if (parsed.kind !== "ok") {
      log.warn("hook payload unreadable; allowed", { event, tool, reason: parsed.kind === "malformed" ? parsed.reason : "empty" })
      return neutral()
    }
    input = adapter.parse(event, parsed.value)
    const answer = settle(await answerFor(event, input, opts), adapter.canRewrite)
    log.debug("answered", { event, tool, decision: answer.decision?.kind ?? "none", rewrite: answer.rewrite !== undefined, context: answer.context?.length ?? 0 })
    return adapter.render(event, answer, input)
  } catch (error) {
    const keyed = await keyProblemAnswer(event, input, error)
    if (keyed) return adapter.render(event, keyed, input)
    log.error("hook failed; answered neutrally", { event, tool, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) })
    return neutral()
  }
}

async function keyProblemAnswer(event: HookEvent, input: HookInput | undefined, error: unknown): Promise<HookAnswer | undefined> {
  if (!(error instanceof EgcError) || !error.code.startsWith("E_KEY_")) return undefined
  try {
    return settle(await (await import("./keyless")).keylessAnswer(event, input, error, log), false)
  } catch (e) {
    log.error("hook failed without a usable key", { event, error: String(e) })
    return undefined
  }
}

async function answerFor(event: HookEvent, input: HookInput, opts: RunOptions): Promise<HookAnswer> {
  const project = resolveProject(input.cwd)
  const config = await loadConfig({ projectRoot: project.root })
  if (!enabled(config, event, input.tool)) return NEUTRAL
  const [handler, deps] = await Promise.all([HANDLERS[event](), opts.deps ?? import("./faculties").then((m) => m.loadDeps(event, config))])
  const answer = await handler(input, { project, config, deps, log, bin: opts.bin ?? process.execPath })
  if (answer.context && TOLD_EVENTS.has(event) && !opts.deps) await noteTold(project.id, input, answer.context)
  return answer
}

const TOLD_EVENTS: ReadonlySet<HookEvent> = new Set(["session-start", "prompt-submit"])

/** What the agent was told is kept for the person (`egc context`); a failure to keep it costs the answer nothing. */
async function noteTold(project: string, input: HookInput, text: string): Promise<void> {
  try {
    const { recordTold } = await import("./told")
    recordTold({ project, session: input.sessionId || "unknown", event: input.event, tool: input.tool, text })
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    log.warn("could not record what the session was told", { error: why })
  }
}

/** Per-hook toggles: `hooks.disabled` holds events (`post-tool`) or event:tool pairs (`pre-tool:cursor`). */
export function enabled(config: Config, event: HookEvent, tool: HookTool): boolean {
  if (!config.hooks.enabled) return false
  const off = config.hooks.disabled
  return !off.includes(event) && !off.includes(`${event}:${tool}`)
}

/** A denied or asked command is never rewritten, and a tool that cannot take a rewrite gets none. */
function settle(answer: HookAnswer, canRewrite: boolean): HookAnswer {
  if (answer.rewrite === undefined) return answer
  if (answer.decision || !canRewrite) {
    const { rewrite: _dropped, ...rest } = answer
    return rest
  }
  return answer
}
