import { EgcError, type ErrorCode } from "../core/errors"
import { createLogger } from "../core/log"
import { safeText } from "../core/safe-text"
import { EXIT, exitCodeFor } from "./exit"

/**
 * The one place that turns an error into text for a person: one line with the stable code, the
 * detail lines, and what to do. Unknown errors are logged in full and summarised.
 */
export function formatError(error: unknown): { text: string; exitCode: number } {
  if (error instanceof EgcError) {
    const lines = [`egc: ${error.message} [${error.code}]`, ...error.details.map((d) => `  ${d}`)]
    if (error.hint) lines.push(`  → ${error.hint}`)
    return { text: safeText(lines.join("\n")), exitCode: exitCodeFor(error.code) }
  }
  createLogger("cli").error("unexpected error", {
    stack: error instanceof Error ? (error.stack ?? error.message) : String(error),
  })
  const message = error instanceof Error ? error.message : String(error)
  return {
    text: `egc: unexpected error: ${safeText(message)}\n  → run again with EGC_LOG_LEVEL=debug, or see $EGC_HOME/logs/egc.log`,
    exitCode: EXIT.SOFTWARE,
  }
}

/** The same error for a script that asked for `--json`: `{"error":{"code","message","hint"}}` on stdout. */
interface ErrorJson {
  error: { code: string; message: string; hint: string | null; details?: string[] }
}

export function errorJson(error: unknown): ErrorJson {
  if (error instanceof EgcError) {
    const details = error.details.length ? { details: [...error.details] } : {}
    return { error: { code: error.code, message: error.message, hint: error.hint ?? null, ...details } }
  }
  const message = error instanceof Error ? error.message : String(error)
  const code: ErrorCode = "E_INTERNAL"
  return { error: { code, message: `unexpected error: ${message}`, hint: "see $EGC_HOME/logs/egc.log" } }
}
