import { claudeShapeAdapter } from "./_claude-shape"

/**
 * Codex CLI (`~/.codex/hooks.json`, Claude-like schema). Codex 0.169 reports a PreToolUse answer
 * carrying `updatedInput` as a failed hook and runs the original command (checked with the real
 * CLI), so egc never rewrites there; deny and additionalContext work as in Claude Code.
 */
export const codex = claudeShapeAdapter({
  tool: "codex",
  canRewrite: false,
  kinds: { Bash: "shell", shell: "shell", exec_command: "shell", local_shell: "shell", apply_patch: "write" },
})
