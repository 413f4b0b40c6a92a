import { backgroundLine } from "../core/log"
import type { Project } from "../core/project"
import { startDetached } from "../core/detached"
import { repoKey, settingOf } from "./store"

/**
 * Session end: a mirror the person turned on is rewritten by `egc mirror refresh`, started detached
 * (a dozen git processes that took seconds under load, longer than a host's hook should wait). Its
 * outcome goes to $EGC_HOME/logs/mirror-refresh.log through the CLI edge (EGC_BACKGROUND_LOG); a
 * refresh that fails leaves the previous block, and the next session end or `egc mirror refresh` tries again.
 */
export function refreshInBackground(project: Project): boolean {
  const repo = project.repo
  if (!repo || repo.bare || !settingOf(repoKey(repo.commonDir))) return false
  backgroundLine("mirror-refresh", "session end: egc mirror refresh")
  startDetached(["mirror", "refresh", "--cwd", project.root], project.root, "mirror-refresh")
  return true
}
