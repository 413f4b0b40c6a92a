#!/usr/bin/env bun
/**
 * Where a warm recall's time goes: `bun run scripts/bench/memory-warm-profile.ts <db> <repo> [rounds] [--loop]`
 * on a store kept by `memory-latency.ts --keep`. Per query of the latency benchmark: the terms scored
 * (asked, prefixed, stand-ins), the postings read, the documents reached, and the median time of the
 * whole recall (CPU time), of the whole ranking, of the first batch (pruned or not), and of the hits a recall consumes.
 * `--tail`: the warm loop's wall-clock p50/p95 as run and with a full collection before each recall (`seen`:
 * without the first round, where each question is seen for the first time in the process).
 * `--first N`: the first sight of question N in a process where the others were asked five times each: the
 * time to open its postings, rank it, read its first 300 hits' metadata, and the rest of the recall.
 * `--unseen`: what a warm process pays for a question it has not been asked (every prompt's case): the ~180
 * UNSEEN_QUESTIONS of memory-corpus.ts, each asked once after the process's first recall, then each again;
 * wall-clock p50/p95 of both rounds, and the peak RSS.
 * `--verify`: each query's first batch (pruned when proven) against the whole ranking's best, scores and ties.
 * `--alloc`: per query, what a warm recall leaves allocated after a full collection before it (the allocator's
 * bytes, mean of the rounds): roughly what it allocated, unless the collector ran inside it.
 */
import { memoryUsage } from "bun:jsc"
import { Database } from "bun:sqlite"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { projectIndex } from "../../src/memory/read/cache"
import { expandQuery } from "../../src/memory/read/expand"
import { batches, rank, rankAll } from "../../src/memory/read/score"
import { processTerm, tokenize } from "../../src/memory/read/terms"
import { LATENCY_QUERIES as QUERIES, UNSEEN_QUESTIONS } from "./memory-corpus"
import { existsSync } from "node:fs"
import { dirname, join, resolve } from "node:path"

const FLAGS = new Set(["--loop", "--tail", "--alloc", "--verify", "--unseen"])
const words = process.argv.slice(2)
const positional: string[] = []
for (let i = 0; i < words.length; i++) {
  const w = words[i] as string
  if (w === "--first") {
    if (!Number.isInteger(Number(words[++i]))) throw new Error("--first needs a question number")
  } else if (w.startsWith("-") && !FLAGS.has(w)) throw new Error(`unknown flag ${w}`)
  else if (!w.startsWith("-")) positional.push(w)
}
const [dbPath, repo, roundsArg, extra] = positional
if (!dbPath || !repo || extra !== undefined || (roundsArg !== undefined && !(Number(roundsArg) > 0)))
  throw new Error(
    "usage: memory-warm-profile.ts <db> <repo> [rounds] [--loop|--tail|--alloc|--verify|--unseen|--first N]",
  )
const rounds = Number(roundsArg ?? 20)
// the kept store's own home (memory-latency.ts --keep: <root>/bench.db beside <root>/egc and <root>/home): its
// key opens the store, and nothing of the real home is read or created
process.env.EGC_HOME = join(dirname(resolve(dbPath)), "egc")
process.env.HOME = join(dirname(resolve(dbPath)), "home")
if (!existsSync(join(process.env.EGC_HOME, "keys")))
  throw new Error(`no kept home beside ${dbPath} (expected egc/keys)`)
const db = new Database(dbPath, { strict: true })
db.exec("PRAGMA busy_timeout = 5000")
const memory = openMemory({ db, consent: "agent", recallTokenCap: 2500, workingTtlHours: 24 })
const project = resolveProject(repo)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
/** The p-quantile as memory-latency.ts takes it (the value at floor(n·p)), to two decimals. */
const at = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return +(s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0).toFixed(2)
}
// CPU time of this process (user + system), steadier than the wall clock on a loaded machine
const time = (fn: () => unknown) => {
  const a = process.cpuUsage()
  fn()
  const d = process.cpuUsage(a)
  return (d.user + d.system) / 1000
}

const firstAt = process.argv.indexOf("--first")
const target = firstAt >= 0 ? Number(process.argv[firstAt + 1]) : -1
// the process's first recall (loading the index), on a question other than the one --first looks at
memory.recall({ project, query: QUERIES[target === 0 ? 1 : 0] as string })
if (process.argv.includes("--loop")) {
  // only the benchmark's warm loop, for `bun --cpu-prof-md`
  for (let i = 0; i < rounds * QUERIES.length; i++)
    memory.recall({ project, query: QUERIES[i % QUERIES.length] as string })
  process.exit(0)
}
if (process.argv.includes("--tail")) {
  // the latency bench's warm loop, wall clock, twice: as it runs, and with a full collection before each
  // recall (untimed) — what is left of the p95 in the second is the recalls' own cost, the rest the collector's
  const loop = (collect: boolean) => {
    const wall: number[] = []
    for (let i = 0; i < rounds * QUERIES.length; i++) {
      if (collect) Bun.gc(true)
      const a = performance.now()
      memory.recall({ project, query: QUERIES[i % QUERIES.length] as string })
      wall.push(performance.now() - a)
    }
    const stats = (xs: number[]) => ({ p50: at(xs, 0.5), p95: at(xs, 0.95), max: at(xs, 1) })
    // the first round of the first loop is each question's first sight in this process (chunks and metadata read)
    return { ...stats(wall), seen: stats(wall.slice(QUERIES.length)) }
  }
  const heap = () => Math.round(process.memoryUsage().heapUsed / 1048576)
  process.stdout.write(`${JSON.stringify({ asRun: loop(false), heapMb: heap(), collectedFirst: loop(true) })}\n`)
  process.exit(0)
}
if (process.argv.includes("--unseen")) {
  const asked = UNSEEN_QUESTIONS
  const round = () =>
    asked.map((query) => {
      const a = performance.now()
      memory.recall({ project, query })
      return performance.now() - a
    })
  const first = round()
  const again = round()
  const row = {
    questions: asked.length,
    firstSightP50: at(first, 0.5),
    firstSightP95: at(first, 0.95),
    againP50: at(again, 0.5),
    againP95: at(again, 0.95),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }
  process.stdout.write(`${JSON.stringify(row)}\n`)
  process.exit(0)
}
if (process.argv.includes("--alloc")) {
  for (let i = 0; i < 3 * QUERIES.length; i++) memory.recall({ project, query: QUERIES[i % QUERIES.length] as string })
  // heapStats' sizes move only with a collection; the allocator's current bytes (in blocks of 128 KB) move with
  // each allocation
  const heap = () => memoryUsage().current
  let bytesSum = 0
  for (const q of QUERIES) {
    const bytes: number[] = []
    for (let i = 0; i < rounds; i++) {
      Bun.gc(true)
      const a = heap()
      memory.recall({ project, query: q })
      const b = heap()
      bytes.push(b - a)
    }
    // the mean: the allocator moves in whole blocks, a median would round every query to one
    const mean = bytes.reduce((n, x) => n + x, 0) / bytes.length
    bytesSum += mean
    const row = { q, allocKb: Math.round(mean / 1024) }
    process.stdout.write(`${JSON.stringify(row)}\n`)
  }
  process.stdout.write(`${JSON.stringify({ meanAllocKb: Math.round(bytesSum / QUERIES.length / 1024) })}\n`)
  process.exit(0)
}
// the same per-process index recall uses
const idx = projectIndex(memory.store, project.id)
if (firstAt >= 0) {
  const q = QUERIES[target] as string
  for (let r = 0; r < 5; r++)
    QUERIES.forEach((other, i) => {
      if (i !== target) memory.recall({ project, query: other })
    })
  const ms: Record<string, number> = {}
  let at = performance.now()
  const lap = (name: string) => {
    const now = performance.now()
    ms[name] = +(now - at).toFixed(2)
    at = now
  }
  const extra = [...expandQuery(q), ...idx.spellings(q)]
  for (const t of tokenize(q).map(processTerm))
    if (t) for (const term of [t, ...(t.length > 3 ? idx.termsWithPrefix(t) : [])]) idx.postings(term)
  for (const e of extra) idx.postings(e.term)
  lap("openPostings")
  rank(idx, q, extra)
  lap("rank")
  let n = 0
  for (const _ of idx.hits(q, extra)) if (++n >= 300) break
  lap("rankAgainAndMeta300")
  memory.recall({ project, query: q })
  lap("restOfRecall")
  memory.recall({ project, query: q })
  lap("recallSeen")
  process.stdout.write(`${JSON.stringify({ q, ...ms })}\n`)
  process.exit(0)
}
if (process.argv.includes("--verify")) {
  let bad = 0
  for (const q of [...QUERIES, ...QUERIES.map((q) => q.split(" ").reverse().join(" "))]) {
    const extra = [...expandQuery(q), ...idx.spellings(q)]
    rank(idx, q, extra)
    const r = rank(idx, q, extra)
    const { touched, final } = rankAll(idx, q, extra)
    const order = touched.map((_, i) => i).sort((a, b) => (final[b] as number) - (final[a] as number) || a - b)
    const want = order.slice(0, r.first.length).map((i) => [touched[i], final[i]])
    const same = JSON.stringify(r.first.map((h) => [h.short, h.score])) === JSON.stringify(want)
    const tied = r.first.length < order.length && final[order[r.first.length] as number] === r.first.at(-1)?.score
    if (!same || tied) bad++
    process.stdout.write(`${JSON.stringify({ q, pruned: r.pruned, first: r.first.length, same, tiedAfter: tied })}\n`)
  }
  process.stdout.write(`${JSON.stringify({ mismatches: bad })}\n`)
  process.exit(bad ? 1 : 0)
}
for (const q of QUERIES) {
  const extra = [...expandQuery(q), ...idx.spellings(q)]
  const asked = tokenize(q)
    .map(processTerm)
    .filter((t): t is string => !!t)
  let prefixed = 0
  let postings = 0
  for (const t of asked) {
    postings += idx.postings(t).reduce((n, c) => n + c.length / 3, 0)
    if (t.length > 3)
      for (const longer of idx.termsWithPrefix(t))
        if (longer !== t) {
          prefixed++
          postings += idx.postings(longer).reduce((n, c) => n + c.length / 3, 0)
        }
  }
  for (const e of extra) postings += idx.postings(e.term).reduce((n, c) => n + c.length / 3, 0)
  const r = rankAll(idx, q, extra)
  const pruned = rank(idx, q, extra).pruned
  const all: number[] = []
  const ranks: number[] = []
  const firsts: number[] = []
  const hitsT: number[] = []
  for (let i = 0; i < rounds; i++) {
    all.push(time(() => memory.recall({ project, query: q })))
    ranks.push(time(() => rankAll(idx, q, extra)))
    firsts.push(time(() => batches(rank(idx, q, extra)).next()))
    hitsT.push(
      time(() => {
        let n = 0
        for (const _ of idx.hits(q, extra)) if (++n >= 300) break
      }),
    )
  }
  const row = {
    q,
    asked: asked.length,
    prefixed,
    extra: extra.length,
    postings,
    reached: r.touched.length,
    pruned,
    recallMs: +median(all).toFixed(2),
    rankMs: +median(ranks).toFixed(2),
    rankFirstBatchMs: +median(firsts).toFixed(2),
    hits300Ms: +median(hitsT).toFixed(2),
  }
  process.stdout.write(`${JSON.stringify(row)}\n`)
}
db.close()
