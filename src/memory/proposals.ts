import { MINUTE, now } from "./_time"
import { newId } from "../core/ids"
import type { Project } from "../core/project"
import { projectIndex } from "./read/cache"
import { scopeFilter } from "./read"
import { processTerm, tokenize } from "./read/terms"
import { normalEntity } from "../core/screen"
import { tx, type Store } from "./_store"
import { decideConsent } from "./write/consent"
import { consumeGrant } from "./write/grants"
import { insertPrepared, SUPERSEDE_CONFIDENCE_BAR } from "./write/item"
import { LESSON, reinforceRow } from "./write/mutate"
import { isRefusal, prepareItem, type Prepared } from "./write/prepare"
import type { ItemInput, ItemView, WriteContext, WriteResult } from "./types"

/**
 * The fact-graph flow: score candidates against what is stored, stage the proposal in process
 * memory, and commit it later under the consent policy. Similarity is term overlap (Jaccard over
 * the index's terms) blended with entity overlap; the thresholds below decide the placement.
 */
export const SIMILARITY = {
  /** At or above: the same fact already stored. */
  duplicate: 0.85,
  /** At or above, same kind: likely a newer version of a stored fact. */
  supersede: 0.45,
  /** At or above: worth an edge. */
  related: 0.2,
  /** Weight of entity overlap in the blend when both sides name entities. */
  entityWeight: 0.3,
} as const
/** Two supersede targets closer than this are ambiguous: a conflict is opened instead. */
export const AMBIGUITY_MARGIN = 0.08
export const PROPOSAL_TTL_MS = 30 * MINUTE
const MAX_TARGETS = 3

export type Placement = "duplicate" | "supersede" | "related" | "new"

export interface ScoredCandidate {
  index: number
  placement: Placement
  similarity: number
  targets: Array<{ id: string; title: string; kind: string; similarity: number }>
  ambiguous: boolean
}

export interface ProposalResult {
  proposalId?: string
  expiresAt?: number
  placements: ScoredCandidate[]
  refused: Array<{ index: number; reason: string }>
}

interface Staged {
  project: string
  sessionId: string | undefined
  items: Prepared[]
  scored: ScoredCandidate[]
  expiresAt: number
}

const staging = new WeakMap<Store, Map<string, Staged>>()

function staged(store: Store): Map<string, Staged> {
  let m = staging.get(store)
  if (!m) staging.set(store, (m = new Map()))
  const t = now()
  for (const [id, s] of m) if (s.expiresAt <= t) m.delete(id)
  return m
}

const terms = (text: string) =>
  new Set(
    tokenize(text)
      .map(processTerm)
      .filter((t): t is string => !!t),
  )

function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0
  let both = 0
  for (const x of a) if (b.has(x)) both++
  return both / (a.size + b.size - both)
}

export function similarity(p: { title: string; body: string; entities: string[] }, v: ItemView): number {
  const text = jaccard(terms(`${p.title} ${p.body}`), terms(`${v.title} ${v.body}`))
  if (!p.entities.length || !v.entities.length) return text
  const ents = jaccard(new Set(p.entities.map(normalEntity)), new Set(v.entities.map(normalEntity)))
  return (1 - SIMILARITY.entityWeight) * text + SIMILARITY.entityWeight * ents
}

function score(store: Store, project: Project, p: Prepared, index: number): ScoredCandidate {
  const scope = scopeFilter(store, project, "all")
  const scopes = new Set(scope.scopes)
  const t = now()
  const seen: Array<{ v: ItemView; s: number }> = []
  for (const pid of scope.projects ?? []) {
    const idx = projectIndex(store, pid)
    let taken = 0
    for (const { m } of idx.hits(`${p.title} ${p.body} ${p.entities.join(" ")}`)) {
      if (++taken > 20) break
      if (m.status !== "active" || !scopes.has(m.scope) || (m.expiresAt !== undefined && m.expiresAt <= t)) continue
      const v = idx.view(m.id)
      if (v) seen.push({ v, s: similarity(p, v) })
    }
  }
  seen.sort((a, b) => b.s - a.s)
  const best = seen[0]
  const kind = p.input.kind
  const sameKind = seen.filter((x) => x.v.kind === kind && x.s >= SIMILARITY.supersede)
  let placement: Placement = "new"
  let targets = seen.filter((x) => x.s >= SIMILARITY.related)
  const declared = p.input.supersedes ? declaredTarget(store, scope.projects ?? [], p, p.input.supersedes) : undefined
  if (declared) {
    // the agent named what this replaces: that is the placement, whatever the text overlap
    placement = "supersede"
    targets = [declared]
  } else if (best && best.s >= SIMILARITY.duplicate && best.v.kind === kind) {
    placement = "duplicate"
    targets = [best]
  } else if (sameKind.length) {
    placement = "supersede"
    targets = sameKind
  } else if (targets.length) placement = "related"
  const top = targets.slice(0, MAX_TARGETS)
  const ambiguous =
    placement === "supersede" && top.length > 1 && (top[0]?.s ?? 0) - (top[1]?.s ?? 0) < AMBIGUITY_MARGIN
  return {
    index,
    placement,
    similarity: Math.round((best?.s ?? 0) * 1000) / 1000,
    targets: top.map((x) => ({
      id: x.v.id,
      title: x.v.title,
      kind: x.v.kind,
      similarity: Math.round(x.s * 1000) / 1000,
    })),
    ambiguous,
  }
}

function declaredTarget(
  store: Store,
  projects: string[],
  p: Prepared,
  id: string,
): { v: ItemView; s: number } | undefined {
  for (const pid of projects) {
    const idx = projectIndex(store, pid)
    const v = idx.meta(id)?.status === "active" ? idx.view(id) : undefined
    if (v) return { v, s: similarity(p, v) }
  }
  return undefined
}

/** Score and stage candidates; nothing is written. */
export function propose(store: Store, q: { project: Project; items: ItemInput[] }, ctx: WriteContext): ProposalResult {
  const refused: Array<{ index: number; reason: string }> = []
  const items: Prepared[] = []
  const placements: ScoredCandidate[] = []
  q.items.forEach((raw, index) => {
    const p = prepareItem(raw)
    if (isRefusal(p)) {
      refused.push({ index, reason: p.reason })
      return
    }
    placements.push(score(store, q.project, p, index))
    items.push(p)
  })
  if (!items.length) return { placements, refused }
  const proposalId = newId("pr_")
  const expiresAt = now() + PROPOSAL_TTL_MS
  staged(store).set(proposalId, {
    project: q.project.id,
    sessionId: ctx.actor.sessionId,
    items,
    scored: placements,
    expiresAt,
  })
  return { proposalId, expiresAt, placements, refused }
}

export interface CommitResult {
  ok: boolean
  reason?: string
  results: WriteResult[]
}

/**
 * Store a staged proposal under consent. An approve-run grant is consumed by this commit only if
 * something was stored; a refused or failed commit keeps both the grant and the proposal.
 */
export function commitProposal(
  store: Store,
  q: { proposalId: string; drop?: number[] },
  ctx: WriteContext,
): CommitResult {
  const all = staged(store)
  const s = all.get(q.proposalId)
  if (!s || s.project !== ctx.project.id)
    return {
      ok: false,
      reason: `no staged proposal ${q.proposalId} for this project (expired or unknown)`,
      results: [],
    }
  if (s.sessionId !== ctx.actor.sessionId)
    return { ok: false, reason: "a proposal can only be committed by the session that made it", results: [] }
  const out = tx(store, () => {
    const consent = decideConsent(store, ctx.project.id, ctx.actor)
    if ("refused" in consent) return { ok: false, reason: consent.reason, results: [] as WriteResult[] }
    const results: WriteResult[] = []
    s.items.forEach((p, i) => {
      const scored = s.scored[i]
      if (!scored || q.drop?.includes(scored.index)) return
      results.push(commitOne(store, p, scored, ctx, consent.status))
    })
    const stored = results.some((r) => r.outcome === "created" || r.outcome === "pending" || r.outcome === "reinforced")
    if (stored && consent.grantId) consumeGrant(store, consent.grantId)
    return { ok: stored || results.every((r) => r.outcome === "unchanged"), results }
  })
  if (out.ok) all.delete(q.proposalId)
  return out
}

function commitOne(
  store: Store,
  p: Prepared,
  scored: ScoredCandidate,
  ctx: WriteContext,
  status: "active" | "pending",
): WriteResult {
  const target = scored.targets[0]
  if (scored.placement === "duplicate" && target) {
    if (target.kind === LESSON && status === "active") {
      reinforceRow(store, target.id, ctx.project.id, ctx.actor)
      return { outcome: "reinforced", id: target.id, status: "active" }
    }
    return { outcome: "unchanged", id: target.id, reason: "a stored item already says this" }
  }
  if (scored.placement === "supersede" && target) {
    const confident = (p.input.confidence ?? 1) >= SUPERSEDE_CONFIDENCE_BAR
    const why = scored.ambiguous
      ? `ambiguous supersede: ${scored.targets.length} stored items match about equally`
      : undefined
    return insertPrepared(store, { ...p, input: { ...p.input, supersedes: target.id } }, ctx, {
      consent: { status },
      ...(why && confident ? { forceConflict: why } : {}),
    })
  }
  const links =
    scored.placement === "related"
      ? scored.targets.map((t) => ({ to: t.id, type: "relates_to" as const, weight: t.similarity }))
      : []
  return insertPrepared(store, { ...p, input: { ...p.input, links: [...(p.input.links ?? []), ...links] } }, ctx, {
    consent: { status },
  })
}

export function discardProposal(store: Store, proposalId: string): boolean {
  return staged(store).delete(proposalId)
}
