import { readFileSync } from "node:fs"
import { join } from "node:path"
import { DAY, now } from "../core/clock"
import type { Check, CheckProvider } from "../core/doctor"
import { env } from "../core/env"
import { paths } from "../core/paths"

/**
 * Hooks answer neutrally when they fail, so a broken hook is silent in the tool; the log is where
 * it shows. This check counts the last day's hook failures and unreadable payloads.
 */
export const hookChecks: CheckProvider = () => {
  const checks: Check[] = []
  if (env.disabled())
    checks.push({
      name: "hooks",
      status: "warn",
      detail: "EGC_DISABLE is set: every hook is a no-op",
      fix: "unset EGC_DISABLE",
    })
  let text = ""
  try {
    text = readFileSync(join(paths.logs(), "egc.log"), "utf8")
  } catch {
    return [...checks, { name: "hook log", status: "ok", detail: "no hook has logged anything yet" }]
  }
  const since = now() - DAY
  const recent = text.split("\n").filter((line) => line.includes("[hook]") && Date.parse(line.slice(0, 24)) >= since)
  const failed = recent.filter((l) => l.includes("hook failed")).length
  const unreadable = recent.filter((l) => l.includes("unreadable") || l.includes("over the size limit")).length
  if (failed === 0 && unreadable === 0)
    return [...checks, { name: "hook log", status: "ok", detail: "no hook failures in the last 24 h" }]
  return [
    ...checks,
    {
      name: "hook log",
      status: "warn",
      detail: `last 24 h: ${failed} hook failures, ${unreadable} unreadable or oversized payloads (see egc.log)`,
      fix: `read ${join(paths.logs(), "egc.log")} (lines tagged [hook])`,
    },
  ]
}
