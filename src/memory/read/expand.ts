import { phraseWords } from "./terms"
import type { Group } from "./vocabulary"
import { compiledGroups } from "./vocabulary-compiled"

interface Compiled {
  groups: readonly Group[]
  /** A phrase's first term → the groups holding such a phrase, ascending: a query looks up its own terms only. */
  byFirst: Map<string, number[]>
}

let compiledVocabulary: Compiled | undefined

function compiled(): Compiled {
  if (compiledVocabulary) return compiledVocabulary
  // stemmed at build time (scripts/vocabulary.ts; a test fails when it is stale): stemming ~2,800 members
  // here cost a new process's first expansion ~80 ms
  const groups = compiledGroups()
  const byFirst = new Map<string, number[]>()
  groups.forEach((g, i) => {
    for (const [first] of g.phrases) {
      const list = byFirst.get(first as string)
      if (!list) byFirst.set(first as string, [i])
      else if (list.at(-1) !== i) list.push(i)
    }
  })
  compiledVocabulary = { groups, byFirst }
  return compiledVocabulary
}

export interface WeightedTerm {
  term: string
  weight: number
  /** The query term this one stands in for: matches of either count once. */
  key: string
  /** A member of several words: its postings are the documents holding all of them (read/_together.ts). */
  words?: readonly string[]
}

const EXPANSION_WEIGHT = 0.5

/** The expansion terms of a query (its own terms excluded), each keyed to the query term it came from. */
export function expandQuery(query: string): WeightedTerm[] {
  const words = phraseWords(query)
  const asked = words.map((w) => w.word)
  const own = new Set(words.flatMap((w) => (w.term ? [w.term] : [])))
  const { groups, byFirst } = compiled()
  // only groups with a phrase starting at an asked word can match; in vocabulary order, as a scan would meet them
  const candidates = new Set<number>()
  for (const w of new Set(asked)) for (const i of byFirst.get(w) ?? []) candidates.add(i)
  const out = new Map<string, WeightedTerm>()
  for (const i of [...candidates].sort((a, b) => a - b)) {
    const g = groups[i] as Group
    let key: string | undefined
    for (const phrase of g.phrases) {
      for (let at = 0; at + phrase.length <= asked.length && !key; at++) {
        // keyed to the phrase's first word that is a query term ("in" of "log in" is not one)
        if (phrase.every((t, k) => asked[at + k] === t))
          key = words.slice(at, at + phrase.length).find((w) => w.term)?.term ?? undefined
      }
      if (key) break
    }
    if (!key) continue
    for (const term of g.terms)
      if (!own.has(term) && !out.has(term)) out.set(term, { term, weight: EXPANSION_WEIGHT, key })
    for (const words of g.together) {
      const term = words.join(" ")
      // the asked words themselves are scored already
      if (!words.every((w) => own.has(w)) && !out.has(term))
        out.set(term, { term, weight: EXPANSION_WEIGHT, key, words })
    }
  }
  return [...out.values()]
}
