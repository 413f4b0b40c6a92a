/**
 * @module memory — the public API of the memory faculty. Other faculties import only from here.
 * One write layer (`write/`), one reader (`read/`); everything else is built on the two.
 */
import type { Database } from "bun:sqlite"
import { DEFAULTS } from "../core/config"
import { bindKey, migrate, openDb } from "../core/db"
import { loadKeys, type Keys } from "../core/keys"
import { auditLog, auditProblem, verifyAudit, type AuditVerdict, type AuditView } from "./audit"
import { recall } from "./recall"
import { getItem, listItems } from "./read"
import { resolveIdPrefix, type IdMatch } from "./read/prefix"
import { pendingHead, pendingTotal } from "./read/state-rows"
import { search } from "./search"
import { SCHEMA } from "./schema"
import type { Store } from "./_store"
import { renderState, type StateFilter } from "./state/render"
import { applyStatePatchSafe } from "./state/patch"
import { adoptAliases } from "./write/adopt"
import { archiveOne, archiveScope, branchScopes, moveScope, undoMoves, type BranchScope } from "./write/branches"
import { forget, liftTombstone } from "./write/forget"
import { forgetPreview } from "./read/forget-preview"
import { hide, restore } from "./write/hide"
import { anchorLegacyHead } from "./write/audit"
import { writeItem } from "./write/item"
import { approve, edit, reject, type ItemEdits } from "./write/review"
import { getPolicy, recordGrant, setPolicy, type GrantResult } from "./write/grants"
import { decaySweep, recallLessons, reinforceLesson, saveLesson, type LessonInput } from "./lessons"
import { expireSweep, getWorking, listWorking, setWorking } from "./working"
import { commitProposal, discardProposal, propose, type CommitResult, type ProposalResult } from "./proposals"
import { listConflicts, resolveConflict, type ConflictView } from "./conflicts"
import { history, supersession } from "./history"
import type {
  Actor,
  ConsentPolicy,
  GrantDecision,
  RecallItem,
  ForgetResult,
  ItemInput,
  ItemList,
  ItemView,
  ListQuery,
  Project,
  RecallQuery,
  RecallResult,
  ScopeName,
  SearchQuery,
  StatePatch,
  StatePatchResult,
  Unreadable,
  WriteContext,
  WriteOptions,
  WriteResult,
} from "./types"

export type * from "./types"
export type { IdMatch }
export type { AuditVerdict, AuditView, ItemEdits, GrantResult, LessonInput, ProposalResult, CommitResult, ConflictView }
export type { ScoredCandidate, Placement } from "./proposals"
export { SIMILARITY, AMBIGUITY_MARGIN, PROPOSAL_TTL_MS } from "./proposals"
export {
  LESSON_DEFAULT_CONFIDENCE,
  LESSON_DECAY_PER_WEEK,
  LESSON_ARCHIVE_BELOW,
  LESSON_GRACE_MS,
  decayedConfidence,
} from "./lessons"
export { GRANT_TTL_MS } from "./write/grants"
export { WORKING_MAX_TTL_MS } from "./_store"
export { LIMITS } from "./write/prepare"
export { STATUSES } from "./types"
export { auditProblem }
export { SUPERSEDE_CONFIDENCE_BAR } from "./write/item"
export { RANK, STATUS_PENALTY } from "./recall"
export { fitLines } from "./state/budget"
export { STATE_TOKEN_BUDGET } from "./state/render"

export interface Memory {
  /** The one way to store memory: validated, scanned, consent-checked, sealed, audited. */
  write(input: ItemInput, ctx: WriteContext, opts?: WriteOptions): WriteResult
  list(q: ListQuery): ItemList
  search(q: SearchQuery): ItemList
  recall(q: RecallQuery): RecallResult
  /** One item of this project (or the global scope) by id; an unopenable record comes back as `Unreadable`. */
  get(q: { project: Project; id: string }): ItemView | Unreadable | undefined
  /** The state view within a token budget allocated per section (state/budget.ts); 4,000 tokens by default. */
  renderState(q: { project: Project; budgetTokens?: number } & StateFilter): string
  applyStatePatch(patch: StatePatch, ctx: WriteContext & { scope?: ScopeName }): StatePatchResult
  /**
   * Destroy and tombstone. `dryRun` only reports what would go; with `tombstone: false` a `text`
   * that matches no item leaves no tombstone (the CLI's default; `--tombstone` forgets ahead of time).
   */
  forget(
    q: { project: Project; id?: string; text?: string; dryRun?: boolean; tombstone?: boolean },
    actor: Actor,
  ): ForgetResult
  /** A git-style short id (unique prefix) of an item or conflict of this project → the full id. */
  resolveId(q: { project: Project; id: string; table?: "items" | "conflicts" }): IdMatch
  /** Exactly the items `forget` with the same arguments would destroy (nothing is changed). */
  forgetPreview(q: { project: Project; id?: string; text?: string }): ItemList
  liftTombstone(q: { project: Project; text: string }, actor: Actor): { lifted: boolean; reason?: string }
  /** An agent's forget: invisible at once, destroyed by `forget` once the person confirms. */
  hide(q: { project: Project; id?: string; text?: string }, actor: Actor): { hidden: string[]; reason?: string }
  /** Items an agent asked to forget, waiting for the person (only the person's views list them). */
  hidden(q: { project: Project }): ItemList
  restore(q: { project: Project; id: string }, actor: Actor): { ok: boolean; reason?: string }
  pending(q: { project: Project }): ItemList
  /** The newest `limit` items awaiting review (only those are opened) and how many are waiting in all. */
  pendingHead(q: { project: Project; limit: number }): { items: ItemView[]; total: number }
  /** How many items await review (the one count: pendingHead's total; nothing is opened). */
  pendingCount(q: { project: Project }): number
  approve(id: string, ctx: WriteContext, edits?: ItemEdits): WriteResult
  reject(id: string, ctx: WriteContext): WriteResult
  /** Correct a live or pending item in place; the old content is kept as a sealed version until forgotten. */
  edit(id: string, ctx: WriteContext, edits: ItemEdits): WriteResult
  auditVerify(): AuditVerdict
  /** The supersede chain of an item, including superseded versions. */
  history(q: { project: Project; id: string }): ItemList
  /** An item's direct supersede links: the items it replaces and the items that replace it (ids). */
  supersession(q: { project: Project; id: string }): { replaces: string[]; replacedBy: string[] }
  lessons: {
    save(input: LessonInput, ctx: WriteContext): WriteResult
    recall(q: { project: Project; query: string; minConfidence?: number; limit?: number }, actor: Actor): RecallItem[]
    reinforce(id: string, ctx: WriteContext): WriteResult
    /** Idempotent decay of lessons unused for 30 days; archives below 0.2. */
    sweep(q?: { project?: Project }): { decayed: string[]; archived: string[] }
  }
  working: {
    set(q: { key: string; value: string; ttlMs?: number }, ctx: WriteContext): WriteResult
    get(q: { project: Project; key: string }): ItemView | undefined
    list(q: { project: Project }): ItemView[]
    /** Marks expired entries (they are already invisible); returns their ids. */
    sweep(): string[]
  }
  /** Both sweeps (lesson decay, working-memory expiry); idempotent and cheap (no record is opened). Call it at session start. */
  maintain(): { decayed: number; archived: number; expired: number }
  propose(q: { project: Project; items: ItemInput[] }, ctx: WriteContext): ProposalResult
  commit(q: { proposalId: string; drop?: number[] }, ctx: WriteContext): CommitResult
  discard(proposalId: string): boolean
  conflicts(q: { project: Project }): ConflictView[]
  resolve(
    q: { project: Project; id: string; keep: "new" | "old" | "both" },
    actor: Actor,
  ): { ok: boolean; reason?: string }
  grant(q: { project: Project; sessionId: string; decision: GrantDecision; ttlMs?: number }, actor: Actor): GrantResult
  policy(q: { project: Project }): ConsentPolicy
  setPolicy(q: { project: Project; policy: ConsentPolicy }, actor: Actor): { ok: boolean; reason?: string }
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
  rememberPrompt?: "active" | "pending"
}

/** The schema version that brought the sealed audit head. */
const HEAD_VERSION = 4

export function openMemory(opts: OpenOptions = {}): Memory {
  const keys = opts.keys ?? loadKeys()
  const db = opts.db ?? openDb()
  bindKey(db, keys.keyId)
  migrate(db, SCHEMA, (from) => {
    if (from > 0 && from < HEAD_VERSION) anchorLegacyHead(db, keys)
  })
  const defaults = DEFAULTS.memory
  const store: Store = {
    db,
    keys,
    policy: opts.consent ?? defaults.consent ?? "agent",
    recallTokenCap: opts.recallTokenCap ?? defaults.recallTokenCap ?? 2500,
    workingTtlMs: (opts.workingTtlHours ?? defaults.workingTtlHours ?? 24) * 3_600_000,
    rememberPrompt: opts.rememberPrompt ?? defaults.rememberPrompt ?? "active",
  }
  return createMemory(store)
}

export function createMemory(store: Store): Memory {
  return followAliases(store, {
    store,
    write: (input, ctx, opts) =>
      writeItem(store, input, ctx, opts?.conflictWith ? { conflictWith: opts.conflictWith } : {}),
    list: (q) => listItems(store, q),
    search: (q) => search(store, q),
    recall: (q) => recall(store, q),
    get: (q) => getItem(store, q.project, q.id),
    renderState: (q) => renderState(store, q),
    applyStatePatch: (patch, ctx) => applyStatePatchSafe(store, patch, ctx),
    forget: (q, actor) => forget(store, q, actor),
    forgetPreview: (q) => forgetPreview(store, q),
    resolveId: (q) => resolveIdPrefix(store, q.project, q.id, q.table),
    liftTombstone: (q, actor) => liftTombstone(store, q, actor),
    hide: (q, actor) => hide(store, q, actor),
    hidden: (q) => listItems(store, { project: q.project, statuses: ["hidden"], scope: "all" }),
    restore: (q, actor) => restore(store, q, actor),
    pending: (q) => listItems(store, { project: q.project, statuses: ["pending"], scope: "all" }),
    pendingHead: (q) => pendingHead(store, q.project, q.limit),
    pendingCount: (q) => pendingTotal(store, q.project),
    approve: (id, ctx, edits) => approve(store, id, ctx, edits),
    reject: (id, ctx) => reject(store, id, ctx),
    edit: (id, ctx, edits) => edit(store, id, ctx, edits),
    auditVerify: () => verifyAudit(store.db, store.keys),
    audit: (q) => auditLog(store.db, { project: q.project.id, item: q.item, limit: q.limit }),
    history: (q) => history(store, q),
    supersession: (q) => supersession(store, q),
    lessons: {
      save: (input, ctx) => saveLesson(store, input, ctx),
      recall: (q, actor) => recallLessons(store, q, actor),
      reinforce: (id, ctx) => reinforceLesson(store, id, ctx),
      sweep: (q) => decaySweep(store, q),
    },
    working: {
      set: (q, ctx) => setWorking(store, q, ctx),
      get: (q) => getWorking(store, q),
      list: (q) => listWorking(store, q),
      sweep: () => expireSweep(store),
    },
    maintain: () => {
      const lessons = decaySweep(store)
      return { decayed: lessons.decayed.length, archived: lessons.archived.length, expired: expireSweep(store).length }
    },
    propose: (q, ctx) => propose(store, q, ctx),
    commit: (q, ctx) => commitProposal(store, q, ctx),
    discard: (id) => discardProposal(store, id),
    conflicts: (q) => listConflicts(store, q),
    resolve: (q, actor) => resolveConflict(store, q, actor),
    grant: (q, actor) => recordGrant(store, q, actor),
    policy: (q) => getPolicy(store, q.project),
    setPolicy: (q, actor) => setPolicy(store, q, actor),
  })
}

/**
 * Before any call that names a project with older ids (`Project.aliases`), its items are re-keyed
 * to the current id once (write/adopt.ts), so every read and write sees them wherever it starts.
 */
function followAliases<T extends object>(store: Store, api: T): T {
  const visit = (arg: unknown) => {
    const p = (arg as { project?: Project } | undefined)?.project
    if (p && typeof p === "object" && p.aliases?.length) adoptAliases(store, p)
  }
  const wrap = (o: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(o)) {
      if (typeof v === "function") {
        o[k] = (...args: unknown[]) => {
          args.forEach(visit)
          return (v as (...a: unknown[]) => unknown)(...args)
        }
      } else if (v && typeof v === "object" && k !== "store") wrap(v as Record<string, unknown>)
    }
  }
  wrap(api as Record<string, unknown>)
  return api
}

/** Branch scopes of a project with their names and live item counts (for following git). */
export const listBranchScopes = (memory: Memory, project: Project): BranchScope[] => branchScopes(memory.store, project)
export type { BranchScope }
export const moveBranchScope = (
  memory: Memory,
  project: Project,
  q: { from: string; to: string; toName: string; why: string },
  actor: Actor,
) => moveScope(memory.store, project, q, actor)
export const archiveBranchScope = (memory: Memory, project: Project, scope: string, actor: Actor) =>
  archiveScope(memory.store, project, scope, actor)
export const undoBranchMoves = (memory: Memory, project: Project, from: string, actor: Actor) =>
  undoMoves(memory.store, project, from, actor)
export const closeBranchQuestion = (memory: Memory, project: Project, id: string, actor: Actor, why: string) =>
  archiveOne(memory.store, project, id, actor, why)

/** doctor's checks, loaded on demand. */
export const doctorChecks = () => import("./doctor").then((m) => m.memoryChecks)
/** `egc keys rotate`: memory's re-sealer, loaded only by the rotation. */
export const resealer = () => import("./write/reseal").then((m) => m.resealMemory)
