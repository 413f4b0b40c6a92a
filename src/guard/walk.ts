import { resolve as resolvePath } from "node:path"
import {
  type Arg,
  argOf,
  baseName,
  type Invocation,
  type Scene,
  type Stdin,
  type Walk,
  type WalkState,
  type Written,
} from "./invocation"
import { resolveArg } from "./paths"
import { truncation } from "./rules/filesystem"
import { inSecretDir, isSecretName } from "./rules/sensitive"
import { dispatch } from "./rules"
import { allowedBy, type CompiledPolicy, deniedBy, invocationText, POLICY_DENY } from "./policy"
import { redirectRisk } from "./rules/redirects"
import { ask } from "./rules/finding"
import type { Command, Script, SimpleCommand, Word } from "../core/shell/ast"
import { BudgetExceeded, parseShell } from "../core/shell/parse"
import { ALLOW, rank, sound, type Verdict } from "./types"

const MAX_SCRIPT_DEPTH = 8
/** Commands judged per decision before the guard stops and asks: bounds the work on huge scripts. */
const MAX_INVOCATIONS = 600
const NETWORK_FETCHERS = new Set([
  "curl",
  "wget",
  "fetch",
  "http",
  "https",
  "xh",
  "nc",
  "ncat",
  "netcat",
  "socat",
  "aria2c",
  "lynx",
  "links",
  "ftp",
  "tftp",
  "scp",
  "ssh",
])
const LITERAL_PRODUCERS = new Set(["echo", "printf", "cat"])
const DECLARERS = new Set(["export", "declare", "local", "readonly", "typeset"])

/** Walks a parsed script, building one invocation per simple command, and collects the strictest verdict. */
export class Walker implements Walk {
  verdict: Verdict = ALLOW
  readonly written = new Map<string, Written>()
  readonly findings: Verdict[] = []
  /** When set, every invocation judged is described here (for `egc guard explain`). */
  trace: string[] | undefined
  private invocations = 0

  constructor(
    readonly scene: Scene,
    private readonly policy?: CompiledPolicy,
  ) {}

  report(found: Verdict): void {
    const v = sound(found)
    if (v.decision === "allow") return
    this.findings.push(v)
    if (rank(v.decision) > rank(this.verdict.decision)) this.verdict = v
  }

  script(text: string, state: WalkState, origin: string): void {
    if (state.depth >= MAX_SCRIPT_DEPTH) {
      this.report(ask("parse.too-deep", `${origin} nests shell code too deeply to judge`))
      return
    }
    let parsed: Script
    try {
      parsed = parseShell(text)
    } catch (e) {
      if (!(e instanceof BudgetExceeded)) throw e
      this.report(ask("parse.budget", `${origin} is too complex to judge within the time cap`))
      return
    }
    if (parsed.truncated)
      this.report(
        ask(
          "parse.budget",
          `${origin} is too long to judge within the time cap (${parsed.truncated})`,
          "put the script in a file and review it",
        ),
      )
    if (parsed.errors.length)
      this.report(
        ask(
          "parse.error",
          `${origin} does not parse cleanly (${parsed.errors[0]}), so it cannot be judged`,
          "fix the quoting, then run it again",
        ),
      )
    this.walkScript(parsed, { ...state, vars: new Map(state.vars), depth: state.depth + 1 })
  }

  walkScript(script: Script, state: WalkState): void {
    for (const pipeline of script.pipelines) {
      let upstream: Stdin | undefined
      for (const cmd of pipeline.commands) {
        this.command(cmd, state, upstream)
        const next: Stdin =
          cmd.type === "simple"
            ? streamFrom(cmd, state, this.scene)
            : { kind: "stream", producer: "(subshell)", fromNetwork: false }
        const secret = upstream?.kind === "stream" ? upstream.secret : undefined
        upstream = secret && next.kind === "stream" && !next.secret ? { ...next, secret } : next
      }
    }
  }

  private command(cmd: Command, state: WalkState, upstream: Stdin | undefined): void {
    if (cmd.type !== "simple") {
      this.walkScript(cmd.body, cmd.type === "subshell" ? { ...state, vars: new Map(state.vars) } : state)
      for (const r of cmd.redirects) this.report(redirectRisk(r, this.scene, state))
      return
    }
    for (const w of [...cmd.assigns, ...cmd.words]) this.subs(w, state)
    for (const r of cmd.redirects) {
      if (r.target) this.subs(r.target, state)
      for (const s of r.heredoc?.subs ?? []) this.walkScript(s, { ...state, vars: new Map(state.vars) })
      this.report(redirectRisk(r, this.scene, state))
    }
    if (empties(cmd)) {
      for (const r of cmd.redirects) {
        if (!r.target || r.target.dynamic || !/^(>|>\||&>)$/.test(r.op)) continue
        const abs = resolveArg(argOf(r.target), state, this.scene)
        if (abs) this.report(truncation(abs, `${r.op} ${r.target.text}`, this.scene))
      }
    }
    for (const a of cmd.assigns) {
      const eq = a.text.indexOf("=")
      state.vars.set(a.text.slice(0, eq).replace(/\[.*$|\+$/, ""), a.dynamic ? undefined : a.text.slice(eq + 1))
    }
    if (!cmd.words.length) return
    const args = cmd.words.flatMap((w) => staticArgs(w))
    const stdin = stdinOf(cmd) ?? upstream
    this.run({ args, redirects: cmd.redirects, state, ...(stdin ? { stdin } : {}) })
    recordWrites(cmd, args, stdin, state, this)
    if (args[0]?.text === "cd" || args[0]?.text === "pushd") changeDir(args, state, this.scene)
    if (args[0]?.text === "popd") state.cwd = undefined
    if (DECLARERS.has(args[0]?.text ?? "")) {
      for (const a of args.slice(1)) {
        const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(a.text)
        if (m) state.vars.set(m[1]!, a.unknown ? undefined : m[2])
      }
    }
  }

  private subs(w: Word, state: WalkState): void {
    for (const s of w.subs) this.walkScript(s, { ...state, vars: new Map(state.vars) })
  }

  run(inv: Invocation): void {
    if (++this.invocations > MAX_INVOCATIONS) throw new BudgetExceeded(`more than ${MAX_INVOCATIONS} commands`)
    const before = this.findings.length
    const line = this.trace?.push("") ?? 0
    if (this.policy && deniedBy(this.policy, invocationText(inv))) {
      this.report(POLICY_DENY)
      if (this.trace) this.trace[line - 1] = describe(inv, `deny ${POLICY_DENY.rule}`)
      return
    }
    // An allow pattern overrides this command's own verdict only; what it runs is still judged (dispatch walks it).
    const own = dispatch(inv, this)
    const allowed = own.decision !== "allow" && this.policy !== undefined && allowedBy(this.policy, inv)
    const v: Verdict = allowed ? { decision: "allow", rule: "policy.allow" } : own
    this.report(v)
    if (this.trace) {
      const quiet = this.findings.length > before ? "" : "allow"
      this.trace[line - 1] = describe(inv, v.decision === "allow" ? (v.rule ?? quiet) : `${v.decision} ${v.rule}`)
    }
  }
}

/** One line of `egc guard explain`: the words as judged (⟨unknown⟩ ones marked), stdin, and the rule's answer. */
function describe(inv: Invocation, note: string): string {
  const words = inv.args
    .map((a) => (a.unknown ? `⟨${a.text}⟩` : /[\s"\\]/.test(a.text) || !a.text ? JSON.stringify(a.text) : a.text))
    .join(" ")
  const stdin = inv.stdin ? ` <${inv.stdin.kind === "data" ? "data" : inv.stdin.producer}` : ""
  return `${"  ".repeat(inv.state.depth)}${words}${stdin}${note ? `  → ${note}` : ""}`
}

/**
 * `$(echo rm -rf /)` is `rm -rf /`: an unquoted substitution of plain echo is evaluated and split
 * into words as the shell would; any other substitution stays unknown.
 */
function staticArgs(w: Word): Arg[] {
  if (!w.quoted && !w.dynamic && /\{[^{}]*,[^{}]*\}/.test(w.text))
    return braceExpand(w.text).map((text) => ({ text, unknown: false, glob: w.glob }))
  const one = staticArg(w)
  if (!w.dynamic || one.unknown || w.raw.startsWith('"') || !/\s/.test(one.text)) return [one]
  return one.text
    .split(/\s+/)
    .filter(Boolean)
    .map((text) => ({ text, unknown: false, glob: /[*?[]/.test(text) }))
}

/** `{rm,-rf,/}` is three words and `/{etc,usr}` two paths, as bash's brace expansion makes them. */
function braceExpand(text: string): string[] {
  const m = /^(.*?)\{([^{}]*,[^{}]*)\}(.*)$/s.exec(text)
  if (!m) return [text]
  const out = m[2]!.split(",").flatMap((part) => braceExpand(`${m[1]}${part}${m[3]}`))
  return out.length > 256 ? [text] : out
}

function staticArg(w: Word): Arg {
  if (!w.dynamic || !w.subs.length || !/^\$\(.*\)$|^`.*`$/s.test(w.text)) return argOf(w)
  const sub = w.subs[0]!
  const only =
    sub.pipelines.length === 1 && sub.pipelines[0]!.commands.length === 1 ? sub.pipelines[0]!.commands[0] : undefined
  if (
    w.subs.length !== 1 ||
    only?.type !== "simple" ||
    only.words[0]?.text !== "echo" ||
    only.words.some((x) => x.dynamic)
  )
    return argOf(w)
  return {
    text: only.words
      .slice(1)
      .map((x) => x.text)
      .join(" "),
    unknown: false,
    glob: false,
  }
}

function stdinOf(cmd: SimpleCommand): Stdin | undefined {
  let stdin: Stdin | undefined
  for (const r of cmd.redirects) {
    if (r.heredoc) stdin = { kind: "data", text: r.heredoc.body, literal: r.heredoc.quoted }
    else if (r.op === "<<<" && r.target) stdin = { kind: "data", text: r.target.text, literal: !r.target.dynamic }
    else if (r.op === "<" && r.target)
      stdin = { kind: "stream", producer: `file ${r.target.text}`, fromNetwork: r.target.subs.some(fetches) }
  }
  return stdin
}

/** What a pipeline stage hands to the next: literal text from echo/printf, or an opaque stream. */
function streamFrom(cmd: SimpleCommand, state: WalkState, scene: Scene): Stdin {
  const name = baseName(cmd.words[0]?.text ?? "")
  const viaHeredoc = stdinOf(cmd)
  if (name === "cat" && cmd.words.length === 1 && viaHeredoc?.kind === "data") return viaHeredoc
  if (LITERAL_PRODUCERS.has(name) && name !== "cat" && !cmd.words.some((w) => w.dynamic)) {
    const rest = cmd.words.slice(1).map((w) => w.text)
    while (rest[0]?.startsWith("-") && rest[0].length <= 3) rest.shift()
    return { kind: "data", text: rest.join(" ").replace(/\\n/g, "\n"), literal: true }
  }
  const network =
    cmd.words.slice(0, 4).some((w) => NETWORK_FETCHERS.has(baseName(w.text))) ||
    cmd.words.some((w) => w.subs.some(fetches))
  const secret = secretSource(cmd, name, state, scene)
  const roots = listedRoots(cmd, name, state, scene)
  return {
    kind: "stream",
    producer: name || "(unknown)",
    fromNetwork: network,
    ...(secret ? { secret } : {}),
    ...(roots ? { roots } : {}),
  }
}

/** The folders whose files a listing command prints (for `find ~ | xargs rm`): find's start, ls's args, the repository. */
function listedRoots(cmd: SimpleCommand, name: string, state: WalkState, scene: Scene): string[] | undefined {
  const words = cmd.words.slice(1)
  if (name === "git" && words.some((w) => w.text === "ls-files"))
    return scene.projectRoot ? [scene.projectRoot] : undefined
  if (name !== "find" && name !== "ls" && name !== "fd" && name !== "fdfind") return undefined
  const operands =
    name === "find"
      ? words.slice(
          0,
          Math.max(
            0,
            words.findIndex((w) => w.text.startsWith("-") || w.text === "(" || w.text === "!"),
          ),
        )
      : words.filter((w) => !w.text.startsWith("-"))
  const picked =
    name === "find" && words.length && !words.some((w) => w.text.startsWith("-") || w.text === "(") ? words : operands
  const paths = (name === "fd" || name === "fdfind" ? picked.slice(1) : picked).map((w) =>
    resolveArg(argOf(w), state, scene),
  )
  if (paths.some((p) => p === undefined)) return undefined
  return paths.length ? (paths as string[]) : state.cwd ? [state.cwd] : undefined
}

/** Commands whose only effect through `> FILE` is to empty FILE: nothing, `:`, `true`, `cat /dev/null`, `echo -n`. */
function empties(cmd: SimpleCommand): boolean {
  const words = cmd.words.map((w) => w.text)
  if (!words.length) return true
  if (cmd.words.some((w) => w.dynamic)) return false
  const [head, ...rest] = words
  if (head === ":" || head === "true" || head === "false") return true
  if (head === "cat" && rest.length === 1 && rest[0] === "/dev/null") return true
  if (head === "echo" && (rest.length === 0 || (rest.length === 1 && rest[0] === "-n"))) return true
  return head === "printf" && rest.length === 1 && rest[0] === ""
}

const ENV_DUMPERS = new Set(["env", "printenv", "set", "declare", "export", "compgen"])

/** The environment, or a key folder or secrets file, read onto the pipe (`env |`, `tar c ~/.ssh |`, `cat .env |`). */
function secretSource(cmd: SimpleCommand, name: string, state: WalkState, scene: Scene): string | undefined {
  if (ENV_DUMPERS.has(name) && cmd.words.length <= 2 && !cmd.words.slice(1).some((w) => !w.text.startsWith("-")))
    return "the environment (tokens and keys)"
  if (NETWORK_FETCHERS.has(name)) return undefined
  for (const w of cmd.words.slice(1)) {
    if (w.text.startsWith("-") || w.dynamic) continue
    const abs = resolveArg(argOf(w), state, scene)
    if (
      abs &&
      !abs.endsWith(".pub") &&
      (inSecretDir(abs, scene.home) || isSecretName(abs) || SECRET_DIR_NAMES.some((d) => abs === `${scene.home}/${d}`))
    )
      return abs
  }
  return undefined
}

const SECRET_DIR_NAMES = [".ssh", ".aws", ".gnupg", ".kube", ".docker"]

const FETCH_OUTPUT = /^(-o|--output|-O|--output-document)$/

/** Files this command writes whose content the guard knows: a download, or literal text. */
function recordWrites(cmd: SimpleCommand, args: Arg[], stdin: Stdin | undefined, state: WalkState, walk: Walker): void {
  const name = baseName(args[0]?.text ?? "")
  const fetcher = NETWORK_FETCHERS.has(name) && name !== "ssh" && name !== "scp"
  const literal =
    LITERAL_PRODUCERS.has(name) && name !== "cat" && !args.some((a) => a.unknown)
      ? args
          .slice(1)
          .filter((a, i) => !(i === 0 && /^-[neE]+$/.test(a.text)))
          .map((a) => a.text)
          .join(" ")
          .replace(/\\n/g, "\n")
      : undefined
  const heredoc = name === "cat" && stdin?.kind === "data" ? stdin.text : undefined
  const put = (target: string | undefined, w: Written) => {
    const abs = target ? resolveArg({ text: target, unknown: false, glob: false }, state, walk.scene) : undefined
    if (abs) walk.written.set(abs, w)
  }
  for (const r of cmd.redirects) {
    if (!r.target || r.target.dynamic || !/^(>|>>|>\||&>|&>>)$/.test(r.op)) continue
    if (fetcher) put(r.target.text, { fromNetwork: true, by: name })
    else if (literal !== undefined || heredoc !== undefined)
      put(r.target.text, { fromNetwork: false, text: literal ?? heredoc, by: name })
    else walk.written.delete(resolveArg({ text: r.target.text, unknown: false, glob: false }, state, walk.scene) ?? "")
  }
  if (fetcher) {
    const url = args.find((a) => /^[a-z]+:\/\//i.test(a.text))?.text
    const remoteName = url
      ? url
          .replace(/[?#].*$/, "")
          .split("/")
          .filter(Boolean)
          .at(-1)
      : undefined
    const at = args.findIndex((a) => FETCH_OUTPUT.test(a.text) || /^-[a-zA-Z]*o$/.test(a.text))
    const glued = args.find((a) => /^--output(-document)?=/.test(a.text))
    if (glued) put(glued.text.slice(glued.text.indexOf("=") + 1), { fromNetwork: true, by: name })
    else if (at !== -1 && args[at + 1] && !(name === "curl" && args[at]!.text === "-O"))
      put(args[at + 1]!.text, { fromNetwork: true, by: name })
    else if (remoteName && (name === "wget" || args.some((a) => a.text === "-O" || a.text === "--remote-name")))
      put(remoteName, { fromNetwork: true, by: name })
  }
  if (name === "tee" && stdin) {
    const w: Written =
      stdin.kind === "data"
        ? { fromNetwork: false, text: stdin.text, by: "tee" }
        : { fromNetwork: stdin.fromNetwork, by: "tee" }
    if (w.fromNetwork || w.text !== undefined)
      for (const a of args.slice(1)) if (!a.text.startsWith("-") && !a.unknown) put(a.text, w)
  }
}

function fetches(script: Script): boolean {
  return script.pipelines.some((p) =>
    p.commands.some((c) =>
      c.type === "simple" ? NETWORK_FETCHERS.has(baseName(c.words[0]?.text ?? "")) : fetches(c.body),
    ),
  )
}

function changeDir(args: Arg[], state: WalkState, scene: Scene): void {
  const target = args[1]
  if (!target) state.cwd = scene.home
  else if (target.unknown || target.text === "-") state.cwd = undefined
  else if (state.cwd !== undefined) state.cwd = resolvePath(state.cwd, target.text.replace(/^~(?=\/|$)/, scene.home))
}
