import type { Config } from "../core/config-schema"

export type Decision = "allow" | "ask" | "deny"

export interface Verdict {
  decision: Decision
  rule?: string
  reason?: string
  alternative?: string
}

export type GuardPolicy = Config["guard"]

export interface GuardContext {
  cwd: string
  projectRoot?: string
  home?: string
  policy?: GuardPolicy
}

const RANK: Record<Decision, number> = { allow: 0, ask: 1, deny: 2 }

export const rank = (d: Decision): number => RANK[d]

const MALFORMED: Verdict = Object.freeze({
  decision: "ask",
  rule: "guard.internal",
  reason: "the guard failed while judging this command (a rule gave no decision)",
}) as Verdict

/** A verdict without a known decision is the guard's own fault: it asks, and never passes for an allow. */
export const sound = (v: Verdict | undefined): Verdict =>
  v !== undefined && v !== null && typeof v.decision === "string" && Object.hasOwn(RANK, v.decision) ? v : MALFORMED

/** The stricter of two verdicts; on a tie the first one found stands. */
export function stricter(a: Verdict, b: Verdict): Verdict {
  const first = sound(a)
  const second = sound(b)
  return RANK[second.decision] > RANK[first.decision] ? second : first
}

export const ALLOW: Verdict = Object.freeze({ decision: "allow" }) as Verdict
