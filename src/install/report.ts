import { unifiedDiff } from "./diff"
import type { Plan } from "./plan"

/** The plan as people read it: per target what happens, then per file what changes. */
export function renderPlan(plan: Plan, opts: { diffs: boolean }): string {
  const lines = [`egc install (${plan.ctx.scope} scope) → ${plan.ctx.bin}`]
  for (const t of plan.targets) {
    const flag = t.skipped ? "skip" : "ok  "
    lines.push(`  ${flag} ${t.id}${t.detected ? "" : " (not detected)"}${t.skipped ? `: ${t.skipped}` : ""}`)
  }
  const changing = plan.files.filter((f) => f.after !== f.before)
  const current = plan.files.length - changing.length
  lines.push(
    "",
    changing.length
      ? `${changing.length} file(s) to change${current ? `, ${current} already up to date` : ""}:`
      : `nothing to change (${current} file(s) already up to date)`,
  )
  for (const f of changing) {
    lines.push(`  ${f.before === null ? "create" : "edit  "} ${f.path}${f.real !== f.path ? ` (→ ${f.real})` : ""}`)
    if (opts.diffs) lines.push(unifiedDiff(f.path, f.before, f.after).replace(/^/gm, "    "))
  }
  return lines.join("\n")
}
