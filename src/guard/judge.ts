import type { Scene } from "./invocation"
import { prepare } from "./normalize"
import { applyLevels, type CompiledPolicy, compilePolicy, deniedBy, POLICY_DENY } from "./policy"
import { sceneFor } from "./scene"
import { BudgetExceeded, parseShell } from "../core/shell/parse"
import { ALLOW, rank, stricter, type GuardContext, type Verdict } from "./types"
import { Walker } from "./walk"

const MAX_COMMAND_CHARS = 256 * 1024
const FORK_BOMB = /(^|[\s;&|])([\w:]+)\s*\(\s*\)\s*\{\s*\2\s*\|\s*\2\s*&\s*;?\s*\}/

interface Judgement {
  verdict: Verdict
  /** Each command as judged, innermost last (only when asked for). */
  trace?: string[]
  findings: Verdict[]
  scene: Scene
  parseErrors: string[]
}

/** The whole decision for one command line: hygiene, parse, walk, rule packs, then the user's policy. */
export function judge(command: string, ctx: GuardContext, opts: { trace?: boolean } = {}): Judgement {
  const scene = sceneFor(ctx)
  const policy = ctx.policy
  const done = (verdict: Verdict, findings: Verdict[] = [], parseErrors: string[] = []): Judgement => ({
    verdict,
    findings,
    scene,
    parseErrors,
  })
  if (policy && !policy.enabled) return done(ALLOW)
  // Patterns apply to each parsed command (walk.ts); the deny list also sees the raw line, which only ever adds denies.
  const lists = policy ? compilePolicy(policy) : undefined
  if (lists && deniedBy(lists, command)) return done(POLICY_DENY)
  if (command.length > MAX_COMMAND_CHARS)
    return done({
      decision: "ask",
      rule: "input.too-large",
      reason: `the command is ${command.length} characters, too long to judge within the time cap`,
      alternative: "put the script in a file and review it",
    })
  const prepared = prepare(command)
  const first = walkText(prepared.text, scene, lists, opts.trace)
  let result = first
  if (prepared.variant) {
    const second = walkText(prepared.variant, scene, lists, opts.trace)
    if (rank(second.verdict.decision) > rank(first.verdict.decision))
      result = {
        ...second,
        verdict: {
          ...second.verdict,
          reason: `${second.verdict.reason} (written with look-alike or invisible characters)`,
        },
      }
  }
  const findings = [...result.findings]
  if (prepared.hostile)
    findings.push({
      decision: "ask",
      rule: "input.hostile",
      reason: `${prepared.hostile}, so what runs may differ from what is shown`,
    })
  if ((prepared.text.includes("()") || prepared.text.includes("( )")) && FORK_BOMB.test(prepared.text))
    findings.push({ decision: "deny", rule: "proc.fork-bomb", reason: "a fork bomb exhausts the machine's processes" })
  const levelled = applyLevels(findings, policy) ?? ALLOW
  return { ...done(levelled, findings, result.parseErrors), ...(result.trace ? { trace: result.trace } : {}) }
}

function walkText(text: string, scene: Scene, lists?: CompiledPolicy, trace = false): Omit<Judgement, "scene"> {
  const walker = new Walker(scene, lists)
  if (trace) walker.trace = []
  try {
    const script = parseShell(text)
    if (script.truncated)
      walker.report({
        decision: "ask",
        rule: "parse.budget",
        reason: `the command is too long to judge within the time cap (${script.truncated})`,
        alternative: "put the script in a file and review it",
      })
    if (script.errors.length)
      walker.report({
        decision: "ask",
        rule: "parse.error",
        reason: `the command does not parse cleanly (${script.errors[0]}), so it cannot be judged`,
        alternative: "fix the quoting, then run it again",
      })
    walker.walkScript(script, { cwd: scene.cwd, vars: new Map(), depth: 0 })
    return {
      verdict: walker.verdict,
      findings: walker.findings,
      parseErrors: script.errors,
      ...(walker.trace ? { trace: walker.trace } : {}),
    }
  } catch (e) {
    if (!(e instanceof BudgetExceeded)) throw e
    walker.report({
      decision: "ask",
      rule: "parse.budget",
      reason: `the command is too complex to judge within the time cap (${e.message})`,
      alternative: "split it into simpler commands",
    })
    return { verdict: stricter(walker.verdict, ALLOW), findings: walker.findings, parseErrors: [e.message] }
  }
}
