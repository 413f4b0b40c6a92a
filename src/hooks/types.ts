/**
 * One event shape for every coding tool: adapters turn a tool's stdin payload into a HookInput,
 * handlers answer with a HookAnswer, and the adapter renders that answer in the tool's protocol.
 */
export const HOOK_EVENTS = [
  "session-start",
  "prompt-submit",
  "pre-tool",
  "post-tool",
  "pre-compact",
  "stop",
  "session-end",
] as const
export type HookEvent = (typeof HOOK_EVENTS)[number]

export const HOOK_TOOLS = [
  "claude-code",
  "codex",
  "gemini",
  "cursor",
  "copilot",
  "windsurf",
  "cline",
  "kiro",
  "amazonq",
  "qwen",
  "opencode",
] as const
export type HookTool = (typeof HOOK_TOOLS)[number]

/** Events whose answer can stop an action: a truncated payload there blocks instead of allowing. */
export const GUARDING_EVENTS: ReadonlySet<HookEvent> = new Set(["pre-tool"])

/**
 * Carried by the answer to doctor's probe (EGC_HOOK_PROBE=1, empty payload) on a guarding event: that
 * answer is an ask, never a pass, and the doctor recognises it by this mark whatever exit code the
 * tool's protocol gives an ask (2 where a tool blocks by exit code).
 */
export const HOOK_PROBE_MARK = "egc-hook-probe"

export type CallKind = "shell" | "write" | "read" | "other"

export interface ToolCall {
  /** The host's own tool name (Bash, run_shell_command, execute_bash, …). */
  name: string
  kind: CallKind
  command?: string
  path?: string
  content?: string
  /** The host's original tool input, so a rewrite can keep every other field. */
  input: Record<string, unknown>
  result?: ToolResult
}

export interface ToolResult {
  failed: boolean
  exitCode?: number
  output?: string
  error?: string
}

export interface HookInput {
  event: HookEvent
  tool: HookTool
  sessionId: string
  cwd: string
  transcriptPath?: string
  prompt?: string
  /** startup | resume | clear | compact, when the tool says. */
  source?: string
  call?: ToolCall
  /** Claude-style Stop hooks set this when a previous Stop hook already continued the turn. */
  stopHookActive?: boolean
  /** A sub-format of the tool's protocol (Copilot CLI vs VS Code, Cursor's event names). */
  dialect?: string
}

export interface HookAnswer {
  /** Text for the model's context (state, recall, notices). Always data, never instructions to obey. */
  context?: string
  /** Stop the action (deny) or hand it to the person (ask). */
  decision?: { kind: "deny" | "ask"; reason: string }
  /** A replacement shell command. Never sent together with a decision, and never grants permission. */
  rewrite?: string
}

export interface Rendered {
  stdout: string
  stderr: string
  exitCode: number
}

export interface Adapter {
  readonly tool: HookTool
  /** Whether this tool accepts a rewritten command on its pre-tool hook. */
  readonly canRewrite: boolean
  parse(event: HookEvent, payload: Record<string, unknown>): HookInput
  render(event: HookEvent, answer: HookAnswer, input: HookInput | undefined): Rendered
}

export const NEUTRAL: HookAnswer = {}

export const isHookEvent = (v: string): v is HookEvent => (HOOK_EVENTS as readonly string[]).includes(v)
export const isHookTool = (v: string): v is HookTool => (HOOK_TOOLS as readonly string[]).includes(v)
