import { describe, expect, test } from "bun:test"
import { covers, normalizePattern, overlaps } from "../../src/mesh/glob"

/**
 * Claim overlap against brute force: random small trees and random patterns from the glob syntax
 * claims accept. Whenever some path of the tree is covered by both patterns, `overlaps` must say so
 * (a false "disjoint" lets two sessions hold the same file exclusively). Seeded, so a failure repeats.
 */
function prng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const SEGMENTS = ["a", "b", "c", "ab", "ba", "a.t", "b.t", ".a", "x.ts", "ac"]
const TOKENS = ["a", "b", "c", ".", "t", "*", "*", "?", "**", "[ab]", "[!a]", "[a-c]", "[.t]"].concat([
  "{a,b}",
  "{a,b.t}",
  "{,a}",
  "{a/b,c}",
  "{a,{b,c}}",
])

function tree(rand: () => number): string[] {
  const out = new Set<string>()
  const files = 3 + Math.floor(rand() * 8)
  for (let f = 0; f < files; f++) {
    const depth = 1 + Math.floor(rand() * 4)
    const parts: string[] = []
    for (let d = 0; d < depth; d++) {
      parts.push(pick(rand, SEGMENTS))
      out.add(parts.join("/"))
    }
  }
  return [...out]
}

/** A pattern drawn around a path of the tree, so that many pairs share a path. */
function near(rand: () => number, path: string): string {
  const parts = path.split("/").map((seg, d) => {
    const r = rand()
    if (r < 0.35) return seg
    if (r < 0.45) return "*"
    if (r < 0.5 && d > 0) return "**"
    if (r < 0.6) return `${seg[0]}*`
    if (r < 0.7) return `[${seg[0]}b]${seg.slice(1)}`
    if (r < 0.8) return `{${seg},${pick(rand, SEGMENTS)}}`
    if (r < 0.9) return `?${seg.slice(1)}`
    return `*${seg.slice(-1)}`
  })
  if (rand() < 0.2) parts.splice(Math.floor(rand() * parts.length), 1)
  return parts.join("/")
}

function pattern(rand: () => number, paths: string[]): string {
  const r = rand()
  if (r < 0.1) return pick(rand, paths)
  if (r < 0.75) return near(rand, pick(rand, paths))
  const depth = 1 + Math.floor(rand() * 4)
  const parts: string[] = []
  for (let d = 0; d < depth; d++) {
    const r = rand()
    if (r < 0.3) parts.push(pick(rand, SEGMENTS))
    else if (r < 0.4) parts.push("*")
    else if (r < 0.5 && d > 0) parts.push("**")
    else parts.push(Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(rand, TOKENS)).join(""))
  }
  return parts.join("/")
}

const pick = <T>(rand: () => number, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!

function claimable(p: string): boolean {
  try {
    return normalizePattern("/nonexistent-root", p) === p
  } catch {
    return false
  }
}

describe("claim overlap", () => {
  test("two patterns that cover a common path of a random tree always overlap (brute force, seeded)", () => {
    const rand = prng(20261201)
    let pairs = 0
    let common = 0
    const missed: Array<{ a: string; b: string; shared: string }> = []
    for (let t = 0; t < 200; t++) {
      const paths = tree(rand)
      const patterns: string[] = []
      while (patterns.length < 20) {
        const p = pattern(rand, paths)
        if (claimable(p)) patterns.push(p)
      }
      const hits = patterns.map((p) => new Set(paths.filter((path) => covers(p, path))))
      for (let i = 0; i < patterns.length; i++) {
        for (let j = i + 1; j < patterns.length; j++) {
          pairs++
          const shared = [...hits[i]!].find((path) => hits[j]!.has(path))
          if (shared === undefined) continue
          common++
          const [a, b] = [patterns[i]!, patterns[j]!]
          if (!overlaps(a, b) || !overlaps(b, a)) missed.push({ a, b, shared })
        }
      }
    }
    expect(missed.slice(0, 5)).toEqual([])
    expect(pairs).toBeGreaterThan(30_000)
    expect(common).toBeGreaterThan(3_000)
  })

  test("the cases that used to be judged disjoint overlap; plainly disjoint claims still do not", () => {
    expect(overlaps("src/{a,b}/x.ts", "src/b/*")).toBe(true)
    expect(overlaps("src/b/*", "src/{a,b}/x.ts")).toBe(true)
    expect(overlaps("src/[ab]/x.ts", "src/b/*")).toBe(true)
    expect(overlaps("src/*/x.ts", "src/?/*.ts")).toBe(true)
    expect(overlaps("src/**/x.ts", "src/a/b/*")).toBe(true)
    expect(overlaps("src/{a,b/c}", "src/b/c/d.ts")).toBe(false)
    expect(covers("src/{a,b/c}", "src/b/c/d.ts")).toBe(false)
    expect(overlaps("src/a/*", "src/b/*")).toBe(false)
    expect(overlaps("*.ts", "*.js")).toBe(false)
    expect(overlaps("docs/*.md", "docs/*.txt")).toBe(false)
    expect(overlaps("src/*/x", "src/a/b/x")).toBe(false)
    expect(overlaps("src/{a,b}/x.ts", "src/c/*")).toBe(false)
  })

  test("syntax it cannot model exactly counts as overlapping", () => {
    expect(overlaps("src/*@(a|b)", "src/c")).toBe(true)
    expect(overlaps("src/[!a]/x", "src/a/x")).toBe(true)
    expect(overlaps("src/[+-0]x", "src/a")).toBe(true)
    expect(overlaps("!src/*", "docs/b")).toBe(true)
    expect(overlaps("src/[[:alpha:]]", "src/1")).toBe(true)
  })
})
