import type { Adapter, CallKind } from "../types"
import { parseClaudeShape, renderClaudeShape } from "./_claude-shape"
import { baseInput, empty, json, obj, str, toolCall } from "./_fields"

/**
 * GitHub Copilot has two hook dialects. VS Code agent hooks use the Claude protocol
 * (`tool_name`, `hookSpecificOutput`). Copilot CLI (`.github/hooks/*.json`, `{version: 1, hooks:
 * {preToolUse: [{type: "command", bash}]}}`) sends camelCase fields with `toolArgs` as a JSON
 * string, reads `{permissionDecision, permissionDecisionReason}` from preToolUse, and ignores the
 * output of every other event, so it cannot take injected context.
 */
const KINDS: Record<string, CallKind> = {
  bash: "shell",
  shell: "shell",
  powershell: "shell",
  runInTerminal: "shell",
  run_in_terminal: "shell",
  editFiles: "write",
  create: "write",
  edit: "write",
  createFile: "write",
  view: "read",
  readFile: "read",
}

function argsOf(v: unknown): Record<string, unknown> {
  if (typeof v !== "string") return obj(v)
  try {
    return obj(JSON.parse(v))
  } catch {
    return {}
  }
}

export const copilot: Adapter = {
  tool: "copilot",
  canRewrite: true,
  parse(event, p) {
    if (p.hook_event_name !== undefined || p.tool_name !== undefined)
      return { ...parseClaudeShape(event, "copilot", p, KINDS), dialect: "vscode" }
    const input = { ...baseInput(event, "copilot", p), dialect: "cli" }
    const name = str(p.toolName)
    if (name !== undefined) {
      const call = toolCall(name, argsOf(p.toolArgs), KINDS)
      if (event === "post-tool") {
        const result = obj(p.toolResult)
        call.result = {
          failed: str(result.resultType) === "failure",
          output: (str(result.textResultForLlm) ?? "").slice(0, 8192),
        }
      }
      input.call = call
    }
    return input
  },
  render(event, answer, input) {
    if (input?.dialect !== "cli") return renderClaudeShape(event, answer, input)
    if (event === "pre-tool" && answer.decision)
      return json({ permissionDecision: answer.decision.kind, permissionDecisionReason: answer.decision.reason })
    return empty()
  },
}
