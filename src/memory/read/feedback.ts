import type { ItemView } from "../types"
import type { WeightedTerm } from "./expand"
import { processTerm, tokenize } from "./terms"

/**
 * How many of the first hits lend their words, how many words, and at what weight. Off: on the
 * tuning half it left Recall@5 unchanged (MRR +0.025) and made a warm recall about 4× slower
 * (opening three records and a second scoring pass); see scripts/bench/results/memory.md. Revisited beside
 * the learned companions (read/cooccur.ts): still no Recall@5 gain on A's tuning half or corpus C, one question
 * lost with both on, and +50% warm time at 10k — co-occurrence learns per word, feedback pays per question.
 */
export const FEEDBACK = { enabled: false, docs: 3, terms: 6, weight: 0.3, minDocs: 2 } as const

/**
 * Pseudo-relevance feedback from the project's own items: words that at least two of the best
 * first-pass hits share, and the question did not use, are looked for too at a low weight — all
 * counted as one extra query term, so feedback can reorder near ties but never outvote the question.
 */
export function feedbackTerms(top: ItemView[], asked: Set<string>): WeightedTerm[] {
  const docsWith = new Map<string, number>()
  for (const v of top.slice(0, FEEDBACK.docs)) {
    const terms = new Set(
      tokenize(`${v.title} ${v.body}`)
        .map(processTerm)
        .filter((t): t is string => !!t && t.length > 3 && !/\d/.test(t)),
    )
    for (const t of terms) if (!asked.has(t)) docsWith.set(t, (docsWith.get(t) ?? 0) + 1)
  }
  return [...docsWith]
    .filter(([, n]) => n >= FEEDBACK.minDocs)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, FEEDBACK.terms)
    .map(([term]) => ({ term, weight: FEEDBACK.weight, key: "\u0000feedback" }))
}
