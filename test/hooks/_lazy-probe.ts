/**
 * Spawned by lazy.test.ts: runs one hook event in a fresh process with the real faculties, then
 * prints every module the process loaded, so the test can check what the hot path pulls in.
 */
import { runHook } from "../../src/hooks/run"
import type { HookEvent } from "../../src/hooks/types"

const [event = "pre-tool", cwd = ".", command = "git status"] = process.argv.slice(2)
const body = {
  session_id: "probe",
  cwd,
  hook_event_name: "X",
  tool_name: "Bash",
  tool_input: { command },
  tool_response: { stdout: "", stderr: "Error: boom", exit_code: 1 },
  prompt: command,
}
const out = await runHook(event as HookEvent, "claude-code", {
  payload: { text: JSON.stringify(body), truncated: false },
})
process.stdout.write(`${JSON.stringify({ out, modules: Object.keys(require.cache) })}\n`)
