/** A file egc will not edit: the target is skipped with this reason and the file left untouched. */
export class MalformedFile extends Error {
  constructor(message: string) {
    super(message)
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
