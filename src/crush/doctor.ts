import { readdirSync, rmSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { Check, CheckProvider } from "../core/doctor"
import { errorMessage } from "../core/errors"
import { ensurePrivateDir, paths } from "../core/paths"
import { ledgerRunCount } from "./ledger"

/** egc doctor: the folder of stored runs is private and writable, and the ledger answers. */
export const crushChecks: CheckProvider = () => [runsDir(), ledger()]

function runsDir(): Check {
  try {
    const dir = ensurePrivateDir(paths.crushRuns())
    const probe = join(dir, `.probe-${process.pid}.tmp`)
    writeFileSync(probe, "", { mode: 0o600 })
    rmSync(probe)
    const mode = (statSync(dir).mode & 0o777).toString(8)
    const runs = readdirSync(dir).filter((n) => n.endsWith(".run")).length
    if (process.platform !== "win32" && mode !== "700")
      return { name: "crush runs", status: "warn", detail: `${dir} has mode ${mode}`, fix: `chmod 700 '${dir}'` }
    return { name: "crush runs", status: "ok", detail: `${dir} writable (mode ${mode}, ${runs} stored runs)` }
  } catch (e) {
    return {
      name: "crush runs",
      status: "fail",
      detail: errorMessage(e),
      fix: "make $EGC_HOME/crush writable by you alone (chmod 700)",
    }
  }
}

function ledger(): Check {
  try {
    return { name: "crush ledger", status: "ok", detail: `${ledgerRunCount()} runs recorded` }
  } catch (e) {
    return {
      name: "crush ledger",
      status: "fail",
      detail: errorMessage(e),
      fix: "run egc doctor for the database check above",
    }
  }
}
