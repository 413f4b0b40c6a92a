import { listClaims, livePeers, readEvents } from "../../mesh"
import type { UiContext } from "../context"

/** Live sessions and claims of the project (every worktree). */
export function meshSnapshot(ctx: UiContext) {
  const peers = livePeers(ctx.project).map((p) => ({
    id: p.id,
    tool: p.tool,
    branch: p.branch ?? null,
    task: p.task ?? null,
    startedAt: p.startedAt,
    heartbeatAt: p.heartbeatAt,
    sameWorktree: p.sameWorktree,
  }))
  const claims = listClaims(ctx.project, { allWorktrees: true }).map((c) => ({
    id: c.id,
    pattern: c.pattern,
    mode: c.mode,
    reason: c.reason,
    session: c.session,
    tool: c.tool,
    until: c.until,
  }))
  return { peers, claims }
}

/** Messages between sessions since this page's reader first looked (each reaches the page once). */
function meshMessages(ctx: UiContext) {
  return readEvents(ctx.project, ctx.readerId).map((e) => ({
    id: e.id,
    kind: e.kind,
    from: e.from,
    to: e.to,
    at: e.at,
    text: e.text ?? e.note ?? e.pattern ?? null,
    flagged: Boolean(e.flagged),
  }))
}

/** Server-sent events: a snapshot whenever it changes, and each new message, polled once a second. */
export function meshStream(ctx: UiContext, signal: AbortSignal): Response {
  const enc = new TextEncoder()
  let last = ""
  let timer: ReturnType<typeof setInterval> | undefined
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (event: string, data: unknown) =>
        controller.enqueue(enc.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`))
      const tick = () => {
        try {
          const snap = JSON.stringify(meshSnapshot(ctx))
          if (snap !== last) {
            last = snap
            send("snapshot", JSON.parse(snap))
          }
          for (const m of meshMessages(ctx)) send("message", m)
        } catch (e) {
          send("problem", { message: e instanceof Error ? e.message : String(e) })
        }
      }
      tick()
      timer = setInterval(tick, 1000)
      signal.addEventListener("abort", () => {
        clearInterval(timer)
        try {
          controller.close()
        } catch {}
      })
    },
    cancel() {
      clearInterval(timer)
    },
  })
  return new Response(stream, { headers: { "content-type": "text/event-stream", "cache-control": "no-store" } })
}
