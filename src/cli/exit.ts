import type { ErrorCode } from "../core/errors"

/** The one exit-code table (AGENTS.md repeats it). */
export const EXIT = {
  OK: 0,
  FAILURE: 1,
  /** guard or hook refused */
  DENY: 2,
  /** guard wants a person to confirm */
  ASK: 3,
  USAGE: 64,
  /** malformed or refused input */
  DATA: 65,
  /** missing project, file or record */
  NO_INPUT: 66,
  /** internal error (a bug) */
  SOFTWARE: 70,
  /** database or file-system failure, corrupt store */
  IO: 74,
  /** unsafe permissions on $EGC_HOME or the key file; wrong or missing key */
  NO_PERM: 77,
  CONFIG: 78,
  /** `egc guard --` / `egc crush --`: the command was not found */
  NOT_FOUND: 127,
} as const

export function exitCodeFor(code: ErrorCode): number {
  switch (code) {
    case "E_USAGE":
      return EXIT.USAGE
    case "E_INPUT":
    case "E_REFUSED":
    case "E_SCOPE":
    case "E_TAMPERED":
      return EXIT.DATA
    case "E_NOT_FOUND":
    case "E_IDENTITY":
      return EXIT.NO_INPUT
    case "E_CONFIG":
      return EXIT.CONFIG
    case "E_HOME_UNSAFE":
    case "E_KEY_MODE":
    case "E_KEY_MISSING":
    case "E_KEY_WRONG":
    case "E_KEY_INVALID":
      return EXIT.NO_PERM
    case "E_DB":
    case "E_DB_CORRUPT":
    case "E_IO":
      return EXIT.IO
    case "E_INTERNAL":
      return EXIT.SOFTWARE
  }
}
