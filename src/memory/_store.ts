import type { Database } from "bun:sqlite"
import { assertKeyId, asDbError } from "../core/db"
import { checkWritable } from "../core/db-check"
import type { Keys } from "../core/keys"
import type { Project } from "../core/project"
import type { ConsentPolicy, ScopeName } from "./types"

/** What every memory module is handed: the database, the keys and the configured defaults. */
export interface Store {
  db: Database
  keys: Keys
  policy: ConsentPolicy
  workingTtlMs: number
  recallTokenCap: number
  /** A person's own "remember …" prompt is their consent (active), unless configured to wait. */
  rememberPrompt?: "active" | "pending"
}

/** Global items belong to no project; they are stored under this pseudo-project. */
export const GLOBAL = "global"

export const WORKING_MAX_TTL_MS = 7 * 24 * 3_600_000

/** One immediate (write-locking) transaction: SQLite serialises writers across processes. */
export function tx<T>(store: Store, fn: () => T): T {
  checkWritable(store.db)
  try {
    return store.db
      .transaction(() => {
        // a rotation by another process since these keys were loaded: seal nothing under the old key
        assertKeyId(store.db, store.keys.keyId)
        return fn()
      })
      .immediate()
  } catch (cause) {
    // SQLite failures become typed database errors; our own exceptions keep their identity
    const code = (cause as { code?: unknown }).code
    if (typeof code === "string" && code.startsWith("SQLITE")) throw asDbError(cause)
    throw cause
  }
}

const STATE_KINDS = new Set(["context", "decision", "avoid", "preference", "next", "working"])

/** The stored (project, scope) pair for a scope name; branch kinds default to the checkout's scope. */
export function storedScope(
  project: Project,
  kind: string,
  name: ScopeName | undefined,
): { project: string; scope: string } {
  const chosen = name ?? (STATE_KINDS.has(kind) ? "branch" : "project")
  if (chosen === "global") return { project: GLOBAL, scope: "global" }
  if (chosen === "branch") return { project: project.id, scope: project.scope ?? "project" }
  return { project: project.id, scope: "project" }
}

/** Scopes visible from a checkout: its own, the default branch's, project-wide. */
export function visibleScopes(project: Project, defaultBranchScope: string | undefined): string[] {
  const scopes = new Set<string>(["project"])
  if (project.scope) scopes.add(project.scope)
  if (defaultBranchScope) scopes.add(defaultBranchScope)
  return [...scopes]
}
