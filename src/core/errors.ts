/**
 * Typed errors with stable codes: the one vocabulary for a failure that leaves its module. The CLI
 * edge (src/cli/format-error.ts) turns them into one actionable line and an exit code; nothing else
 * formats errors for people. Subclasses keep the code and add what their edge needs (install's
 * MalformedFile: skip the target; mcp's ToolFailure: a sentence for the agent). A refused memory
 * write stays a result; REFUSAL_ERROR below maps its reason onto these codes.
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
  /** A bug: what the edges report for an error that is not an EgcError (never thrown on purpose). */
  | "E_INTERNAL"

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

/**
 * Why memory refused a write, in memory's words (WriteResult.code; visible in the dashboard, sync
 * reports and tests). A refusal is an expected outcome, returned, not thrown; where one becomes an
 * error (the CLI, an MCP tool) it takes the code here: the one mapping between the two spellings.
 */
const REFUSAL_ERROR = {
  invalid: "E_INPUT",
  injection: "E_REFUSED",
  tombstoned: "E_REFUSED",
  consent: "E_REFUSED",
  off: "E_REFUSED",
  "not-found": "E_NOT_FOUND",
  scope: "E_SCOPE",
} as const satisfies Record<string, ErrorCode>

export type RefusalCode = keyof typeof REFUSAL_ERROR

export const refusalCode = (why: RefusalCode | undefined): ErrorCode => (why ? REFUSAL_ERROR[why] : "E_REFUSED")

export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message
  return String(e)
}
