import { now } from "../../core/clock"
import { sessionPrint } from "../_seal"
import type { Store } from "../_store"
import type { Actor, ConsentPolicy, GrantDecision, RefusalCode, Source } from "../types"

/**
 * Consent policy (DESIGN principle 9). A person acting through the CLI or the dashboard is the
 * reviewer, so their writes are stored; content nobody reviewed (hooks, sync, an imported file)
 * waits as pending (`egc memory import --trust` approves it as the person); explicit agent writes depend on the policy and, under `grant`, on the session's grant.
 */
const PERSON: ReadonlySet<Source> = new Set(["cli", "dashboard", "elicitation"])
const AUTOMATIC: ReadonlySet<Source> = new Set(["hook:remember", "hook:miner", "hook:observer", "sync", "import"])

export const isPerson = (actor: Actor): boolean => PERSON.has(actor.source)

type ConsentVerdict =
  | { status: "active" | "pending"; grantId?: string }
  | { refused: true; code: RefusalCode; reason: string }

export function projectPolicy(store: Store, project: string): ConsentPolicy {
  const row = store.db.query("SELECT consent FROM memory_projects WHERE id = ?").get(project) as {
    consent: string | null
  } | null
  return (row?.consent as ConsentPolicy | null) ?? store.policy
}

interface GrantRow {
  id: string
  decision: GrantDecision
}

/** The session's latest live grant; a consumed approve-run no longer counts. */
function liveGrant(store: Store, project: string, session: string | undefined): GrantRow | undefined {
  if (!session) return undefined
  const row = store.db
    .query(
      "SELECT id, decision FROM memory_grants WHERE project = ? AND session = ? AND expires_at > ? AND consumed_at IS NULL AND decision != 'reject' ORDER BY created_at DESC, id DESC LIMIT 1",
    )
    .get(project, sessionPrint(store.keys, session), now()) as GrantRow | null
  return row ?? undefined
}

export function decideConsent(store: Store, project: string, actor: Actor): ConsentVerdict {
  const policy = projectPolicy(store, project)
  if (policy === "off")
    return { refused: true, code: "off", reason: "memory storage is off for this project (consent policy off)" }
  if (PERSON.has(actor.source)) return { status: "active" }
  // the person typed "remember …" themselves: their consent, unless they asked every capture to wait
  const consented = actor.source === "hook:remember" && store.rememberPrompt !== "pending"
  if (consented && policy !== "review") return { status: "active" }
  if (AUTOMATIC.has(actor.source)) return { status: "pending" }
  if (policy === "agent") return { status: "active" }
  if (policy === "review") return { status: "pending" }
  const grant = liveGrant(store, project, actor.sessionId)
  if (grant?.decision === "reject-session") {
    return {
      refused: true,
      code: "consent",
      reason: "the person declined storage for this session (reject-session); do not ask again",
    }
  }
  if (grant?.decision === "approve-session") return { status: "active" }
  if (grant?.decision === "approve-run") return { status: "active", grantId: grant.id }
  return {
    refused: true,
    code: "consent",
    reason: "storage needs the person's consent: ask for approve-run or approve-session, then retry",
  }
}
