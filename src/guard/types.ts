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

/** The stricter of two verdicts; on a tie the first one found stands. */
export function stricter(a: Verdict, b: Verdict): Verdict {
  return RANK[b.decision] > RANK[a.decision] ? b : a
}

export const ALLOW: Verdict = Object.freeze({ decision: "allow" }) as Verdict
