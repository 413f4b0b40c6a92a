import { now } from "../core/clock"
import { commandFamily, errorLine, normaliseError } from "./classify"
import { redact } from "./redact"
import { failureCount, insertObservation, insightDb, lessonExists, markLesson } from "./store"

/**
 * Observations of tool calls, for detect_patterns and compress_observations. Every text is
 * redacted, bounded and sealed before it is stored; grouping keys are keyed hashes.
 */
export { compressObservations, detectPatterns, type Pattern } from "./patterns"
export { redact } from "./redact"
export { commandFamily } from "./classify"

interface Observation {
  project: string
  sessionId: string
  tool: string
  /** The host's tool name when the call was not a shell command (Write, Read …). */
  callName: string
  command?: string
  failed: boolean
  exitCode?: number
  errorText?: string
}

export interface Recorded {
  id: string
  signature: string
  /** The redacted, normalised error line that the signature stands for. */
  errorSummary: string | undefined
  /** Failures with this signature in the project so far, this one included. */
  failures: number
}

export function recordObservation(obs: Observation, opts: { max?: number } = {}): Recorded {
  const db = insightDb()
  const family = obs.command !== undefined ? commandFamily(obs.command) : `tool:${commandFamily(obs.callName)}`
  const line = obs.failed ? errorLine(obs.errorText) : undefined
  const errorSummary = line ? normaliseError(redact(line, 400)) : obs.failed ? `exit ${obs.exitCode ?? "?"}` : undefined
  const body = {
    ...(obs.command !== undefined ? { command: redact(obs.command, 500) } : {}),
    ...(line ? { error: redact(line, 400) } : {}),
  }
  const signatureText = obs.failed ? `${family}|${errorSummary}` : undefined
  const { id, signature } = insertObservation(
    db,
    {
      project: obs.project,
      sessionId: obs.sessionId,
      tool: obs.tool,
      family,
      failed: obs.failed,
      ...(obs.exitCode !== undefined ? { exitCode: obs.exitCode } : {}),
      ...(signatureText ? { signatureText } : {}),
      body,
      at: now(),
    },
    opts.max,
  )
  return { id, signature, errorSummary, failures: signature ? failureCount(db, obs.project, signature) : 0 }
}

export function lessonAlreadyProposed(project: string, signature: string): boolean {
  return lessonExists(insightDb(), project, signature)
}

export function noteLessonProposed(project: string, signature: string, itemId: string | undefined): void {
  markLesson(insightDb(), project, signature, itemId, now())
}

/** `egc keys rotate`: the observations' re-sealer. */
export const resealer = () => import("./store").then((m) => m.resealInsight)
