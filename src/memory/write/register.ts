import { now } from "../../core/clock"
import type { Project } from "../../core/project"
import { sealName } from "../_seal"
import { GLOBAL, type Store } from "../_store"

/** Record a project's display name and the checkout's branch name, both sealed, once each. */
export function registerProject(store: Store, project: Project): void {
  const known = store.db.query("SELECT 1 FROM memory_projects WHERE id = ?").get(project.id)
  if (!known) {
    store.db
      .query("INSERT OR IGNORE INTO memory_projects (id, display_enc, consent, created_at) VALUES (?, ?, NULL, ?)")
      .run(project.id, sealName(store.keys, "memory_projects", project.id, project.id, project.display), now())
  }
  if (!store.db.query("SELECT 1 FROM memory_projects WHERE id = ?").get(GLOBAL)) {
    store.db
      .query("INSERT OR IGNORE INTO memory_projects (id, display_enc, consent, created_at) VALUES (?, ?, NULL, ?)")
      .run(GLOBAL, sealName(store.keys, "memory_projects", GLOBAL, GLOBAL, "global"), now())
  }
  const name = project.branch ?? project.commit
  if (
    project.scope &&
    name &&
    !store.db.query("SELECT 1 FROM memory_branches WHERE project = ? AND scope = ?").get(project.id, project.scope)
  ) {
    store.db
      .query("INSERT OR IGNORE INTO memory_branches (project, scope, name_enc) VALUES (?, ?, ?)")
      .run(project.id, project.scope, sealName(store.keys, "memory_branches", project.scope, project.id, name))
  }
}
