#!/usr/bin/env bun
/**
 * Recall-quality benchmark: `bun run scripts/bench/memory-recall.ts [--json]`.
 * Six projects (two pairs whose paths share their last two segments, two sharing values with
 * others), a main and a feature branch each, every topic of memory-corpus.ts written through the
 * real write layer, with superseded, forgotten, expired and archived distractors, filler notes, and
 * feature-branch variants. Every paraphrased question is asked from each project's main checkout.
 * Reports Recall@5, MRR, nDCG@10, stale-hit and leak rates for egc recall and two BM25 baselines.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { TOPICS } from "./memory-corpus"

const root = mkdtempSync(join(tmpdir(), "egc-bench-recall-"))
process.env.EGC_HOME = join(root, "egc")
process.env.HOME = join(root, "home")
mkdirSync(process.env.HOME, { recursive: true })

const { Database } = await import("bun:sqlite")
const { setClock, DAY } = await import("../../src/core/clock")
const { resolveProject } = await import("../../src/core/project")
const { openMemory } = await import("../../src/memory")
const { makeGitRepo } = await import("../../test/fixture")
type Project = import("../../src/core/project").Project

let now = Date.UTC(2026, 0, 5)
setClock(() => now)
const db = new Database(join(root, "bench.db"), { create: true, strict: true })
db.exec("PRAGMA journal_mode = WAL")
db.exec(
  "CREATE TABLE IF NOT EXISTS egc_migrations (faculty TEXT NOT NULL, version INTEGER NOT NULL, applied_at INTEGER NOT NULL, PRIMARY KEY (faculty, version))",
)
const memory = openMemory({ db, consent: "agent", recallTokenCap: 2500, workingTtlHours: 24 })
const agent = { source: "agent" as const, sessionId: "bench" }
const person = { source: "cli" as const }

const PROJECTS = [
  { dir: "srv/a/shop/api", origin: undefined },
  { dir: "opt/b/shop/api", origin: undefined },
  { dir: "work/acme/storefront", origin: "git@github.com:acme/storefront.git" },
  { dir: "work/acme/storefront-admin", origin: "git@github.com:acme/storefront-admin.git" },
  { dir: "home/dev/payments", origin: "https://gitlab.example.com/globex/payments.git" },
  { dir: "home/dev/mobile", origin: "git@github.com:initech/mobile.git" },
]

interface Doc {
  id: string
  project: string
  text: string
  stale: boolean
  branchOnly: boolean
}
const docs: Doc[] = []
const relevant = new Map<string, string>()

function checkout(dir: string, origin: string | undefined, branch: string): Project {
  const path = join(root, "repos", dir)
  mkdirSync(path, { recursive: true })
  makeGitRepo(path, { branch: "main", origin })
  const main = resolveProject(path)
  if (branch === "main") return { ...main, defaultBranch: "main" }
  return { ...main, branch, scope: `branch:${branch}-bench`, defaultBranch: "main" }
}

function put(
  project: Project,
  input: Parameters<typeof memory.write>[0],
  flags: { stale?: boolean; branchOnly?: boolean } = {},
  actor = agent,
): string {
  const r = memory.write(input, { project, actor })
  // a stale distractor near a forgotten draft is refused by its tombstone (near-copy check): no distractor then
  if (flags.stale && r.outcome === "refused" && /forgotten/.test(r.reason ?? "")) return ""
  if (!r.id || (r.outcome !== "created" && r.outcome !== "pending"))
    throw new Error(`bench write failed: ${r.outcome} ${r.reason ?? ""}`)
  docs.push({
    id: r.id,
    project: project.id,
    text: `${input.title ?? ""} ${input.body}`,
    stale: !!flags.stale,
    branchOnly: !!flags.branchOnly,
  })
  return r.id
}

const FILLER = [
  "sprint retro",
  "standup notes",
  "design review",
  "incident drill",
  "roadmap sync",
  "hiring loop",
  "vendor call",
  "budget review",
]
const projects: Project[] = []
for (const [pi, spec] of PROJECTS.entries()) {
  const main = checkout(spec.dir, spec.origin, "main")
  const feature = checkout(spec.dir, spec.origin, "feature/rework")
  projects.push(main)
  for (const [ti, topic] of TOPICS.entries()) {
    const value = topic.values[pi % topic.values.length] as string
    const old = topic.values[(pi + 1) % topic.values.length] as string
    const item = (v: string) => ({
      kind: topic.kind,
      title: topic.title(v),
      body: topic.body(v),
      entities: topic.entities,
    })
    now += 60_000
    if (ti % 3 === 0) {
      const first = put(main, item(old), { stale: true })
      now += DAY
      relevant.set(`${pi}:${topic.id}`, put(main, { ...item(value), supersedes: first }))
      const doc = docs.find((d) => d.id === first)
      if (doc) doc.stale = true
    } else {
      relevant.set(`${pi}:${topic.id}`, put(main, item(value)))
    }
    if (ti % 7 === 1) {
      const f = put(
        main,
        { kind: "note", title: `Draft: ${topic.title(old)}`, body: `Unconfirmed draft: ${topic.body(old)}` },
        { stale: true },
      )
      memory.forget({ project: main, id: f }, person)
    }
    if (ti % 5 === 2)
      put(
        main,
        { kind: "working", key: `scratch-${topic.id}`, body: `Scratch: ${topic.body(old)}`, ttlMs: 3_600_000 },
        { stale: true },
      )
    if (ti % 4 === 3)
      put(
        feature,
        {
          ...item(topic.values[(pi + 2) % topic.values.length] as string),
          title: `Branch experiment: ${topic.title(old)}`,
          scope: "branch",
        },
        { branchOnly: true },
      )
    if (ti % 6 === 5)
      put(
        main,
        {
          kind: "lesson",
          title: `Old hunch about ${topic.entities[0]}`,
          body: `Maybe ${topic.body(old)}`,
          confidence: 0.22,
        },
        { stale: true },
      )
  }
  for (let i = 0; i < 60; i++) {
    const topic = TOPICS[(i * 7 + pi) % TOPICS.length] as (typeof TOPICS)[number]
    put(main, {
      kind: "note",
      title: `${FILLER[i % FILLER.length]} ${i}`,
      body: `Discussed ${topic.entities.join(", ")} briefly during the ${FILLER[i % FILLER.length]}; no decision recorded, follow up next week (${pi}-${i}).`,
    })
  }
}
now += 2 * 3_600_000 // working memory expires
now += 30 * DAY + 2 * 7 * DAY // weak lessons decay below the floor and are archived
const swept = memory.lessons.sweep()
for (const d of docs) if (swept.archived.includes(d.id)) d.stale = true

// ---- baselines: plain Okapi BM25 over lower-cased words, no stemming, no scope, no status
const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
function bm25(corpus: Doc[]) {
  const tf = corpus.map((d) => {
    const m = new Map<string, number>()
    for (const w of words(d.text)) m.set(w, (m.get(w) ?? 0) + 1)
    return { d, m, len: words(d.text).length }
  })
  const avg = tf.reduce((s, x) => s + x.len, 0) / Math.max(1, tf.length)
  const df = new Map<string, number>()
  for (const x of tf) for (const w of x.m.keys()) df.set(w, (df.get(w) ?? 0) + 1)
  return (query: string, k = 10) => {
    const q = [...new Set(words(query))]
    const scored = tf.map((x) => {
      let s = 0
      for (const w of q) {
        const f = x.m.get(w) ?? 0
        if (!f) continue
        const idf = Math.log(1 + (tf.length - (df.get(w) ?? 0) + 0.5) / ((df.get(w) ?? 0) + 0.5))
        s += idf * ((f * 2.2) / (f + 1.2 * (0.25 + 0.75 * (x.len / avg))))
      }
      return { id: x.d.id, s }
    })
    return scored
      .filter((x) => x.s > 0)
      .sort((a, b) => b.s - a.s)
      .slice(0, k)
      .map((x) => x.id)
  }
}
const bm25All = bm25(docs)
const bm25Project = new Map(projects.map((p) => [p.id, bm25(docs.filter((d) => d.project === p.id))]))

interface Score {
  queries: number
  r5: number
  mrr: number
  ndcg: number
  stale: number
  leak: number
  branchLeak: number
}
const blank = (): Score => ({ queries: 0, r5: 0, mrr: 0, ndcg: 0, stale: 0, leak: 0, branchLeak: 0 })
const byId = new Map(docs.map((d) => [d.id, d]))
function score(s: Score, ids: string[], want: string, project: string): void {
  s.queries++
  const rank = ids.indexOf(want)
  if (rank >= 0 && rank < 5) s.r5++
  if (rank >= 0) s.mrr += 1 / (rank + 1)
  if (rank >= 0 && rank < 10) s.ndcg += 1 / Math.log2(rank + 2)
  if (ids.slice(0, 5).some((id) => byId.get(id)?.stale)) s.stale++
  if (ids.some((id) => byId.get(id)?.project !== project)) s.leak++
  if (ids.some((id) => byId.get(id)?.branchOnly)) s.branchLeak++
}

const egc = blank()
const base = blank()
const baseScoped = blank()
const latencies: number[] = []
for (const [pi, project] of projects.entries()) {
  for (const topic of TOPICS) {
    const want = relevant.get(`${pi}:${topic.id}`) as string
    for (const query of topic.queries) {
      const t0 = performance.now()
      const r = memory.recall({ project, query, tokenCap: 50_000, limit: 10 })
      latencies.push(performance.now() - t0)
      score(
        egc,
        r.items.map((v) => v.id),
        want,
        project.id,
      )
      if (process.argv.includes("--misses") && !r.items.slice(0, 5).some((v) => v.id === want)) {
        process.stderr.write(
          `miss [${project.display}] ${query}\n  want: ${byId.get(want)?.text}\n  got:  ${r.items
            .slice(0, 2)
            .map((v) => v.title)
            .join(" | ")}\n`,
        )
      }
      score(base, bm25All(query), want, project.id)
      score(baseScoped, (bm25Project.get(project.id) as (q: string) => string[])(query), want, project.id)
    }
  }
}

const rate = (s: Score) => ({
  queries: s.queries,
  "Recall@5": +(s.r5 / s.queries).toFixed(3),
  MRR: +(s.mrr / s.queries).toFixed(3),
  "nDCG@10": +(s.ndcg / s.queries).toFixed(3),
  "stale-hit rate": +(s.stale / s.queries).toFixed(3),
  "leak rate": +(s.leak / s.queries).toFixed(3),
  "branch-leak rate": +(s.branchLeak / s.queries).toFixed(3),
})
latencies.sort((a, b) => a - b)
const result = {
  items: docs.length,
  projects: projects.length,
  "egc recall": rate(egc),
  "BM25, whole store (no scope, no status)": rate(base),
  "BM25, this project's rows (no status, no branch)": rate(baseScoped),
  "recall latency ms (p50/p95)": [
    +(latencies[Math.floor(latencies.length * 0.5)] ?? 0).toFixed(2),
    +(latencies[Math.floor(latencies.length * 0.95)] ?? 0).toFixed(2),
  ],
}
if (process.argv.includes("--json")) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
else {
  process.stdout.write(
    `corpus: ${result.items} items in ${result.projects} projects, ${egc.queries} labelled queries\n`,
  )
  const rows = [["system", "Recall@5", "MRR", "nDCG@10", "stale-hit", "leak", "branch-leak"]]
  for (const [name, s] of [
    ["egc recall", egc],
    ["BM25 whole store", base],
    ["BM25 project rows", baseScoped],
  ] as const) {
    const r = rate(s)
    rows.push([
      name,
      ...[r["Recall@5"], r.MRR, r["nDCG@10"], r["stale-hit rate"], r["leak rate"], r["branch-leak rate"]].map((x) =>
        x.toFixed(3),
      ),
    ])
  }
  for (const row of rows)
    process.stdout.write(`${row.map((c, i) => (i === 0 ? c.padEnd(20) : c.padStart(12))).join("")}\n`)
  process.stdout.write(
    `egc recall latency p50 ${result["recall latency ms (p50/p95)"][0]} ms, p95 ${result["recall latency ms (p50/p95)"][1]} ms\n`,
  )
}
db.close()
setClock(undefined)
rmSync(root, { recursive: true, force: true })
