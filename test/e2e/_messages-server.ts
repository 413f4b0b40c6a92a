/**
 * A scripted Anthropic Messages API on 127.0.0.1 for driving the real Claude Code in tests.
 * Requests that carry `tools` are the agent loop: the Nth such request (N = assistant turns already
 * in the conversation) gets the Nth scripted step, streamed as server-sent events exactly as the
 * API does (message_start, content_block_start/delta/stop, message_delta, message_stop). Any other
 * request (titles, summaries) gets a short text answer. Every request body is kept for assertions.
 */
export type Step = { tool: string; input: Record<string, unknown> } | { text: string }

export interface MessagesServer {
  url: string
  requests: Array<Record<string, any>>
  /** Agent-loop requests only, in order. */
  loop(): Array<Record<string, any>>
  stop(): void
}

const sse = (events: Array<Record<string, unknown>>) =>
  events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join("")

function streamFor(step: Step, n: number): string {
  const message = {
    id: `msg_${n}`,
    type: "message",
    role: "assistant",
    model: "claude-sonnet-4-5",
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 12, output_tokens: 1 },
  }
  const block =
    "tool" in step
      ? [
          {
            type: "content_block_start",
            index: 0,
            content_block: { type: "tool_use", id: `toolu_${n}`, name: step.tool, input: {} },
          },
          {
            type: "content_block_delta",
            index: 0,
            delta: { type: "input_json_delta", partial_json: JSON.stringify(step.input) },
          },
        ]
      : [
          { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
          { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: step.text } },
        ]
  return sse([
    { type: "message_start", message },
    ...block,
    { type: "content_block_stop", index: 0 },
    {
      type: "message_delta",
      delta: { stop_reason: "tool" in step ? "tool_use" : "end_turn", stop_sequence: null },
      usage: { output_tokens: 8 },
    },
    { type: "message_stop" },
  ])
}

function plain(step: Step, n: number, stream: boolean): Response {
  if (stream) return new Response(streamFor(step, n), { headers: { "content-type": "text/event-stream" } })
  const content =
    "tool" in step
      ? [{ type: "tool_use", id: `toolu_${n}`, name: step.tool, input: step.input }]
      : [{ type: "text", text: step.text }]
  return Response.json({
    id: `msg_${n}`,
    type: "message",
    role: "assistant",
    model: "claude-sonnet-4-5",
    content,
    stop_reason: "tool" in step ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 12, output_tokens: 8 },
  })
}

export function startMessagesServer(script: Step[]): MessagesServer {
  const requests: Array<Record<string, any>> = []
  let counter = 0
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      const body = req.method === "POST" ? ((await req.json().catch(() => ({}))) as Record<string, any>) : {}
      if (url.pathname.endsWith("/count_tokens")) return Response.json({ input_tokens: 42 })
      if (!url.pathname.endsWith("/v1/messages")) return Response.json({}, { status: 404 })
      requests.push(body)
      counter++
      if (!Array.isArray(body.tools) || body.tools.length === 0)
        return plain({ text: "ok" }, counter, body.stream === true)
      const turn = (body.messages as Array<{ role: string }>).filter((m) => m.role === "assistant").length
      return plain(script[turn] ?? { text: "done" }, counter, body.stream === true)
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    loop: () => requests.filter((r) => Array.isArray(r.tools) && r.tools.length > 0),
    stop: () => server.stop(true),
  }
}
