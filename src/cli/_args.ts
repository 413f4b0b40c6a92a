import type { ArgsDef } from "citty"
import { EgcError } from "../core/errors"

/** Argument fragments shared by commands. */
export const jsonArgs = {
  json: { type: "boolean", description: "print machine-readable JSON on stdout" },
} as const satisfies ArgsDef

export const cwdArgs = {
  cwd: { type: "string", description: "project directory (default: the current directory)" },
} as const satisfies ArgsDef

/** A comma-separated flag value whose every entry must be one of `valid` (the message lists them). */
export function listOf<T extends string>(flag: string, value: string, valid: readonly T[]): T[] {
  const items = value.split(",").map((s) => s.trim())
  const bad = items.filter((s) => !valid.includes(s as T))
  if (bad.length || items.length === 0) {
    const unknown = bad.map((b) => `'${b}'`).join(", ") || "value"
    const hint = `valid: ${valid.join(", ")}`
    throw new EgcError("E_USAGE", `--${flag} ${JSON.stringify(value)}: unknown ${unknown}`, { hint })
  }
  return items as T[]
}

/** A whole-number flag value from 1 to max. */
export function countOf(flag: string, value: string | undefined, fallback: number, max = 100_000): number {
  if (value === undefined) return fallback
  if (/^[1-9]\d*$/.test(value) && Number(value) <= max) return Number(value)
  throw new EgcError("E_USAGE", `--${flag} must be a whole number from 1 to ${max}, not '${value}'`)
}
