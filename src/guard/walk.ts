import { resolve as resolvePath } from "node:path"
import { type Arg, argOf, baseName, type Invocation, type Scene, type Stdin, type Walk, type WalkState } from "./invocation"
import { dispatch } from "./rules"
import { allowedBy, type CompiledPolicy, deniedBy, invocationText, POLICY_DENY } from "./policy"
import { redirectRisk } from "./rules/redirects"
import { ask } from "./rules/finding"
import type { Command, Script, SimpleCommand, Word } from "./shell/ast"
import { BudgetExceeded, parseShell } from "./shell/parse"
import { ALLOW, rank, type Verdict } from "./types"

const MAX_SCRIPT_DEPTH = 8
/** Commands judged per decision before the guard stops and asks: bounds the work on huge scripts. */
export const MAX_INVOCATIONS = 600
const NETWORK_FETCHERS = new Set(["curl", "wget", "fetch", "http", "https", "xh", "nc", "ncat", "netcat", "socat", "aria2c", "lynx", "links", "ftp", "tftp", "scp", "ssh"])
const LITERAL_PRODUCERS = new Set(["echo", "printf", "cat"])
const DECLARERS = new Set(["export", "declare", "local", "readonly", "typeset"])

/** Walks a parsed script, building one invocation per simple command, and collects the strictest verdict. */
export class Walker implements Walk {
  verdict: Verdict = ALLOW
  readonly findings: Verdict[] = []
  /** When set, every invocation judged is described here (for `egc guard explain`). */
  trace: string[] | undefined
  private invocations = 0

  constructor(
    readonly scene: Scene,
    private readonly policy?: CompiledPolicy,
  ) {}

  report(v: Verdict): void {
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
    if (parsed.truncated) this.report(ask("parse.budget", `${origin} is too long to judge within the time cap (${parsed.truncated})`, "put the script in a file and review it"))
    if (parsed.errors.length) this.report(ask("parse.error", `${origin} does not parse cleanly (${parsed.errors[0]}), so it cannot be judged`, "fix the quoting, then run it again"))
    this.walkScript(parsed, { ...state, vars: new Map(state.vars), depth: state.depth + 1 })
  }

  walkScript(script: Script, state: WalkState): void {
    for (const pipeline of script.pipelines) {
      let upstream: Stdin | undefined
      for (const cmd of pipeline.commands) {
        this.command(cmd, state, upstream)
        upstream = cmd.type === "simple" ? streamFrom(cmd) : { kind: "stream", producer: "(subshell)", fromNetwork: false }
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
    for (const a of cmd.assigns) {
      const eq = a.text.indexOf("=")
      state.vars.set(a.text.slice(0, eq).replace(/\[.*$|\+$/, ""), a.dynamic ? undefined : a.text.slice(eq + 1))
    }
    if (!cmd.words.length) return
    const args = cmd.words.flatMap((w) => staticArgs(w))
    const stdin = stdinOf(cmd) ?? upstream
    this.run({ args, redirects: cmd.redirects, state, ...(stdin ? { stdin } : {}) })
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
  const words = inv.args.map((a) => (a.unknown ? `⟨${a.text}⟩` : /[\s"\\]/.test(a.text) || !a.text ? JSON.stringify(a.text) : a.text)).join(" ")
  const stdin = inv.stdin ? ` <${inv.stdin.kind === "data" ? "data" : inv.stdin.producer}` : ""
  return `${"  ".repeat(inv.state.depth)}${words}${stdin}${note ? `  → ${note}` : ""}`
}

/**
 * `$(echo rm -rf /)` is `rm -rf /`: an unquoted substitution of plain echo is evaluated and split
 * into words as the shell would; any other substitution stays unknown.
 */
function staticArgs(w: Word): Arg[] {
  if (!w.quoted && !w.dynamic && /\{[^{}]*,[^{}]*\}/.test(w.text)) return braceExpand(w.text).map((text) => ({ text, unknown: false, glob: w.glob }))
  const one = staticArg(w)
  if (!w.dynamic || one.unknown || w.raw.startsWith('"') || !/\s/.test(one.text)) return [one]
  return one.text.split(/\s+/).filter(Boolean).map((text) => ({ text, unknown: false, glob: /[*?[]/.test(text) }))
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
  const only = sub.pipelines.length === 1 && sub.pipelines[0]!.commands.length === 1 ? sub.pipelines[0]!.commands[0] : undefined
  if (w.subs.length !== 1 || only?.type !== "simple" || only.words[0]?.text !== "echo" || only.words.some((x) => x.dynamic)) return argOf(w)
  return { text: only.words.slice(1).map((x) => x.text).join(" "), unknown: false, glob: false }
}

function stdinOf(cmd: SimpleCommand): Stdin | undefined {
  let stdin: Stdin | undefined
  for (const r of cmd.redirects) {
    if (r.heredoc) stdin = { kind: "data", text: r.heredoc.body, literal: r.heredoc.quoted }
    else if (r.op === "<<<" && r.target) stdin = { kind: "data", text: r.target.text, literal: !r.target.dynamic }
    else if (r.op === "<" && r.target) stdin = { kind: "stream", producer: `file ${r.target.text}`, fromNetwork: r.target.subs.some(fetches) }
  }
  return stdin
}

/** What a pipeline stage hands to the next: literal text from echo/printf, or an opaque stream. */
function streamFrom(cmd: SimpleCommand): Stdin {
  const name = baseName(cmd.words[0]?.text ?? "")
  const viaHeredoc = stdinOf(cmd)
  if (name === "cat" && cmd.words.length === 1 && viaHeredoc?.kind === "data") return viaHeredoc
  if (LITERAL_PRODUCERS.has(name) && name !== "cat" && !cmd.words.some((w) => w.dynamic)) {
    const rest = cmd.words.slice(1).map((w) => w.text)
    while (rest[0]?.startsWith("-") && rest[0].length <= 3) rest.shift()
    return { kind: "data", text: rest.join(" ").replace(/\\n/g, "\n"), literal: true }
  }
  const network = cmd.words.slice(0, 4).some((w) => NETWORK_FETCHERS.has(baseName(w.text))) || cmd.words.some((w) => w.subs.some(fetches))
  return { kind: "stream", producer: name || "(unknown)", fromNetwork: network }
}

function fetches(script: Script): boolean {
  return script.pipelines.some((p) => p.commands.some((c) => (c.type === "simple" ? NETWORK_FETCHERS.has(baseName(c.words[0]?.text ?? "")) : fetches(c.body))))
}

function changeDir(args: Arg[], state: WalkState, scene: Scene): void {
  const target = args[1]
  if (!target) state.cwd = scene.home
  else if (target.unknown || target.text === "-") state.cwd = undefined
  else if (state.cwd !== undefined) state.cwd = resolvePath(state.cwd, target.text.replace(/^~(?=\/|$)/, scene.home))
}

