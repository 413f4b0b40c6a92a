import { claudeShapeAdapter } from "./_claude-shape"

/** Claude Code: SessionStart, UserPromptSubmit, PreToolUse, PostToolUse(+Failure), PreCompact, Stop, SessionEnd. */
export const claudeCode = claudeShapeAdapter({
  tool: "claude-code",
  canRewrite: true,
  kinds: { Bash: "shell", Write: "write", Edit: "write", MultiEdit: "write", NotebookEdit: "write", Read: "read" },
})
