import { describe, expect, test } from "bun:test"
import type { Project } from "../../src/core/project"
import type { Memory } from "../../src/memory"
import { COOCCUR, type CooccurSource, cooccurring } from "../../src/memory/read/cooccur"
import type { ItemView } from "../../src/memory/types"
import { agent, bench } from "./_setup"

const switches = COOCCUR as { enabled: boolean }

function withCooccur<T>(on: boolean, fn: () => T): T {
  const was = switches.enabled
  switches.enabled = on
  try {
    return fn()
  } finally {
    switches.enabled = was
  }
}

function write(memory: Memory, project: Project, title: string, body: string, into?: string[]): string {
  const r = memory.write({ kind: "decision", title, body }, { project, actor: agent })
  if (!r.id) throw new Error(`write refused: ${r.outcome} ${r.reason ?? ""}`)
  into?.push(r.id)
  return r.id
}

const FILLER = [
  "Logo colour is teal",
  "Standup moved to ten",
  "Release notes go in the changelog",
  "Fonts are self-hosted",
  "Linter runs before commit",
  "Dark mode follows the system",
  "Screenshots live in the docs folder",
  "Error pages use the brand illustration",
  "Support rota is weekly",
  "Timezone of record is UTC",
  "Icons come from one sprite sheet",
  "Sprint review on Thursdays",
  "The staging banner is orange",
  "Meeting notes are in the wiki",
  "Copy edits go through product",
  "Emails use the plain template",
  "The marketing site is static",
  "Holidays are in the shared calendar",
  "Interns pair for the first month",
  "Badges are printed at reception",
]

describe("co-occurrence expansion learned from the project's own items", () => {
  test("a paraphrase is found through a word the project uses beside the asked one; another project's pairs never count", () => {
    using b = bench()
    const written: string[] = []
    const mine = b.project()
    const other = b.project()
    // in this project, "tenant" keeps company with "shard"
    write(
      b.memory,
      mine,
      "Tenant placement",
      "Each tenant is pinned to one shard; the router reads the shard map.",
      written,
    )
    write(
      b.memory,
      mine,
      "Moving a tenant",
      "To move a tenant, copy its rows to the new shard, then flip the map.",
      written,
    )
    write(b.memory, mine, "Tenant quotas", "Quotas are per tenant and enforced on the shard that holds it.", written)
    const answer = write(b.memory, mine, "Shard map cache", "The router caches the shard map for thirty seconds.")
    // a look-alike of this project's words, in this project: "bucket" keeps company with "tenant" only elsewhere
    const unrelated = write(b.memory, mine, "Bucket lifecycle", "Old objects in the bucket expire after a year.")
    for (const [i, title] of FILLER.entries()) write(b.memory, mine, title, `Everyday note ${i} about the office.`)
    // in the other project, "tenant" keeps company with "bucket", and a shard look-alike exists
    write(b.memory, other, "Tenant buckets", "Each tenant gets its own bucket for uploads.")
    write(b.memory, other, "Tenant bucket policy", "A tenant bucket denies public reads.")
    write(b.memory, other, "Tenant export", "Exports for a tenant are written to its bucket nightly.")
    const lookAlike = write(b.memory, other, "Shard map refresh", "The router refreshes the shard map every minute.")
    for (const [i, title] of FILLER.entries()) write(b.memory, other, title, `Everyday note ${i} of the other team.`)

    const ask = (on: boolean) =>
      withCooccur(on, () => b.memory.recall({ project: mine, query: "where does a tenant live", limit: 10 }))
    const ids = (r: ReturnType<typeof ask>) => r.items.map((v) => v.id)
    const on = ask(true)
    // positive: the item that never says "tenant" is found through "shard"
    expect(ids(on)).toContain(answer)
    // control: without the learned companions the same store does not find it, so the expansion is what found it
    expect(ids(ask(false))).not.toContain(answer)
    // negative, same store: the other project's look-alike never appears, and its "tenant ~ bucket" pair lends
    // this project's bucket item nothing
    expect(ids(on)).not.toContain(lookAlike)
    expect(ids(on)).not.toContain(unrelated)
    // the other project learns its own pair: its bucket items answer there, this project's shard item never
    const there = withCooccur(true, () => b.memory.recall({ project: other, query: "where does a tenant live" }))
    expect(there.items.length).toBeGreaterThan(0)
    for (const id of [answer, unrelated, ...written]) expect(there.items.map((v) => v.id)).not.toContain(id)
  })
})

describe("co-occurrence learning is bounded", () => {
  const view = (i: number, words: string): ItemView => ({ id: `i${i}`, title: words, body: "" }) as ItemView
  const letter = (n: number) => String.fromCharCode(97 + (n % 26))
  const WORDS = Array.from({ length: 200 }, (_, k) => `wq${letter(k)}${letter(Math.floor(k / 26))}`).join(" ")

  /** An index of a hundred thousand items that counts what the learning reads of it. */
  function bigSource() {
    const reads = { topViews: 0, opened: 0, docFreq: 0 }
    const src: CooccurSource = {
      owner: {},
      count: 100_000,
      added: 100_000,
      docFreq(term) {
        reads.docFreq++
        return term === "lonely" ? 50 : term.startsWith("w") ? 3 : 40
      },
      topViews(word, limit) {
        reads.topViews++
        // every item the word reaches shares many words with it: the learning must cap what it counts
        const out = Array.from({ length: Math.min(limit, 5_000) }, (_, i) => view(i, `${word} ${WORDS}`))
        reads.opened += out.length
        return out
      },
    }
    return { src, reads }
  }

  test("each new word opens at most `docs` items, counts at most `candidates` words, and is learned once", () => {
    const { src, reads } = bigSource()
    const query = "lonely anchor"
    const first = withCooccur(true, () => cooccurring(src, query, new Set()))
    expect(first.length).toBeGreaterThan(0)
    expect(first.length).toBeLessThanOrEqual(COOCCUR.terms * 2)
    expect(first.every((t) => t.weight === COOCCUR.weight && (t.key === "lone" || t.key === "anchor"))).toBe(true)
    expect(reads.topViews).toBe(2)
    expect(reads.opened).toBeLessThanOrEqual(2 * COOCCUR.docs)
    // the asked word's own frequency, then at most `candidates` companions, per word
    expect(reads.docFreq).toBeLessThanOrEqual(2 * (1 + COOCCUR.candidates))
    // asked again: nothing is read, the same answer comes back
    const before = { ...reads }
    expect(withCooccur(true, () => cooccurring(src, query, new Set()))).toEqual(first)
    expect(reads).toEqual(before)
  })

  test("a word is learned again once enough items were indexed since, not before", () => {
    const { src, reads } = bigSource()
    const moving = { ...src, owner: {}, added: 100_000 }
    withCooccur(true, () => cooccurring(moving, "lonely", new Set()))
    expect(reads.topViews).toBe(1)
    moving.added += Math.floor(moving.count * COOCCUR.stale) - 1
    withCooccur(true, () => cooccurring(moving, "lonely", new Set()))
    expect(reads.topViews).toBe(1)
    moving.added += 2
    withCooccur(true, () => cooccurring(moving, "lonely", new Set()))
    expect(reads.topViews).toBe(2)
  })

  test("a word in too much of the index, a common word, and a switched-off learner read nothing", () => {
    const { src, reads } = bigSource()
    const common: CooccurSource = { ...src, owner: {}, docFreq: () => 90_000 }
    expect(withCooccur(true, () => cooccurring(common, "everywhere", new Set()))).toEqual([])
    expect(reads.topViews).toBe(0)
    expect(withCooccur(true, () => cooccurring(src, "would rather", new Set()))).toEqual([])
    expect(withCooccur(false, () => cooccurring(src, "lonely", new Set()))).toEqual([])
    expect(reads.topViews).toBe(0)
  })
})
