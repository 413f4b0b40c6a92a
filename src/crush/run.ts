import { basename } from "node:path"
import type { Config } from "../core/config"
import { now } from "../core/clock"
import { newId } from "../core/ids"
import { createLogger } from "../core/log"
import { programWords } from "./command"
import { recordRun } from "./ledger"
import { runCrushed, type RunOutcome } from "./runner"
import { RunWriter, sweepRuns } from "./store"

const log = createLogger("crush")

/**
 * `egc crush -- <cmd…>`: run, store the full output (encrypted, expiring), print it filtered,
 * record the savings. Storage and ledger failures never cost the caller the command's output.
 */
export async function crushCommand(argv: string[], opts: { cwd: string; config: Config["crush"]; project: () => string }): Promise<RunOutcome> {
  const command = argv.join(" ")
  const id = newId("r")
  const keep = opts.config.keepHours > 0
  let writer: RunWriter | undefined
  let storeFailed = !keep
  const sink = (chunk: Uint8Array) => {
    if (storeFailed) return
    try {
      writer ??= new RunWriter(id)
      writer.write(chunk)
    } catch (e) {
      storeFailed = true
      log.warn("cannot store the full output", { error: String(e) })
    }
  }
  const outcome = await runCrushed(argv, {
    command,
    sink,
    ...(keep ? { runId: id } : {}),
    ...(opts.config.enabled ? { disabledFamilies: opts.config.disabledFamilies } : { disabledFamilies: ["git", "test", "build", "pkg", "infra", "listing", "json", "logs", "generic"] }),
  })
  try {
    writer?.close()
  } catch (e) {
    log.warn("cannot finish the stored output", { error: String(e) })
  }
  let { output } = outcome.result
  if (storeFailed && keep && outcome.result.mode === "filtered") output = output.replace(`egc crush show ${id}`, "not stored (see egc doctor)")
  process.stdout.write(output)
  outcome.result.output = output
  if (outcome.result.bytesIn > 0) {
    try {
      recordRun({
        id,
        at: now(),
        project: opts.project(),
        family: outcome.result.family,
        program: basename(programWords(command)[0] ?? "?"),
        mode: outcome.result.mode,
        bytesIn: outcome.result.bytesIn,
        bytesOut: outcome.result.bytesOut,
        durationMs: outcome.durationMs,
        exitCode: outcome.signal ? null : outcome.exitCode,
      })
      if (keep) sweepRuns(opts.config.keepHours)
    } catch (e) {
      log.warn("cannot record the run in the ledger", { error: String(e) })
    }
  }
  return outcome
}
