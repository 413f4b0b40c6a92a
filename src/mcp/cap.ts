/**
 * The one place results are capped. A result whose JSON exceeds the limit loses items from the end
 * of its largest lists and characters from the end of its longest strings, and says so in
 * `truncated` / `note`, so the model knows to narrow its request instead of trusting a partial answer.
 */
export const RESULT_CHAR_LIMIT = 20_000

type Json = Record<string, unknown>

interface Capped {
  value: Json
  cut: string[]
}

const size = (v: unknown): number => JSON.stringify(v)?.length ?? 0

export function capResult(input: Json, limit = RESULT_CHAR_LIMIT): Capped {
  const value: Json = { ...input }
  const cut: string[] = []
  for (let round = 0; round < 64 && size(value) > limit; round++) {
    const key = largestKey(value)
    if (key === undefined) break
    const field = value[key]
    const excess = size(value) - limit
    if (Array.isArray(field) && field.length > 0) {
      const per = size(field) / field.length
      const drop = Math.min(field.length, Math.max(1, Math.ceil(excess / Math.max(per, 1))))
      value[key] = field.slice(0, field.length - drop)
      noteCut(cut, key, `${field.length - drop} of ${field.length} items`)
    } else if (typeof field === "string" && field.length > 0) {
      const keep = Math.max(0, field.length - excess - 64)
      value[key] = `${field.slice(0, keep)}…`
      noteCut(cut, key, `${keep} of ${field.length} characters`)
    } else if (field !== null && typeof field === "object") {
      const inner = capResult(field as Json, Math.max(256, size(field) - excess))
      value[key] = inner.value
      noteCut(cut, key, inner.cut.join(", ") || "shortened")
    } else break
  }
  return { value, cut }
}

function largestKey(value: Json): string | undefined {
  let best: string | undefined
  let bestSize = 0
  for (const [k, v] of Object.entries(value)) {
    if (k === "note" || k === "truncated" || k === "project") continue
    const s = size(v)
    if (s > bestSize) [best, bestSize] = [k, s]
  }
  return best
}

function noteCut(cut: string[], key: string, what: string): void {
  const i = cut.findIndex((c) => c.startsWith(`${key}: `))
  if (i >= 0) cut.splice(i, 1)
  cut.push(`${key}: ${what}`)
}
