import type { Project } from "../core/project"
import type { Actor, Memory } from "../memory"

/** What every API handler gets: the memory faculty, the project the page was opened for, the person. */
export interface UiContext {
  memory: Memory
  project: Project
  /** The page is the person's own surface: its decisions are the person's (guarded by the token). */
  actor: Actor
  /** A stable id for this server's mesh reader cursor. */
  readerId: string
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export const json = (value: unknown, status = 200): Response =>
  new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json; charset=utf-8" } })

/** A JSON request body as an object, or a 400 naming what was wrong. */
export async function body(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text()
  if (text.length > 1_000_000) throw new HttpError(413, "request body too large")
  try {
    const v = JSON.parse(text || "{}")
    if (v && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>
  } catch {}
  throw new HttpError(400, "the request body must be a JSON object")
}

export const str = (v: unknown, name: string): string => {
  if (typeof v !== "string" || !v) throw new HttpError(400, `${name} must be a non-empty string`)
  return v
}

export const strList = (v: unknown, name: string): string[] => {
  if (!Array.isArray(v) || v.length === 0 || v.some((x) => typeof x !== "string" || !x)) {
    throw new HttpError(400, `${name} must be a non-empty list of strings`)
  }
  return v as string[]
}
