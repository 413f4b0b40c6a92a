import { spawn } from "node:child_process"
import { closeSync, openSync, renameSync, statSync, writeSync } from "node:fs"
import { join } from "node:path"
import { boundKeys } from "../core/binding"
import { ensurePrivateDir, paths } from "../core/paths"
import type { Project } from "../core/project"
import { hasTeam, openSyncDb } from "./team/store"

/**
 * `sync.autoPush`: the session-end hook starts `egc sync push` for a project with a team remote and
 * returns at once. The push runs detached (its own session, so a host that kills the hook's process
 * group does not stop it), its output appended to $EGC_HOME/logs/sync-push.log. A failed push is
 * only logged: the next push sends what this one did not.
 */
const MAX_LOG = 1_000_000

// from source (`bun src/main.ts`) the executable is bun and the entry a script; compiled, it is egc itself
const self = () => (/\.[cm]?[jt]s$/.test(Bun.main) ? [process.execPath, Bun.main] : [process.execPath])

export function pushInBackground(project: Project): boolean {
  if (!hasTeam(openSyncDb(boundKeys()), project.id)) return false
  const file = join(ensurePrivateDir(paths.logs()), "sync-push.log")
  try {
    if (statSync(file).size > MAX_LOG) renameSync(file, `${file}.1`)
  } catch {
    // no log yet
  }
  const fd = openSync(file, "a", 0o600)
  try {
    writeSync(fd, `${new Date().toISOString()} session end: egc sync push\n`)
    const [bin = process.execPath, ...pre] = self()
    const child = spawn(bin, [...pre, "sync", "push", "--cwd", project.root], {
      cwd: project.root,
      detached: true,
      stdio: ["ignore", fd, fd],
    })
    child.on("error", () => {})
    child.unref()
  } finally {
    closeSync(fd)
  }
  return true
}
