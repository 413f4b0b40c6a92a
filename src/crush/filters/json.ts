import { clipLine } from "../clip"
import { isProblem } from "../keep"

/** Arrays longer than this are sampled: the first items, every item holding a problem, the last. */
const MAX_ITEMS = 8
const HEAD = 3
const LONG_STRING = 2000

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** A map with more keys than this is summarised (lockfile `packages`, `npm view`'s `time`). */
const MAX_KEYS = 24
const KEY_HEAD = 3

/** Schema-preserving sampling of a JSON document or NDJSON stream; undefined when it is neither. */
export function crushJson(lines: string[], named: readonly string[] = []): string | undefined {
  terms = named.map((n) => n.toLowerCase()).filter((n) => n.length >= 2)
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
    if (!v.ok) break
    values.push(v.value)
  }
  if (values.length === rows.length) return ndjson(rows, values)
  // several pretty-printed documents one after another (jq without -c)
  const docs = splitDocuments(text)
  if (!docs || docs.values.length < 2) return undefined
  return `${sampleRows(docs.texts, docs.values, "documents").join("\n")}\n`
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

// names the command line gave (a package, a grep pattern): entries carrying them are never sampled away
let terms: string[] = []

function named(key: string, value: Json): boolean {
  if (!terms.length) return false
  const text = `${key}\u0000${typeof value === "object" ? JSON.stringify(value) : String(value)}`.toLowerCase()
  return terms.some((t) => text.includes(t))
}

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
      if (
        i < (long ? HEAD : 1) ||
        (long && i === items.length - 1) ||
        hasProblem(value[i] ?? null) ||
        named("", value[i] ?? null)
      ) {
        if (skipped) out.push(`… ${skipped} of ${items.length} items omitted`)
        skipped = 0
        out.push(item)
      } else skipped++
    })
    return out
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
    // no prototype: a "__proto__" key of the output is a key, not this object's prototype
    const out: { [key: string]: Json } = Object.create(null)
    if (entries.length <= MAX_KEYS) {
      for (const [k, v] of entries) out[k] = sample(v)
      return out
    }
    // a long map (lockfile packages, release times, dependency lists): a few keys, every entry with
    // a problem or a name from the command line, and a count
    let skipped = 0
    entries.forEach(([k, v], i) => {
      if (i < KEY_HEAD || i === entries.length - 1 || named(k, v) || hasProblem(v)) {
        if (skipped) out[`… ${skipped} keys`] = `omitted (${entries.length} in all)`
        skipped = 0
        out[k] = sample(v)
      } else skipped++
    })
    return out
  }
  return value
}

function sampleRows(rows: string[], values: Json[], what: string): string[] {
  const out: string[] = []
  let skipped = 0
  rows.forEach((row, i) => {
    if (
      rows.length <= MAX_ITEMS ||
      i < HEAD ||
      i === rows.length - 1 ||
      hasProblem(values[i] ?? null) ||
      named("", values[i] ?? null)
    ) {
      if (skipped) out.push(`… ${skipped} of ${rows.length} ${what} omitted`)
      skipped = 0
      out.push(row)
    } else skipped++
  })
  return out
}

/** Consecutive JSON values in one text (each starting at a line's first column), or undefined. */
function splitDocuments(text: string): { texts: string[]; values: Json[] } | undefined {
  const starts: number[] = []
  for (const m of text.matchAll(/^[[{"\d-]|^(?:true|false|null)\b/gm)) starts.push(m.index)
  if (starts.length < 2 || starts.length > 100_000) return undefined
  const texts: string[] = []
  const values: Json[] = []
  let from = 0
  for (let k = 1; k <= starts.length; k++) {
    const end = k === starts.length ? text.length : (starts[k] as number)
    const v = parse(text.slice(from, end))
    // a start inside a document (a line at column 0 in a string) is not a boundary: try the next
    if (!v.ok) {
      if (k === starts.length) return undefined
      continue
    }
    texts.push(text.slice(from, end).replace(/\n+$/, ""))
    values.push(v.value)
    from = end
  }
  return { texts, values }
}

function ndjson(rows: string[], values: Json[]): string {
  return `${sampleRows(rows, values, "lines").join("\n")}\n`
}
