import type { Command, Heredoc, Pipeline, Redirect, Script, SimpleCommand, Word } from "./ast"
import { DEFAULT_LIMITS, type ParseLimits, Reader } from "./reader"

export { BudgetExceeded, type ParseLimits } from "./reader"

/**
 * A recursive-descent parser for the bash language as far as execution is concerned: lists,
 * pipelines, subshells, groups, control-flow keywords, words with every quoting form, parameter,
 * command, arithmetic and process substitution, redirections, heredocs and here-strings. It never
 * throws on bad input: what it cannot make sense of is recorded in `errors` and parsing goes on.
 * A work budget bounds the cost on hostile input.
 */

const SKIPPED_KEYWORDS = new Set([
  "if",
  "then",
  "elif",
  "else",
  "fi",
  "while",
  "until",
  "do",
  "done",
  "!",
  "{",
  "}",
  "esac",
  "in",
  "select",
  "coproc",
  "function",
])

interface PendingHeredoc {
  doc: Heredoc
  strip: boolean
}

export function parseShell(src: string, limits: ParseLimits = DEFAULT_LIMITS): Script {
  const p = new Parser(src, limits)
  const script = p.list(undefined)
  while (p.pos < src.length) {
    p.errors.push(`unexpected '${src[p.pos]}' at ${p.pos}`)
    p.pos++
    const more = p.list(undefined)
    script.pipelines.push(...more.pipelines)
  }
  if (p.pending.length) p.readHeredocs()
  script.errors = p.truncated ? [] : p.errors
  if (p.truncated) script.truncated = p.truncated
  return script
}

class Parser extends Reader {
  pending: PendingHeredoc[] = []
  private caseDepth = 0
  private commands = 0
  truncated: string | undefined

  protected nested(text: string): Script {
    const sub = new Parser(text, this.limits)
    sub.depth = this.depth
    sub.steps = this.steps
    const script = sub.list(undefined)
    if (sub.pending.length) sub.readHeredocs()
    this.steps = sub.steps
    this.errors.push(...sub.errors)
    return script
  }

  /** A list of pipelines, up to `close` (`)`, `}` handled by keywords) or the end of input. */
  list(close: ")" | "`" | undefined): Script {
    this.enter()
    const script: Script = { pipelines: [], errors: [] }
    let afterOp = true
    for (;;) {
      this.tick()
      this.blanks()
      if (this.pos >= this.src.length) break
      const c = this.src[this.pos]!
      if (c === ")" && close === ")") break
      if (c === "\n") {
        this.pos++
        if (!afterOp) setNext(script, ";", this.pos)
        this.readHeredocs()
        continue
      }
      const op = this.operator()
      if (op) {
        if (op === ")") {
          this.errors.push(`unbalanced ')' at ${this.pos}`)
          this.pos++
          continue
        }
        this.pos += op.length
        if (op.startsWith(";;") || op === ";&") {
          if (this.caseDepth > 0) this.casePattern()
          else this.errors.push(`'${op}' outside a case`)
          continue
        }
        if (op !== ";" && (afterOp || op === "|" || op === "|&")) this.errors.push(`'${op}' with nothing before it`)
        if (!afterOp) setNext(script, op, this.pos)
        afterOp = true
        continue
      }
      const pipeline = this.pipeline(close)
      afterOp = false
      if (pipeline.commands.length) script.pipelines.push(pipeline)
      else if (this.pos < this.src.length && this.src[this.pos] !== ")" && !this.operator()) {
        this.errors.push(`cannot read '${this.src[this.pos]}' at ${this.pos}`)
        this.pos++
      }
    }
    this.depth--
    return script
  }

  private pipeline(close: ")" | "`" | undefined): Pipeline {
    const commands: Command[] = []
    for (;;) {
      this.tick()
      const cmd = this.command(close)
      if (cmd) commands.push(cmd)
      this.blanks()
      const op = this.operator()
      if (op !== "|" && op !== "|&") break
      this.pos += op.length
      this.blanksAndNewlines()
    }
    return { commands }
  }

  private command(close: ")" | "`" | undefined): Command | undefined {
    this.blanks()
    const c = this.src[this.pos]
    if (c === "(" && this.src[this.pos + 1] === "(") return this.arithmeticCommand()
    if (c === "(") {
      this.pos++
      const body = this.list(")")
      this.expect(")")
      return { type: "subshell", body, redirects: this.trailingRedirects() }
    }
    return this.simple(close)
  }

  private arithmeticCommand(): Command {
    const words: Word[] = [{ raw: "((", text: "((", dynamic: false, quoted: false, glob: false, subs: [] }]
    this.pos += 2
    const subs = this.arithmetic()
    words[0]!.subs = subs
    return { type: "simple", assigns: [], words, redirects: [] }
  }

  private simple(close: ")" | "`" | undefined): SimpleCommand | undefined {
    if (++this.commands > this.limits.maxCommands) {
      this.truncated = `more than ${this.limits.maxCommands} commands`
      this.pos = this.src.length
      return undefined
    }
    const cmd: SimpleCommand = { type: "simple", assigns: [], words: [], redirects: [] }
    for (;;) {
      this.tick()
      this.blanks()
      if (this.pos >= this.src.length) break
      const c = this.src[this.pos]!
      if (c === ")" || c === "\n" || (c === "`" && close === "`")) break
      const redirect = this.redirect()
      if (redirect) {
        cmd.redirects.push(redirect)
        continue
      }
      if (this.operator()) break
      const word = this.word()
      if (!word) break
      if (cmd.words.length === 0 && !word.quoted) {
        if (/^[A-Za-z0-9_]+(\[[^\]]*\])?\+?=/.test(word.raw)) {
          cmd.assigns.push(word)
          continue
        }
        if (SKIPPED_KEYWORDS.has(word.raw)) {
          if (word.raw === "esac" && this.caseDepth > 0) this.caseDepth--
          if (word.raw === "function") this.functionName()
          continue
        }
        if (word.raw === "for" || word.raw === "case") {
          this.skipHeader(word.raw)
          continue
        }
        if (word.raw === "[[") {
          cmd.words.push(word, ...this.conditional())
          break
        }
      }
      cmd.words.push(word)
      if (cmd.words.length === 1 && this.src.startsWith("()", this.pos)) {
        this.pos += 2
        cmd.words = []
      }
    }
    return cmd.words.length || cmd.assigns.length || cmd.redirects.length ? cmd : undefined
  }

  /** `function name [()]`: the name is not a command; the body that follows is parsed as commands. */
  private functionName(): void {
    this.blanks()
    this.word()
    this.blanks()
    if (this.src.startsWith("()", this.pos)) this.pos += 2
  }

  /** `for x in a b c` / `case w in`: the header words are data; the body is parsed as commands. */
  private skipHeader(kind: string): void {
    this.blanks()
    if (this.src.startsWith("((", this.pos)) {
      this.pos += 2
      this.arithmetic()
      return
    }
    for (;;) {
      this.tick()
      this.blanks()
      const c = this.src[this.pos]
      if (c === undefined || c === ";" || c === "\n") return
      const w = this.word()
      if (!w) return
      if (kind === "for" && (w.raw === "do" || w.raw === ";")) return
      if (kind === "case" && w.raw === "in") {
        this.caseDepth++
        this.casePattern()
        return
      }
    }
  }

  /** Case arms: the pattern up to `)` is data; `;;` ends an arm; `esac` ends the case. */
  private casePattern(): void {
    this.blanksAndNewlines()
    if (/^esac(?![^\s;|&)])/.test(this.src.slice(this.pos, this.pos + 5))) {
      this.pos += 4
      this.caseDepth--
      return
    }
    while (this.pos < this.src.length && this.src[this.pos] !== ")" && this.src[this.pos] !== "\n") this.pos++
    if (this.src[this.pos] === ")") this.pos++
    else this.errors.push("case pattern without ')'")
  }

  private conditional(): Word[] {
    const words: Word[] = []
    for (;;) {
      this.tick()
      this.blanks()
      if (this.pos >= this.src.length) {
        this.errors.push("unterminated [[")
        return words
      }
      if (this.src.startsWith("]]", this.pos)) {
        this.pos += 2
        return words
      }
      const w = this.word(true)
      if (w) words.push(w)
      else this.pos++
    }
  }

  private trailingRedirects(): Redirect[] {
    const out: Redirect[] = []
    for (;;) {
      this.blanks()
      const r = this.redirect()
      if (!r) return out
      out.push(r)
    }
  }

  /** Control operators; `;;` and friends end case arms. */
  private operator(): string | undefined {
    const s = this.src
    const i = this.pos
    const c = s[i]
    if (c === "&") return s[i + 1] === "&" ? "&&" : s[i + 1] === ">" ? undefined : "&"
    if (c === "|") return s[i + 1] === "|" ? "||" : s[i + 1] === "&" ? "|&" : "|"
    if (c === ";") return s[i + 1] === ";" ? (s[i + 2] === "&" ? ";;&" : ";;") : s[i + 1] === "&" ? ";&" : ";"
    if (c === ")") return ")"
    return undefined
  }

  private redirect(): Redirect | undefined {
    const s = this.src
    let i = this.pos
    if (s[i] === "{") {
      const m = /^\{[A-Za-z_][A-Za-z0-9_]*\}(?=[<>])/.exec(s.slice(i, i + 40))
      if (m) i += m[0].length
    }
    const digits = i
    while (i < s.length && s[i]! >= "0" && s[i]! <= "9") i++
    const m = /^(&>>|&>|<<<|<<-|<<|<&|<>|<|>>|>&|>\||>)/.exec(s.slice(i, i + 3))
    if (!m) return undefined
    const fd = i > digits ? s.slice(digits, i) : undefined
    const op = m[1]!
    if ((op === "<" || op === ">") && s[i + 1] === "(") {
      if (i === this.pos) return undefined
    }
    this.pos = i + op.length
    this.blanks()
    if (op === "<<" || op === "<<-") return this.heredoc(op)
    const target = this.word()
    if (!target) this.errors.push(`redirection '${op}' without a target`)
    const redirect: Redirect = target ? { op, target } : { op }
    if (fd) redirect.fd = fd
    return redirect
  }

  private heredoc(op: string): Redirect {
    const delim = this.word()
    if (!delim) {
      this.errors.push("heredoc without a delimiter")
      return { op }
    }
    const quoted = /['"\\]/.test(delim.raw)
    const doc: Heredoc = { delimiter: delim.text, quoted, body: "", subs: [] }
    this.pending.push({ doc, strip: op === "<<-" })
    return { op, heredoc: doc }
  }

  /** Reads the bodies of heredocs whose command line has just ended. */
  readHeredocs(): void {
    const queue = this.pending
    this.pending = []
    for (const { doc, strip } of queue) {
      const closed = strip ? this.stripped(doc) : this.verbatim(doc)
      if (!closed) this.errors.push(`heredoc '${doc.delimiter}' is not closed`)
      if (!doc.quoted && /[$`]/.test(doc.body)) doc.subs = substitutionsIn(doc.body, this.limits)
    }
  }

  /** A `<<` body: found with native searches for the delimiter line, so a large body costs little. */
  private verbatim(doc: Heredoc): boolean {
    const s = this.src
    const d = doc.delimiter
    const start = this.pos
    for (let from = start; ; ) {
      this.tick()
      const i = d ? s.indexOf(d, from) : -1
      if (i === -1) break
      const after = i + d.length
      const atLineStart = i === start || s[i - 1] === "\n"
      const lineEnds = after === s.length || s[after] === "\n" || s[after] === "\r"
      const closesSubstitution = this.depth > 1 && /^[ \t]*\)/.test(s.slice(after, after + 64))
      if (atLineStart && (lineEnds || closesSubstitution)) {
        doc.body = s.slice(start, Math.max(start, i - 1))
        this.pos = lineEnds && after < s.length ? after + 1 : after
        return true
      }
      from = i + 1
    }
    doc.body = s.slice(start)
    this.pos = s.length
    return false
  }

  /** A `<<-` body: leading tabs are stripped from every line, the delimiter line included. */
  private stripped(doc: Heredoc): boolean {
    const lines: string[] = []
    while (this.pos < this.src.length) {
      this.tick()
      const nl = this.src.indexOf("\n", this.pos)
      const end = nl === -1 ? this.src.length : nl
      const line = this.src.slice(this.pos, end).replace(/^\t+/, "")
      this.pos = nl === -1 ? end : end + 1
      if (line === doc.delimiter || line.trimEnd() === doc.delimiter) {
        doc.body = lines.join("\n")
        return true
      }
      lines.push(line)
    }
    doc.body = lines.join("\n")
    return false
  }
}

function setNext(script: Script, op: string, end: number): void {
  const last = script.pipelines[script.pipelines.length - 1]
  if (last && !last.next) last.next = { op, end }
}

/** Command substitutions inside an unquoted heredoc body: they run when the heredoc is read. */
function substitutionsIn(body: string, limits: ParseLimits): Script[] {
  const p = new Parser(body, limits)
  const w: Word = { raw: "", text: "", dynamic: false, quoted: false, glob: false, subs: [] }
  while (p.pos < body.length) {
    const c = body[p.pos]
    if (c === "\\") p.pos += 2
    else if (c === "$") p.dollar(w)
    else if (c === "`") p.backtick(w)
    else p.pos++
  }
  return w.subs
}
