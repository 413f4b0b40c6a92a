import type { Adapter } from "../types"
import { baseInput, json, num, obj, str, toolCall } from "./_fields"

/**
 * OpenCode runs hooks in-process, so egc ships a small plugin (opencode-plugin.ts) that forwards
 * each event to `egc hook <event> --tool opencode` with this payload:
 * `{session_id, cwd, tool?, args?, prompt?, exit_code?, output?}`, and reads back one JSON answer:
 * `{action: "none" | "deny" | "ask" | "rewrite", reason?, command?, context?}`.
 */
const KINDS = { bash: "shell", write: "write", edit: "write", patch: "write", read: "read" } as const

export const opencode: Adapter = {
  tool: "opencode",
  canRewrite: true,
  parse(event, p) {
    const input = baseInput(event, "opencode", p)
    const name = str(p.tool)
    if (name !== undefined) {
      const call = toolCall(name, obj(p.args), KINDS)
      if (event === "post-tool") {
        const exitCode = num(p.exit_code)
        call.result = { failed: exitCode !== undefined && exitCode !== 0, output: (str(p.output) ?? "").slice(0, 8192) }
        if (exitCode !== undefined) call.result.exitCode = exitCode
      }
      input.call = call
    }
    return input
  },
  render(event, answer) {
    if (event === "pre-tool" && answer.decision)
      return json({ action: answer.decision.kind, reason: answer.decision.reason })
    if (event === "pre-tool" && answer.rewrite !== undefined)
      return json({ action: "rewrite", command: answer.rewrite })
    return json(answer.context ? { action: "none", context: answer.context } : { action: "none" })
  },
}
