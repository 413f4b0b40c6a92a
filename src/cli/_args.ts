import type { ArgsDef } from "citty"

/** Argument fragments shared by commands. */
export const jsonArgs = {
  json: { type: "boolean", description: "print machine-readable JSON on stdout" },
} as const satisfies ArgsDef

export const cwdArgs = {
  cwd: { type: "string", description: "project directory (default: the current directory)" },
} as const satisfies ArgsDef
