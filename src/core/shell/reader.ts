import type { Script, Word } from "./ast"
import { ansiC } from "./ansi-c"

/**
 * The word level of the shell parser: quoting, expansions and substitutions. Substitutions hold
 * whole scripts, so the list level (parse.ts) plugs in through `list` and `nested`.
 */

export interface ParseLimits {
  maxDepth: number
  maxSteps: number
  /** Simple commands per parse: a script longer than this is not judged command by command. */
  maxCommands: number
}

export const DEFAULT_LIMITS: ParseLimits = { maxDepth: 48, maxSteps: 400_000, maxCommands: 500 }
const META = new Set([" ", "\t", "\n", "|", "&", ";", "<", ">", "(", ")"])

export class BudgetExceeded extends Error {}

export abstract class Reader {
  pos = 0
  errors: string[] = []
  protected depth = 0
  protected steps = 0

  constructor(
    readonly src: string,
    protected readonly limits: ParseLimits,
  ) {}

  /** A list of commands up to `close` or the end of input. */
  abstract list(close: ")" | "`" | undefined): Script
  /** Reads heredoc bodies pending at a line end. */
  abstract readHeredocs(): void
  /** Parses the body of a backquote substitution, sharing this parse's budget. */
  protected abstract nested(text: string): Script

  protected tick(): void {
    if (++this.steps > this.limits.maxSteps) throw new BudgetExceeded("parse budget exceeded")
  }

  protected enter(): void {
    if (++this.depth > this.limits.maxDepth) throw new BudgetExceeded("nesting too deep")
  }

  protected expect(ch: string): void {
    this.blanksAndNewlines()
    if (this.src[this.pos] === ch) this.pos++
    else this.errors.push(`expected '${ch}' at ${this.pos}`)
  }

  protected blanks(): void {
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

  protected blanksAndNewlines(): void {
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
        else if (c === "'") {
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
  protected arithmetic(): Script[] {
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
    w.subs.push(this.nested(inner))
    this.depth--
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
