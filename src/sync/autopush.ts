import { boundKeys } from "../core/binding"
import { backgroundLine } from "../core/log"
import type { Project } from "../core/project"
import { startDetached } from "../core/detached"
import { hasTeam, openSyncDb } from "./team/store"

/**
 * `sync.autoPush`: the session-end hook starts `egc sync push` for a project with a team remote and
 * returns at once. The push runs detached (its own session, so a host that kills the hook's process
 * group does not stop it). Its outcome — not its raw output, which could echo a remote's URL — is
 * written redacted to $EGC_HOME/logs/sync-push.log by the CLI edge (EGC_BACKGROUND_LOG). A failed
 * push is only logged: the next push sends what this one did not.
 */

export function pushInBackground(project: Project): boolean {
  if (!hasTeam(openSyncDb(boundKeys()), project.id)) return false
  backgroundLine("sync-push", "session end: egc sync push")
  startDetached(["sync", "push", "--cwd", project.root], project.root, "sync-push")
  return true
}
