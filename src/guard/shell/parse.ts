import type { Command, Heredoc, Pipeline, Redirect, Script, SimpleCommand, Word } from "./ast"
import { ansiC } from "./ansi-c"

/**
 * A recursive-descent parser for the bash language as far as execution is concerned: lists,
 * pipelines, subshells, groups, control-flow keywords, words with every quoting form, parameter,
 * command, arithmetic and process substitution, redirections, heredocs and here-strings. It never
 * throws on bad input: what it cannot make sense of is recorded in `errors` and parsing goes on.
 * A work budget bounds the cost on hostile input.
 */

export interface ParseLimits {
  maxDepth: number
  maxSteps: number
}

const DEFAULT_LIMITS: ParseLimits = { maxDepth: 48, maxSteps: 400_000 }
const SKIPPED_KEYWORDS = new Set(["if", "then", "elif", "else", "fi", "while", "until", "do", "done", "!", "{", "}", "esac", "in", "select", "coproc", "function"])
const META = new Set([" ", "\t", "\n", "|", "&", ";", "<", ">", "(", ")"])

export class BudgetExceeded extends Error {}

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
  script.errors = p.errors
  return script
}

class Parser {
  pos = 0
  errors: string[] = []
  pending: PendingHeredoc[] = []
  private depth = 0
  private steps = 0
  private caseDepth = 0

  constructor(
    readonly src: string,
    private readonly limits: ParseLimits,
  ) {}

  private tick(): void {
    if (++this.steps > this.limits.maxSteps) throw new BudgetExceeded("parse budget exceeded")
  }

  private enter(): void {
    if (++this.depth > this.limits.maxDepth) throw new BudgetExceeded("nesting too deep")
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
        return this.casePattern()
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

  private expect(ch: string): void {
    this.blanksAndNewlines()
    if (this.src[this.pos] === ch) this.pos++
    else this.errors.push(`expected '${ch}' at ${this.pos}`)
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
    while (i < s.length && s[i]! >= "0" && s[i]! <= "9") i++
    const m = /^(&>>|&>|<<<|<<-|<<|<&|<>|<|>>|>&|>\||>)/.exec(s.slice(i, i + 3))
    if (!m) return undefined
    const op = m[1]!
    if ((op === "<" || op === ">") && s[i + 1] === "(") {
      if (i === this.pos) return undefined
    }
    this.pos = i + op.length
    this.blanks()
    if (op === "<<" || op === "<<-") return this.heredoc(op)
    const target = this.word()
    if (!target) this.errors.push(`redirection '${op}' without a target`)
    return target ? { op, target } : { op }
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
      const lines: string[] = []
      let closed = false
      while (this.pos < this.src.length) {
        this.tick()
        const nl = this.src.indexOf("\n", this.pos)
        const end = nl === -1 ? this.src.length : nl
        let line = this.src.slice(this.pos, end)
        if (strip) line = line.replace(/^\t+/, "")
        if (line === doc.delimiter) {
          this.pos = nl === -1 ? end : end + 1
          closed = true
          break
        }
        if (this.depth > 1 && line.startsWith(doc.delimiter) && line.slice(doc.delimiter.length).trimStart().startsWith(")")) {
          this.pos += this.src.slice(this.pos, end).indexOf(doc.delimiter) + doc.delimiter.length
          closed = true
          break
        }
        lines.push(line)
        this.pos = nl === -1 ? end : end + 1
      }
      if (!closed) this.errors.push(`heredoc '${doc.delimiter}' is not closed`)
      doc.body = lines.join("\n")
      if (!doc.quoted && /[$`]/.test(doc.body)) doc.subs = substitutionsIn(doc.body, this.limits)
    }
  }

  private blanks(): void {
    const s = this.src
    for (;;) {
      const c = s[this.pos]
      if (c === " " || c === "\t" || c === "\r") this.pos++
      else if (c === "\\" && s[this.pos + 1] === "\n") this.pos += 2
      else if (c === "#") {
        while (this.pos < s.length && s[this.pos] !== "\n") this.pos++
      } else return
    }
  }

  private blanksAndNewlines(): void {
    for (;;) {
      this.blanks()
      if (this.src[this.pos] !== "\n") return
      this.pos++
      this.readHeredocs()
    }
  }

  /** One word, or undefined at a metacharacter. Inside `[[ ]]`, `<`, `>`, `(`, `)` are word characters. */
  word(conditional = false): Word | undefined {
    const s = this.src
    const start = this.pos
    const w: Word = { raw: "", text: "", dynamic: false, quoted: false, glob: false, subs: [] }
    let text = ""
    while (this.pos < s.length) {
      this.tick()
      const c = s[this.pos]!
      if ((c === "<" || c === ">") && s[this.pos + 1] === "(" && this.pos === start) {
        this.pos += 2
        w.subs.push(this.list(")"))
        this.expect(")")
        w.dynamic = true
        text += s.slice(start, this.pos)
        continue
      }
      if (META.has(c) && !(conditional && c !== " " && c !== "\t" && c !== "\n")) break
      if (c === "\r") break
      if (c === "\\") {
        if (s[this.pos + 1] === "\n") this.pos += 2
        else {
          text += s[this.pos + 1] ?? ""
          w.quoted = true
          this.pos += 2
        }
      } else if (c === "'") {
        const end = s.indexOf("'", this.pos + 1)
        w.quoted = true
        if (end === -1) {
          this.errors.push("unterminated single quote")
          text += s.slice(this.pos + 1)
          this.pos = s.length
        } else {
          text += s.slice(this.pos + 1, end)
          this.pos = end + 1
        }
      } else if (c === '"') {
        w.quoted = true
        this.pos++
        text += this.doubleQuoted(w)
      } else if (c === "$") text += this.dollar(w)
      else if (c === "`") text += this.backtick(w)
      else {
        if (c === "*" || c === "?" || c === "[") w.glob = true
        if (c === "=" && s[this.pos + 1] === "(" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(text)) {
          text += this.balancedParens()
          continue
        }
        text += c
        this.pos++
      }
    }
    if (this.pos === start) return undefined
    w.raw = s.slice(start, this.pos)
    w.text = text
    return w
  }

  private balancedParens(): string {
    const start = this.pos
    this.pos += 2
    let depth = 1
    while (this.pos < this.src.length && depth > 0) {
      this.tick()
      const c = this.src[this.pos]
      if (c === "(") depth++
      else if (c === ")") depth--
      this.pos++
    }
    return this.src.slice(start, this.pos)
  }

  private doubleQuoted(w: Word): string {
    const s = this.src
    let text = ""
    while (this.pos < s.length) {
      this.tick()
      const c = s[this.pos]!
      if (c === '"') {
        this.pos++
        return text
      }
      if (c === "\\") {
        const n = s[this.pos + 1]
        if (n === "$" || n === "`" || n === '"' || n === "\\") text += n
        else if (n !== "\n") text += c + (n ?? "")
        this.pos += 2
      } else if (c === "$") text += this.dollar(w)
      else if (c === "`") text += this.backtick(w)
      else {
        text += c
        this.pos++
      }
    }
    this.errors.push("unterminated double quote")
    return text
  }

  dollar(w: Word): string {
    const s = this.src
    const start = this.pos
    const n = s[this.pos + 1]
    if (n === "'") {
      const end = findAnsiEnd(s, this.pos + 2)
      w.quoted = true
      if (end === -1) {
        this.errors.push("unterminated $' quote")
        const t = ansiC(s.slice(this.pos + 2))
        this.pos = s.length
        return t
      }
      this.pos = end + 1
      return ansiC(s.slice(start + 2, end))
    }
    if (n === "(" && s[this.pos + 2] === "(") {
      this.pos += 3
      w.subs.push(...this.arithmetic())
      w.dynamic = true
      return s.slice(start, this.pos)
    }
    if (n === "(") {
      this.pos += 2
      w.subs.push(this.list(")"))
      this.expect(")")
      w.dynamic = true
      return s.slice(start, this.pos)
    }
    if (n === "{") {
      this.pos += 2
      let depth = 1
      while (this.pos < s.length && depth > 0) {
        this.tick()
        const c = s[this.pos]!
        if (c === "\\") this.pos += 2
        else if (c === "'" ) {
          const end = s.indexOf("'", this.pos + 1)
          this.pos = end === -1 ? s.length : end + 1
        } else if (c === "$" && (s[this.pos + 1] === "(" || s[this.pos + 1] === "{")) this.dollar(w)
        else if (c === "`") this.backtick(w)
        else {
          if (c === "{") depth++
          else if (c === "}") depth--
          this.pos++
        }
      }
      if (depth > 0) this.errors.push("unterminated ${")
      w.dynamic = true
      return s.slice(start, this.pos)
    }
    const m = /^\$([A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/.exec(s.slice(this.pos, this.pos + 256))
    if (m) {
      this.pos += m[0].length
      w.dynamic = true
      return m[0]
    }
    this.pos++
    return "$"
  }

  /** `$(( … ))` or `(( … ))` after the opening parens: returns the scripts substituted inside. */
  private arithmetic(): Script[] {
    const s = this.src
    const subs: Script[] = []
    let depth = 0
    while (this.pos < s.length) {
      this.tick()
      const c = s[this.pos]!
      if (c === ")" && depth === 0) {
        this.pos += s[this.pos + 1] === ")" ? 2 : 1
        return subs
      }
      if (c === "(") depth++
      else if (c === ")") depth--
      if (c === "$" || c === "`") {
        const w: Word = { raw: "", text: "", dynamic: false, quoted: false, glob: false, subs }
        if (c === "$") this.dollar(w)
        else this.backtick(w)
        continue
      }
      this.pos++
    }
    this.errors.push("unterminated arithmetic")
    return subs
  }

  backtick(w: Word): string {
    const s = this.src
    const start = this.pos
    let i = this.pos + 1
    let inner = ""
    while (i < s.length && s[i] !== "`") {
      if (s[i] === "\\" && (s[i + 1] === "`" || s[i + 1] === "\\" || s[i + 1] === "$")) {
        inner += s[i + 1]
        i += 2
      } else inner += s[i++]
    }
    if (i >= s.length) this.errors.push("unterminated backquote")
    this.pos = Math.min(i + 1, s.length)
    this.enter()
    const sub = new Parser(inner, this.limits)
    sub.depth = this.depth
    sub.steps = this.steps
    const script = sub.list(undefined)
    if (sub.pending.length) sub.readHeredocs()
    this.steps = sub.steps
    this.depth--
    this.errors.push(...sub.errors)
    w.subs.push(script)
    w.dynamic = true
    return s.slice(start, this.pos)
  }
}

function findAnsiEnd(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === "\\") i++
    else if (s[i] === "'") return i
  }
  return -1
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
