import type { Adapter, CallKind, HookAnswer, HookEvent, HookInput, HookTool, Rendered } from "../types"
import { baseInput, bool, empty, json, obj, resultOf, str, toolCall } from "./_fields"

/**
 * The Claude Code hook protocol, which Codex, Qwen Code and VS Code Copilot reuse: one JSON object
 * on stdin, `hookSpecificOutput` on stdout. A rewrite is `updatedInput` alone, without
 * `permissionDecision: "allow"`, so the host's own deny and ask rules still apply to it.
 */
const CLAUDE_EVENT_NAMES: Record<HookEvent, string> = {
  "session-start": "SessionStart",
  "prompt-submit": "UserPromptSubmit",
  "pre-tool": "PreToolUse",
  "post-tool": "PostToolUse",
  "pre-compact": "PreCompact",
  stop: "Stop",
  "session-end": "SessionEnd",
}

/** Events whose hookSpecificOutput may carry additionalContext. */
const CONTEXT_EVENTS: ReadonlySet<HookEvent> = new Set(["session-start", "prompt-submit", "post-tool"])

interface ClaudeShapeOptions {
  tool: HookTool
  kinds: Record<string, CallKind>
  canRewrite: boolean
}

export function parseClaudeShape(
  event: HookEvent,
  tool: HookTool,
  p: Record<string, unknown>,
  kinds: Record<string, CallKind>,
): HookInput {
  const input = baseInput(event, tool, p)
  const name = str(p.tool_name)
  if (name !== undefined) {
    const call = toolCall(name, obj(p.tool_input), kinds)
    const failure = str(p.hook_event_name) === "PostToolUseFailure"
    if (event === "post-tool") call.result = resultOf(p.tool_response, failure ? true : undefined, str(p.error))
    input.call = call
  }
  const active = bool(p.stop_hook_active)
  if (active !== undefined) input.stopHookActive = active
  return input
}

export function renderClaudeShape(event: HookEvent, answer: HookAnswer, input: HookInput | undefined): Rendered {
  const hookEventName = CLAUDE_EVENT_NAMES[event]
  if (event === "pre-tool" && answer.decision) {
    return json({
      hookSpecificOutput: {
        hookEventName,
        permissionDecision: answer.decision.kind,
        permissionDecisionReason: answer.decision.reason,
      },
    })
  }
  if (event === "pre-tool" && answer.rewrite !== undefined && input?.call) {
    return json({
      hookSpecificOutput: { hookEventName, updatedInput: { ...input.call.input, command: answer.rewrite } },
    })
  }
  if (answer.context && CONTEXT_EVENTS.has(event))
    return json({ hookSpecificOutput: { hookEventName, additionalContext: answer.context } })
  return empty()
}

export function claudeShapeAdapter(opts: ClaudeShapeOptions): Adapter {
  return {
    tool: opts.tool,
    canRewrite: opts.canRewrite,
    parse: (event, payload) => parseClaudeShape(event, opts.tool, payload, opts.kinds),
    render: (event, answer, input) =>
      renderClaudeShape(event, opts.canRewrite ? answer : { ...answer, rewrite: undefined }, input),
  }
}
