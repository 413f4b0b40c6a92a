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
}

export function writeItem(store: Store, raw: ItemInput, ctx: WriteContext, opts: InsertOptions = {}): WriteResult {
  const prepared = prepareItem(raw)
  if (isRefusal(prepared)) return { outcome: "refused", code: prepared.code, reason: prepared.reason }
  return tx(store, () => insertPrepared(store, prepared, ctx, opts))
}

function tombstoned(store: Store, projects: string[], prints: string[]): boolean {
  const marks = projects.map(() => "?").join(",")
  const pm = prints.map(() => "?").join(",")
  if (store.db.query(`SELECT 1 FROM memory_tombstones WHERE project IN (${marks}) AND fp IN (${pm}) AND lifted_at IS NULL LIMIT 1`).get(...projects, ...prints)) return true
  // content an agent asked to forget is as good as forgotten while it waits for the person
  return !!store.db.query(`SELECT 1 FROM memory_items WHERE project IN (${marks}) AND text_fp IN (${pm}) AND status = 'hidden' LIMIT 1`).get(...projects, ...prints)
}

/** The transactional half of writeItem, for callers already inside a write transaction. */
export function insertPrepared(store: Store, p: Prepared, ctx: WriteContext, opts: InsertOptions): WriteResult {
  const { input } = p
  const { project, scope } = storedScope(ctx.project, input.kind, input.scope)
  const t = now()
  const bodyPrint = textPrint(store.keys, p.body)
  const titlePrint = p.title ? textPrint(store.keys, p.title) : null
  const prints = titlePrint ? [bodyPrint, titlePrint] : [bodyPrint]
  const tombProjects = [...new Set([project, ctx.project.id, GLOBAL])]
  if (tombstoned(store, tombProjects, prints) || [p.body, p.title].some((text) => text && nearTombstones(store, tombProjects, text).length)) {
    return { outcome: "refused", code: "tombstoned", reason: "this content was forgotten; a person must lift the tombstone before it can be stored again" }
  }
  registerProject(store, ctx.project)
  const consent = opts.consent ?? decideConsent(store, ctx.project.id, ctx.actor)
  if ("refused" in consent) return { outcome: "refused", code: consent.code, reason: consent.reason }
  const status = consent.status
  const fp = itemPrint(store.keys, input.kind, scope, p.title, p.body)
  const dup = store.db
    .query("SELECT id, status, kind FROM memory_items WHERE project = ? AND fp = ? AND status IN ('active', 'pending') AND (expires_at IS NULL OR expires_at > ?) LIMIT 1")
    .get(project, fp, t) as { id: string; status: Status; kind: string } | null
  if (dup) {
    if (dup.kind === LESSON && dup.status === "active") {
      reinforceRow(store, dup.id, project, ctx.actor)
      return { outcome: "reinforced", id: dup.id, status: "active" }
    }
    return { outcome: "unchanged", id: dup.id, status: dup.status }
  }
  const kh = p.key === undefined ? null : keyHash(store.keys, p.key)
  const replaced = kh ? liveKeyed(store, project, scope, kh, t) : undefined
  let target = input.supersedes
  if (target) {
    const row = store.db.query("SELECT project, status FROM memory_items WHERE id = ?").get(target) as { project: string; status: string } | null
    if (!row || row.project !== project) return { outcome: "refused", code: "not-found", reason: `no item ${target} in this project's ${scope === "global" ? "global" : "project"} scope to supersede` }
    if (row.status !== "active") target = undefined
  }
  const id = newId("m_")
  const confidence = input.confidence ?? (input.kind === LESSON ? 0.7 : 1)
  const ttl = input.kind === "working" ? Math.min(input.ttlMs ?? store.workingTtlMs, WORKING_MAX_TTL_MS) : input.ttlMs
  const disputed = !!target && (confidence < SUPERSEDE_CONFIDENCE_BAR || opts.forceConflict !== undefined)
  const entityKeys = entityKeyGroups(store.keys, p.entities)
  const content = sealContent(store.keys, "memory_items", id, project, { title: p.title, body: p.body, entities: p.entities, tags: p.tags, key: p.key })
  store.db
    .query(
      `INSERT INTO memory_items (id, project, scope, kind, status, confidence, base_confidence, source, session, tool, content_enc, fp, text_fp, title_fp,
        key_hash, entity_keys, disputed, valid_from, valid_to, recorded_at, retracted_at, expires_at, last_used_at, updated_at, rev)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, NULL, ?, NULL, ?, ?)`,
    )
    .run(id, project, scope, input.kind, status, confidence, confidence, ctx.actor.source, sessionPrint(store.keys, ctx.actor.sessionId) ?? null, ctx.actor.tool ?? null, content, fp, bodyPrint, titlePrint,
      kh, entityKeys, disputed ? 1 : 0, input.validFrom ?? t, t, ttl === undefined ? null : t + ttl, t, nextRev(store))
  appendAudit(store.db, store.keys, { project, item: id, action: "create", actor: ctx.actor, detail: `kind=${input.kind} status=${status}` })
  for (const link of input.links ?? []) addEdge(store, project, id, link.to, link.type, link.weight ?? 0.5)
  let conflictId: string | undefined
  if (replaced && status === "active") supersedeRow(store, replaced, id, project, ctx.actor)
  if (target && status === "active") {
    const why = opts.forceConflict ?? `supersede at confidence ${confidence} is below ${SUPERSEDE_CONFIDENCE_BAR}`
    if (disputed) conflictId = openConflict(store, project, id, target, why, ctx)
    else supersedeRow(store, target, id, project, ctx.actor)
  } else if (target) addEdge(store, project, id, target, "supersedes", 1)
  const grantId = "grantId" in consent ? (consent.grantId as string | undefined) : undefined
  if (grantId && status === "active") consumeGrant(store, grantId)
  const outcome = status === "pending" ? "pending" : "created"
  return { outcome, id, status, ...(p.redacted.length ? { redacted: p.redacted } : {}), ...(conflictId ? { conflictId } : {}) }
}

function liveKeyed(store: Store, project: string, scope: string, kh: string, t: number): string | undefined {
  const row = store.db
    .query("SELECT id FROM memory_items WHERE project = ? AND scope = ? AND key_hash = ? AND status = 'active' AND (expires_at IS NULL OR expires_at > ?) LIMIT 1")
    .get(project, scope, kh, t) as { id: string } | null
  return row?.id
}

export function addEdge(store: Store, project: string, src: string, dst: string, type: string, weight: number): void {
  const target = store.db.query("SELECT project FROM memory_items WHERE id = ?").get(dst) as { project: string } | null
  if (!target || target.project !== project) return
  store.db.query("INSERT OR REPLACE INTO memory_edges (project, src, dst, type, weight, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(project, src, dst, type, weight, now())
}

function openConflict(store: Store, project: string, newItem: string, oldItem: string, reason: string, ctx: WriteContext): string {
  const id = newId("c_")
  store.db.query("INSERT INTO memory_conflicts (id, project, new_item, old_item, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(id, project, newItem, oldItem, reason, now())
  addEdge(store, project, newItem, oldItem, "contradicts", 1)
  appendAudit(store.db, store.keys, { project, item: newItem, action: "conflict", actor: ctx.actor, detail: `conflict=${id} old=${oldItem}` })
  return id
}
