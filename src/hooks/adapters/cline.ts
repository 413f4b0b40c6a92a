import type { Adapter } from "../types"
import { baseInput, bool, firstRoot, json, obj, str, toolCall } from "./_fields"

/**
 * Cline hooks are executables named after the event in `.clinerules/hooks/` (TaskStart,
 * UserPromptSubmit, PreToolUse, PostToolUse, PreCompact, TaskComplete, TaskCancel). The payload
 * nests the event data under a key named after the hook; the answer is always JSON:
 * `{cancel, contextModification?, errorMessage?}`. A rewrite does not exist there.
 */
const KINDS = { execute_command: "shell", write_to_file: "write", replace_in_file: "write", read_file: "read" } as const

export const cline: Adapter = {
  tool: "cline",
  canRewrite: false,
  parse(event, p) {
    const input = baseInput(event, "cline", p)
    input.cwd = firstRoot(p.workspaceRoots) ?? input.cwd
    const pre = obj(p.preToolUse)
    const post = obj(p.postToolUse)
    const data = Object.keys(pre).length ? pre : post
    const name = str(data.toolName)
    if (name !== undefined) {
      const call = toolCall(name, obj(data.parameters), KINDS)
      if (event === "post-tool")
        call.result = { failed: bool(data.success) === false, output: (str(data.result) ?? "").slice(0, 8192) }
      input.call = call
    }
    const prompt = str(obj(p.userPromptSubmit).prompt)
    if (prompt !== undefined) input.prompt = prompt
    return input
  },
  render(event, answer) {
    if (answer.decision && (event === "pre-tool" || event === "prompt-submit"))
      return json({ cancel: true, errorMessage: `egc: ${answer.decision.reason}` })
    if (answer.context) return json({ cancel: false, contextModification: answer.context })
    return json({ cancel: false })
  },
}
