import type { Config } from "../core/config"
import { EgcError } from "../core/errors"
import { createLogger } from "../core/log"
import { runCrushed, type RunOutcome } from "./runner"
import type { RunWriter } from "./store"

const log = createLogger("crush")
const ALL_FAMILIES = ["git", "test", "build", "pkg", "infra", "listing", "json", "logs", "generic"]

/**
 * `egc crush -- <cmd…>`: run, store the full output (encrypted, expiring), print it filtered,
 * record the savings. Storage and ledger failures never cost the caller the command's output.
 * Everything past running the command loads only when there is output: `egc crush -- true`
 * must cost little more than `true`.
 */
export async function crushCommand(
  argv: string[],
  opts: { cwd: string; config: Config["crush"]; project: () => Promise<string> },
): Promise<RunOutcome> {
  const command = argv.join(" ")
  const keep = opts.config.keepHours > 0
  let id: string | undefined
  let writer: RunWriter | undefined
  let storeFailed = !keep
  const sink = async (chunk: Uint8Array) => {
    if (storeFailed) return
    try {
      if (!writer) {
        const [{ RunWriter }, { newId }] = await Promise.all([import("./store"), import("../core/ids")])
        id ??= newId("r")
        writer = new RunWriter(id)
      }
      writer.write(chunk)
    } catch (e) {
      storeFailed = true
      log.warn("cannot store the full output", { error: why(e) })
    }
  }
  const outcome = await runCrushed(argv, {
    command,
    sink,
    runId: () => (storeFailed ? undefined : id),
    disabledFamilies: opts.config.enabled ? opts.config.disabledFamilies : ALL_FAMILIES,
    // with the crusher off every line is printed at the end anyway: nothing to print early
    ...(opts.config.enabled ? { live: (text: string) => void process.stdout.write(text) } : {}),
  })
  try {
    writer?.close()
  } catch (e) {
    log.warn("cannot finish the stored output", { error: String(e) })
  }
  // signals stay ignored (outcome.releaseSignals is not called) until the process exits: one
  // arriving between the command's end and our exit would otherwise lose the output and exit code
  process.stdout.write(outcome.result.output)
  if (outcome.result.bytesIn > 0) await record(outcome, command, id, opts)
  return outcome
}

/** The error with its fix (a missing key names `egc keys --import`): the person reads this on stderr. */
const why = (e: unknown) => (e instanceof EgcError && e.hint ? `${e.message} (${e.hint})` : String(e))

async function record(
  outcome: RunOutcome,
  command: string,
  id: string | undefined,
  opts: { config: Config["crush"]; project: () => Promise<string> },
): Promise<void> {
  try {
    const [{ recordRun }, { sweepRuns }, { programWords }, { now }, { newId }] = await Promise.all([
      import("./ledger"),
      import("./store"),
      import("./command"),
      import("../core/clock"),
      import("../core/ids"),
    ])
    recordRun({
      id: id ?? newId("r"),
      at: now(),
      project: await opts.project(),
      family: outcome.result.family,
      program: programWords(command)[0] ?? "?",
      mode: outcome.result.mode,
      bytesIn: outcome.result.bytesIn,
      bytesOut: outcome.result.bytesOut,
      durationMs: outcome.durationMs,
      exitCode: outcome.signal ? null : outcome.exitCode,
    })
    if (opts.config.keepHours > 0) sweepRuns(opts.config.keepHours)
  } catch (e) {
    log.warn("cannot record the run in the ledger", { error: why(e) })
  }
}
