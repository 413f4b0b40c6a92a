import { branchScope, type Project } from "../../core/project"
import { GLOBAL, visibleScopes, type Store } from "../_store"
import type { ReadScope } from "../types"

/** The (projects, scopes) a read may see. Every read goes through this; nothing reads unscoped. */
interface ScopeFilter {
  projects: string[] | undefined
  scopes: string[] | undefined
}

export function defaultBranchScope(store: Store, project: Project): string | undefined {
  const name = project.defaultBranch
  return name && name !== project.branch ? branchScope(store.keys.hash, name) : undefined
}

export function scopeFilter(
  store: Store,
  project: Project,
  scope: ReadScope = "all",
  crossProject = false,
): ScopeFilter {
  if (crossProject) return { projects: undefined, scopes: undefined }
  if (scope === "branch") return { projects: [project.id], scopes: [project.scope ?? "project"] }
  if (scope === "project") return { projects: [project.id], scopes: ["project"] }
  if (scope === "global") return { projects: [GLOBAL], scopes: ["global"] }
  return {
    projects: [project.id, GLOBAL],
    scopes: [...visibleScopes(project, defaultBranchScope(store, project)), "global"],
  }
}
