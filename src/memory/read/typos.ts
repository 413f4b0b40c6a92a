import type { WeightedTerm } from "./expand"
import type { TermSource } from "./score"
import { processTerm, tokenize } from "./terms"

/** A word the project never used, five letters or longer, is looked for at one edit away ("idempotncy"). */
const TYPO_MIN_LENGTH = 5
const TYPO_WEIGHT = 0.6
/** Typos rarely hit the first letters: only stored terms sharing the first three are compared. */
const KEEP_PREFIX = 3
const MAX_SPELLINGS = 3

/** Levenshtein distance of at most one (substitution, insertion, deletion, or one transposition). */
function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true
  if (Math.abs(a.length - b.length) > 1) return false
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}

/**
 * Near spellings of the query words the index does not hold, each keyed to the word asked so it
 * counts as that word. A misspelling stems differently ("idempotncy" keeps its tail), so a stored
 * stem also matches when it is one edit from the same-length start of the asked term.
 */
export function nearSpellings(src: TermSource, query: string): WeightedTerm[] {
  const out: WeightedTerm[] = []
  for (const token of tokenize(query)) {
    const term = processTerm(token)
    if (!term || term.length < TYPO_MIN_LENGTH || /\d/.test(term) || src.hasTerm(term)) continue
    const near = src
      .termsWithPrefix(term.slice(0, KEEP_PREFIX), 200)
      .filter(
        (t) =>
          t !== term &&
          t.length >= TYPO_MIN_LENGTH &&
          (withinOneEdit(t, term) ||
            (t.length < term.length && t.length >= term.length - 3 && withinOneEdit(t, term.slice(0, t.length)))),
      )
    for (const t of near
      .sort((a, b) => Math.abs(a.length - term.length) - Math.abs(b.length - term.length))
      .slice(0, MAX_SPELLINGS)) {
      out.push({ term: t, weight: TYPO_WEIGHT, key: term })
    }
  }
  return out
}
