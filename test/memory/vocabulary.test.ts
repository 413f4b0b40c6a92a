import { describe, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { renderCompiled } from "../../scripts/vocabulary"
import { foldText } from "../../src/core/screen"
import { expandQuery, type WeightedTerm } from "../../src/memory/read/expand"
import { phraseWords, processTerm, TERM_RULES, tokenize } from "../../src/memory/read/terms"
import { COMPILED_UNDER, compiledGroups } from "../../src/memory/read/vocabulary-compiled"
import { compileGroup, LOOKED_FOR_ONLY, VOCABULARY } from "../../src/memory/read/vocabulary"
import { agent, bench } from "./_setup"

const termsOf = (text: string) =>
  tokenize(foldText(text))
    .map(processTerm)
    .filter((t): t is string => !!t)
const bare = (m: string) => (m.startsWith(LOOKED_FOR_ONLY) ? m.slice(LOOKED_FOR_ONLY.length) : m)
const terms = (q: string) => expandQuery(q).map((t) => t.term)

/** The first 46 groups were written before the rules below and are kept as they were. */
const FIRST_RULED = 46
const ruled = VOCABULARY.slice(FIRST_RULED)

/** Words that name no concept on their own: asking with one must bring nothing. */
const HUBS =
  "issue data system service fix change problem error bug code app user file update run new time work thing use make " +
  "test value type name list item request response table query account local live order project state status setting " +
  "config option default job task team customer client server process function method class object string number " +
  "field form version key message profile access content author product"

const ALL = VOCABULARY.map(compileGroup)

/** expandQuery as it was before the term map: every group scanned, in order. */
function scanned(query: string): WeightedTerm[] {
  const words = phraseWords(query)
  const asked = words.map((w) => w.word)
  const own = new Set(words.flatMap((w) => (w.term ? [w.term] : [])))
  const out = new Map<string, WeightedTerm>()
  for (const g of ALL) {
    let key: string | undefined
    for (const phrase of g.phrases) {
      for (let i = 0; i + phrase.length <= asked.length && !key; i++)
        if (phrase.every((t, k) => asked[i + k] === t))
          key = words.slice(i, i + phrase.length).find((w) => w.term)?.term ?? undefined
      if (key) break
    }
    if (!key) continue
    for (const term of g.terms) if (!own.has(term) && !out.has(term)) out.set(term, { term, weight: 0.5, key })
    for (const words of g.together) {
      const term = words.join(" ")
      if (words.some((w) => !own.has(w)) && !out.has(term)) out.set(term, { term, weight: 0.5, key, words })
    }
  }
  return [...out.values()]
}

describe("the software vocabulary", () => {
  test("is broad: hundreds of groups", () => {
    expect(VOCABULARY.length).toBeGreaterThanOrEqual(250)
    expect(VOCABULARY.length).toBeLessThanOrEqual(400)
  })

  test("every member yields a term after tokenising, folding and stemming", () => {
    const empty = VOCABULARY.flatMap((line) => line.split("|").filter((m) => termsOf(bare(m)).length === 0))
    expect(empty).toEqual([])
    // control: a member made only of stop words would be caught
    expect(termsOf("how do we")).toEqual([])
  })

  test("no group duplicates another", () => {
    const keyOf = (line: string) =>
      [...new Set(line.split("|").map((m) => termsOf(bare(m)).join(" ")))].sort().join("|")
    const keys = VOCABULARY.map(keyOf)
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([])
    // control: the same concept written with other plurals is a duplicate
    expect(keyOf("deadlock|deadlocks|lock ordering")).toBe(keyOf("deadlocked|lock ordering"))
  })

  test("the rules for a group hold from the first ruled group on", () => {
    const problems: string[] = []
    for (const line of ruled) {
      const members = line.split("|")
      const g = compileGroup(line)
      if (g.terms.length === 0) problems.push(`${line}: nothing is looked for`)
      // a group whose members all stem alike brings nothing beyond the word asked
      if (new Set(members.map((m) => termsOf(bare(m)).join(" "))).size < 2) problems.push(`${line}: one member`)
      const seen = new Set<string>()
      for (const m of members) {
        const words = tokenize(bare(m)).length
        const compiled = `${words === 1 ? 1 : "n"}:${termsOf(bare(m)).join(" ")}`
        // stemming already joins it to another member: the member adds nothing
        if (seen.has(compiled)) problems.push(`${line}: "${m}" repeats another member`)
        seen.add(compiled)
        if (m.startsWith(LOOKED_FOR_ONLY) && words !== 1) problems.push(`${line}: "${m}" must be one word`)
        // a phrase that loses all but one word to the stop list would trigger on that word alone
        if (!m.startsWith(LOOKED_FOR_ONLY) && words > 1 && termsOf(m).length < 2)
          problems.push(`${line}: "${m}" triggers on one word`)
      }
    }
    expect(problems).toEqual([])
    expect(ruled[0]).toStartWith("replica|")
  })

  test("a hub word expands to nothing; an abbreviation beside it expands", () => {
    const expanding = HUBS.split(" ").filter((w) => expandQuery(w).length > 0)
    expect(expanding).toEqual([])
    expect(terms("dlq")).toContain(processTerm("deadletter") as string)
    expect(terms("lb")).toContain(processTerm("balancer") as string)
    expect(terms("2fa")).toContain("totp")
    expect(terms("p99")).toContain(processTerm("percentile") as string)
  })

  test("a looked-for-only member is looked for and never triggers its group", () => {
    // asking "lb" looks for "balancer"; asking about an account balance brings no load balancers
    expect(terms("the lb closes idle connections")).toContain(processTerm("balancer") as string)
    expect(terms("account balance")).not.toContain("alb")
    expect(terms("a11y audit")).toContain(processTerm("accessibility") as string)
    expect(terms("access denied")).not.toContain("wcag")
    expect(terms("access denied")).toContain("403")
  })

  test("symptoms bring their causes' words, keyed to the word asked", () => {
    const flaky = expandQuery("the checkout spec is flaky on ci")
    expect(flaky.find((t) => t.term === processTerm("intermittent"))?.key).toBe(processTerm("flaky") as string)
    expect(terms("times are an hour off since sunday")).toContain("dst")
    expect(terms("kafka consumers falling behind")).toContain("lag")
    expect(terms("the pod is in crashloopbackoff")).toContain(processTerm("crashloop") as string)
  })

  test("the term map gives what scanning every group gives", () => {
    const queries = [
      // each group's first and last member and its first phrase, alone and beside another group's words
      ...(VOCABULARY.flatMap((line) => {
        const members = line.split("|").map(bare)
        return [members[0], members.at(-1), members.find((m) => tokenize(m).length > 1)].filter((m) => !!m)
      }) as string[]),
      ...VOCABULARY.map(
        (line, i) => `${bare(line.split("|")[0] as string)} and ${VOCABULARY[(i * 7) % VOCABULARY.length]}`,
      ),
      "pg is refusing connections under load",
      "users cannot sign in after the k8s deploy",
      "the logo colour is teal",
    ]
    const differ = queries.filter((q) => JSON.stringify(expandQuery(q)) !== JSON.stringify(scanned(q)))
    expect(differ).toEqual([])
    expect(queries.length).toBeGreaterThan(1000)
  })
})

describe("recall with the vocabulary", () => {
  test("an abbreviation or a paraphrase finds the item written out; unrelated items and other projects stay out", () => {
    using b = bench()
    const p = b.project()
    const other = b.project()
    const ctx = { project: p, actor: agent }
    const write = (title: string, body: string, project = p) =>
      b.memory.write({ kind: "lesson", title, body }, { ...ctx, project }).id as string
    const dead = write("Dead-letter queue for failed webhooks", "Messages that fail five times go to a letter box.")
    const lb = write("Load balancer idle timeout raised", "The balancer cut websocket connections after 60 seconds.")
    const flaky = write("Checkout spec fails intermittently", "Sporadic failures came from a shared clock in tests.")
    const tail = write("95th percentile of search went up", "The slowest requests wait on the cold search index.")
    const twoFactor = write("TOTP codes for admin accounts", "Admins confirm with an authenticator app code.")
    for (let i = 0; i < 30; i++) write(`standup ${i}`, `talked about the roadmap and hiring ${i}`)
    const elsewhere = write("Dead-letter queue in the billing worker", "Failed invoices are parked there.", other)
    const top = (query: string, project = p) => b.memory.recall({ project, query, limit: 5 }).items.map((v) => v.id)

    expect(top("why do we have a dlq")[0]).toBe(dead)
    expect(top("which lb do we run")[0]).toBe(lb)
    expect(top("what makes the suite flaky")[0]).toBe(flaky)
    expect(top("why is p99 worse")[0]).toBe(tail)
    expect(top("is 2fa required")[0]).toBe(twoFactor)
    // controls for the above: the plain words need no vocabulary
    expect(top("dead letter queue")[0]).toBe(dead)

    // an item sharing no concept with the question is not pulled in
    const dlq = top("why do we have a dlq")
    for (const id of [lb, flaky, tail, twoFactor]) expect(dlq).not.toContain(id)
    const roadmap = top("what did we say about hiring on the roadmap")
    expect(roadmap.length).toBeGreaterThan(0)
    for (const id of [dead, lb, flaky, tail, twoFactor]) expect(roadmap).not.toContain(id)

    // never across projects: the other project's copy is found there, and only there
    expect(top("why do we have a dlq")).not.toContain(elsewhere)
    expect(top("why do we have a dlq", other)).toEqual([elsewhere])
  })
})

describe("the vocabulary stemmed at build time", () => {
  test("vocabulary-compiled.ts is what the groups compile to under today's term rules (else: npx bun run scripts/vocabulary.ts)", () => {
    expect(COMPILED_UNDER).toBe(TERM_RULES)
    expect(readFileSync(join(import.meta.dir, "../../src/memory/read/vocabulary-compiled.ts"), "utf8")).toBe(
      renderCompiled(),
    )
    expect(compiledGroups()).toEqual(VOCABULARY.map(compileGroup))
  })
})
