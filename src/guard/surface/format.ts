import type { Verdict } from "../types"

/** One verdict as the JSON the batch and --json surfaces print: always the four keys, in order. */
export const verdictJson = (v: Verdict): string =>
  JSON.stringify({
    decision: v.decision,
    rule: v.rule ?? null,
    reason: v.reason ?? null,
    alternative: v.alternative ?? null,
  })

/** The human form: `deny git.reset-hard: <reason>` and, when there is one, the safer way. */
export function verdictText(v: Verdict): string {
  if (v.decision === "allow") return "allow"
  const head = `${v.decision} ${v.rule ?? ""}: ${v.reason ?? ""}`
  return v.alternative ? `${head}\n  instead: ${v.alternative}` : head
}

export const exitFor = (v: Verdict): number => (v.decision === "deny" ? 2 : v.decision === "ask" ? 3 : 0)

/** Shell-quotes argv back into one command line, so `egc guard -- …` is judged as the shell would see it. */
export function quoteArgv(argv: string[]): string {
  return argv.map((a) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", `'\\''`)}'`)).join(" ")
}
