/**
 * Do two claim patterns name a common path? Decided on the patterns themselves: braces expanded,
 * each alternative cut into segments, and the two segment automata intersected. It answers for the
 * language `covers` accepts (Bun.Glob's match, the pattern as a literal path, and anything under that
 * path) or a superset of it: whatever it cannot model exactly (extglobs, negation, escapes, classes
 * holding or negating `/`, huge expansions) counts as overlapping, because a false "disjoint" lets
 * two sessions hold the same file.
 */
type CharSet = { neg: boolean; chars: Set<string> }
type Token = "star" | CharSet
type Segment = "globstar" | Token[]

const MAX_ALTERNATIVES = 256
const ANY: CharSet = { neg: true, chars: new Set() }
const UNMODELLED = /[()\\]|(^|[^[])!/

class Unmodelled extends Error {}

export function patternsOverlap(a: string, b: string, isGlob: (p: string) => boolean): boolean {
  const as = parsed(a, isGlob)
  const bs = parsed(b, isGlob)
  if (!as || !bs) return true
  return as.some((x) => bs.some((y) => intersects(x, y, segmentsMeet)))
}

const cache = new Map<string, Segment[][] | null>()

/** The pattern's alternatives, or null when they are not modelled. */
function parsed(p: string, isGlob: (p: string) => boolean): Segment[][] | null {
  let hit = cache.get(p)
  if (hit !== undefined) return hit
  try {
    hit = alternatives(p, isGlob)
  } catch (e) {
    if (!(e instanceof Unmodelled)) throw e
    hit = null
  }
  if (cache.size > 1000) cache.clear()
  cache.set(p, hit)
  return hit
}

/** The glob's alternatives, plus the pattern read as a literal path with everything under it. */
function alternatives(p: string, isGlob: (p: string) => boolean): Segment[][] {
  const literal: Segment[] = [...p.split("/").map((s): Segment => [...s].map(char)), "globstar"]
  if (!isGlob(p)) return [literal]
  if (UNMODELLED.test(p)) throw new Unmodelled()
  return [literal, ...expand(p).map((alt) => alt.split("/").map(segment))]
}

const char = (c: string): CharSet => ({ neg: false, chars: new Set([c]) })

/** Where a class starting at `i` ends (index of its `]`), or -1 when `[` is a literal. */
function classEnd(p: string, i: number): number {
  let j = i + 1
  if (p[j] === "!" || p[j] === "^") j++
  if (p[j] === "]") j++
  const end = p.indexOf("]", j)
  return end
}

/** Brace expansion as Bun reads it: classes first, nested groups, an unclosed `{` is literal. */
function expand(p: string): string[] {
  for (let i = 0; i < p.length; i++) {
    if (p[i] === "[") {
      const end = classEnd(p, i)
      if (end !== -1) i = end
      continue
    }
    if (p[i] !== "{") continue
    const parts: string[] = []
    let depth = 0
    let start = i + 1
    let close = -1
    for (let j = i + 1; j < p.length && close === -1; j++) {
      if (p[j] === "[") {
        const end = classEnd(p, j)
        if (end !== -1) j = end
      } else if (p[j] === "{") depth++
      else if (p[j] === "}" && depth > 0) depth--
      else if (p[j] === "}") close = j
      else if (p[j] === "," && depth === 0) {
        parts.push(p.slice(start, j))
        start = j + 1
      }
    }
    if (close === -1) return [p]
    parts.push(p.slice(start, close))
    const rest = expand(p.slice(close + 1))
    const heads = parts.flatMap((part) => expand(part))
    const out = heads.flatMap((head) => rest.map((tail) => `${p.slice(0, i)}${head}${tail}`))
    if (out.length > MAX_ALTERNATIVES) throw new Unmodelled()
    return out
  }
  return [p]
}

function segment(s: string): Segment {
  if (s === "**") return "globstar"
  const tokens: Token[] = []
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!
    if (c === "*") {
      if (tokens.at(-1) !== "star") tokens.push("star")
    } else if (c === "?") tokens.push(ANY)
    else if (c === "[" && classEnd(s, i) !== -1) {
      const end = classEnd(s, i)
      tokens.push(charClass(s.slice(i + 1, end)))
      i = end
    } else tokens.push(char(c))
  }
  return tokens
}

function charClass(body: string): CharSet {
  const neg = body[0] === "!" || body[0] === "^"
  // Bun.Glob lets a negated class match `/`, so it can span segments; that is not modelled.
  if (neg || body.includes("[:") || body.includes("/")) throw new Unmodelled()
  const chars = new Set<string>()
  const text = [...(neg ? body.slice(1) : body)]
  for (let i = 0; i < text.length; i++) {
    const lo = text[i]!
    const hi = text[i + 2]
    if (text[i + 1] === "-" && hi !== undefined) {
      const [from, to] = [lo.codePointAt(0)!, hi.codePointAt(0)!]
      if (to < from || to - from > 512) return ANY
      for (let c = from; c <= to; c++) chars.add(String.fromCodePoint(c))
      i += 2
    } else chars.add(lo)
  }
  if (chars.has("/")) throw new Unmodelled()
  return { neg, chars }
}

function setsMeet(a: CharSet, b: CharSet): boolean {
  if (a.neg && b.neg) return true
  if (a.neg || b.neg) {
    const [pos, neg] = a.neg ? [b, a] : [a, b]
    for (const c of pos.chars) if (!neg.chars.has(c)) return true
    return false
  }
  for (const c of a.chars) if (b.chars.has(c)) return true
  return false
}

const tokensMeet = (a: Token, b: Token): boolean => a === "star" || b === "star" || setsMeet(a, b)
const segmentsMeet = (a: Segment, b: Segment): boolean =>
  a === "globstar" || b === "globstar" || intersects(a, b, tokensMeet)

/**
 * Is there a word both sequences accept? `star`/`globstar` repeat any number of times (zero
 * included); every other element consumes one unit, which must satisfy both sides (`meet`).
 */
function intersects<T>(a: readonly T[], b: readonly T[], meet: (x: T, y: T) => boolean): boolean {
  const loops = (x: T | undefined) => x === "star" || x === "globstar"
  const width = b.length + 1
  const seen = new Uint8Array((a.length + 1) * width)
  const stack = [0]
  while (stack.length) {
    const at = stack.pop()!
    if (seen[at]) continue
    seen[at] = 1
    const i = Math.floor(at / width)
    const j = at % width
    if (i === a.length && j === b.length) return true
    const x = a[i]
    const y = b[j]
    if (loops(x)) stack.push(at + width)
    if (loops(y)) stack.push(at + 1)
    if (x === undefined || y === undefined) continue
    if (loops(x) && !loops(y)) stack.push(at + 1)
    else if (loops(y) && !loops(x)) stack.push(at + width)
    else if (!loops(x) && !loops(y) && meet(x, y)) stack.push(at + width + 1)
  }
  return false
}
