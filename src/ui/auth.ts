import { constantTimeEqual, randomKey } from "../core/crypto"

/**
 * The page's guard: a random token in the URL the person opens, kept in a SameSite=Strict cookie,
 * and required again in a header on every change, so another site can neither read nor post.
 */
const COOKIE = "egc_ui"
export const HEADER = "x-egc-token"

export const newToken = (): string => Buffer.from(randomKey()).toString("base64url")

const enc = new TextEncoder()
export function sameToken(given: string | null | undefined, token: string): boolean {
  if (!given) return false
  const a = enc.encode(given)
  const b = enc.encode(token)
  return a.length === b.length && constantTimeEqual(a, b)
}

export function cookieToken(req: Request): string | undefined {
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=")
    if (k === COOKIE) return v.join("=")
  }
  return undefined
}

export const setCookie = (token: string): string => `${COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict`

/** A page served on 127.0.0.1 answers only to its own host name (no DNS rebinding). */
export function hostAllowed(req: Request, port: number): boolean {
  const host = req.headers.get("host")
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`
}

/** A browser sends Origin on cross-site requests; when present it must be this page. */
export function originAllowed(req: Request, port: number): boolean {
  const origin = req.headers.get("origin")
  return origin === null || origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`
}
