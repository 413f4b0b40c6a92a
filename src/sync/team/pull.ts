import type { Memory, WriteResult } from "../../memory"
import { openEnvelope, type Payload } from "./envelope"
import { links, markForgotten, markSeen, markSynced, putLink, seen } from "./store"
import { replacing, type Plan } from "./supersede"
import { ensureClone, envelopeFiles, readEnvelope, update, type TeamCtx } from "./team"

/**
 * Pull: every new envelope of this project is opened with the team keys and goes through the
 * memory write layer (scan, redaction, tombstones, de-duplication) as a `sync` write: pending,
 * unless the project trusts its team. A teammate's forget becomes a local forget (a tombstone).
 * Files that fail to open are reported on every pull until they are fixed; nothing is deleted here.
 */
export interface PullReport {
  received: number
  pending: number
  forgotten: number
  unchanged: number
  /** Teammates' changes to items that changed here too: opened for review, nothing replaced. */
  conflicts: number
  refused: Array<{ file: string; reason: string }>
}

export function pull(memory: Memory, t: TeamCtx): PullReport {
  const dir = ensureClone(t.project.id, t.cfg.remote)
  update(dir)
  const report: PullReport = { received: 0, pending: 0, forgotten: 0, unchanged: 0, conflicts: 0, refused: [] }
  const done = seen(t.s, t.project.id)
  const opened: Array<{ rel: string; p: Payload }> = []
  for (const f of envelopeFiles(t)) {
    const prior = done.get(f.rel)
    if (prior && prior.outcome !== "refused") continue
    const o = openEnvelope(t.keys, t.origin, f.name, readEnvelope(f.path))
    if (!o.ok) {
      report.refused.push({ file: f.rel, reason: o.reason })
      markSeen(t.s, t.project.id, f.rel, "refused", o.reason)
    } else opened.push({ rel: f.rel, p: o.payload })
  }
  // forgets first, so a put and its forget arriving together never store the forgotten text; then
  // plain puts, then replacements oldest first, so what one replaces has arrived before it
  const rank = (p: Payload) => (p.op === "forget" ? 0 : p.supersedes ? 2 : 1)
  opened.sort((a, b) => rank(a.p) - rank(b.p) || (rank(a.p) === 2 ? a.p.at - b.p.at : 0))
  for (const { rel, p } of opened) {
    const outcome = p.op === "forget" ? applyForget(memory, t, p, report) : applyPut(memory, t, p, report)
    markSeen(t.s, t.project.id, rel, outcome.ok ? "applied" : "refused", outcome.reason)
    if (!outcome.ok) report.refused.push({ file: rel, reason: outcome.reason ?? "refused" })
  }
  markSynced(t.s, t.project.id, "pulled")
  return report
}

type Outcome = { ok: boolean; reason?: string }
const actor = (p: Payload) => ({ source: "sync" as const, tool: `sync:${p.author.slice(0, 80)}` })

function applyForget(memory: Memory, t: TeamCtx, p: Payload, report: PullReport): Outcome {
  const link = links(t.s, t.project.id).find((l) => l.shared === p.shared)
  if (link?.forgotten) return { ok: true }
  if (link) {
    const r = memory.forget({ project: t.project, id: link.local }, actor(p))
    if (r.reason && !r.forgotten.length) return { ok: false, reason: r.reason }
    report.forgotten++
  } else putLink(t.s, t.project.id, { shared: p.shared, local: "", version: "", direction: "in", author: p.author })
  markForgotten(t.s, t.project.id, p.shared)
  return { ok: true }
}

function applyPut(memory: Memory, t: TeamCtx, p: Payload, report: PullReport): Outcome {
  const all = links(t.s, t.project.id)
  const link = all.find((l) => l.shared === p.shared)
  if (link?.forgotten || link?.version === p.version) return { ok: true }
  if (link?.direction === "out") return { ok: true }
  // a new version of an item held here replaces the version last synced, like a teammate's replacement
  const ref = link?.local ? { ...p, supersedes: { shared: p.shared, version: link.version } } : p
  const plan: Plan = replacing(memory, t, ref, all)
  if ("refused" in plan) return { ok: false, reason: plan.refused }
  if ("same" in plan) {
    putLink(t.s, t.project.id, {
      shared: p.shared,
      local: plan.same,
      version: p.version,
      direction: "in",
      author: p.author,
    })
    report.unchanged++
    return { ok: true }
  }
  const input = {
    kind: p.kind,
    title: p.title,
    body: p.body,
    scope: "project" as const,
    entities: p.entities,
    tags: p.tags,
    ...(plan.supersedes ? { supersedes: plan.supersedes } : {}),
  }
  const ctx = { project: t.project, actor: actor(p) }
  let r: WriteResult = memory.write(input, ctx, plan.conflict ? { conflictWith: plan.conflict } : {})
  if (r.outcome === "refused" && plan.supersedes && r.code === "not-found") {
    const { supersedes: _, ...plain } = input
    r = memory.write(plain, ctx)
  }
  if (r.outcome === "refused" || !r.id)
    return { ok: false, reason: `${r.code ?? "refused"}: ${r.reason ?? "refused by the write layer"}` }
  putLink(t.s, t.project.id, { shared: p.shared, local: r.id, version: p.version, direction: "in", author: p.author })
  if (r.conflictId) report.conflicts++
  if (r.outcome === "unchanged" || r.outcome === "reinforced") {
    report.unchanged++
    return { ok: true }
  }
  report.received++
  if (r.status === "pending" && t.cfg.trusted) {
    const a = memory.approve(r.id, ctx)
    if (a.outcome === "refused") report.pending++
  } else if (r.status === "pending") report.pending++
  return { ok: true }
}
