import { loadConfig } from "../core/config"
import type { Check, CheckProvider } from "../core/doctor"
import { errorMessage } from "../core/errors"
import { VERSION } from "../version"

/** `egc doctor`'s update line: no network unless the person turned release.checkForUpdates on. */
export const releaseChecks: CheckProvider = async ({ cwd }): Promise<Check[]> => {
  let enabled: boolean
  try {
    enabled = (await loadConfig({ projectRoot: cwd })).release.checkForUpdates
  } catch {
    return [{ name: "update", status: "ok", detail: `egc ${VERSION}; not checked (the configuration did not load)` }]
  }
  if (!enabled)
    return [{ name: "update", status: "ok", detail: `egc ${VERSION}; update check off (release.checkForUpdates)` }]
  try {
    const { checkForUpdate } = await import("./upgrade")
    const r = await checkForUpdate(5000)
    return r.newer
      ? [
          {
            name: "update",
            status: "warn",
            detail: `egc ${r.latest} is available (you have ${r.current})`,
            fix: "egc upgrade",
          },
        ]
      : [{ name: "update", status: "ok", detail: `egc ${r.current} is the newest release` }]
  } catch (e) {
    return [{ name: "update", status: "warn", detail: `could not check for a newer egc: ${errorMessage(e)}` }]
  }
}
