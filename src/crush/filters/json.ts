import { clipLine } from "../clip"
import { isProblem } from "../keep"

/** Arrays longer than this are sampled: the first items, every item holding a problem, the last. */
const MAX_ITEMS = 8
const HEAD = 3
const LONG_STRING = 2000

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** Schema-preserving sampling of a JSON document or NDJSON stream; undefined when it is neither. */
export function crushJson(lines: string[]): string | undefined {
  const text = lines.join("\n")
  const doc = parse(text)
  if (doc.ok) {
    const indent = /^\s*[[{]\s*\n(\s+)/.exec(text)?.[1]?.length ?? 0
    return `${JSON.stringify(sample(doc.value), null, indent || undefined)}\n`
  }
  const rows = lines.filter((l) => l.trim())
  if (rows.length < 2) return undefined
  const values: Json[] = []
  for (const row of rows) {
    const v = parse(row)
    if (!v.ok) return undefined
    values.push(v.value)
  }
  return ndjson(rows, values)
}

function parse(text: string): { ok: true; value: Json } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as Json }
  } catch {
    return { ok: false }
  }
}

// NDJSON events name their outcome in one word (go test -json: "Action":"fail")
const OUTCOME = /^(?:fail|failed|failure|error|errored|fatal|panic|crashed|broken|timedout|timed_out)$/i

function hasProblem(value: Json): boolean {
  if (typeof value === "string") return OUTCOME.test(value) || isProblem(value)
  if (Array.isArray(value)) return value.some(hasProblem)
  if (value && typeof value === "object") return Object.values(value).some(hasProblem)
  return false
}

function sample(value: Json): Json {
  if (typeof value === "string") return value.length > LONG_STRING ? clipLine(value) : value
  if (Array.isArray(value)) {
    const items = value.map(sample)
    // a handful of large objects (kubectl items) is sampled too
    if (items.length <= MAX_ITEMS && (items.length <= 3 || JSON.stringify(items).length < 4096)) return items
    const out: Json[] = []
    let skipped = 0
    items.forEach((item, i) => {
      const long = items.length > MAX_ITEMS
      if (i < (long ? HEAD : 1) || (long && i === items.length - 1) || hasProblem(value[i] ?? null)) {
        if (skipped) out.push(`… ${skipped} of ${items.length} items omitted`)
        skipped = 0
        out.push(item)
      } else skipped++
    })
    return out
  }
  if (value && typeof value === "object") {
    const out: { [key: string]: Json } = {}
    for (const [k, v] of Object.entries(value)) out[k] = sample(v)
    return out
  }
  return value
}

function ndjson(rows: string[], values: Json[]): string {
  const out: string[] = []
  let skipped = 0
  rows.forEach((row, i) => {
    if (rows.length <= MAX_ITEMS || i < HEAD || i === rows.length - 1 || hasProblem(values[i] ?? null)) {
      if (skipped) out.push(`… ${skipped} of ${rows.length} lines omitted`)
      skipped = 0
      out.push(row)
    } else skipped++
  })
  return `${out.join("\n")}\n`
}
