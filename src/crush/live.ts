import { mustKeep } from "./keep"
import { FAILING } from "./filters/test"
import { clipLine, LONG_LINE } from "./clip"
import { plain, stripAnsi } from "./text"

/** A command still running after this long gets its problem lines printed as they come. */
export const LIVE_AFTER_MS = 1000
const MAX_LIVE_BYTES = 32 << 10

/**
 * The live view of a long-running command: every problem or summary line (a test runner's failure,
 * a compiler's error) is printed as soon as the command prints it, once the command has run for a
 * second, so an agent's tool timeout never leaves it with nothing. Progress and passing lines are
 * not printed; the filtered output follows when the command ends.
 */
export class LiveLines {
  private decoder = new TextDecoder("utf-8")
  private partial = ""
  private pending: string[] = []
  private seen = new Set<string>()
  private live = false
  private spent = 0
  private timer: ReturnType<typeof setTimeout> | undefined
  /** Bytes printed live (they count in what the agent read). */
  printed = 0

  constructor(
    private write: (text: string) => void,
    afterMs = LIVE_AFTER_MS,
  ) {
    this.timer = setTimeout(() => this.start(), afterMs)
    this.timer.unref?.()
  }

  push(chunk: Uint8Array): void {
    if (this.spent >= MAX_LIVE_BYTES) return
    const text = this.partial + this.decoder.decode(chunk, { stream: true })
    const cut = text.lastIndexOf("\n")
    if (cut === -1) {
      this.partial = text.length > LONG_LINE ? "" : text
      return
    }
    this.partial = text.slice(cut + 1)
    if (this.partial.length > LONG_LINE) this.partial = ""
    for (const raw of text.slice(0, cut).split("\n")) this.line(raw)
    if (this.live) this.flush()
  }

  private line(raw: string): void {
    const cr = raw.lastIndexOf("\r", raw.length - 2)
    let line = stripAnsi(cr === -1 ? raw.replace(/\r$/, "") : raw.slice(cr + 1).replace(/\r$/, ""))
    if (line.length > LONG_LINE) line = clipLine(line)
    if (!line.trim() || this.seen.has(line)) return
    const view = plain(line)
    if (!mustKeep(view) && !FAILING.test(view) && !/^\s*\(fail\) /.test(view)) return
    this.seen.add(line)
    this.spent += line.length + 1
    if (this.spent <= MAX_LIVE_BYTES) this.pending.push(line)
  }

  private start(): void {
    this.live = true
    this.flush()
  }

  private flush(): void {
    if (!this.pending.length) return
    const head = this.printed ? "" : "[egc crush: still running; problem lines as they are printed:]\n"
    const body = `${head}${this.pending.join("\n")}\n`
    this.pending = []
    this.printed += Buffer.byteLength(body)
    this.write(body)
  }

  /** Stops the timer; returns the line to print before the filtered output, if anything went out live. */
  finish(): string | undefined {
    if (this.timer) clearTimeout(this.timer)
    return this.printed ? "[egc crush: the command ended; its filtered output follows]\n" : undefined
  }
}
