import type { Adapter, HookEvent } from "../types"
import { baseInput, empty, json, obj, resultOf, str, toolCall } from "./_fields"

/**
 * Gemini CLI (`~/.gemini/settings.json` → `hooks`): SessionStart, BeforeAgent, BeforeTool, AfterTool,
 * PreCompress, AfterAgent, SessionEnd. Blocking is `{decision: "deny", reason}`; context and a
 * rewritten tool input travel in `hookSpecificOutput` (`additionalContext`, `tool_input`, merged
 * into the call's arguments). Stdout must be JSON only, so the neutral answer is `{}`.
 */
const GEMINI_EVENT_NAMES: Record<HookEvent, string> = {
  "session-start": "SessionStart",
  "prompt-submit": "BeforeAgent",
  "pre-tool": "BeforeTool",
  "post-tool": "AfterTool",
  "pre-compact": "PreCompress",
  stop: "AfterAgent",
  "session-end": "SessionEnd",
}

const KINDS = {
  run_shell_command: "shell",
  write_file: "write",
  replace: "write",
  read_file: "read",
  read_many_files: "read",
} as const

export const gemini: Adapter = {
  tool: "gemini",
  canRewrite: true,
  parse(event, p) {
    const input = baseInput(event, "gemini", p)
    const name = str(p.tool_name)
    if (name !== undefined) {
      const call = toolCall(name, obj(p.tool_input), KINDS)
      if (event === "post-tool") {
        const response = obj(p.tool_response)
        call.result = resultOf(
          response,
          response.error ? true : undefined,
          str(obj(response.error).message) ?? str(response.error),
        )
      }
      input.call = call
    }
    return input
  },
  render(event, answer) {
    const hookEventName = GEMINI_EVENT_NAMES[event]
    if (event === "pre-tool" && answer.decision)
      return json({ decision: answer.decision.kind, reason: answer.decision.reason })
    if (event === "pre-tool" && answer.rewrite !== undefined)
      return json({ hookSpecificOutput: { hookEventName, tool_input: { command: answer.rewrite } } })
    if (answer.context && (event === "session-start" || event === "prompt-submit" || event === "post-tool")) {
      return json({ hookSpecificOutput: { hookEventName, additionalContext: answer.context } })
    }
    return event === "session-end" ? empty() : json({})
  },
}
