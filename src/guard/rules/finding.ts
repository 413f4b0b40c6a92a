import type { Decision, Verdict } from "../types"

/** Shorthands the rule packs use to state a finding. */
export const deny = (rule: string, reason: string, alternative?: string): Verdict => ({
  decision: "deny",
  rule,
  reason,
  ...(alternative ? { alternative } : {}),
})
export const ask = (rule: string, reason: string, alternative?: string): Verdict => ({
  decision: "ask",
  rule,
  reason,
  ...(alternative ? { alternative } : {}),
})
export const at = (decision: Decision, rule: string, reason: string, alternative?: string): Verdict => ({
  decision,
  rule,
  reason,
  ...(alternative ? { alternative } : {}),
})
