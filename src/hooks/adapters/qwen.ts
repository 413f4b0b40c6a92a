import { claudeShapeAdapter } from "./_claude-shape"

/** Qwen Code (`.qwen/settings.json`): Claude event names and output, Gemini-family tool names. */
export const qwen = claudeShapeAdapter({
  tool: "qwen",
  canRewrite: true,
  kinds: { run_shell_command: "shell", write_file: "write", edit: "write", replace: "write", read_file: "read" },
})
