import { EgcError } from "../core/errors"
import { compilePattern, type PolicyPattern, patternMatches } from "../core/pattern"
import type { Invocation } from "./invocation"
import type { Decision, GuardPolicy, Verdict } from "./types"

/** The allow and deny lists compiled once per policy object. */
export interface CompiledPolicy {
  allow: PolicyPattern[]
  deny: PolicyPattern[]
}

const compiled = new WeakMap<GuardPolicy, CompiledPolicy>()

/** Compiles the lists; a regex that does not compile is a configuration error, never a rule that never fires. */
export function compilePolicy(policy: GuardPolicy): CompiledPolicy {
  let c = compiled.get(policy)
  if (c) return c
  c = {
    allow: policy.allow.map((e) => compileEntry(e, "allow")),
    deny: policy.deny.map((e) => compileEntry(e, "deny")),
  }
  compiled.set(policy, c)
  return c
}

function compileEntry(entry: string, list: string): PolicyPattern {
  const p = compilePattern(entry)
  if ("error" in p) {
    const why = `guard.${list} pattern ${entry} is not a valid regular expression: ${p.error}`
    throw new EgcError("E_CONFIG", why, { hint: "fix the pattern in the config file" })
  }
  return p
}

/** One command as policy patterns see it: its words after quote removal, joined by single spaces. */
export const invocationText = (inv: Invocation): string => inv.args.map((a) => a.text).join(" ")

export const POLICY_DENY: Verdict = Object.freeze({
  decision: "deny",
  rule: "policy.deny",
  reason: "the command matches the deny list in the guard policy",
}) as Verdict

/** A deny pattern matching this command denies it. */
export const deniedBy = (c: CompiledPolicy, text: string): boolean => c.deny.some((p) => patternMatches(p, text))

/**
 * An allow pattern overrides the rules' verdict for the one command it matches, and only when every
 * word of it is known: `rm -rf build$X` could be anything at run time.
 */
export const allowedBy = (c: CompiledPolicy, inv: Invocation): boolean =>
  c.allow.length > 0 && inv.args.every((a) => !a.unknown) && c.allow.some((p) => patternMatches(p, invocationText(inv)))

/** The level a rule id gets from config: an exact id, else its pack (`git.reset-hard` → `git`). */
export function levelFor(rule: string | undefined, policy: GuardPolicy | undefined): string | undefined {
  if (!rule || !policy) return undefined
  return policy.rules[rule] ?? policy.rules[rule.split(".")[0]!]
}

/** Re-levels findings by config and returns the strictest that is left; the deny list is not a rule to re-level. */
export function applyLevels(findings: Verdict[], policy: GuardPolicy | undefined): Verdict | undefined {
  let best: Verdict | undefined
  const order = { allow: 0, ask: 1, deny: 2 } as const
  for (const f of findings) {
    const level = f.rule === POLICY_DENY.rule ? undefined : levelFor(f.rule, policy)
    if (level === "off" || level === "allow") continue
    const v: Verdict = level === "ask" || level === "deny" ? { ...f, decision: level as Decision } : f
    if (!best || order[v.decision] > order[best.decision]) best = v
  }
  return best
}
