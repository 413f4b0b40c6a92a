import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js"

/** The longest request line read; past it the line is skipped to its newline, never held whole. */
const MAX_LINE_BYTES = 10 * 1024 * 1024

type Input = NodeJS.ReadableStream & { off(event: string, fn: (...a: unknown[]) => void): unknown; pause(): unknown }
type Output = NodeJS.WritableStream & { once(event: string, fn: () => void): unknown }
type Id = string | number | null

/**
 * Newline-delimited JSON-RPC over stdin/stdout with bounded memory. The SDK's own transport closes
 * the connection when a line outgrows its buffer; this one answers that line (and any unreadable
 * one) with a JSON-RPC error and keeps serving. Memory held for a line is at most MAX_LINE_BYTES.
 */
export class LineTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void
  onerror?: (error: Error) => void
  onclose?: () => void
  private parts: Buffer[] = []
  private held = 0
  private skipping = false
  private head = ""
  private tail = ""
  private started = false

  constructor(
    private readonly input: Input = process.stdin,
    private readonly output: Output = process.stdout,
    private readonly max = MAX_LINE_BYTES,
  ) {}

  private readonly ondata = (chunk: Buffer | string) =>
    this.take(typeof chunk === "string" ? Buffer.from(chunk) : chunk)
  private readonly onfail = (e: Error) => this.onerror?.(e)

  async start(): Promise<void> {
    if (this.started) throw new Error("transport already started")
    this.started = true
    this.input.on("data", this.ondata)
    this.input.on("error", this.onfail)
  }

  async close(): Promise<void> {
    this.input.off("data", this.ondata)
    this.input.off("error", this.onfail)
    if (this.input.listenerCount("data") === 0) this.input.pause()
    this.parts = []
    this.held = 0
    this.onclose?.()
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve()
      else this.output.once("drain", resolve)
    })
  }

  private take(chunk: Buffer): void {
    let at = 0
    while (at < chunk.length) {
      const nl = chunk.indexOf(10, at)
      const end = nl === -1 ? chunk.length : nl
      const piece = chunk.subarray(at, end)
      if (this.skipping) this.keepTail(piece)
      else if (this.held + piece.length > this.max) this.startSkipping(piece)
      else if (piece.length) {
        this.parts.push(piece)
        this.held += piece.length
      }
      if (nl === -1) return
      at = nl + 1
      this.endLine()
    }
  }

  /** The line is too long: keep its head and tail (a request's id sits at one end) and drop the rest. */
  private startSkipping(piece: Buffer): void {
    const first = Buffer.concat([...this.parts, piece.subarray(0, 512)]).subarray(0, 512)
    this.head = first.toString("utf8")
    this.parts = []
    this.held = 0
    this.skipping = true
    this.tail = ""
    this.keepTail(piece)
  }

  private keepTail(piece: Buffer): void {
    this.tail = (this.tail + piece.subarray(Math.max(0, piece.length - 512)).toString("latin1")).slice(-512)
  }

  private endLine(): void {
    if (this.skipping) {
      this.skipping = false
      const id = sniffId(this.head, this.tail)
      this.head = this.tail = ""
      this.onerror?.(new Error(`request line over ${this.max} bytes refused`))
      this.reply(id, -32600, `Request too large: a message may be at most ${this.max} bytes; this one was skipped`)
      return
    }
    const line = Buffer.concat(this.parts).toString("utf8").replace(/\r$/, "")
    this.parts = []
    this.held = 0
    if (line.trim() === "") return
    let raw: unknown
    try {
      raw = JSON.parse(line)
    } catch {
      this.onerror?.(new Error("unparsable request line"))
      this.reply(null, -32700, "Parse error: the message is not valid JSON")
      return
    }
    const parsed = JSONRPCMessageSchema.safeParse(raw)
    if (!parsed.success) {
      this.onerror?.(new Error("invalid JSON-RPC message"))
      this.reply(idOf(raw), -32600, "Invalid Request: not a JSON-RPC 2.0 message")
      return
    }
    this.onmessage?.(parsed.data)
  }

  private reply(id: Id, code: number, message: string): void {
    void this.send({ jsonrpc: "2.0", id, error: { code, message } } as unknown as JSONRPCMessage)
  }
}

function idOf(raw: unknown): Id {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return null
  const id = (raw as { id?: unknown }).id
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null
}

const VALUE = String.raw`(-?\d{1,16}|"(?:[^"\\]|\\.){0,128}")`
// the id as the top-level object's first members (after jsonrpc/method) or as its very last member
const HEAD = new RegExp(
  String.raw`^\s*\{(?:\s*"(?:jsonrpc|method)"\s*:\s*"[^"\\]{0,64}"\s*,)*\s*"id"\s*:\s*${VALUE}\s*[,}]`,
)
const TAIL = new RegExp(String.raw`[{,]\s*"id"\s*:\s*${VALUE}\s*\}\s*\r?$`)

/** The id of a request too long to parse, when it can be read from the line's ends; else null. */
export function sniffId(head: string, tail: string): Id {
  const m = HEAD.exec(head) ?? TAIL.exec(tail)
  if (!m?.[1]) return null
  try {
    return JSON.parse(m[1]) as string | number
  } catch {
    return null
  }
}
