#!/usr/bin/env bun
/**
 * Held-out recall benchmark (issue 16): `npx bun run scripts/bench/memory-heldout.ts [--tuning-only] [--misses] [--json]`.
 * `--tuning-only` scores and prints only the groups that may be tuned on (corpus A's tuning half, and corpus C
 * when present): use it while iterating, and run without it once, for the final figures.
 * Corpus A: four projects from recall-heldout/ (one author; its questions written before its items),
 * scored on a tuning half and a held-out half. Corpus B: five more projects from recall-heldout-b/,
 * situations and items by one author, questions by another who saw only the situation lines; all of
 * it held out. Corpus C (five projects, two more authors, same protocol) is tuned on whole; corpus D (five
 * more projects, two more authors, same protocol, written after every change to the ranker it measures)
 * is held out whole. All are written through the real write layer into one store (supersessions,
 * look-alikes across all nineteen projects) plus 120 noise notes per project from its own words.
 * Systems in the same run: egc recall of this tree; the previous egc ranker (src of commit
 * PREVIOUS, extracted to a temp dir and loaded over its own database); Okapi BM25 with Porter2
 * stemming over the project's live items.
 */
import { execSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { ITEMS } from "./recall-heldout/items"
import { SITUATIONS, split } from "./recall-heldout/situations"
import { ITEMS_B } from "./recall-heldout-b/items"
import { QUESTIONS_B } from "./recall-heldout-b/questions"
import { SITUATIONS_B } from "./recall-heldout-b/situations"
import { ITEMS_C } from "./recall-heldout-c/items"
import { QUESTIONS_C } from "./recall-heldout-c/questions"
import { SITUATIONS_C } from "./recall-heldout-c/situations"
import { ITEMS_D } from "./recall-heldout-d/items"
import { QUESTIONS_D } from "./recall-heldout-d/questions"
import { SITUATIONS_D } from "./recall-heldout-d/situations"

const PREVIOUS = "30a61ff"
const known = new Set(["--misses", "--json", "--tuning-only"])
for (const a of process.argv.slice(2)) if (!known.has(a)) throw new Error(`unknown flag ${a}`)
/** Only the groups that may be tuned on are scored and printed. */
const tuningOnly = process.argv.includes("--tuning-only")
const repo = resolve(import.meta.dir, "../..")
const root = mkdtempSync(join(tmpdir(), "egc-bench-heldout-"))
process.env.EGC_HOME = join(root, "egc")
process.env.HOME = join(root, "home")
mkdirSync(process.env.HOME, { recursive: true })
const old = join(root, "previous")
mkdirSync(old)
execSync(`git -C ${repo} archive ${PREVIOUS} src | tar -x -C ${old}`)
symlinkSync(join(repo, "node_modules"), join(old, "node_modules"))

const { Database } = await import("bun:sqlite")
const { resolveProject } = await import("../../src/core/project")
const { makeGitRepo } = await import("../../test/fixture")
const { porter2 } = await import("../../src/memory/read/porter2")
type Project = import("../../src/core/project").Project
type Mem = import("../../src/memory").Memory

const clocks = [await import("../../src/core/clock"), await import(join(old, "src/core/clock.ts"))]
let now = Date.UTC(2026, 2, 1)
for (const c of clocks) c.setClock(() => now)

function openAt(name: string, openMemory: (o: object) => Mem): Mem {
  const db = new Database(join(root, `${name}.db`), { create: true, strict: true })
  db.exec("PRAGMA journal_mode = WAL")
  db.exec(
    "CREATE TABLE IF NOT EXISTS egc_migrations (faculty TEXT NOT NULL, version INTEGER NOT NULL, applied_at INTEGER NOT NULL, PRIMARY KEY (faculty, version))",
  )
  return openMemory({ db, consent: "agent", recallTokenCap: 2500, workingTtlHours: 24 })
}
const current = openAt("current", (await import("../../src/memory")).openMemory)
const previous = openAt("previous", (await import(join(old, "src/memory/index.ts"))).openMemory)
const agent = { source: "agent" as const, sessionId: "bench" }

/**
 * Corpus A's halves; corpus B: other authors, never tuned on (the whole of it is held out); corpus C: other
 * authors again, arrived after B and given to tuning whole ("C (tuning)"); corpus D: two more authors, the
 * round after C, wholly held out.
 */
type Half = "tune" | "held" | "other" | "c" | "d"
const CASES: Array<{ id: string; project: string; questions: readonly string[]; half: Half }> = [
  ...SITUATIONS.map((s) => ({ ...s, half: split(s.id) as Half })),
  ...SITUATIONS_B.map((s) => ({ ...s, questions: QUESTIONS_B[s.id] ?? [], half: "other" as Half })),
  ...SITUATIONS_C.map((s) => ({ ...s, questions: QUESTIONS_C[s.id] ?? [], half: "c" as Half })),
  ...SITUATIONS_D.map((s) => ({ ...s, questions: QUESTIONS_D[s.id] ?? [], half: "d" as Half })),
]
type AnyItem = (typeof ITEMS)[number] | (typeof ITEMS_B)[number] | (typeof ITEMS_C)[number] | (typeof ITEMS_D)[number]
const ALL_ITEMS: AnyItem[] = [...ITEMS, ...ITEMS_B, ...ITEMS_C]
const NAMES = [
  "ledger",
  "atlas",
  "harbor",
  "quill",
  "dispatch",
  "clinic",
  "forge",
  "lumen",
  "verso",
  "harborpay",
  "grainline",
  "ironkeep",
  "vetdesk",
  "hearthfw",
] as const
const NAMES_D = ["vitals", "kiln", "convoy", "petal", "ticker"] as const
const projects = new Map<string, Project>()
for (const name of [...NAMES, ...NAMES_D]) {
  const path = join(root, "repos", name)
  mkdirSync(path, { recursive: true })
  makeGitRepo(path, { branch: "main", origin: `git@github.com:acme/${name}.git` })
  projects.set(name, resolveProject(path))
}

interface Doc {
  key: string
  project: string
  text: string
  answers?: string
  stale: boolean
}
const docs: Doc[] = []
/** Per memory: doc key → stored id, and back. */
const ids = [new Map<string, string>(), new Map<string, string>()]
const keyOf = [new Map<string, string>(), new Map<string, string>()]

function put(doc: Doc, input: Parameters<Mem["write"]>[0]) {
  docs.push(doc)
  for (const [i, mem] of [current, previous].entries()) {
    const sup =
      doc.answers && !doc.stale
        ? docs.find((d) => d.answers === doc.answers && d.stale && d.project === doc.project)
        : undefined
    const r = mem.write(
      { ...input, ...(sup ? { supersedes: ids[i]?.get(sup.key) } : {}) },
      { project: projects.get(doc.project) as Project, actor: agent },
    )
    if (!r.id || r.outcome !== "created")
      throw new Error(`bench write failed: ${r.outcome} ${r.reason ?? ""} ${doc.text}`)
    ids[i]?.set(doc.key, r.id)
    keyOf[i]?.set(r.id, doc.key)
  }
}

// a small deterministic PRNG: the same noise every run
let seed = 7
const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32
const pickOne = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T
const MEETINGS = [
  "standup",
  "retro",
  "planning",
  "design review",
  "incident review",
  "1:1",
  "architecture sync",
  "support handover",
]
const VERBS = ["discussed", "looked at", "reviewed", "mentioned", "revisited", "parked"]

function writeItems(items: readonly AnyItem[], prefix: string) {
  for (const [n, item] of items.entries()) {
    now += 3_600_000
    const doc: Doc = {
      key: `${prefix}${n}`,
      project: item.project,
      text: `${item.title} ${item.body}`,
      answers: item.answers,
      stale: !!item.old,
    }
    put(doc, { kind: item.kind, title: item.title, body: item.body, entities: item.entities ?? [] })
  }
}
const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 3)
function writeNoise(names: readonly string[], items: readonly AnyItem[]) {
  for (const name of names) {
    const vocab = [...new Set(items.filter((i) => i.project === name).flatMap((i) => wordsOf(i.title)))]
    for (let k = 0; k < 120; k++) {
      now += 600_000
      const a = pickOne(vocab)
      const b = pickOne(vocab)
      const c = pickOne(vocab)
      const title = `${pickOne(MEETINGS)} notes ${k}: ${a} and ${b}`
      const body = `We ${pickOne(VERBS)} ${a}, ${b} and ${c} in the ${pickOne(MEETINGS)}; no decision yet, owner to follow up (${name}-${k}).`
      put(
        { key: `n-${name}-${k}`, project: name, text: `${title} ${body}`, stale: false },
        { kind: "note", title, body },
      )
    }
  }
}
const start = now
writeItems(ALL_ITEMS, "i")
writeNoise(NAMES, ALL_ITEMS)
// corpus D over the same span of time, then the clock where A-C alone left it: their figures do not move
const end = now
now = start
writeItems(ITEMS_D, "d")
writeNoise(NAMES_D, ITEMS_D)
now = end

// ---- BM25 with Porter2 stemming over one project's live items
const STOP = new Set(
  "a an the and or of to in on for with by at is are was were be been it its this that we our us you i do did not no from as how what why who".split(
    " ",
  ),
)
const terms = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !STOP.has(w))
    .map(porter2)
function bm25(corpus: Doc[]) {
  const tf = corpus.map((d) => {
    const t = terms(d.text)
    const m = new Map<string, number>()
    for (const w of t) m.set(w, (m.get(w) ?? 0) + 1)
    return { d, m, len: t.length }
  })
  const avg = tf.reduce((s, x) => s + x.len, 0) / Math.max(1, tf.length)
  const df = new Map<string, number>()
  for (const x of tf) for (const w of x.m.keys()) df.set(w, (df.get(w) ?? 0) + 1)
  return (query: string) => {
    const q = [...new Set(terms(query))]
    return tf
      .map((x) => {
        let s = 0
        for (const w of q) {
          const f = x.m.get(w) ?? 0
          if (!f) continue
          const idf = Math.log(1 + (tf.length - (df.get(w) ?? 0) + 0.5) / ((df.get(w) ?? 0) + 0.5))
          s += idf * ((f * 2.2) / (f + 1.2 * (0.25 + 0.75 * (x.len / avg))))
        }
        return { key: x.d.key, s }
      })
      .filter((x) => x.s > 0)
      .sort((a, b) => b.s - a.s)
      .slice(0, 10)
      .map((x) => x.key)
  }
}
const bm25By = new Map(
  [...NAMES, ...NAMES_D].map((n) => [n as string, bm25(docs.filter((d) => d.project === n && !d.stale))]),
)

interface Score {
  queries: number
  r5: number
  mrr: number
  ndcg: number
  stale: number
  leak: number
}
const blank = (): Score => ({ queries: 0, r5: 0, mrr: 0, ndcg: 0, stale: 0, leak: 0 })
const byKey = new Map(docs.map((d) => [d.key, d]))
function score(s: Score, keys: string[], situation: string, project: string) {
  s.queries++
  const rank = keys.findIndex((k) => byKey.get(k)?.answers === situation && !byKey.get(k)?.stale)
  if (rank >= 0 && rank < 5) s.r5++
  if (rank >= 0) s.mrr += 1 / (rank + 1)
  if (rank >= 0 && rank < 10) s.ndcg += 1 / Math.log2(rank + 2)
  if (keys.slice(0, 5).some((k) => byKey.get(k)?.stale)) s.stale++
  if (keys.some((k) => byKey.get(k)?.project !== project)) s.leak++
}

const SYSTEMS = [
  "egc recall (this tree)",
  `previous egc ranker (${PREVIOUS})`,
  "BM25 + Porter2, project's live items",
] as const
const scores = {
  tune: SYSTEMS.map(blank),
  c: SYSTEMS.map(blank),
  held: SYSTEMS.map(blank),
  other: SYSTEMS.map(blank),
  d: SYSTEMS.map(blank),
}
const took: number[][] = [[], []]
const recallKeys = (i: number, mem: Mem, project: Project, query: string) => {
  const t0 = performance.now()
  const items = mem.recall({ project, query, tokenCap: 50_000, limit: 10 }).items
  took[i]?.push(performance.now() - t0)
  return items.map((v) => keyOf[i]?.get(v.id) ?? `?${v.id}`)
}
// warm both indexes first, so the timings below compare warm recalls
for (const p of projects.values())
  for (const [i, mem] of [current, previous].entries()) recallKeys(i, mem, p, "warm up")
took[0] = []
took[1] = []
const misses = process.argv.includes("--misses")
for (const s of CASES) {
  if (tuningOnly && s.half !== "tune" && s.half !== "c") continue
  const project = projects.get(s.project) as Project
  const half = s.half
  for (const query of s.questions) {
    const got = [
      recallKeys(0, current, project, query),
      recallKeys(1, previous, project, query),
      (bm25By.get(s.project) as (q: string) => string[])(query),
    ]
    got.forEach((keys, i) => {
      score(scores[half][i] as Score, keys, s.id, s.project)
    })
    // only the tuning groups are ever looked at while working on the ranker
    if (
      misses &&
      (half === "tune" || half === "c") &&
      !got[0]?.slice(0, 5).some((k) => byKey.get(k)?.answers === s.id && !byKey.get(k)?.stale)
    ) {
      process.stderr.write(
        `miss [${half}] ${s.id}: ${query}\n  got: ${got[0]
          ?.slice(0, 3)
          .map((k) => byKey.get(k)?.text.slice(0, 60))
          .join(" | ")}\n`,
      )
    }
  }
}

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)] ?? 0
const latency = took.map((xs) => `p50 ${pct(xs, 0.5).toFixed(2)} ms, p95 ${pct(xs, 0.95).toFixed(2)} ms`)
const rate = (s: Score) => ({
  queries: s.queries,
  "Recall@5": s.r5 / s.queries,
  MRR: s.mrr / s.queries,
  "nDCG@10": s.ndcg / s.queries,
  "stale hits": s.stale,
  leaks: s.leak,
})
const result = {
  items: docs.length,
  situations: {
    tune: CASES.filter((s) => s.half === "tune").length,
    held: CASES.filter((s) => s.half === "held").length,
    other: CASES.filter((s) => s.half === "other").length,
    c: CASES.filter((s) => s.half === "c").length,
    d: CASES.filter((s) => s.half === "d").length,
  },
  tune: Object.fromEntries(SYSTEMS.map((n, i) => [n, rate(scores.tune[i] as Score)])),
  c: Object.fromEntries(SYSTEMS.map((n, i) => [n, rate(scores.c[i] as Score)])),
  ...(tuningOnly
    ? {}
    : {
        held: Object.fromEntries(SYSTEMS.map((n, i) => [n, rate(scores.held[i] as Score)])),
        other: Object.fromEntries(SYSTEMS.map((n, i) => [n, rate(scores.other[i] as Score)])),
        d: Object.fromEntries(SYSTEMS.map((n, i) => [n, rate(scores.d[i] as Score)])),
      }),
  "warm recall latency (this tree / previous)": latency,
}
if (process.argv.includes("--json")) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
else {
  process.stdout.write(
    `corpus: ${result.items} items in ${NAMES.length + NAMES_D.length} projects; situations: A tuning ${result.situations.tune}, A held-out ${result.situations.held}, B ${result.situations.other}, C ${result.situations.c}, D ${result.situations.d} (2 questions each)\n`,
  )
  const TITLES = {
    tune: "corpus A, tuning half",
    c: "C (tuning)",
    held: "corpus A, HELD-OUT half",
    other: "corpus B (other authors), HELD OUT",
    d: "corpus D (two more authors, this round), HELD OUT",
  }
  for (const half of tuningOnly ? (["tune", "c"] as const) : (["tune", "c", "held", "other", "d"] as const)) {
    process.stdout.write(
      `\n${TITLES[half]}\n| system | queries | Recall@5 | MRR | nDCG@10 | stale hits | leaks |\n| --- | --- | --- | --- | --- | --- | --- |\n`,
    )
    for (const [name, r] of Object.entries(result[half] ?? {})) {
      process.stdout.write(
        `| ${name} | ${r.queries} | ${r["Recall@5"].toFixed(3)} | ${r.MRR.toFixed(3)} | ${r["nDCG@10"].toFixed(3)} | ${r["stale hits"]} | ${r.leaks} |\n`,
      )
    }
  }
  process.stdout.write(
    `\nwarm recall latency, same process and queries: this tree ${latency[0]}; previous ${latency[1]}\n`,
  )
}
for (const c of clocks) c.setClock(undefined)
rmSync(root, { recursive: true, force: true })
