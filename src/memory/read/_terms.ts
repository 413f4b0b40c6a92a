import { foldText } from "../_text"

/**
 * Tokenisation for the in-memory index: folded words, a short stop list, and light suffix
 * stripping so "migrations", "migrating" and "migrated" meet at one term.
 */
const STOP = new Set(
  "a an the and or of to in on for with by at is are was were be been it its this that these those we our us you your i do does did not no from as into about how what which when why who should can".split(" "),
)

export function stem(word: string): string {
  if (word.length <= 4) return word
  for (const suffix of ["ations", "ation", "ings", "ing", "ies", "ied", "es", "ed", "ly", "s"]) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      const base = word.slice(0, -suffix.length)
      return suffix === "ies" || suffix === "ied" ? `${base}y` : base
    }
  }
  return word
}

export function processTerm(term: string): string | null {
  const t = foldText(term)
  if (!t || STOP.has(t)) return null
  return stem(t)
}

export function tokenize(text: string): string[] {
  return text.split(/[^\p{L}\p{N}_]+/u).filter(Boolean)
}
