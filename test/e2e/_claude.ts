import { mkdirSync } from "node:fs"
import { join, resolve } from "node:path"
import { installInto } from "./_installed-home"
import { runClient } from "./_run-client"
import { startMessagesServer, type Step } from "./_messages-server"

/**
 * Runs the real Claude Code (`claude -p … --output-format json`) against the scripted Messages
 * server, with a temporary HOME that `egc install` configured to send every hook to the compiled
 * egc binary. Only loopback traffic: telemetry, updates and error reporting are switched off.
 */
export const CLAUDE = resolve(import.meta.dir, "../../node_modules/.bin/claude")

/** The HOME is configured by `egc install --yes --target claude-code` alone, as a user's would be. */
export async function installClaudeHome(home: string): Promise<void> {
  mkdirSync(join(home, ".claude"), { recursive: true })
  await installInto(home, ["claude-code"], { cwd: home })
}

export interface ClaudeRun {
  code: number
  result: Record<string, any>
  stderr: string
  /** Agent-loop requests the model server received, in order. */
  loop: Array<Record<string, any>>
}

export async function runClaude(opts: {
  home: string
  cwd: string
  prompt: string
  script: Step[]
  env?: Record<string, string>
}): Promise<ClaudeRun> {
  const server = startMessagesServer(opts.script)
  try {
    const { code, stdout, stderr } = await runClient(
      [CLAUDE, "-p", opts.prompt, "--output-format", "json", "--allowedTools", "Bash"],
      {
        cwd: opts.cwd,
        home: opts.home,
        env: {
          ANTHROPIC_API_KEY: "sk-test-not-a-key",
          ANTHROPIC_BASE_URL: server.url,
          DISABLE_TELEMETRY: "1",
          DISABLE_AUTOUPDATER: "1",
          DISABLE_ERROR_REPORTING: "1",
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
          ...opts.env,
        },
      },
    )
    let result: Record<string, any> = {}
    try {
      result = JSON.parse(stdout) as Record<string, any>
    } catch {
      result = { unparsed: stdout }
    }
    return { code, result, stderr, loop: server.loop() }
  } finally {
    server.stop()
  }
}

/** Every text the model was sent in a request (messages and system), to search for injected context. */
export function sentText(request: Record<string, any> | undefined): string {
  return request ? JSON.stringify({ system: request.system, messages: request.messages }) : ""
}

/** The tool_result content the model received for its Nth tool call (1-based), as text. */
export function toolResult(loop: Array<Record<string, any>>, n: number): string {
  const messages = (loop[n]?.messages ?? []) as Array<{ role: string; content: unknown }>
  const blocks = messages.flatMap((m) => (Array.isArray(m.content) ? (m.content as Array<Record<string, any>>) : []))
  const results = blocks.filter((b) => b.type === "tool_result")
  const last = results.at(-1)
  if (!last) return ""
  return typeof last.content === "string" ? last.content : JSON.stringify(last.content)
}
