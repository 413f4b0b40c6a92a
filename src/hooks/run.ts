import { resolve } from "node:path"
import { describeProblem, loadConfigSafe, type Config, DEFAULTS } from "../core/config"
import { env } from "../core/env"
import { EgcError } from "../core/errors"
import { createLogger } from "../core/log"
import { selfArgv } from "../core/self"
import { ADAPTERS } from "./adapters"
import type { GuardPort, HookContext, HookDeps, Verdict } from "./ports"
import { parsePayload, type Payload } from "./stdin"
import {
  GUARDING_EVENTS,
  HOOK_PROBE_MARK,
  NEUTRAL,
  type HookAnswer,
  type HookEvent,
  type HookInput,
  type HookTool,
  type Rendered,
} from "./types"

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
  /** The guard that judges a pre-tool call when the handler failed; by default the real one. */
  fallback?: GuardPort
}

/**
 * One hook call, from raw stdin to the tool's answer. Never throws: every failure is logged and
 * answered with the tool's neutral response, except on a guarding event, where a truncated payload
 * blocks and a failure answers with the guard's default verdict (or ask), never a plain allow.
 */
export async function runHook(event: HookEvent, tool: HookTool, opts: RunOptions): Promise<Rendered> {
  const adapter = ADAPTERS[tool]
  const neutral = (input?: HookInput) => adapter.render(event, NEUTRAL, input)
  let input: HookInput | undefined
  const seen: Seen = { policy: DEFAULTS.guard, notices: [] }
  try {
    if (env.disabled()) return neutral()
    if (opts.payload.truncated) {
      log.warn("hook payload over the size limit", { event, tool })
      if (!GUARDING_EVENTS.has(event)) return neutral()
      return adapter.render(
        event,
        {
          decision: {
            kind: "deny",
            reason: "egc: the hook payload exceeded 1 MiB and could not be checked; the action was blocked",
          },
        },
        undefined,
      )
    }
    const parsed = parsePayload(opts.payload.text)
    // Doctor's probe: an empty payload it sent on purpose, not logged as unreadable. An environment
    // variable must never let a tool call through, so a guarding event still asks.
    if (parsed.kind === "empty" && env.hookProbe()) {
      if (!GUARDING_EVENTS.has(event)) return neutral()
      const reason = `egc: ${HOOK_PROBE_MARK}: an empty payload was answered, nothing was checked; confirm it yourself`
      return adapter.render(event, { decision: { kind: "ask", reason } }, undefined)
    }
    if (parsed.kind !== "ok") {
      const reason = parsed.kind === "malformed" ? parsed.reason : "empty"
      // We cannot judge what we could not read: a guarding event asks the person instead of allowing.
      if (!GUARDING_EVENTS.has(event)) {
        log.warn("hook payload unreadable; answered neutrally", { event, tool, reason })
        return neutral()
      }
      log.warn("hook payload unreadable; asked", { event, tool, reason })
      const ask =
        "egc: the hook payload could not be read, so the guard could not check this action; confirm it yourself"
      return adapter.render(event, { decision: { kind: "ask", reason: ask } }, undefined)
    }
    input = adapter.parse(event, parsed.value)
    const answer = settle(await answerFor(event, input, opts, seen), adapter.canRewrite)
    log.debug("answered", {
      event,
      tool,
      decision: answer.decision?.kind ?? "none",
      rewrite: answer.rewrite !== undefined,
      context: answer.context?.length ?? 0,
    })
    return withNotices(adapter.render(event, answer, input), seen.notices, tool)
  } catch (error) {
    const keyed = await keyProblemAnswer(event, input, error)
    if (keyed) return withNotices(adapter.render(event, keyed, input), seen.notices, tool)
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    if (!GUARDING_EVENTS.has(event)) {
      log.error("hook failed; answered neutrally", { event, tool, error: detail })
      return neutral()
    }
    const answer = await fallbackAnswer(input, seen.policy, opts.fallback)
    const decision = answer.decision?.kind ?? "allow"
    log.error("hook failed; answered with the guard's default verdict", { event, tool, error: detail, decision })
    return withNotices(adapter.render(event, answer, input), seen.notices, tool)
  }
}

/** What answerFor learned before a failure: the guard policy to fall back on and the notices. */
interface Seen {
  policy: Config["guard"]
  notices: string[]
}

/**
 * A pre-tool call whose handler failed is judged again by the guard alone, on the policy loaded
 * so far (the built-in defaults if none); if even that fails, or there is no call, the person is asked.
 */
async function fallbackAnswer(input: HookInput | undefined, policy: Config["guard"], port?: GuardPort) {
  const reason = "egc: the guard failed on this call and could not judge it; confirm it yourself"
  const ask: HookAnswer = { decision: { kind: "ask", reason } }
  const call = input?.call
  if (!input || !call) return input ? NEUTRAL : ask
  try {
    const guard = port ?? (await import("./faculties")).lazyGuard()
    const where = { cwd: input.cwd, policy }
    let verdict: Verdict | undefined
    if (call.kind === "shell" && call.command !== undefined) verdict = await guard.judgeCommand(call.command, where)
    else if (call.kind === "write" && call.path && guard.judgeWrite) {
      verdict = await guard.judgeWrite({ path: resolve(input.cwd, call.path) }, where)
    } else return NEUTRAL
    if (verdict.decision === "allow") return NEUTRAL
    const rule = verdict.rule ? ` [${verdict.rule}]` : ""
    return { decision: { kind: verdict.decision, reason: `egc guard${rule}: ${verdict.reason ?? "refused"}` } }
  } catch {
    return ask
  }
}

/** Where a tool's protocol has a message for the person, the notice goes there; otherwise on stderr. */
const NOTICE_FIELD: Partial<Record<HookTool, string>> = { "claude-code": "systemMessage", gemini: "systemMessage" }

function withNotices(rendered: Rendered, notices: string[], tool: HookTool): Rendered {
  if (!notices.length) return rendered
  const text = notices.join("\n")
  const field = NOTICE_FIELD[tool]
  if (field) {
    try {
      const body = rendered.stdout.trim() ? (JSON.parse(rendered.stdout) as Record<string, unknown>) : {}
      return { ...rendered, stdout: `${JSON.stringify({ ...body, [field]: text })}\n` }
    } catch {
      // not a JSON answer: fall through to stderr
    }
  }
  return { ...rendered, stderr: `${rendered.stderr}${text}\n` }
}

async function keyProblemAnswer(
  event: HookEvent,
  input: HookInput | undefined,
  error: unknown,
): Promise<HookAnswer | undefined> {
  if (!(error instanceof EgcError) || !error.code.startsWith("E_KEY_")) return undefined
  try {
    return settle(await (await import("./keyless")).keylessAnswer(event, input, error, log), false)
  } catch (e) {
    log.error("hook failed without a usable key", { event, error: String(e) })
    return undefined
  }
}

async function answerFor(event: HookEvent, input: HookInput, opts: RunOptions, seen: Seen): Promise<HookAnswer> {
  // project identity (git, keys) loads here, not on the path of a disabled or unreadable call
  const project = (await import("../core/project")).resolveProject(input.cwd)
  const { config, problems } = await loadConfigSafe({ projectRoot: project.root })
  seen.policy = config.guard
  for (const p of problems) {
    const what = p.kind === "invalid" ? "config invalid; its layer was set aside" : "untrusted project config"
    log.warn(what, { source: p.source, details: p.details.join("; ") })
    seen.notices.push(describeProblem(p))
  }
  if (!enabled(config, event, input.tool)) return NEUTRAL
  const [handler, deps] = await Promise.all([
    HANDLERS[event](),
    opts.deps ?? import("./faculties").then((m) => m.loadDeps(event, config)),
  ])
  const answer = await handler(input, { project, config, deps, log, bin: opts.bin ? [opts.bin] : selfArgv() })
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
