import type { Decision, GuardPolicy, Verdict } from "./types"

/** A policy entry is an exact command, or a /regex/ (with optional flags) matched against it. */
export function matchesEntry(entry: string, command: string): boolean {
  const m = /^\/(.*)\/([a-z]*)$/s.exec(entry)
  if (!m) return entry.trim() === command.trim()
  try {
    return new RegExp(m[1]!, m[2]!.replace(/[gy]/g, "")).test(command)
  } catch {
    return false
  }
}

/** The level a rule id gets from config: an exact id, else its pack (`git.reset-hard` → `git`). */
export function levelFor(rule: string | undefined, policy: GuardPolicy | undefined): string | undefined {
  if (!rule || !policy) return undefined
  return policy.rules[rule] ?? policy.rules[rule.split(".")[0]!]
}

/** Re-levels findings by config and returns the strictest that is left. */
export function applyLevels(findings: Verdict[], policy: GuardPolicy | undefined): Verdict | undefined {
  let best: Verdict | undefined
  const order = { allow: 0, ask: 1, deny: 2 } as const
  for (const f of findings) {
    const level = levelFor(f.rule, policy)
    if (level === "off" || level === "allow") continue
    const v: Verdict = level === "ask" || level === "deny" ? { ...f, decision: level as Decision } : f
    if (!best || order[v.decision] > order[best.decision]) best = v
  }
  return best
}
