/**
 * @module memory — the public API of the memory faculty. Other faculties import only from here.
 * One write layer (`write/`), one reader (`read/`); everything else is built on the two.
 */
import type { Database } from "bun:sqlite"
import { DEFAULTS } from "../core/config"
import { bindKey, migrate, openDb } from "../core/db"
import { loadKeys, type Keys } from "../core/keys"
import { auditLog, verifyAudit, type AuditVerdict, type AuditView } from "./audit"
import { recall } from "./recall"
import { getItem, listItems } from "./read"
import { search } from "./search"
import { MIGRATIONS } from "./_schema"
import { type Store } from "./_store"
import { renderState } from "./state/render"
import { applyStatePatchSafe } from "./state/patch"
import { forget, liftTombstone } from "./write/forget"
import { writeItem } from "./write/item"
import { approve, reject, type ItemEdits } from "./write/review"
import type {
  Actor, ConsentPolicy, ForgetResult, ItemInput, ItemList, ItemView, ListQuery, Project, RecallQuery, RecallResult, ScopeName,
  SearchQuery, StatePatch, StatePatchResult, Unreadable, WriteContext, WriteResult,
} from "./types"

export type * from "./types"
export type { AuditVerdict, AuditView, ItemEdits }
export { LIMITS } from "./write/prepare"
export { SUPERSEDE_CONFIDENCE_BAR } from "./write/item"
export { RANK, STATUS_PENALTY } from "./recall"

export interface Memory {
  /** The one way to store memory: validated, scanned, consent-checked, sealed, audited. */
  write(input: ItemInput, ctx: WriteContext): WriteResult
  list(q: ListQuery): ItemList
  search(q: SearchQuery): ItemList
  recall(q: RecallQuery): RecallResult
  /** One item of this project (or the global scope) by id; an unopenable record comes back as `Unreadable`. */
  get(q: { project: Project; id: string }): ItemView | Unreadable | undefined
  renderState(q: { project: Project }): string
  applyStatePatch(patch: StatePatch, ctx: WriteContext & { scope?: ScopeName }): StatePatchResult
  forget(q: { project: Project; id?: string; text?: string }, actor: Actor): ForgetResult
  liftTombstone(q: { project: Project; text: string }, actor: Actor): { lifted: boolean; reason?: string }
  pending(q: { project: Project }): ItemList
  approve(id: string, ctx: WriteContext, edits?: ItemEdits): WriteResult
  reject(id: string, ctx: WriteContext): WriteResult
  auditVerify(): AuditVerdict
  audit(q: { project: Project; item?: string; limit?: number }): AuditView[]
  readonly store: Store
}

export interface OpenOptions {
  db?: Database
  keys?: Keys
  /** Defaults from the config's memory section (consent policy, recall cap, working TTL). */
  consent?: ConsentPolicy
  recallTokenCap?: number
  workingTtlHours?: number
}

export function openMemory(opts: OpenOptions = {}): Memory {
  const keys = opts.keys ?? loadKeys()
  const db = opts.db ?? openDb()
  bindKey(db, keys.keyId)
  migrate(db, "memory", MIGRATIONS)
  const defaults = DEFAULTS.memory
  const store: Store = {
    db,
    keys,
    policy: opts.consent ?? defaults.consent ?? "agent",
    recallTokenCap: opts.recallTokenCap ?? defaults.recallTokenCap ?? 2500,
    workingTtlMs: (opts.workingTtlHours ?? defaults.workingTtlHours ?? 24) * 3_600_000,
  }
  return createMemory(store)
}

export function createMemory(store: Store): Memory {
  return {
    store,
    write: (input, ctx) => writeItem(store, input, ctx),
    list: (q) => listItems(store, q),
    search: (q) => search(store, q),
    recall: (q) => recall(store, q),
    get: (q) => getItem(store, q.project, q.id),
    renderState: (q) => renderState(store, q),
    applyStatePatch: (patch, ctx) => applyStatePatchSafe(store, patch, ctx),
    forget: (q, actor) => forget(store, q, actor),
    liftTombstone: (q, actor) => liftTombstone(store, q, actor),
    pending: (q) => listItems(store, { project: q.project, statuses: ["pending"], scope: "all" }),
    approve: (id, ctx, edits) => approve(store, id, ctx, edits),
    reject: (id, ctx) => reject(store, id, ctx),
    auditVerify: () => verifyAudit(store.db, store.keys),
    audit: (q) => auditLog(store.db, { project: q.project.id, item: q.item, limit: q.limit }),
  }
}
