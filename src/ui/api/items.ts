import type { ItemView, ReadScope } from "../../memory"
import { STATUSES } from "../../memory"
import { HttpError, type UiContext } from "../context"

const SCOPES: ReadScope[] = ["branch", "project", "global", "all"]
const num = (v: string | null): number | undefined => (v && /^\d{1,16}$/.test(v) ? Number(v) : undefined)
const list = (v: string | null): string[] | undefined => (v ? v.split(",").filter(Boolean) : undefined)

/** The memory view: search, kind/status/time filters and an as-of time, all through the reader. */
export function items(ctx: UiContext, params: URLSearchParams) {
  const { memory, project } = ctx
  const scope = (params.get("scope") ?? "all") as ReadScope
  if (!SCOPES.includes(scope)) throw new HttpError(400, `scope must be one of ${SCOPES.join(", ")}`)
  const kinds = list(params.get("kinds"))
  const statuses = list(params.get("statuses")) ?? ["active", "pending"]
  const bad = statuses.find((s) => !STATUSES.includes(s as never))
  if (bad) throw new HttpError(400, `unknown status ${bad}`)
  const asOf = num(params.get("asOf"))
  const from = num(params.get("from"))
  const to = num(params.get("to"))
  const q = params.get("q")?.trim()
  const all = memory.list({ project, scope: "all", statuses: STATUSES.filter((s) => s !== "forgotten") })
  // the slider's left end is just before the first thing was known
  const range = { min: Math.min(...all.map((v) => v.recordedAt), Date.now()) - 1, max: Date.now() }
  let found: ItemView[]
  let unreadable = 0
  if (q) {
    const hits = memory.search({ project, query: q, kinds, limit: 200 })
    unreadable = hits.unreadable.length
    // search sees live items; the filters below still apply to what it found
    found = hits.filter((v) => statuses.includes(v.status) && (asOf === undefined || asOfVisible(v, asOf)))
  } else {
    const l = memory.list({ project, scope, kinds, statuses, asOf, limit: 500 })
    unreadable = l.unreadable.length
    found = l
  }
  found = found.filter((v) => (from === undefined || v.recordedAt >= from) && (to === undefined || v.recordedAt <= to))
  return { items: found.map(row(ctx)), unreadable, range, kinds: [...new Set(all.map((v) => v.kind))].sort() }
}

const asOfVisible = (v: ItemView, t: number) =>
  v.recordedAt <= t && v.validFrom <= t && (v.validTo === undefined || v.validTo > t)

export const row = (ctx: UiContext) => (v: ItemView) => ({
  id: v.id,
  kind: v.kind,
  status: v.status,
  scope: v.scope === ctx.project.scope ? "this branch" : v.scope.startsWith("branch:") ? "other branch" : v.scope,
  title: v.title,
  body: v.body,
  source: v.source,
  confidence: v.confidence,
  recordedAt: v.recordedAt,
  validFrom: v.validFrom,
  validTo: v.validTo ?? null,
  tags: v.tags,
  entities: v.entities,
  flagged: v.flagged,
  project: v.project.display,
})

/** One item with its supersede chain (versions and links) and its audit trail. */
export function item(ctx: UiContext, id: string) {
  const { memory, project } = ctx
  const v = memory.get({ project, id })
  if (!v) throw new HttpError(404, `no item ${id} in this project`)
  if (!("kind" in v)) return { unreadable: v }
  const chain = memory.history({ project, id })
  const audit = memory.audit({ project, item: id, limit: 100 })
  return {
    item: row(ctx)(v),
    versions: chain.filter((c) => c.id !== id).map(row(ctx)),
    destroyedVersions: chain.unreadable.length,
    audit: audit.map((a) => ({ at: a.at, action: a.action, source: a.source, detail: a.detail ?? null })),
  }
}
