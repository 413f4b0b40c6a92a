import { mkdirSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { egcBinary } from "./_binary"
import { runClient } from "./_run-client"

/**
 * The real Qwen Code (`qwen -p`) against a scripted OpenAI-compatible chat-completions server on
 * 127.0.0.1, with egc's hooks (Claude event names) in ~/.qwen/settings.json. Requests from Qwen's
 * own memory subagent are answered with plain text; the main loop follows the script.
 */
export const QWEN = resolve(import.meta.dir, "../../node_modules/.bin/qwen")

export type QwenStep = { command: string } | { text: string }

const EVENTS: Record<string, string> = {
  SessionStart: "session-start",
  UserPromptSubmit: "prompt-submit",
  PreToolUse: "pre-tool",
  PostToolUse: "post-tool",
  Stop: "stop",
}

const chunk = (delta: Record<string, unknown>, finish: string | null) =>
  `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "scripted", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`

function stream(step: QwenStep, n: number): string {
  const body =
    "command" in step
      ? chunk(
          {
            role: "assistant",
            tool_calls: [
              {
                index: 0,
                id: `call_${n}`,
                type: "function",
                function: {
                  name: "run_shell_command",
                  arguments: JSON.stringify({ command: step.command, is_background: false }),
                },
              },
            ],
          },
          null,
        ) + chunk({}, "tool_calls")
      : chunk({ role: "assistant", content: step.text }, null) + chunk({}, "stop")
  return `${body}data: [DONE]\n\n`
}

export async function runQwen(opts: { home: string; cwd: string; prompt: string; script: QwenStep[] }) {
  const requests: Array<Record<string, any>> = []
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      if (!url.pathname.endsWith("/chat/completions")) return Response.json({ data: [] })
      const body = (await req.json().catch(() => ({}))) as Record<string, any>
      requests.push(body)
      const messages = (body.messages ?? []) as Array<{ role: string }>
      const main =
        Array.isArray(body.tools) &&
        body.tools.some((t: { function?: { name?: string } }) => t.function?.name === "run_shell_command")
      const step = main
        ? (opts.script[messages.filter((m) => m.role === "tool").length] ?? { text: "done" })
        : { text: "nothing to note" }
      if (body.stream)
        return new Response(stream(step, requests.length), { headers: { "content-type": "text/event-stream" } })
      return Response.json({
        id: "chatcmpl-1",
        object: "chat.completion",
        created: 1,
        model: "scripted",
        choices: [
          { index: 0, message: { role: "assistant", content: "text" in step ? step.text : "" }, finish_reason: "stop" },
        ],
      })
    },
  })
  try {
    const bin = await egcBinary()
    const hooks = Object.fromEntries(
      Object.entries(EVENTS).map(([event, name]) => [
        event,
        [
          {
            ...(event.includes("Tool") ? { matcher: "run_shell_command" } : {}),
            hooks: [{ type: "command", command: `'${bin}' hook ${name} --tool qwen` }],
          },
        ],
      ]),
    )
    mkdirSync(join(opts.home, ".qwen"), { recursive: true })
    writeFileSync(
      join(opts.home, ".qwen", "settings.json"),
      JSON.stringify(
        { security: { auth: { selectedType: "openai" }, folderTrust: { enabled: false } }, hooks },
        null,
        2,
      ),
    )
    const run = await runClient([QWEN, "-p", opts.prompt, "--approval-mode", "yolo"], {
      cwd: opts.cwd,
      home: opts.home,
      env: {
        OPENAI_API_KEY: "sk-test-not-a-key",
        OPENAI_BASE_URL: `http://127.0.0.1:${server.port}/v1`,
        OPENAI_MODEL: "scripted",
      },
    })
    return { ...run, requests }
  } finally {
    server.stop(true)
  }
}

/** What Qwen sent back to the model for its Nth tool call (1-based), from the last main-loop request. */
export function toolMessage(requests: Array<Record<string, any>>, n: number): string {
  const main = requests.filter((r) => Array.isArray(r.tools) && r.tools.length > 0)
  const tools = ((main.at(-1)?.messages ?? []) as Array<{ role: string; content: unknown }>).filter(
    (m) => m.role === "tool",
  )
  const c = tools[n - 1]?.content
  return typeof c === "string" ? c : JSON.stringify(c ?? "")
}
