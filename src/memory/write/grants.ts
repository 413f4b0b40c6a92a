import { HOUR, now } from "../../core/clock"
import { newId } from "../../core/ids"
import type { Project } from "../../core/project"
import { appendAudit } from "./audit"
import { sessionPrint } from "../_seal"
import { tx, type Store } from "../_store"
import type { Actor, ConsentPolicy, GrantDecision } from "../types"
import { isPerson, projectPolicy } from "./consent"
import { registerProject } from "./register"

/** Grants last one working day unless the caller sets a shorter life. */
export const GRANT_TTL_MS = 12 * HOUR

export interface GrantResult {
  id: string
  decision: GrantDecision
  expiresAt: number
}

/** Record a consent decision for one agent session. `reject` is kept for the audit and authorises nothing. */
export function recordGrant(
  store: Store,
  q: { project: Project; sessionId: string; decision: GrantDecision; ttlMs?: number },
  actor: Actor,
): GrantResult {
  const t = now()
  const expiresAt = t + Math.min(q.ttlMs ?? GRANT_TTL_MS, GRANT_TTL_MS)
  const id = newId("g_")
  tx(store, () => {
    registerProject(store, q.project)
    store.db
      .query(
        "INSERT INTO memory_grants (id, project, session, decision, created_at, expires_at, consumed_at) VALUES (?, ?, ?, ?, ?, ?, NULL)",
      )
      .run(id, q.project.id, sessionPrint(store.keys, q.sessionId), q.decision, t, expiresAt)
    appendAudit(store.db, store.keys, {
      project: q.project.id,
      action: "grant",
      actor,
      detail: `decision=${q.decision} session=${sessionPrint(store.keys, q.sessionId)}`,
    })
  })
  return { id, decision: q.decision, expiresAt }
}

/** A project's consent policy; only a person may change it. */
export function setPolicy(
  store: Store,
  q: { project: Project; policy: ConsentPolicy },
  actor: Actor,
): { ok: boolean; reason?: string } {
  if (!isPerson(actor)) return { ok: false, reason: "only a person (cli or dashboard) can change the consent policy" }
  tx(store, () => {
    registerProject(store, q.project)
    store.db.query("UPDATE memory_projects SET consent = ? WHERE id = ?").run(q.policy, q.project.id)
    appendAudit(store.db, store.keys, { project: q.project.id, action: "policy", actor, detail: `consent=${q.policy}` })
  })
  return { ok: true }
}

export function getPolicy(store: Store, project: Project): ConsentPolicy {
  return projectPolicy(store, project.id)
}

/** An approve-run grant authorises exactly one successful write or commit. */
export function consumeGrant(store: Store, grantId: string): void {
  store.db.query("UPDATE memory_grants SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL").run(now(), grantId)
}
