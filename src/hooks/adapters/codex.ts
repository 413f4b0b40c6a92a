import { claudeShapeAdapter } from "./_claude-shape"

/**
 * Codex CLI (`~/.codex/hooks.json`, Claude-like schema). Its documentation does not promise that
 * PreToolUse honours `updatedInput`, so egc never rewrites there: the guard still decides.
 */
export const codex = claudeShapeAdapter({
  tool: "codex",
  canRewrite: false,
  kinds: { Bash: "shell", shell: "shell", exec_command: "shell", local_shell: "shell", apply_patch: "write" },
})
