import { EgcError } from "../../core/errors"

/**
 * A file egc will not edit (E_INPUT): the planner skips the target with this reason and leaves the
 * file untouched; anywhere else it reaches the CLI edge like any EgcError. A subclass so the
 * planner can tell "skip this target" from a failure that must stop the run.
 */
export class MalformedFile extends EgcError {
  constructor(message: string) {
    super("E_INPUT", message, { hint: "egc left the file as it was; fix or move it, then run the command again" })
    this.name = "MalformedFile"
  }
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  if (ka.length !== kb.length) return false
  return ka.every(
    (k) => Object.hasOwn(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  )
}

export const eolOf = (text: string): string => (text.includes("\r\n") ? "\r\n" : "\n")
