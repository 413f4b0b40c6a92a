import { toast } from "./dom.ts"

/** The token arrives once in the URL; it is kept for this tab and removed from the address bar. */
const fromUrl = new URLSearchParams(location.search).get("t")
if (fromUrl) {
  sessionStorage.setItem("egc-token", fromUrl)
  history.replaceState(null, "", location.pathname + location.hash)
}
const token = () => sessionStorage.getItem("egc-token") ?? ""

async function read(res: Response): Promise<unknown> {
  const data = (await res.json().catch(() => ({}))) as { error?: { message: string } }
  if (!res.ok) throw new Error(data.error?.message ?? `HTTP ${res.status}`)
  return data
}

export async function get<T>(path: string, params: Record<string, string | number | undefined> = {}): Promise<T> {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v))
  const qs = q.toString()
  return (await read(await fetch(`${path}${qs ? `?${qs}` : ""}`, { credentials: "same-origin" }))) as T
}

/** Every change carries the token in a header besides the SameSite=Strict cookie. */
export async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", "x-egc-token": token() },
    body: JSON.stringify(body),
  })
  return (await read(res)) as T
}

/** Runs a change and reports its failure to the person instead of failing silently. */
export async function act<T>(what: Promise<T>, done?: string): Promise<T | undefined> {
  try {
    const r = await what
    if (done) toast(done)
    return r
  } catch (e) {
    toast(e instanceof Error ? e.message : String(e), true)
    return undefined
  }
}

export interface Item {
  id: string
  kind: string
  status: string
  scope: string
  title: string
  body: string
  source: string
  confidence: number
  recordedAt: number
  validFrom: number
  validTo: number | null
  tags: string[]
  entities: string[]
  flagged: boolean
  project: string
}
