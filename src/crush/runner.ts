import type { CrushResult } from "./pipeline"
import type { StreamSummary } from "./stream"

/** Output up to this size is filtered whole by its family's filter; beyond it, summarised as it streams. */
const MEMORY_LIMIT = 16 << 20

export interface RunOutcome {
  result: CrushResult
  exitCode: number
  signal: string | undefined
  durationMs: number
  /** Signals after the command ended are ignored until the caller has printed and recorded; call this then. */
  releaseSignals: () => void
}

const SIGNALS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGPIPE: 13, SIGTERM: 15 }

/**
 * Run `argv` through `sh` with stderr merged into stdout by the shell itself (so their order is
 * the order they were written), in the caller's cwd and environment. One argument is a shell
 * command line; several are exec'd as they are. A missing program gets sh's own message and 127.
 */
function shellArgv(argv: string[]): string[] {
  if (argv.length === 1) return ["/bin/sh", "-c", 'eval "$1" 2>&1', "sh", argv[0] as string]
  return ["/bin/sh", "-c", 'exec "$@" 2>&1', "sh", ...argv]
}

export async function runCrushed(
  argv: string[],
  opts: {
    command: string
    runId?: () => string | undefined
    sink?: (chunk: Uint8Array) => Promise<void> | void
    disabledFamilies?: readonly string[]
    live?: (text: string) => void
    liveAfterMs?: number
  },
): Promise<RunOutcome> {
  const started = performance.now()
  // loaded with the first output only: `egc crush -- true` must not pay for it
  let live: import("./live").LiveLines | undefined
  let liveReady: Promise<import("./live").LiveLines> | undefined
  const proc = Bun.spawn(shellArgv(argv), { stdin: "inherit", stdout: "pipe", stderr: "pipe" })
  // the first signal is passed on; a second one (the command ignored the first) kills it
  let signalled = 0
  const forward = (sig: NodeJS.Signals) => () => proc.kill(signalled++ ? "SIGKILL" : sig)
  const onInt = forward("SIGINT")
  const onTerm = forward("SIGTERM")
  const onHup = forward("SIGHUP")
  process.on("SIGINT", onInt)
  process.on("SIGTERM", onTerm)
  process.on("SIGHUP", onHup)
  const held: Uint8Array[] = []
  let heldBytes = 0
  let stream: StreamSummary | undefined
  const take = async (chunk: Uint8Array) => {
    await opts.sink?.(chunk)
    if (opts.live && !live) {
      const write = opts.live
      // one instance even when stdout and stderr deliver their first chunks together
      liveReady ??= import("./live").then(
        ({ LiveLines, LIVE_AFTER_MS }) =>
          new LiveLines(write, Math.max(0, (opts.liveAfterMs ?? LIVE_AFTER_MS) - (performance.now() - started))),
      )
      live = await liveReady
    }
    live?.push(chunk)
    if (stream) return stream.push(chunk)
    held.push(chunk)
    heldBytes += chunk.length
    if (heldBytes <= MEMORY_LIMIT) return
    const { StreamSummary } = await import("./stream")
    stream = new StreamSummary()
    for (const c of held.splice(0)) stream.push(c)
  }
  const pump = async (s: ReadableStream<Uint8Array>) => {
    for await (const chunk of s) await take(chunk)
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
  // the command is gone; a repeated signal must not kill us before its output is printed
  const ignore = () => {}
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(sig, ignore)
  const releaseSignals = () => {
    for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.off(sig, ignore)
  }
  const ended = live?.finish()
  if (ended) opts.live?.(ended)
  const liveBytes = live?.printed ?? 0
  const signal = proc.signalCode == null ? undefined : String(proc.signalCode)
  const exitCode = proc.exitCode ?? 128 + (SIGNALS[signal ?? ""] ?? 1)
  const runId = opts.runId?.()
  const result = stream
    ? await streamed(stream, opts.command, runId)
    : heldBytes === 0
      ? EMPTY
      : (await import("./pipeline")).crush(Buffer.concat(held), {
          command: opts.command,
          exitCode,
          ...(runId ? { runId } : {}),
          ...(opts.disabledFamilies ? { disabledFamilies: opts.disabledFamilies } : {}),
        })
  // what went out live was read too: the ledger counts it
  const counted = liveBytes ? { ...result, bytesOut: result.bytesOut + liveBytes } : result
  return { result: counted, exitCode, signal, durationMs: Math.round(performance.now() - started), releaseSignals }
}

const EMPTY: CrushResult = {
  output: "",
  family: "generic",
  mode: "raw",
  bytesIn: 0,
  bytesOut: 0,
  linesIn: 0,
  linesOut: 0,
}

async function streamed(stream: StreamSummary, command: string, runId: string | undefined): Promise<CrushResult> {
  const { familyOf } = await import("./family")
  const { text, lines } = stream.finish()
  const body = `${text}[egc crush: output of ${stream.bytes} bytes in ${lines} lines summarised while streaming (first and last lines, every problem line); full output: ${runId ? `egc crush show ${runId} (a part: --lines A-B or --grep PATTERN)` : "not stored"}]\n`
  return {
    output: body,
    family: familyOf(command) ?? "generic",
    mode: "filtered",
    bytesIn: stream.bytes,
    bytesOut: Buffer.byteLength(body),
    linesIn: lines,
    linesOut: body.split("\n").length - 1,
  }
}
