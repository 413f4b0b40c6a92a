import { mkdirSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { egcBinary } from "./_binary"
import { runClient } from "./_run-client"

/**
 * The real Gemini CLI (`gemini -p`) against a scripted generateContent server on 127.0.0.1, with
 * a temporary HOME whose ~/.gemini/settings.json declares egc's hooks under Gemini's own event
 * names. Every model request is answered with one text part and kept for assertions.
 */
export const GEMINI = resolve(import.meta.dir, "../../node_modules/.bin/gemini")

const EVENTS: Record<string, string> = {
  SessionStart: "session-start",
  BeforeAgent: "prompt-submit",
  BeforeTool: "pre-tool",
  AfterTool: "post-tool",
  PreCompress: "pre-compact",
  AfterAgent: "stop",
  SessionEnd: "session-end",
}

export async function writeGeminiSettings(home: string): Promise<void> {
  const bin = await egcBinary()
  const hooks: Record<string, unknown> = {}
  for (const [event, name] of Object.entries(EVENTS)) {
    hooks[event] = [
      {
        ...(event.includes("Tool") ? { matcher: "run_shell_command" } : {}),
        hooks: [{ type: "command", command: `'${bin}' hook ${name} --tool gemini`, timeout: 30000 }],
      },
    ]
  }
  mkdirSync(join(home, ".gemini"), { recursive: true })
  writeFileSync(
    join(home, ".gemini", "settings.json"),
    JSON.stringify(
      { security: { auth: { selectedType: "gemini-api-key" }, folderTrust: { enabled: false } }, hooks },
      null,
      2,
    ),
  )
}

export async function runGemini(opts: {
  home: string
  cwd: string
  prompt: string
  answer: string
}): Promise<{ code: number; stdout: string; stderr: string; requests: Array<Record<string, any>> }> {
  const requests: Array<Record<string, any>> = []
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      const body = req.method === "POST" ? ((await req.json().catch(() => ({}))) as Record<string, any>) : {}
      requests.push({ path: url.pathname, body })
      // the CLI first asks a small routing model for JSON; it accepts a low complexity score
      const wantsJson = body.generationConfig?.responseMimeType === "application/json"
      const text = wantsJson ? JSON.stringify({ complexity_reasoning: "simple", complexity_score: 10 }) : opts.answer
      const candidate = { content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }
      const payload = {
        candidates: [candidate],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      }
      if (url.pathname.endsWith(":countTokens")) return Response.json({ totalTokens: 10 })
      if (url.pathname.includes(":streamGenerateContent"))
        return new Response(`data: ${JSON.stringify(payload)}\n\n`, {
          headers: { "content-type": "text/event-stream" },
        })
      if (url.pathname.includes(":generateContent")) return Response.json(payload)
      return Response.json({}, { status: 404 })
    },
  })
  try {
    const run = await runClient([GEMINI, "-p", opts.prompt], {
      cwd: opts.cwd,
      home: opts.home,
      env: {
        GEMINI_API_KEY: "test-not-a-key",
        GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${server.port}`,
        GEMINI_CLI_NO_RELAUNCH: "true",
      },
    })
    return { ...run, requests }
  } finally {
    server.stop(true)
  }
}
