import { clipLine, LONG_LINE } from "./clip"
import { mustKeep } from "./keep"
import { isOwnFrame } from "./filters"
import { plain, stripAnsi } from "./text"

/**
 * The bounded-memory path for outputs too large to filter whole: first lines, last lines and
 * every distinct problem or summary line (up to a cap), in order, with counted gaps.
 */
const HEAD = 100
const TAIL = 100
const MAX_KEEP_LINES = 5000
const MAX_PARTIAL = 1 << 20

export class StreamSummary {
  private decoder = new TextDecoder("utf-8")
  private partial = ""
  private lineNo = 0
  private head: string[] = []
  private kept: Array<[number, string]> = []
  private keptTexts = new Set<string>()
  private keptOverflow = 0
  private tail: Array<[number, string]> = []
  bytes = 0

  push(chunk: Uint8Array): void {
    this.bytes += chunk.length
    this.feed(this.decoder.decode(chunk, { stream: true }))
  }

  private feed(text: string): void {
    let start = 0
    for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", start)) {
      this.line(this.partial + text.slice(start, nl))
      this.partial = ""
      start = nl + 1
    }
    this.partial += text.slice(start)
    // one endless line must not grow without bound either
    if (this.partial.length > MAX_PARTIAL) this.partial = clipLine(this.partial)
  }

  private line(raw: string): void {
    const cr = raw.lastIndexOf("\r", raw.length - 2)
    let line = stripAnsi(cr === -1 ? raw.replace(/\r$/, "") : raw.slice(cr + 1).replace(/\r$/, ""))
    if (line.length > LONG_LINE) line = clipLine(line)
    const n = this.lineNo++
    if (n < HEAD) {
      this.head.push(line)
      return
    }
    this.tail.push([n, line])
    if (this.tail.length > TAIL) {
      const [m, old] = this.tail.shift() as [number, string]
      this.consider(m, old)
    }
  }

  private consider(n: number, line: string): void {
    // the project's own stack frames are what a trace is read for, wherever they stand
    if ((!mustKeep(plain(line)) && !isOwnFrame(line)) || this.keptTexts.has(line)) return
    if (this.kept.length >= MAX_KEEP_LINES) {
      this.keptOverflow++
      return
    }
    this.kept.push([n, line])
    this.keptTexts.add(line)
  }

  /** The summary text and how many lines the output had. */
  finish(): { text: string; lines: number } {
    this.feed(this.decoder.decode())
    if (this.partial) this.line(this.partial)
    this.partial = ""
    const out: string[] = [...this.head]
    let next = this.head.length
    for (const [n, line] of [...this.kept, ...this.tail]) {
      if (n > next) out.push(`… ${n - next} lines`)
      out.push(line)
      next = n + 1
    }
    if (this.keptOverflow)
      out.push(`… ${this.keptOverflow} more problem lines past the first ${MAX_KEEP_LINES} (see the full output)`)
    return { text: `${out.join("\n")}\n`, lines: this.lineNo }
  }
}
