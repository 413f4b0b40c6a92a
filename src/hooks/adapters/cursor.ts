import type { Adapter } from "../types"
import { baseInput, empty, json, num, obj, str, toolCall } from "./_fields"

/**
 * Cursor (`~/.cursor/hooks.json` or `<proj>/.cursor/hooks.json`, `{version: 1, hooks: {event: [{command}]}}`).
 * One egc event is wired to several Cursor events: pre-tool ← beforeShellExecution, beforeReadFile,
 * preToolUse; post-tool ← afterShellExecution, afterFileEdit, postToolUse; prompt-submit ←
 * beforeSubmitPrompt, which can only continue or stop (so recall cannot be injected there).
 * A block is `{permission: "deny", user_message, agent_message}` (Cursor 1.7 spelled the messages
 * in camelCase, so both spellings are sent; preToolUse also reads `decision`/`reason`). The neutral
 * answer says nothing, because `permission: "allow"` would skip the person's own approval.
 */
const KINDS = { Shell: "shell", Write: "write", Edit: "write", StrReplace: "write", Read: "read" } as const

export const cursor: Adapter = {
  tool: "cursor",
  canRewrite: true,
  parse(event, p) {
    const input = baseInput(event, "cursor", p)
    const name = str(p.hook_event_name) ?? ""
    input.dialect = name
    if (name === "beforeShellExecution" || name === "afterShellExecution") {
      const call = toolCall("Shell", { command: str(p.command) ?? "" }, KINDS)
      if (name === "afterShellExecution")
        call.result = { failed: (num(p.exit_code) ?? 0) !== 0, output: (str(p.output) ?? "").slice(0, 8192) }
      input.call = call
    } else if (name === "beforeReadFile") {
      input.call = toolCall("Read", { file_path: str(p.file_path) ?? "", content: str(p.content) }, KINDS)
    } else if (name === "afterFileEdit") {
      input.call = { ...toolCall("Edit", { file_path: str(p.file_path) ?? "" }, KINDS), result: { failed: false } }
    } else if (str(p.tool_name) !== undefined) {
      const call = toolCall(str(p.tool_name) ?? "", obj(p.tool_input), KINDS)
      if (event === "post-tool") {
        const failure = name === "postToolUseFailure"
        const text =
          str(p.error_message) ??
          str(p.error) ??
          (p.tool_output === undefined ? undefined : String(p.tool_output).slice(0, 8192))
        call.result = {
          failed: failure || (text !== undefined && /error|failed/i.test(text.slice(0, 200))),
          ...(text !== undefined ? { error: text } : {}),
        }
      }
      input.call = call
    }
    return input
  },
  render(event, answer, input) {
    if (event === "pre-tool" && answer.decision) {
      const { kind, reason } = answer.decision
      const messages = { user_message: reason, agent_message: reason, userMessage: reason, agentMessage: reason }
      return json(
        input?.dialect === "preToolUse"
          ? { permission: kind, decision: kind, reason, ...messages }
          : { permission: kind, ...messages },
      )
    }
    if (event === "pre-tool" && answer.rewrite !== undefined && input?.dialect === "preToolUse" && input.call) {
      return json({ updated_input: { ...input.call.input, command: answer.rewrite } })
    }
    if (event === "session-start" && answer.context) return json({ additional_context: answer.context })
    if (event === "prompt-submit") return json({ continue: true })
    return empty()
  },
}
