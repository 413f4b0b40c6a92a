import type MiniSearch from "minisearch"
import type { WeightedTerm } from "./expand"
import { processTerm, tokenize } from "./terms"
import { hasTerm } from "./score"

/** A word the project never used, five letters or longer, is looked for at one edit away ("idempotncy"). */
export const TYPO_MIN_LENGTH = 5
export const TYPO_WEIGHT = 0.6
const MAX_SPELLINGS = 3

/**
 * Near spellings of the query words the index does not hold, found through MiniSearch's public
 * fuzzy search (edit distance 1), each keyed to the word asked so it counts as that word.
 */
export function nearSpellings<T>(ms: MiniSearch<T>, query: string): WeightedTerm[] {
  const out: WeightedTerm[] = []
  for (const token of tokenize(query)) {
    const term = processTerm(token)
    if (!term || term.length < TYPO_MIN_LENGTH || /\d/.test(term) || hasTerm(ms, term)) continue
    const seen = new Map<string, number>()
    // a misspelling stems differently ("idempotncy" keeps its tail): the stored stem may be one edit
    // from a shorter prefix of it, so the term and its prefixes down to three letters less are tried
    for (let k = term.length; k >= Math.max(TYPO_MIN_LENGTH, term.length - 3) && !seen.size; k--) {
      const probe = term.slice(0, k)
      for (const r of ms.search(probe, { fuzzy: 1, prefix: false, combineWith: "OR", processTerm: (t) => t, tokenize: (t) => [t] }).slice(0, 50)) {
        for (const t of r.terms) if (t !== term && t.length >= TYPO_MIN_LENGTH) seen.set(t, (seen.get(t) ?? 0) + 1)
      }
    }
    // the spellings most documents use are the likeliest meaning
    for (const [t] of [...seen].sort((a, b) => b[1] - a[1]).slice(0, MAX_SPELLINGS)) out.push({ term: t, weight: TYPO_WEIGHT, key: term })
  }
  return out
}
