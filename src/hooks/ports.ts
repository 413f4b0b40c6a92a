import type { Config } from "../core/config"
import type { Logger } from "../core/log"
import type { Project } from "../core/project"
import type { HookTool } from "./types"

/**
 * What the handlers need from the other faculties, as narrow interfaces. `faculties.ts` binds them
 * to the real modules (lazily, per event); tests bind them to the real modules or, for a faculty
 * that has not landed yet, to a small stand-in. A missing faculty is simply skipped.
 */
export interface Verdict {
  decision: "allow" | "ask" | "deny"
  rule?: string
  reason?: string
  alternative?: string
}

export interface Where {
  cwd: string
  projectRoot?: string
  policy?: Config["guard"]
}

export interface GuardPort {
  judgeCommand(command: string, ctx: Where): Verdict | Promise<Verdict>
  judgeWrite?(write: { path: string; content?: string }, ctx: Where): Verdict | Promise<Verdict>
  recordVerdict?(
    verdict: Verdict,
    meta: { command: string; projectId?: string; sessionId?: string; tool?: string },
  ): void | Promise<void>
}

export interface CrushPort {
  rewriteForCrush(
    command: string,
    opts: { bin: readonly string[]; config: Config },
  ): string | undefined | Promise<string | undefined>
}

export interface MeshPort {
  heartbeat?(session: { sessionId: string; project: Project; tool: HookTool }): void | Promise<void>
  /** A description of another live session's exclusive claim on this path, if any. */
  claimHolder?(
    project: Project,
    absPath: string,
    selfSessionId?: string,
  ): string | undefined | Promise<string | undefined>
  peersSummary?(project: Project, selfSessionId?: string): string | undefined | Promise<string | undefined>
  unreadFor?(project: Project, sessionId: string): string | undefined | Promise<string | undefined>
}

type ActorSource = "hook:remember" | "hook:miner" | "hook:observer"
export interface Actor {
  source: ActorSource
  sessionId: string
  tool: HookTool
}

export type MinedKind = "decision" | "avoid" | "preference" | "next" | "lesson"
interface WriteRequest {
  kind: MinedKind | "note"
  title: string
  body: string
  /** Automatic captures wait for review whatever the consent policy says. */
  pending: boolean
}
export interface WriteOutcome {
  status: "active" | "pending" | "duplicate" | "refused"
  id?: string
  reason?: string
}

interface PendingTitles {
  shown: Array<{ id: string; title: string }>
  total: number
}

export interface MemoryPort {
  /** The state view of this project and branch, rendered through the one reader within a token budget. */
  stateView(project: Project, budgetTokens?: number): string | undefined | Promise<string | undefined>
  /** The newest `limit` items waiting for the person's review, with their ids (so they can be approved by id), and how many wait. */
  pendingTitles(project: Project, limit: number): PendingTitles | Promise<PendingTitles>
  write(project: Project, req: WriteRequest, actor: Actor): WriteOutcome | Promise<WriteOutcome>
  recall(project: Project, query: string, tokenCap: number): string | undefined | Promise<string | undefined>
  /** Items a forget request could mean; the person confirms before anything is destroyed. */
  forgetCandidates(
    project: Project,
    query: string,
  ): Array<{ id: string; title: string }> | Promise<Array<{ id: string; title: string }>>
}

export interface SyncPort {
  /** Memory follows git when the refs changed since the last run: what moved, in one line. */
  followBranches?(project: Project): string | undefined | Promise<string | undefined>
  /** Session end: start `egc sync push` detached when the person turned `sync.autoPush` on; never waits for it. */
  pushInBackground?(project: Project): boolean | Promise<boolean>
}

export interface HookDeps {
  memory?: MemoryPort
  guard?: GuardPort
  crush?: CrushPort
  mesh?: MeshPort
  sync?: SyncPort
}

export interface HookContext {
  project: Project
  config: Config
  deps: HookDeps
  log: Logger
  /** The argv that runs egc (core/self), for rewrites that route a command through `egc crush`. */
  bin: readonly string[]
}
