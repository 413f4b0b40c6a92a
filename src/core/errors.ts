/**
 * Typed errors with stable codes. The CLI edge (src/cli/format-error.ts) turns them into one
 * actionable line and an exit code; nothing else formats errors for people.
 */
export type ErrorCode =
  | "E_USAGE"
  | "E_INPUT"
  | "E_CONFIG"
  | "E_HOME_UNSAFE"
  | "E_KEY_MISSING"
  | "E_KEY_MODE"
  | "E_KEY_WRONG"
  | "E_KEY_INVALID"
  | "E_TAMPERED"
  | "E_IDENTITY"
  | "E_DB_CORRUPT"
  | "E_DB"
  | "E_NOT_FOUND"
  | "E_SCOPE"
  | "E_REFUSED"
  | "E_IO"

export class EgcError extends Error {
  readonly code: ErrorCode
  /** What the person can do about it, one sentence. */
  readonly hint: string | undefined
  readonly details: readonly string[]

  constructor(code: ErrorCode, message: string, opts: { hint?: string; details?: string[]; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause })
    this.name = "EgcError"
    this.code = code
    this.hint = opts.hint
    this.details = opts.details ?? []
  }
}

export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message
  return String(e)
}
