import { watch, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { Check, CheckProvider } from "../core/doctor"
import { errorMessage } from "../core/errors"
import { resolveProject } from "../core/project"
import { listClaims } from "./claims"
import { livePeers } from "./sessions"
import { signalDir } from "./signal"

/** `egc doctor` lines for the mesh: prompt wake-ups work here, and what is live in this project. */
export const meshChecks: CheckProvider = async ({ cwd }) => [await wakeCheck(), stateCheck(cwd)]

async function wakeCheck(): Promise<Check> {
  try {
    const dir = signalDir()
    const name = `doctor-${process.pid}`
    const started = performance.now()
    const woke = await new Promise<boolean>((resolve) => {
      const w = watch(dir, { persistent: false }, (_e, f) => {
        if (f !== name) return
        w.close()
        resolve(true)
      })
      const timer = setTimeout(() => {
        w.close()
        resolve(false)
      }, 1000)
      timer.unref?.()
      writeFileSync(join(dir, name), "ping", { mode: 0o600 })
    })
    if (!woke)
      return {
        name: "mesh wake",
        status: "warn",
        detail: `no file-watch event in ${dir} within 1 s; waits fall back to a 2 s poll`,
        fix: "raise fs.inotify.max_user_instances / max_user_watches, or ignore: the mesh still works, more slowly",
      }
    return {
      name: "mesh wake",
      status: "ok",
      detail: `file watch on ${dir} fired in ${(performance.now() - started).toFixed(1)} ms`,
    }
  } catch (e) {
    return {
      name: "mesh wake",
      status: "warn",
      detail: errorMessage(e),
      fix: "check that $EGC_HOME/mesh is a writable folder",
    }
  }
}

function stateCheck(cwd: string): Check {
  try {
    const project = resolveProject(cwd)
    const peers = livePeers(project)
    const claims = listClaims(project, { allWorktrees: true })
    return {
      name: "mesh",
      status: "ok",
      detail: `${peers.length} live session(s), ${claims.length} live claim(s) in this project`,
    }
  } catch (e) {
    return {
      name: "mesh",
      status: "fail",
      detail: errorMessage(e),
      fix: "run egc doctor from inside a project; see the database line above",
    }
  }
}
