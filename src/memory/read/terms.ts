import { foldText } from "../../core/screen"
import { porter2 } from "./porter2"

/**
 * Tokenisation for the in-memory index: folded words, a short stop list, and light suffix
 * stripping so "migrations", "migrating" and "migrated" meet at one term.
 */
const STOP = new Set(
  "a an the and or of to in on for with by at is are was were be been it its this that these those we our us you your i do does did not no from as into about how what which when why who should can".split(
    " ",
  ),
)

/** Changes whenever tokenising or stemming changes: sealed index snapshots made before are rebuilt. */
export const TERM_RULES = "terms-4-porter2"

/** Suffixes removed, longest first; "ies"/"ied" become "i" so "retries" meets "retry". */
const SUFFIXES = ["ations", "ation", "ments", "ment", "ings", "ing", "ies", "ied", "es", "ed", "ly", "s"]

export function stem(word: string): string {
  if (word.length <= 4 || /\d/.test(word)) return word
  let w = word
  for (const suffix of SUFFIXES) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length) + (suffix === "ies" || suffix === "ied" ? "i" : "")
      break
    }
  }
  // a final e or y: "translate"/"translated", "retry"/"retries", "cookie"/"cookies" meet
  if (w.length > 4 && w.endsWith("e")) w = w.slice(0, -1)
  else if (w.length > 4 && w.endsWith("y")) w = `${w.slice(0, -1)}i`
  return w
}

const PLAIN = /^[\x21-\x7e]+$/
const STEM_CACHE = 50_000
const stems = new Map<string, string>()

export function processTerm(term: string): string | null {
  // printable ASCII needs no Unicode folding; this path carries almost every term and keeps indexing fast
  const t = PLAIN.test(term) ? term.toLowerCase() : foldText(term)
  if (!t || STOP.has(t)) return null
  const known = stems.get(t)
  if (known !== undefined) return known
  // English words take the Porter2 stemmer; other scripts keep the light suffix rules
  const out = /^[a-z]+$/.test(t) ? porter2(t) : stem(t)
  // a project's vocabulary is small next to its word count: indexing 10k items stems each word once
  if (stems.size >= STEM_CACHE) stems.clear()
  stems.set(t, out)
  return out
}

/**
 * A text's words as the vocabulary's phrases match them: stemmed terms, and stop words kept as themselves
 * (null term), so "log in" is two words and never the bare "log" of every question about logs.
 */
export function phraseWords(text: string): Array<{ word: string; term: string | null }> {
  return tokenize(foldText(text)).map((token) => {
    const term = processTerm(token)
    return { word: term ?? token.toLowerCase(), term }
  })
}

export function tokenize(text: string): string[] {
  return text.split(/[^\p{L}\p{N}_]+/u).filter(Boolean)
}
