import type { Check, CheckProvider } from "../core/doctor"
import { judgeCommand } from "./index"
import { parseShell } from "../core/shell/parse"

/** `egc doctor` lines for the guard: the parser loads, a known danger is denied, a harmless command passes. */
export const guardChecks: CheckProvider = ({ cwd }) => {
  const checks: Check[] = []
  const attempt = (name: string, fn: () => string, fix: string) => {
    try {
      checks.push({ name, status: "ok", detail: fn() })
    } catch (e) {
      checks.push({ name, status: "fail", detail: e instanceof Error ? e.message : String(e), fix })
    }
  }
  attempt(
    "guard parser",
    () => {
      const t0 = performance.now()
      const script = parseShell("sudo env X=1 bash -c 'git status' | tee out.txt && echo $(date)")
      if (script.errors.length || script.pipelines.length !== 2)
        throw new Error(`sample parsed wrongly (${script.errors.join("; ") || `${script.pipelines.length} pipelines`})`)
      return `shell parser ok (${(performance.now() - t0).toFixed(2)} ms)`
    },
    "reinstall egc: the binary is damaged",
  )
  attempt(
    "guard rules",
    () => {
      const ctx = { cwd }
      const danger = judgeCommand("git push --force origin main", ctx)
      const harmless = judgeCommand("git status --short", ctx)
      if (danger.decision !== "deny")
        throw new Error(`'git push --force origin main' was ${danger.decision}, expected deny`)
      if (harmless.decision !== "allow")
        throw new Error(`'git status --short' was ${harmless.decision} (${harmless.rule}), expected allow`)
      return "a known danger is denied, a harmless command allowed"
    },
    "check the guard section of your config (egc doctor --json shows the layers)",
  )
  return checks
}
