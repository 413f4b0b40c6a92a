import { nextRev } from "./rev"
import { now } from "../../core/clock"
import { newId } from "../../core/ids"
import { appendAudit } from "./audit"
import { entityKeyGroups, itemPrint, keyHash, sealContent, sessionPrint, textPrint } from "../_seal"
import { GLOBAL, storedScope, tx, WORKING_MAX_TTL_MS, type Store } from "../_store"
import type { ItemInput, Status, WriteContext, WriteResult } from "../types"
import { decideConsent } from "./consent"
import { consumeGrant } from "./grants"
import { isRefusal, prepareItem, type Prepared } from "./prepare"
import { registerProject } from "./register"
import { LESSON, reinforceRow, supersedeRow } from "./mutate"
import { nearTombstones } from "./near"
import { insertItemRow } from "./item-row"

/** Supersedes below this confidence open a conflict instead of replacing (issue 3). */
export const SUPERSEDE_CONFIDENCE_BAR = 0.75

/**
 * The one write path for new memory. Validation, cleaning, redaction and the injection scan run
 * before the transaction; tombstones, consent, de-duplication, sealing, edges and the audit record
 * run inside one immediate transaction, so concurrent writers neither double nor lose an item.
 */
interface InsertOptions {
  /** A consent verdict already taken for a batch (proposal commit); the batch consumes its grant once. */
  consent?: { status: "active" | "pending" }
  /** Relation to record when the caller already scored the item (proposals). */
  forceConflict?: string
  /** Open a conflict with this live item instead of replacing anything (a teammate's change to what changed here too). */
  conflictWith?: { id: string; reason: string }
}

export function writeItem(store: Store, raw: ItemInput, ctx: WriteContext, opts: InsertOptions = {}): WriteResult {
  const prepared = prepareItem(raw)
  if (isRefusal(prepared)) return { outcome: "refused", code: prepared.code, reason: prepared.reason }
  return tx(store, () => insertPrepared(store, prepared, ctx, opts))
}

function tombstoned(store: Store, projects: string[], prints: string[]): boolean {
  const marks = projects.map(() => "?").join(",")
  const pm = prints.map(() => "?").join(",")
  if (
    store.db
      .query(
        `SELECT 1 FROM memory_tombstones WHERE project IN (${marks}) AND fp IN (${pm}) AND lifted_at IS NULL LIMIT 1`,
      )
      .get(...projects, ...prints)
  )
    return true
  // content an agent asked to forget is as good as forgotten while it waits for the person
  return !!store.db
    .query(
      `SELECT 1 FROM memory_items WHERE project IN (${marks}) AND text_fp IN (${pm}) AND status = 'hidden' LIMIT 1`,
    )
    .get(...projects, ...prints)
}

const refused = (code: WriteResult["code"], reason: string): WriteResult => ({ outcome: "refused", code, reason })

/** Forgotten content (a tombstone, a near copy of one, or an item hidden by an agent's forget) is refused. */
function forgotten(store: Store, p: Prepared, prints: string[], projects: string[]): WriteResult | undefined {
  const near = [p.body, p.title].some((text) => text && nearTombstones(store, projects, text).length)
  if (!tombstoned(store, projects, prints) && !near) return undefined
  const why = "this content was forgotten; a person must lift the tombstone before it can be stored again"
  return refused("tombstoned", why)
}

/** The same item already live: a lesson is reinforced, anything else is left unchanged. */
type Found = WriteResult | undefined

function existingCopy(store: Store, project: string, fp: string, t: number, ctx: WriteContext): Found {
  const live = "status IN ('active', 'pending') AND (expires_at IS NULL OR expires_at > ?)"
  const dup = store.db
    .query(`SELECT id, status, kind FROM memory_items WHERE project = ? AND fp = ? AND ${live} LIMIT 1`)
    .get(project, fp, t) as { id: string; status: Status; kind: string } | null
  if (!dup) return undefined
  if (dup.kind === LESSON && dup.status === "active") {
    reinforceRow(store, dup.id, project, ctx.actor)
    return { outcome: "reinforced", id: dup.id, status: "active" }
  }
  return { outcome: "unchanged", id: dup.id, status: dup.status }
}

/** The item a `supersedes` names: refused when it is not this project's; ignored when no longer active. */
type Row = { project: string; status: string }
type Target = { target?: string } | WriteResult

function supersedeTarget(store: Store, id: string | undefined, project: string, scope: string): Target {
  if (!id) return {}
  const row = store.db.query("SELECT project, status FROM memory_items WHERE id = ?").get(id) as Row | null
  if (!row || row.project !== project) {
    const where = scope === "global" ? "global" : "project"
    return refused("not-found", `no item ${id} in this project's ${where} scope to supersede`)
  }
  return row.status === "active" ? { target: id } : {}
}

/** The transactional half of writeItem, for callers already inside a write transaction. */
export function insertPrepared(store: Store, p: Prepared, ctx: WriteContext, opts: InsertOptions): WriteResult {
  const { input } = p
  const { project, scope } = storedScope(ctx.project, input.kind, input.scope)
  const t = now()
  const bodyPrint = textPrint(store.keys, p.body)
  const titlePrint = p.title ? textPrint(store.keys, p.title) : null
  const prints = titlePrint ? [bodyPrint, titlePrint] : [bodyPrint]
  const refusal = forgotten(store, p, prints, [...new Set([project, ctx.project.id, GLOBAL])])
  if (refusal) return refusal
  registerProject(store, ctx.project)
  const consent = opts.consent ?? decideConsent(store, ctx.project.id, ctx.actor)
  if ("refused" in consent) return refused(consent.code, consent.reason)
  const status = consent.status
  const fp = itemPrint(store.keys, input.kind, scope, p.title, p.body)
  const copy = existingCopy(store, project, fp, t, ctx)
  if (copy) return copy
  const kh = p.key === undefined ? null : keyHash(store.keys, p.key)
  const replaced = kh ? liveKeyed(store, project, scope, kh, t) : undefined
  const found = supersedeTarget(store, input.supersedes, project, scope)
  if ("outcome" in found) return found
  const { target } = found
  const rival = opts.conflictWith && liveItem(store, opts.conflictWith.id, project)
  const id = newId("m_")
  const confidence = input.confidence ?? (input.kind === LESSON ? 0.7 : 1)
  const ttl = input.kind === "working" ? Math.min(input.ttlMs ?? store.workingTtlMs, WORKING_MAX_TTL_MS) : input.ttlMs
  const disputed = (!!target && (confidence < SUPERSEDE_CONFIDENCE_BAR || opts.forceConflict !== undefined)) || !!rival
  const content = sealContent(store.keys, "memory_items", id, project, {
    title: p.title,
    body: p.body,
    entities: p.entities,
    tags: p.tags,
    key: p.key,
  })
  insertItemRow(store, {
    id,
    project,
    scope,
    kind: input.kind,
    status,
    confidence,
    base_confidence: confidence,
    source: ctx.actor.source,
    session: sessionPrint(store.keys, ctx.actor.sessionId) ?? null,
    tool: ctx.actor.tool ?? null,
    content_enc: content,
    fp,
    text_fp: bodyPrint,
    title_fp: titlePrint,
    key_hash: kh,
    entity_keys: entityKeyGroups(store.keys, p.entities),
    disputed: disputed ? 1 : 0,
    valid_from: input.validFrom ?? t,
    valid_to: null,
    recorded_at: t,
    retracted_at: null,
    expires_at: ttl === undefined ? null : t + ttl,
    last_used_at: null,
    updated_at: t,
    rev: nextRev(store),
  })
  appendAudit(store.db, store.keys, {
    project,
    item: id,
    action: "create",
    actor: ctx.actor,
    detail: `kind=${input.kind} status=${status}`,
  })
  for (const link of input.links ?? []) addEdge(store, project, id, link.to, link.type, link.weight ?? 0.5)
  if (replaced && status === "active") supersedeRow(store, replaced, id, project, ctx.actor)
  const superseding = target ? { id, target, project, status, disputed, confidence } : undefined
  const conflictId = rival
    ? openConflict(store, project, id, rival, opts.conflictWith?.reason ?? "conflict", ctx)
    : superseding
      ? settleSupersede(store, superseding, ctx, opts)
      : undefined
  const grantId = "grantId" in consent ? (consent.grantId as string | undefined) : undefined
  if (grantId && status === "active") consumeGrant(store, grantId)
  const outcome = status === "pending" ? "pending" : "created"
  return {
    outcome,
    id,
    status,
    ...(p.redacted.length ? { redacted: p.redacted } : {}),
    ...(conflictId ? { conflictId } : {}),
  }
}

interface Superseding {
  id: string
  target: string
  project: string
  status: Status
  disputed: boolean
  confidence: number
}

/**
 * An active new item replaces its target, or opens a conflict when it is disputed (low confidence or
 * a caller's relation); a pending one only records the edge until a person approves it.
 */
function settleSupersede(store: Store, s: Superseding, ctx: WriteContext, opts: InsertOptions): string | undefined {
  if (s.status !== "active") {
    addEdge(store, s.project, s.id, s.target, "supersedes", 1)
    return undefined
  }
  if (!s.disputed) {
    supersedeRow(store, s.target, s.id, s.project, ctx.actor)
    return undefined
  }
  const why = opts.forceConflict ?? `supersede at confidence ${s.confidence} is below ${SUPERSEDE_CONFIDENCE_BAR}`
  return openConflict(store, s.project, s.id, s.target, why, ctx)
}

function liveItem(store: Store, id: string, project: string): string | undefined {
  const row = store.db.query("SELECT project, status FROM memory_items WHERE id = ?").get(id) as Row | null
  return row?.project === project && (row.status === "active" || row.status === "pending") ? id : undefined
}

function liveKeyed(store: Store, project: string, scope: string, kh: string, t: number): string | undefined {
  const row = store.db
    .query(
      "SELECT id FROM memory_items WHERE project = ? AND scope = ? AND key_hash = ? AND status = 'active' AND (expires_at IS NULL OR expires_at > ?) LIMIT 1",
    )
    .get(project, scope, kh, t) as { id: string } | null
  return row?.id
}

export function addEdge(store: Store, project: string, src: string, dst: string, type: string, weight: number): void {
  const target = store.db.query("SELECT project FROM memory_items WHERE id = ?").get(dst) as { project: string } | null
  if (!target || target.project !== project) return
  store.db
    .query(
      "INSERT OR REPLACE INTO memory_edges (project, src, dst, type, weight, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .run(project, src, dst, type, weight, now())
}

function openConflict(
  store: Store,
  project: string,
  newItem: string,
  oldItem: string,
  reason: string,
  ctx: WriteContext,
): string {
  const id = newId("c_")
  store.db
    .query(
      "INSERT INTO memory_conflicts (id, project, new_item, old_item, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .run(id, project, newItem, oldItem, reason, now())
  addEdge(store, project, newItem, oldItem, "contradicts", 1)
  appendAudit(store.db, store.keys, {
    project,
    item: newItem,
    action: "conflict",
    actor: ctx.actor,
    detail: `conflict=${id} old=${oldItem}`,
  })
  return id
}
