import { newId } from "../core/ids"
import type { Project } from "../core/project"
import type { Memory } from "../memory"
import { conflictList, resolve } from "./api/conflicts"
import { forgetNow, preview } from "./api/forget"
import { guardEvents } from "./api/guard"
import { item, items } from "./api/items"
import { meshSnapshot, meshStream } from "./api/mesh"
import { overview } from "./api/overview"
import { decide, reviewList } from "./api/review"
import { savingsView } from "./api/savings"
import { syncView } from "./api/sync"
import { toldList, toldSession } from "./api/told"
import { loadAssets } from "./assets"
import { cookieToken, HEADER, hostAllowed, newToken, originAllowed, sameToken, setCookie } from "./auth"
import { body, HttpError, json, type UiContext } from "./context"

export interface UiServer {
  url: string
  port: number
  token: string
  stop(): void
}

const SECURITY = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cache-control": "no-store",
}

function withHeaders(res: Response, extra: Record<string, string> = {}): Response {
  for (const [k, v] of Object.entries({ ...SECURITY, ...extra })) res.headers.set(k, v)
  return res
}

const refuse = (status: number, message: string) => withHeaders(json({ error: { message } }, status))

type Get = (ctx: UiContext, params: URLSearchParams) => unknown
type Post = (ctx: UiContext, body: Record<string, unknown>) => unknown

const GETS: Record<string, Get> = {
  "/api/overview": (ctx) => overview(ctx),
  "/api/items": items,
  "/api/item": (ctx, p) => item(ctx, p.get("id") ?? ""),
  "/api/review": (ctx) => reviewList(ctx),
  "/api/conflicts": (ctx) => conflictList(ctx),
  "/api/guard": guardEvents,
  "/api/savings": savingsView,
  "/api/mesh": (ctx) => meshSnapshot(ctx),
  "/api/told": (ctx) => toldList(ctx),
  "/api/told/session": toldSession,
  "/api/sync": (ctx) => syncView(ctx),
}

const POSTS: Record<string, Post> = {
  "/api/review": decide,
  "/api/conflicts/resolve": resolve,
  "/api/forget/preview": preview,
  "/api/forget": forgetNow,
}

/**
 * `egc ui`'s server: 127.0.0.1 only, every request needs the token (query on first load, then the
 * SameSite=Strict cookie), every change needs it again in the X-Egc-Token header. No CORS headers.
 */
export async function startUi(opts: {
  memory: Memory
  project: Project
  port?: number
  token?: string
}): Promise<UiServer> {
  const token = opts.token ?? newToken()
  const assets = await loadAssets()
  const ctx: UiContext = {
    memory: opts.memory,
    project: opts.project,
    actor: { source: "dashboard", tool: "egc ui" },
    readerId: newId("ui-"),
  }
  let port = 0
  const handle = async (req: Request): Promise<Response> => {
    const url = new URL(req.url)
    if (!hostAllowed(req, port)) return refuse(403, "wrong host")
    const cookie = cookieToken(req)
    const viaQuery = sameToken(url.searchParams.get("t"), token)
    if (!viaQuery && !sameToken(cookie, token)) return refuse(401, "this page needs the token printed by egc ui")
    if (req.method === "GET" || req.method === "HEAD") {
      const asset = assets.get(url.pathname)
      if (asset)
        return withHeaders(
          new Response(asset.bytes, { headers: { "content-type": asset.type } }),
          viaQuery ? { "set-cookie": setCookie(token) } : {},
        )
      if (url.pathname === "/api/mesh/events") return withHeaders(meshStream(ctx, req.signal))
      const get = GETS[url.pathname]
      if (!get) return refuse(404, "not found")
      return withHeaders(json(await get(ctx, url.searchParams)))
    }
    if (req.method !== "POST") return refuse(405, "method not allowed")
    // a change needs the cookie (same site) and the header (script of this page), and a same-origin Origin
    if (!sameToken(cookie, token) || !sameToken(req.headers.get(HEADER), token) || !originAllowed(req, port)) {
      return refuse(403, "a change needs the page's token header and cookie")
    }
    const post = POSTS[url.pathname]
    if (!post) return refuse(404, "not found")
    return withHeaders(json(await post(ctx, await body(req))))
  }
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: opts.port ?? 0,
    idleTimeout: 0,
    development: false,
    async fetch(req) {
      try {
        return await handle(req)
      } catch (e) {
        if (e instanceof HttpError) return refuse(e.status, e.message)
        return refuse(500, e instanceof Error ? e.message : String(e))
      }
    },
  })
  port = server.port ?? 0
  const url = `http://127.0.0.1:${port}/?t=${token}`
  return { url, port, token, stop: () => server.stop(true) }
}
