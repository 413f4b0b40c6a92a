import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import type { Config } from "../core/config"
import { EgcError, errorMessage } from "../core/errors"
import type { Logger } from "../core/log"
import { safeText } from "../core/safe-text"
import { projectFor, type Binding } from "./binding"
import { renameDeprecated } from "./aliases"
import { argumentProblem } from "./args"
import { capResult } from "./cap"
import { describeIssues, type CompiledTool } from "./compile"
import type { ToolContext } from "./tool"

/**
 * The one wrapper every tool call goes through: bound the raw arguments, validate them, bind the
 * project, run the handler, check its result against the output schema, cap it, and return both
 * `content` and `structuredContent`. Domain failures come back as `isError` results with a sentence.
 */
const ARGS_CHAR_LIMIT = 256 * 1024

interface CallDeps {
  binding: () => Promise<Binding>
  session: ToolContext["session"]
  config: Config
  log: Logger
  ask?: ToolContext["ask"]
  /** Runs before every handler (the mesh heartbeat); its failures never fail the call. */
  onCall?: (ctx: ToolContext) => void
}

export const failure = (text: string): CallToolResult => ({
  isError: true,
  content: [{ type: "text", text: safeText(text) }],
})

export async function callTool(
  tool: CompiledTool,
  raw: unknown,
  deps: CallDeps,
  signal?: AbortSignal,
): Promise<CallToolResult> {
  const name = tool.def.name
  const rawSize = JSON.stringify(raw ?? {}).length
  if (rawSize > ARGS_CHAR_LIMIT) {
    return failure(
      `arguments for ${name} are ${rawSize} characters, above the limit of ${ARGS_CHAR_LIMIT}; send less text per call`,
    )
  }
  const problem = argumentProblem(raw)
  if (problem) return failure(`invalid arguments for ${name}: ${problem}. Fix the arguments and call again.`)
  const renamed = renameDeprecated(raw, tool.def.deprecatedAliases)
  if (renamed.problem)
    return failure(`invalid arguments for ${name}: ${renamed.problem}. Fix the arguments and call again.`)
  const parsed = tool.input.safeParse(renamed.args ?? {})
  if (!parsed.success) return failure(describeIssues(name, parsed.error))
  const { project: named, ...args } = parsed.data as Record<string, unknown>
  try {
    const binding = await deps.binding()
    const project = projectFor(binding, typeof named === "string" ? named : undefined)
    const ctx: ToolContext = {
      project,
      boundProjects: binding.projects,
      session: deps.session,
      config: deps.config,
      signal,
      ...(deps.ask ? { ask: deps.ask } : {}),
    }
    try {
      deps.onCall?.(ctx)
    } catch (e) {
      deps.log.warn("onCall failed", { tool: name, error: errorMessage(e) })
    }
    const handlerArgs = "project" in tool.def.input ? parsed.data : args
    const result = await tool.def.handler(handlerArgs as never, ctx)
    const checked = tool.output.safeParse(result)
    if (!checked.success) {
      deps.log.error("tool returned a result that does not match its output schema", {
        tool: name,
        issues: checked.error.message,
      })
      return failure(
        `internal error in ${name}: its result did not match its schema; this is a bug in egc, please report it`,
      )
    }
    const { value, cut } = capResult(checked.data as Record<string, unknown>)
    if (cut.length)
      Object.assign(value, {
        truncated: true,
        note: `result cut to fit: ${cut.join("; ")}. Narrow the request to see the rest.`,
      })
    if (renamed.note) value.deprecated = renamed.note
    return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value }
  } catch (e) {
    // a ToolFailure is an EgcError without a hint: its message already says what to do
    if (e instanceof EgcError) return failure(e.hint ? `${e.message}; ${e.hint}` : e.message)
    deps.log.error("tool failed", { tool: name, error: errorMessage(e) })
    return failure(`internal error in ${name}: ${errorMessage(e)}; the server keeps serving, try again or report it`)
  }
}
