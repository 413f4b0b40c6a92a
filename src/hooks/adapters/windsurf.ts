import type { Adapter } from "../types"
import { baseInput, blockByExit, empty, obj, str, toolCall } from "./_fields"

/**
 * Windsurf Cascade hooks (`~/.codeium/windsurf/hooks.json`): pre_run_command, pre_write_code,
 * pre_read_code, post_run_command, post_write_code, pre_user_prompt, post_cascade_response. The
 * payload names the action in `agent_action_name` and carries `tool_info`. Only exit 2 with a
 * reason on stderr blocks; Cascade takes no context and no rewrite from hooks.
 */
export const windsurf: Adapter = {
  tool: "windsurf",
  canRewrite: false,
  parse(event, p) {
    const input = baseInput(event, "windsurf", p)
    const action = str(p.agent_action_name) ?? ""
    const info = obj(p.tool_info)
    input.dialect = action
    input.sessionId ||= str(p.trajectory_id) ?? ""
    if (str(info.cwd)) input.cwd = str(info.cwd) ?? input.cwd
    if (action.endsWith("_run_command"))
      input.call = toolCall("run_command", { command: str(info.command_line) ?? "" }, { run_command: "shell" })
    else if (action.endsWith("_write_code"))
      input.call = toolCall("write_code", { file_path: str(info.file_path) ?? "" }, { write_code: "write" })
    else if (action.endsWith("_read_code"))
      input.call = toolCall("read_code", { file_path: str(info.file_path) ?? "" }, { read_code: "read" })
    if (action === "pre_user_prompt") input.prompt = str(info.user_prompt) ?? ""
    if (input.call && event === "post-tool") input.call.result = { failed: false }
    return input
  },
  render(event, answer) {
    if ((event === "pre-tool" || event === "prompt-submit") && answer.decision)
      return blockByExit(`egc: ${answer.decision.reason}`)
    return empty()
  },
}
