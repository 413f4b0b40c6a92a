import type { Adapter, HookTool } from "../types"
import { baseInput, blockByExit, empty, obj, resultOf, str, toolCall } from "./_fields"

/**
 * Kiro CLI and Amazon Q Developer CLI agent hooks (agentSpawn, userPromptSubmit, preToolUse,
 * postToolUse, stop): `{hook_event_name, cwd, tool_name, tool_input, tool_response}` on stdin.
 * Plain stdout of agentSpawn and userPromptSubmit is added to the context; preToolUse blocks
 * with exit 2 and the reason on stderr. Neither takes a rewritten command.
 */
const KINDS = {
  execute_bash: "shell",
  shell: "shell",
  execute_cmd: "shell",
  fs_write: "write",
  write: "write",
  fs_read: "read",
  read: "read",
} as const

export function plainStdoutAdapter(tool: HookTool): Adapter {
  return {
    tool,
    canRewrite: false,
    parse(event, p) {
      const input = baseInput(event, tool, p)
      const name = str(p.tool_name)
      if (name !== undefined) {
        const call = toolCall(name, obj(p.tool_input), KINDS)
        if (event === "post-tool") call.result = resultOf(p.tool_response)
        input.call = call
      }
      return input
    },
    render(event, answer) {
      if (event === "pre-tool" && answer.decision) return blockByExit(`egc: ${answer.decision.reason}`)
      if (answer.context && (event === "session-start" || event === "prompt-submit"))
        return { stdout: `${answer.context}\n`, stderr: "", exitCode: 0 }
      return empty()
    },
  }
}
