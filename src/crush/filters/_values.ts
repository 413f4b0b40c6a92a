/**
 * The variable parts of lines of one shape (ids, paths' numbers, status codes): when such lines
 * collapse, the values they differed in are listed in the note, so no id is lost.
 */
// a leading time stamp varies on every line and says nothing an agent acts on
const STAMP =
  /^\s*\[?(?:\d{4}-\d\d-\d\d[T ]\d\d:\d\d(?::\d\d)?(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?|[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d|\d\d:\d\d:\d\d(?:[.,]\d+)?)\]?/
const ISO_ANYWHERE = /\d{4}-\d\d-\d\d[T ]\d\d:\d\d(?::\d\d)?(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?/g
const DURATION = /\b\d+(?:\.\d+)?\s?(?:ms|s|µs|us)\b/g
const TOKEN = /[0-9a-fA-F]*\d[0-9a-fA-F]*/g
const WORD_BEFORE = /[A-Za-z_][\w-]{0,19}[\s=:/#-]{0,2}$/
const MAX_VALUES = 200

/** What of this line varies between lines of its shape: each token with the word just before it. */
function valuesOf(line: string): string[] {
  const body = line.replace(STAMP, "").replace(ISO_ANYWHERE, "").replace(DURATION, "")
  const out: string[] = []
  let last = 0
  for (const m of body.matchAll(TOKEN)) {
    const before = WORD_BEFORE.exec(body.slice(last, m.index))?.[0] ?? ""
    out.push(`${before}${m[0]}`)
    last = m.index + m[0].length
  }
  return out
}

export const valueKey = (line: string): string => valuesOf(line).join("\u0000")

/** Collects the distinct values of one shape's dropped lines and renders them as one note. */
export class ValueList {
  private seen = new Set<string>()
  private rows: string[][] = []
  private extra = 0
  dropped = 0

  constructor(readonly first: string) {}

  /** Returns false when these values were seen already (an exact repeat but for time). */
  add(line: string): boolean {
    this.dropped++
    const values = valuesOf(line)
    const key = values.join("\u0000")
    if (this.seen.has(key)) return false
    this.seen.add(key)
    if (this.rows.length < MAX_VALUES) this.rows.push(values)
    else this.extra++
    return true
  }

  /** `… 57 more like "job 1017: tenant 3 not found" with: job 1018 tenant 5; job 1019 tenant 7` */
  note(): string {
    const base = valuesOf(this.first)
    // only the positions that differ from the first line (or between rows) are worth printing
    const varies = base.map((v, p) => this.rows.some((r) => r[p] !== v))
    const listed = this.rows.map((r) => r.filter((_, p) => varies[p]).join(" ")).filter((s) => s)
    const unique = [...new Set(listed)]
    const sample = this.first.replace(STAMP, "").trim()
    const shown = sample.length > 120 ? `${sample.slice(0, 117)}...` : sample
    const tail = this.extra ? `; and ${this.extra} more distinct` : ""
    if (!unique.length) return `… ${this.dropped} more like "${shown}"`
    return `… ${this.dropped} more like "${shown}" with: ${unique.join("; ")}${tail}`
  }
}
