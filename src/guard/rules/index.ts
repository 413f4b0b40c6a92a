import { baseName, type Invocation, literal, type Walk } from "../invocation"
import { own } from "../../core/own"
import { ALLOW, stricter, type Verdict } from "../types"
import { agentConfigRules } from "./agent-config"
import { cloudRules } from "./cloud"
import { containerRules } from "./containers"
import { databaseRules } from "./databases"
import { ask } from "./finding"
import { diskRules, format, isFormatter } from "./disks"
import { filesystemRules } from "./filesystem"
import { gitRule } from "./git"
import { publishRules } from "./publish"
import { interpreterRule, isInterpreter } from "./interpreters"
import { networkRules } from "./network"
import { systemRules } from "./system"
import { serviceRule } from "./services"
import { shellRule, isShell } from "./shells"
import { unwrap } from "./wrappers"
import { runWritten, writtenFile } from "./written"

export type Rule = (inv: Invocation, walk: Walk, name: string) => Verdict

const PACKS: ReadonlyArray<Record<string, Rule>> = [
  filesystemRules,
  diskRules,
  systemRules,
  networkRules,
  databaseRules,
  containerRules,
  publishRules,
  cloudRules,
  agentConfigRules,
  { git: gitRule },
]

/**
 * The rule for a command name; each pack contributes its own entries. Two packs that judge the same
 * command (sed's `e` flag, sed -i on a tool's config) both run and the stricter verdict stands:
 * a later pack never silently replaces an earlier one. Looked up per name, not merged into one table
 * at load: the merge was start-up cost on every guard call, most of which judge one or two names.
 */
function ruleFor(name: string): Rule | undefined {
  let found: Rule | undefined
  for (const pack of PACKS) {
    const rule = own(pack, name)
    if (!rule) continue
    const earlier = found
    found = earlier ? (inv, walk, n) => stricter(earlier(inv, walk, n), rule(inv, walk, n)) : rule
  }
  return found
}

/** Judges one command after peeling wrappers; nested commands are handed back to the walk. */
export function dispatch(inv: Invocation, walk: Walk): Verdict {
  let head = inv.args[0]
  if (!head) return ALLOW
  if (head.unknown && head.hint !== undefined) {
    const words = head.hint.split(/\s+/).filter(Boolean)
    if (!words.length) return ALLOW
    inv = { ...inv, args: [...words.map(literal), ...inv.args.slice(1)] }
    head = inv.args[0]!
  }
  if (head.glob && head.text !== "[" && head.text !== "[[")
    return ask(
      "parse.glob-command",
      `the command name '${head.text}' is a pattern; what it matches is only known at run time`,
      "write the command name out literally",
    )
  if (head.unknown)
    return ask(
      "parse.dynamic-command",
      `the command name '${head.text}' is only known at run time`,
      "write the command name out literally",
    )
  const name = baseName(head.text)
  const inner = unwrap(name, inv, walk)
  if (inner !== undefined) {
    if (inner) walk.run(inner)
    return ALLOW
  }
  if (isShell(name)) return shellRule(inv, walk, name)
  if (name === "eval") {
    walk.script(
      inv.args
        .slice(1)
        .map((a) => a.text)
        .join(" "),
      inv.state,
      "eval's argument",
    )
    return inv.args.slice(1).some((a) => a.unknown)
      ? ask("shell.eval-dynamic", "eval runs text that is only known at run time")
      : ALLOW
  }
  // bun and deno are package managers too: `bun publish` is judged as a publish, `bun -e` as code
  if (isInterpreter(name))
    return stricter(
      interpreterRule(inv, walk, name),
      name === "bun" || name === "deno" ? (ruleFor(name)?.(inv, walk, name) ?? ALLOW) : ALLOW,
    )
  const written = head.text.includes("/") ? writtenFile(head.text, inv, walk) : undefined
  if (written) return runWritten(written, inv, walk, head.text)
  const rule = ruleFor(name) ?? (isFormatter(name) ? format : undefined)
  const byName = rule ? rule(inv, walk, name) : ALLOW
  const verdict = stricter(byName, serviceRule(inv, name))
  return verdict.decision !== "allow" && onlyDescribes(inv, name) ? ALLOW : verdict
}

const DRY_RUN = /^(--dry-?run(=(client|server|true|1))?|--dryrun|--no-act|--what-?if|--simulate|--just-print|--recon)$/i
const HELP_VERB = new Set([
  "aws",
  "gcloud",
  "az",
  "kubectl",
  "helm",
  "gh",
  "docker",
  "podman",
  "terraform",
  "heroku",
  "flyctl",
  "fly",
  "doctl",
])

/**
 * `--help`, a dry run, or a CLI's `help` verb: the command describes or rehearses the action and
 * does not perform it. Only the command's own verdict is lifted; what it runs is judged elsewhere.
 */
function onlyDescribes(inv: Invocation, name: string): boolean {
  // find's primaries run in order: in `find ~ -delete -name --help` the word is a pattern, not a flag
  if (name === "find") return false
  const words: string[] = []
  for (const a of inv.args.slice(1)) {
    if (a.text === "--") break
    if (!a.unknown) words.push(a.text)
  }
  if (words.some((w) => w === "--help" || DRY_RUN.test(w))) return true
  return HELP_VERB.has(name) && words.some((w) => w === "help")
}
