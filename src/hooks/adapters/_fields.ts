import type { CallKind, HookEvent, HookInput, HookTool, Rendered, ToolCall, ToolResult } from "../types"
import { own } from "../../core/own"

/** Small readers for untrusted payloads: a wrong type is treated as absent, never thrown. */
export const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined)
export const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined)
export const obj = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
export const bool = (v: unknown): boolean | undefined => (typeof v === "boolean" ? v : undefined)

export function firstRoot(v: unknown): string | undefined {
  return Array.isArray(v) ? str(v[0]) : undefined
}

function cwdOf(p: Record<string, unknown>): string {
  return (
    str(p.cwd) ?? str(p.working_dir) ?? firstRoot(p.workspace_roots) ?? firstRoot(p.workspaceRoots) ?? process.cwd()
  )
}

export function baseInput(event: HookEvent, tool: HookTool, p: Record<string, unknown>): HookInput {
  const input: HookInput = {
    event,
    tool,
    sessionId: str(p.session_id) ?? str(p.sessionId) ?? str(p.conversation_id) ?? str(p.taskId) ?? "",
    cwd: cwdOf(p),
  }
  const transcript = str(p.transcript_path) ?? str(p.transcriptPath)
  if (transcript) input.transcriptPath = transcript
  const source = str(p.source) ?? str(p.trigger)
  if (source) input.source = source
  const prompt = str(p.prompt) ?? str(p.user_prompt)
  if (prompt !== undefined) input.prompt = prompt
  return input
}

/** Builds a ToolCall from a tool name and input using a per-tool table of names. */
export function toolCall(name: string, input: Record<string, unknown>, kinds: Record<string, CallKind>): ToolCall {
  const kind = own(kinds, name) ?? "other"
  const call: ToolCall = { name, kind, input }
  const command = str(input.command) ?? str(input.cmd) ?? str(input.command_line) ?? argvLine(input.command)
  if (command !== undefined) call.command = command
  const path =
    str(input.file_path) ??
    str(input.path) ??
    str(input.absolute_path) ??
    str(input.filePath) ??
    str(input.notebook_path)
  if (path !== undefined) call.path = path
  const content = str(input.content) ?? str(input.new_string) ?? str(input.file_text)
  if (content !== undefined) call.content = content
  if (kind === "other" && command !== undefined && name === "") call.kind = "shell"
  return call
}

/** An argv array (Codex local_shell) as one shell line, each word single-quoted, so the guard judges it as run. */
function argvLine(v: unknown): string | undefined {
  if (!Array.isArray(v) || !v.length || !v.every((w) => typeof w === "string")) return undefined
  return v.map((w) => `'${w.replaceAll("'", "'\\''")}'`).join(" ")
}

/** Tool results come in many shapes; this keeps the exit status and a bounded error text. */
export function resultOf(response: unknown, failedHint?: boolean, errorText?: string): ToolResult {
  const r = obj(response)
  const exitCode = num(r.exit_code) ?? num(r.exitCode) ?? num(r.returncode)
  const stderr = str(r.stderr) ?? str(r.error) ?? errorText
  const stdout =
    str(r.stdout) ?? str(r.output) ?? str(r.llmContent) ?? (typeof response === "string" ? response : undefined)
  const failed =
    failedHint ??
    (exitCode !== undefined
      ? exitCode !== 0
      : Boolean(str(r.error)) || bool(r.success) === false || r.is_error === true)
  const result: ToolResult = { failed }
  if (exitCode !== undefined) result.exitCode = exitCode
  if (stdout !== undefined) result.output = stdout.slice(0, 8192)
  if (stderr !== undefined) result.error = stderr.slice(0, 8192)
  return result
}

export const json = (value: unknown, exitCode = 0): Rendered => ({
  stdout: `${JSON.stringify(value)}\n`,
  stderr: "",
  exitCode,
})
export const empty = (): Rendered => ({ stdout: "", stderr: "", exitCode: 0 })
/** Exit 2 with the reason on stderr: the block signal of hosts that read no JSON. */
export const blockByExit = (reason: string): Rendered => ({ stdout: "", stderr: `${reason}\n`, exitCode: 2 })
