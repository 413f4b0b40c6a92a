import { describe, expect, test } from "bun:test"
import { skeleton } from "../../src/core/screen"
import { HOMOGLYPHS, SKELETON_MAP } from "../../src/core/screen/lookalikes"
import { prepare } from "../../src/guard/normalize"

// Capitals the skeleton folds to their small letter first (its contract), where the small letter is
// not the same look-alike: Greek Η is an H but η an n. Any other disagreement is drift.
const FOLDED_FIRST = ["Η", "Ν", "Υ", "Ζ", "Μ"]

describe("one look-alike table for the guard and the skeleton", () => {
  const entries = Object.entries(HOMOGLYPHS)

  test("every key is in the form both read (after NFKC; the skeleton also drops accents): none is unreachable", () => {
    const folded = (k: string) =>
      k
        .normalize("NFKC")
        .toLowerCase()
        .normalize("NFD")
        .replace(/\p{M}+/gu, "")
    expect(entries.filter(([k]) => k.normalize("NFKC") !== k)).toEqual([])
    expect(Object.keys(SKELETON_MAP).filter((k) => folded(k) !== k)).toEqual([])
  })

  test("the guard rewrites a command with every homoglyph, keeping its case", () => {
    for (const [k, v] of entries) expect(prepare(`git push ${k}x`).variant).toBe(`git push ${v}x`)
    expect(prepare("git push x").variant).toBeUndefined()
  })

  test("the skeleton folds every homoglyph as the guard does (in lower case)", () => {
    for (const [k, v] of entries) {
      if (FOLDED_FIRST.includes(k)) continue
      expect(`${k}: ${skeleton(k)}`).toBe(`${k}: ${v.toLowerCase()}`)
      expect(skeleton(`rm ${k}`)).toBe(skeleton(prepare(`rm ${k}`).variant ?? ""))
    }
  })

  test("the capitals folded first are exactly the known ones, each still a homoglyph for the guard", () => {
    const disagree = entries.filter(([k, v]) => skeleton(k) !== v.toLowerCase()).map(([k]) => k)
    expect(disagree.sort()).toEqual([...FOLDED_FIRST].sort())
    for (const k of FOLDED_FIRST) expect(skeleton(k)).toBe(skeleton(k.toLowerCase()))
  })

  test("letters only near a Latin one are the skeleton's alone: the guard leaves a command with them as typed", () => {
    const near = Object.keys(SKELETON_MAP).filter((k) => !(k in HOMOGLYPHS) && /\p{L}/u.test(k))
    expect(near.length).toBeGreaterThan(30)
    for (const k of near) {
      expect(skeleton(k)).toBe(SKELETON_MAP[k]!)
      expect(prepare(`ls ${k}`).variant ?? `ls ${k}`).toBe(`ls ${k}`.normalize("NFKC"))
    }
  })
})
