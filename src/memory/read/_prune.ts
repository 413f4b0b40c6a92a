import { STRIDE } from "./_postings"
import { Ints, scoredLists } from "./_scored"
import type { TermSource } from "./score"

/**
 * Helpers of read/score.ts's pruned first batch: the documents the rarer terms reach (marked in a byte per
 * short id, shared by every query and cleared after each), and the best score a document only the common
 * terms reach can have.
 */
interface Lists {
  key: string
  weight: number
  lists: Uint32Array[]
  longer: Array<{ weight: number; lists: Uint32Array[] }>
}

/** The bound is raised by this share: the same sums added in another order may differ in their last bits. */
const SLACK = 1e-9

/** A list's best posting, from its kept scores (kept for short lists too: a bound is asked for at every query). */
const best = (src: TermSource, lists: Uint32Array[], weight: number) => scoredLists(src, lists, weight)?.max ?? 0

/**
 * The highest final score of a document only `common` reach: the sum of each list's best posting (a prefixed
 * term's lists add into its score), times the number of distinct keys (the final score multiplies by them).
 */
export function commonBound(src: TermSource, common: Lists[]): number {
  let sum = 0
  const keys = new Set<string>()
  for (const t of common) {
    keys.add(t.key)
    sum += best(src, t.lists, t.weight)
    for (const l of t.longer) sum += best(src, l.lists, l.weight)
  }
  return sum * keys.size * (1 + SLACK)
}

let marks = new Uint8Array(0)
const marked = new Ints()

/** Marks every live document the terms' lists hold; returns the marks and how many there are. */
export function markDocs(src: TermSource, terms: Lists[]): { marks: Uint8Array; count: number } {
  if (marks.length < src.nextShort + 1) marks = new Uint8Array(Math.max(src.nextShort + 1, marks.length * 1.5))
  const bits = src.bits
  for (const t of terms)
    for (const lists of [t.lists, ...t.longer.map((l) => l.lists)])
      for (const list of lists)
        for (let p = 0; p < list.length; p += STRIDE) {
          const doc = list[p] as number
          if (marks[doc] || !(((bits[doc >>> 3] as number) >> (doc & 7)) & 1)) continue
          marks[doc] = 1
          marked.push(doc)
        }
  return { marks, count: marked.n }
}

export function unmark(): void {
  for (let i = 0; i < marked.n; i++) marks[marked.a[i] as number] = 0
  marked.n = 0
}
