import { mkdirSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { egcBinary } from "./_binary"
import { runClient } from "./_run-client"

/**
 * The real Codex CLI (`codex exec`) against a scripted Responses API on 127.0.0.1 (a model
 * provider in ~/.codex/config.toml), with egc's hooks in ~/.codex/hooks.json. Codex runs only
 * reviewed hooks; `--dangerously-bypass-hook-trust` is the documented switch for one-off runs whose
 * hook source was checked elsewhere — here, the test wrote it. Only loopback traffic.
 */
export const CODEX = resolve(import.meta.dir, "../../node_modules/.bin/codex")

export type CodexStep = { cmd: string } | { text: string }

const EVENTS: Record<string, string> = {
  SessionStart: "session-start",
  UserPromptSubmit: "prompt-submit",
  PreToolUse: "pre-tool",
  PostToolUse: "post-tool",
  Stop: "stop",
}

const sse = (events: Array<Record<string, unknown>>) =>
  events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join("")

function answer(step: CodexStep, n: number): string {
  const item =
    "cmd" in step
      ? {
          type: "function_call",
          id: `fc_${n}`,
          call_id: `call_${n}`,
          name: "exec_command",
          arguments: JSON.stringify({ cmd: step.cmd }),
        }
      : { type: "message", role: "assistant", id: `msg_${n}`, content: [{ type: "output_text", text: step.text }] }
  return sse([
    { type: "response.created", response: { id: `resp_${n}` } },
    { type: "response.output_item.done", output_index: 0, item },
    {
      type: "response.completed",
      response: {
        id: `resp_${n}`,
        usage: {
          input_tokens: 10,
          input_tokens_details: null,
          output_tokens: 2,
          output_tokens_details: null,
          total_tokens: 12,
        },
      },
    },
  ])
}

export async function runCodex(opts: { home: string; cwd: string; prompt: string; script: CodexStep[] }) {
  const requests: Array<Record<string, any>> = []
  let n = 0
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      if (!url.pathname.endsWith("/responses")) return Response.json({ data: [] })
      const body = (await req.json().catch(() => ({}))) as Record<string, any>
      requests.push(body)
      const done = ((body.input ?? []) as Array<{ type?: string }>).filter(
        (i) => i.type === "function_call_output",
      ).length
      return new Response(answer(opts.script[done] ?? { text: "done" }, ++n), {
        headers: { "content-type": "text/event-stream" },
      })
    },
  })
  try {
    const bin = await egcBinary()
    const codexHome = join(opts.home, ".codex")
    mkdirSync(codexHome, { recursive: true })
    writeFileSync(
      join(codexHome, "config.toml"),
      `model = "gpt-5"\nmodel_provider = "scripted"\n\n[model_providers.scripted]\nname = "scripted"\nbase_url = "http://127.0.0.1:${server.port}/v1"\nwire_api = "responses"\nenv_key = "OPENAI_API_KEY"\n`,
    )
    const hooks = Object.fromEntries(
      Object.entries(EVENTS).map(([event, name]) => [
        event,
        [{ hooks: [{ type: "command", command: `'${bin}' hook ${name} --tool codex` }] }],
      ]),
    )
    writeFileSync(join(codexHome, "hooks.json"), JSON.stringify({ hooks }, null, 2))
    const run = await runClient(
      [CODEX, "exec", "--dangerously-bypass-hook-trust", "--skip-git-repo-check", opts.prompt],
      {
        cwd: opts.cwd,
        home: opts.home,
        env: { CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-test-not-a-key" },
      },
    )
    return { ...run, requests }
  } finally {
    server.stop(true)
  }
}

/** The output Codex sent back to the model for its Nth tool call (1-based). */
export function callOutput(requests: Array<Record<string, any>>, n: number): string {
  const outputs = (requests.at(-1)?.input ?? []).filter((i: { type?: string }) => i.type === "function_call_output")
  const out = outputs[n - 1]?.output
  return typeof out === "string" ? out : JSON.stringify(out ?? "")
}
