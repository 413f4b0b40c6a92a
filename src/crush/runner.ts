import { familyOf } from "./family"
import { crush, type CrushResult } from "./pipeline"
import { StreamSummary } from "./stream"

/** Output up to this size is filtered whole by its family's filter; beyond it, summarised as it streams. */
export const MEMORY_LIMIT = 16 << 20

export interface RunOutcome {
  result: CrushResult
  exitCode: number
  signal: string | undefined
  durationMs: number
}

const SIGNALS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGPIPE: 13, SIGTERM: 15 }

/**
 * Run `argv` through `sh` with stderr merged into stdout by the shell itself (so their order is
 * the order they were written), in the caller's cwd and environment. One argument is a shell
 * command line; several are exec'd as they are. A missing program gets sh's own message and 127.
 */
export function shellArgv(argv: string[]): string[] {
  if (argv.length === 1) return ["/bin/sh", "-c", 'eval "$1" 2>&1', "sh", argv[0] as string]
  return ["/bin/sh", "-c", 'exec "$@" 2>&1', "sh", ...argv]
}

export async function runCrushed(argv: string[], opts: { command: string; runId?: string; sink?: (chunk: Uint8Array) => void; disabledFamilies?: readonly string[] }): Promise<RunOutcome> {
  const started = performance.now()
  const proc = Bun.spawn(shellArgv(argv), { stdin: "inherit", stdout: "pipe", stderr: "pipe" })
  const forward = (sig: NodeJS.Signals) => () => proc.kill(sig)
  const onInt = forward("SIGINT")
  const onTerm = forward("SIGTERM")
  const onHup = forward("SIGHUP")
  process.on("SIGINT", onInt)
  process.on("SIGTERM", onTerm)
  process.on("SIGHUP", onHup)
  const held: Uint8Array[] = []
  let heldBytes = 0
  let stream: StreamSummary | undefined
  const take = (chunk: Uint8Array) => {
    opts.sink?.(chunk)
    if (stream) return stream.push(chunk)
    held.push(chunk)
    heldBytes += chunk.length
    if (heldBytes <= MEMORY_LIMIT) return
    stream = new StreamSummary()
    for (const c of held.splice(0)) stream.push(c)
  }
  const pump = async (s: ReadableStream<Uint8Array>) => {
    for await (const chunk of s) take(chunk)
  }
  try {
    // sh's own errors (before the 2>&1 applies) arrive on stderr; they are appended in arrival order
    await Promise.all([pump(proc.stdout), pump(proc.stderr)])
    await proc.exited
  } finally {
    process.off("SIGINT", onInt)
    process.off("SIGTERM", onTerm)
    process.off("SIGHUP", onHup)
  }
  const signal = proc.signalCode == null ? undefined : String(proc.signalCode)
  const exitCode = proc.exitCode ?? 128 + (SIGNALS[signal ?? ""] ?? 1)
  const result = stream ? streamed(stream, opts) : crush(Buffer.concat(held), { command: opts.command, exitCode, ...(opts.runId ? { runId: opts.runId } : {}), ...(opts.disabledFamilies ? { disabledFamilies: opts.disabledFamilies } : {}) })
  return { result, exitCode, signal, durationMs: Math.round(performance.now() - started) }
}

function streamed(stream: StreamSummary, opts: { command: string; runId?: string }): CrushResult {
  const { text, lines } = stream.finish()
  const body = `${text}[egc crush: output of ${stream.bytes} bytes in ${lines} lines summarised while streaming (first and last lines, every problem line); full output: ${opts.runId ? `egc crush show ${opts.runId}` : "not stored"}]\n`
  return { output: body, family: familyOf(opts.command) ?? "generic", mode: "filtered", bytesIn: stream.bytes, bytesOut: Buffer.byteLength(body), linesIn: lines, linesOut: body.split("\n").length - 1 }
}
