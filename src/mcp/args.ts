/**
 * Shape checks on raw arguments before schema validation, shared by every tool: nesting depth
 * and text that is not valid Unicode (lone surrogates), which no tool should have to think about.
 * Iterative, so a hostile nesting cannot overflow the stack.
 */
const MAX_DEPTH = 64

export function argumentProblem(raw: unknown): string | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: raw, path: "arguments", depth: 0 }]
  while (stack.length) {
    const { value, path, depth } = stack.pop()!
    if (typeof value === "string") {
      if (!value.isWellFormed()) return `${path} is not valid Unicode text (it holds a lone surrogate)`
      continue
    }
    if (value === null || typeof value !== "object") continue
    if (depth >= MAX_DEPTH) return `${path} nests deeper than ${MAX_DEPTH} levels`
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value)
    for (const [key, child] of entries) {
      if (!key.isWellFormed()) return `a key in ${path} is not valid Unicode text`
      stack.push({ value: child, path: `${path}.${key}`, depth: depth + 1 })
    }
  }
  return undefined
}
