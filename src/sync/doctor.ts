import type { Check, CheckProvider } from "../core/doctor"
import { errorMessage } from "../core/errors"
import { resolveProject } from "../core/project"
import { parseTeamKey } from "./team/envelope"
import { git } from "./team/git"
import { getTeam, openSyncDb } from "./team/store"
import { boundKeys } from "../core/binding"

/** `egc doctor`: when this project syncs with a team, its team key opens and its remote answers. */
export const syncChecks: CheckProvider = async ({ cwd }) => [check(cwd)]

function check(cwd: string): Check {
  let cfg: ReturnType<typeof getTeam>
  try {
    const project = resolveProject(cwd)
    cfg = getTeam(openSyncDb(boundKeys()), project.id)
  } catch (e) {
    return {
      name: "sync",
      status: "fail",
      detail: `team settings cannot be read: ${errorMessage(e)}`,
      fix: "see the key and database lines above",
    }
  }
  if (!cfg)
    return {
      name: "sync",
      status: "ok",
      detail: "no team remote for this project (egc sync init / join to share memory)",
    }
  try {
    for (const k of cfg.keys) parseTeamKey(k)
  } catch (e) {
    return {
      name: "sync",
      status: "fail",
      detail: `team key: ${errorMessage(e)}`,
      fix: "egc sync join --remote URL --key-file FILE with the team's key",
    }
  }
  const r = git(["ls-remote", "--heads", cfg.remote], cwd)
  if (r.code !== 0) {
    const why = r.stderr.trim().split("\n").at(-1) ?? `exit ${r.code}`
    return {
      name: "sync",
      status: "warn",
      detail: `team remote unreachable: ${why}`,
      fix: "check the url and your access; push and pull wait until it answers",
    }
  }
  return {
    name: "sync",
    status: "ok",
    detail: `team remote answers; ${cfg.keys.length} team key(s), ${cfg.trusted ? "trusted" : "pulled items wait for review"}`,
  }
}
