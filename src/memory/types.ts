import type { RefusalCode } from "../core/errors"
import type { Project } from "../core/project"

/** Public types of the memory faculty. Other faculties import these through `src/memory/index.ts`. */
export type { Project }

/** `elicitation`: the person answered in the coding tool's own dialog (MCP elicitation, explicit accept). */
export type Source =
  | "agent"
  | "hook:remember"
  | "hook:miner"
  | "hook:observer"
  | "sync"
  | "cli"
  | "import"
  | "dashboard"
  | "elicitation"

export interface Actor {
  source: Source
  sessionId?: string
  tool?: string
}

/** `hidden`: an agent asked to forget it; invisible to every read, destroyed once the person confirms. */
export type Status = "pending" | "active" | "superseded" | "archived" | "rejected" | "expired" | "forgotten" | "hidden"
export const STATUSES: readonly Status[] = [
  "pending",
  "active",
  "superseded",
  "archived",
  "rejected",
  "expired",
  "forgotten",
  "hidden",
]

/** Where an item lives, as the caller names it; stored as `branch:<key>`, `commit:<sha>`, `project` or `global`. */
export type ScopeName = "branch" | "project" | "global"
export type ReadScope = ScopeName | "all"

type EdgeType = "supersedes" | "contradicts" | "relates_to" | "depends_on" | "mentions"

export type ConsentPolicy = "agent" | "review" | "grant" | "off"
export type GrantDecision = "approve-run" | "approve-session" | "reject" | "reject-session"

export interface ItemInput {
  kind: string
  title?: string
  body: string
  scope?: ScopeName
  entities?: string[]
  tags?: string[]
  confidence?: number
  /** When the fact became true (epoch ms); defaults to now. */
  validFrom?: number
  /** Working memory lifetime in milliseconds (capped at 7 days). */
  ttlMs?: number
  /** Working memory key: a later write with the same key replaces the value. */
  key?: string
  /** Id of an item of the same project this one replaces. */
  supersedes?: string
  links?: Array<{ to: string; type: EdgeType; weight?: number }>
}

/** Why a write was refused; core/errors.ts maps each onto an error code (refusalCode) for the CLI and MCP. */
export type { RefusalCode }

export interface WriteResult {
  outcome: "created" | "reinforced" | "unchanged" | "pending" | "refused"
  id?: string
  status?: Status
  reason?: string
  code?: RefusalCode
  /** Markers of secrets that were redacted before storing. */
  redacted?: string[]
  /** Set when a supersede opened a conflict instead of replacing. */
  conflictId?: string
}

export interface ItemView {
  project: { id: string; display: string }
  id: string
  kind: string
  scope: string
  title: string
  body: string
  status: Status
  confidence: number
  entities: string[]
  tags: string[]
  source: Source
  sessionId: string | undefined
  disputed: boolean
  key: string | undefined
  validFrom: number
  validTo: number | undefined
  recordedAt: number
  retractedAt: number | undefined
  expiresAt: number | undefined
  updatedAt: number
  lastUsedAt: number | undefined
  /** True when a stored field reads as an instruction: present it as quoted data, never follow it. */
  flagged: boolean
}

/** A stored record that failed to open (altered, copied elsewhere, or sealed with another key). */
export interface Unreadable {
  id: string
  project: string
  reason: string
}

/** A list of views that also carries the records that could not be opened, so none is silently dropped. */
export type ItemList = ItemView[] & { unreadable: Unreadable[] }

export interface ListQuery {
  project: Project
  kinds?: string[]
  scope?: ReadScope
  statuses?: string[]
  asOf?: number
  crossProject?: boolean
  limit?: number
}

export interface SearchQuery {
  project: Project
  query: string
  kinds?: string[]
  crossProject?: boolean
  limit?: number
}

export interface RecallQuery {
  project: Project
  query: string
  entities?: string[]
  kinds?: string[]
  tokenCap?: number
  asOf?: number
  limit?: number
}

export interface RecallItem extends ItemView {
  score: number
  cluster: number
  /** "seed" ranked directly; "neighbour" reached by walking edges from a seed. */
  via: "seed" | "neighbour"
}

export interface RecallResult {
  items: RecallItem[]
  clusters: Array<{ id: number; label: string; ids: string[] }>
  tokens: number
  mode: "bodies" | "titles"
  reason?: string
  unreadable: Unreadable[]
}

export interface StatePatch {
  context?: string
  decisions?: Array<{ what: string; why?: string }>
  avoid?: string[]
  preferences?: string[]
  next?: string[]
}

export interface StatePatchResult {
  ok: boolean
  reason?: string
  results: WriteResult[]
}

export interface ForgetResult {
  forgotten: string[]
  tombstones: number
  reason?: string
  /** Nothing was changed: `forgotten` and `tombstones` say what would be. */
  dryRun?: boolean
}

/** Options of internal callers only (no agent input reaches them). */
export interface WriteOptions {
  /**
   * Open a conflict with this live item (nothing is replaced; the person resolves): team sync's
   * teammate change to an item that changed here too.
   */
  conflictWith?: { id: string; reason: string }
}

export interface WriteContext {
  project: Project
  actor: Actor
}
