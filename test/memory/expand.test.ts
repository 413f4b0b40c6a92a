import { describe, expect, test } from "bun:test"
import { expandQuery } from "../../src/memory/read/expand"
import { porter2 } from "../../src/memory/read/porter2"
import { agent, bench } from "./_setup"

describe("Porter2 stemming", () => {
  test("the published examples and the words people ask with", () => {
    const cases: Record<string, string> = {
      consign: "consign",
      consigned: "consign",
      consignment: "consign",
      consistency: "consist",
      generously: "generous",
      generation: "generat",
      knightly: "knight",
      hopping: "hop",
      hoped: "hope",
      caresses: "caress",
      ponies: "poni",
      ties: "tie",
      skies: "sky",
      dying: "die",
      migrations: "migrat",
      migrating: "migrat",
      batching: "batch",
      batches: "batch",
      retries: "retri",
    }
    for (const [word, stem] of Object.entries(cases)) expect([word, porter2(word)]).toEqual([word, stem])
    // other scripts and identifiers are left alone
    expect(porter2("migrações")).toBe("migrações")
    expect(porter2("k8s")).toBe("k8s")
  })
})

describe("software vocabulary expansion", () => {
  test("an abbreviation or a paraphrase brings its concept's words, keyed to the word asked", () => {
    const pg = expandQuery("pg is refusing connections")
    expect(pg.map((t) => t.term)).toContain(porter2("postgres"))
    expect(pg.find((t) => t.term === porter2("postgres"))?.key).toBe("pg")
    expect(expandQuery("a customer was charged twice").map((t) => t.term)).toContain(porter2("idempotency"))
    expect(expandQuery("people keep getting logged out").map((t) => t.term)).toContain(porter2("session"))
    // a phrase's loose words are never looked for on their own
    expect(expandQuery("users cannot sign in").map((t) => t.term)).not.toContain("sign")
    expect(expandQuery("the logo colour is teal")).toEqual([])
  })

  test("recall finds the item written in other words; the look-alike and the unrelated stay below", () => {
    using b = bench()
    const p = b.project()
    const ctx = { project: p, actor: agent }
    const pool = b.memory.write(
      {
        kind: "decision",
        title: "PgBouncer in front of Postgres",
        body: "At month end the primary ran out of connections; a pooler now sits in front of the database.",
      },
      ctx,
    )
    const twice = b.memory.write(
      {
        kind: "lesson",
        title: "Idempotency keys on every charge",
        body: "A retried provider call billed 41 customers a second time.",
      },
      ctx,
    )
    b.memory.write(
      {
        kind: "decision",
        title: "Connection pool for the Redis cache",
        body: "The cache client keeps 10 connections per instance.",
      },
      ctx,
    )
    for (let i = 0; i < 30; i++)
      b.memory.write({ kind: "note", title: `standup ${i}`, body: `talked about the roadmap and hiring ${i}` }, ctx)
    const top = (query: string) => b.memory.recall({ project: p, query, limit: 5 }).items.map((v) => v.id)
    expect(top("pg is refusing connections under load")[0]).toBe(pool.id as string)
    expect(top("a customer says they were charged twice")[0]).toBe(twice.id as string)
    // positive control for the negative: the roadmap question gets the notes, not the two decisions
    const roadmap = top("what did we say about hiring on the roadmap")
    expect(roadmap.length).toBeGreaterThan(0)
    expect(roadmap).not.toContain(pool.id as string)
    expect(roadmap).not.toContain(twice.id as string)
  })
})

describe("typo tolerance", () => {
  test("a misspelt word the project never used finds the item one edit away; a correct word is not fuzzed", () => {
    using b = bench()
    const p = b.project()
    const ctx = { project: p, actor: agent }
    const keys = b.memory.write(
      { kind: "lesson", title: "Idempotency keys on every charge", body: "Retries reuse the key." },
      ctx,
    )
    const other = b.memory.write(
      { kind: "decision", title: "Invoices in integer cents", body: "Floats rounded badly." },
      ctx,
    )
    const top = (query: string) => b.memory.recall({ project: p, query, limit: 5 }).items.map((v) => v.id)
    expect(top("idempotncy")).toContain(keys.id as string)
    expect(top("idempotncy")).not.toContain(other.id as string)
    // control: a word far from every stored word finds nothing
    expect(top("xylophone")).toEqual([])
  })
})

describe("phrases keep their stop words", () => {
  const stands = (q: string) => expandQuery(q).map((t) => t.term)
  test("'log in', 'sign in', 'how long' and 'on/off' trigger as phrases, never on their one content word", () => {
    // positive controls: the phrase as people type it
    expect(stands("users cannot log in after the deploy")).toContain(porter2("session"))
    expect(stands("users cannot sign in after the deploy")).toContain(porter2("session"))
    expect(stands("how long do we keep backups")).toContain(porter2("retention"))
    expect(stands("the checkout feature flag is stuck on/off")).toContain(porter2("toggle"))
    // the lone word beside them is another subject
    expect(stands("where do the payment service logs go")).not.toContain(porter2("session"))
    expect(stands("who signs the release artifacts")).not.toContain(porter2("session"))
    expect(stands("the long running export job")).not.toContain(porter2("retention"))
    expect(stands("turn off verbose output")).not.toContain(porter2("toggle"))
  })

  test("a phrase's stand-ins count as its content word, not as a stop word", () => {
    const logIn = expandQuery("cannot log in")
    expect(logIn.length).toBeGreaterThan(0)
    for (const t of logIn) expect(t.key).toBe("log")
  })
})
